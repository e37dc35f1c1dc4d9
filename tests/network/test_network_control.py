"""Network detail (headers, bodies on demand) and control (routes, offline), on real pages."""

from __future__ import annotations

from typing import Any

import pytest

import browserkit as bk
from browserkit import tools
from tests.helpers import AnySession, aw, until


async def wait_for_entry(sess: AnySession, pattern: str, done: Any, seconds: float = 10) -> Any:
    """The newest network entry matching ``pattern`` once ``done(entry)`` holds (bounded)."""

    def newest_done() -> Any:
        entries = sess.network.read(pattern=pattern, include_static=True).entries
        return entries[-1] if entries and done(entries[-1]) else None

    return await until(newest_done, f"a finished request matching {pattern!r}", timeout_s=seconds)


def finished(entry: Any) -> bool:
    return entry.failure is not None or (entry.duration_ms is not None and entry.status is not None)


async def test_a_mocked_json_api_is_what_the_page_renders_until_unrouted(
    sess: AnySession, base_url: str
) -> None:
    routes = await aw(sess.route("**/net_api.json", respond={"json": {"name": "mocked kettle"}}))
    assert routes == ("**/net_api.json",)
    await aw(sess.navigate(f"{base_url}/net_api.html"))
    await aw(sess.click(bk.role("button", "Load")))
    assert (await aw(sess.wait_for(text="item: mocked kettle"))).met
    assert "item: mocked kettle" in str(await aw(sess.snapshot()))
    entry = await wait_for_entry(sess, r"net_api\.json", finished)
    assert (entry.status, entry.routed, entry.failure) == (200, "fulfilled 200", None)

    assert await aw(sess.unroute("**/net_api.json")) is True
    await aw(sess.click(bk.role("button", "Load")))
    assert (await aw(sess.wait_for(text="item: from the server"))).met
    entry = await wait_for_entry(sess, r"net_api\.json", finished)
    assert (entry.status, entry.routed) == (200, None)
    assert await aw(sess.unroute("**/net_api.json")) is False


async def test_a_blocked_tracker_is_recorded_as_blocked(sess: AnySession, base_url: str) -> None:
    await aw(sess.route("**/net_tracker*", block=True))
    await aw(sess.navigate(f"{base_url}/net_api.html"))
    entry = await wait_for_entry(sess, "net_tracker", finished)
    assert entry.routed == "blocked"
    assert entry.failure is not None and "BLOCKED_BY_CLIENT" in entry.failure
    assert entry in sess.network.read(failed_only=True).entries
    detail = await aw(sess.network.detail(entry.request_id))
    assert detail.routed == "blocked" and detail.body is None and "failed" in (detail.note or "")


async def test_detail_reads_back_the_response_body_and_the_request_headers(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/net_api.html"))
    await aw(
        sess.evaluate(
            "Promise.all([fetch('/slow?ms=1&body=hello', {headers: {'X-Trace': 'abc-123'}})"
            ".then(r => r.text()),"
            " fetch('/beacon?ms=0', {method: 'POST', body: JSON.stringify({order: 7})})])"
            ".then(() => 1)"
        )
    )
    got = await wait_for_entry(sess, r"body=hello", finished)
    detail = await aw(sess.network.detail(got.request_id))
    assert isinstance(detail, bk.RequestDetail)
    assert (detail.method, detail.status, detail.status_text) == ("GET", 200, "OK")
    assert detail.request_headers["X-Trace"] == "abc-123"
    assert detail.body == '{"body": "hello"}' and detail.body_size == len(detail.body)
    assert detail.mime_type == "application/json" and not detail.binary
    assert detail.response_headers["Content-Type"] == "application/json"
    assert detail.truncated_fields == () and detail.note is None

    posted = await wait_for_entry(sess, r"beacon", finished)
    sent = await aw(sess.network.detail(posted.request_id))
    assert (sent.method, sent.request_body, sent.request_body_size) == ("POST", '{"order":7}', 11)


async def test_a_binary_body_is_given_by_size_and_type(sess: AnySession, base_url: str) -> None:
    blob = bytes(range(256)) * 4
    await aw(
        sess.route(
            "**/net_blob.bin", respond={"body": blob, "content_type": "application/octet-stream"}
        )
    )
    await aw(sess.navigate(f"{base_url}/net_api.html"))
    size = await aw(
        sess.evaluate("fetch('/net_blob.bin').then(r => r.arrayBuffer()).then(b => b.byteLength)")
    )
    assert size == len(blob)
    entry = await wait_for_entry(sess, r"net_blob", finished)
    detail = await aw(sess.network.detail(entry.request_id))
    assert detail.binary and detail.body is None
    assert (detail.body_size, detail.mime_type) == (len(blob), "application/octet-stream")
    assert "<1024 bytes of application/octet-stream>" in str(detail)


async def test_a_long_body_is_cut_and_the_cut_is_named(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/net_api.html"))
    long = "x" * 6000
    await aw(sess.evaluate(f"fetch('/slow?ms=1&body={long}').then(r => r.text()).then(() => 1)"))
    entry = await wait_for_entry(sess, r"slow\?ms=1&body=x", finished)
    detail = await aw(sess.network.detail(entry.request_id))
    limit = bk.Config().max_field_chars
    assert detail.body is not None and len(detail.body) == limit < 6000
    assert detail.truncated_fields == ("body",)
    assert detail.body_size == len('{"body": ""}') + 6000


async def test_a_delayed_request_completes_after_one_sent_later(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.route("/body=late/", delay_ms=2000))
    await aw(sess.navigate(f"{base_url}/net_api.html"))
    order = await aw(
        sess.evaluate(
            """async () => {
              const order = [];
              const late = fetch('/slow?ms=1&body=late').then(() => order.push('late'));
              await fetch('/slow?ms=1&body=early').then(() => order.push('early'));
              await late;
              return order;
            }""",
            timeout_ms=20_000,
        )
    )
    assert order == ["early", "late"]
    late = await wait_for_entry(sess, "body=late", finished)
    early = await wait_for_entry(sess, "body=early", finished)
    assert (late.status, late.routed, early.routed) == (200, "delayed 2000 ms", None)


async def test_offline_makes_fetches_fail_and_back_online_they_work(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/net_api.html"))
    probe = "fetch('/net_api.json').then(() => 'ok', () => 'failed')"
    assert await aw(sess.offline(True)) is True
    assert await aw(sess.evaluate(probe)) == "failed"
    assert await aw(sess.evaluate("navigator.onLine")) is False
    assert await aw(sess.offline(False)) is False
    # Chromium's network service may take a moment more to go back online.
    await until(lambda: _fetched(sess, probe), "a fetch back online")


async def _fetched(sess: AnySession, probe: str) -> bool:
    return bool(await aw(sess.evaluate(probe)) == "ok")


async def test_a_body_of_a_closed_tab_is_gone_with_a_note(sess: AnySession, base_url: str) -> None:
    tab = (await aw(sess.new_tab(f"{base_url}/net_api.html"))).tab_id
    await aw(sess.evaluate("fetch('/slow?ms=1&body=gone').then(r => r.text())", tab_id=tab))
    entry = await wait_for_entry(sess, "body=gone", finished)
    await aw(sess.close_tab(tab))
    detail = await aw(sess.network.detail(entry.request_id))
    assert detail.status == 200 and detail.body is None
    assert detail.note is not None and "no longer holds" in detail.note


async def test_an_unknown_request_id_says_to_read_the_buffer_first(sess: AnySession) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.network.detail("r999999"))
    assert "read the network buffer" in info.value.hint
    assert len(sess.network) == len(sess.network.read(include_static=True, limit=10_000).entries)


async def test_routes_and_offline_show_in_sessions_and_a_route_replaces_its_pattern(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/net_api.html")
    try:
        await s.route("**/net_api.json", block=True)
        await s.route("/net_tracker/", delay_ms=10)
        assert await s.route("**/net_api.json", respond={"body": '{"name": "second"}'}) == (
            "/net_tracker/",
            "**/net_api.json",
        )
        await s.offline(True)
        info = next(i for i in abrowser.sessions() if i.id == s.id)
        assert (info.routes, info.offline) == (("/net_tracker/", "**/net_api.json"), True)
        await s.offline(False)
        await s.click(bk.role("button", "Load"))  # the replacing route answers, not the block
        assert (await s.wait_for(text="item: second")).met
        await s.unroute("/net_tracker/")
        info = next(i for i in abrowser.sessions() if i.id == s.id)
        assert (info.routes, info.offline) == (("**/net_api.json",), False)
    finally:
        await s.stop()


async def test_bad_route_arguments_are_refused_and_change_nothing(
    abrowser: bk.AsyncBrowser,
) -> None:
    s = await abrowser.start()
    try:
        bad: list[dict[str, Any]] = [
            {},
            {"block": True, "delay_ms": 100},
            {"respond": {"status": 200}, "block": True},
            {"respond": {"code": 200}},
            {"respond": {"status": 99}},
            {"respond": {"body": 3}},
            {"respond": {"body": "a", "json": {}}},
            {"respond": "ok"},
            {"delay_ms": -5},
            {"delay_ms": 10**9},
        ]
        for kwargs in bad:
            with pytest.raises(bk.InvalidArgumentError):
                await s.route("**/x", **kwargs)
        with pytest.raises(bk.InvalidArgumentError):
            await s.route("/(unclosed/", block=True)
        with pytest.raises(bk.InvalidArgumentError):
            await s.route("", block=True)
        assert next(i for i in abrowser.sessions() if i.id == s.id).routes == ()
    finally:
        await s.stop()


async def test_a_read_only_session_refuses_route_unroute_and_offline(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/net_api.html", read_only=True)
    try:
        with pytest.raises(bk.ReadOnlyError):
            await s.route("**/*", block=True)
        with pytest.raises(bk.ReadOnlyError):
            await s.unroute("**/*")
        with pytest.raises(bk.ReadOnlyError):
            await s.offline(True)
        info = next(i for i in abrowser.sessions() if i.id == s.id)
        assert (info.routes, info.offline) == ((), False)
        entry = await wait_for_entry(s, "net_tracker", finished)
        assert (await s.network.detail(entry.request_id)).status == 404  # reading is allowed
    finally:
        await s.stop()


async def test_detail_records_stay_within_the_buffer(base_url: str) -> None:
    config = bk.Config.from_env(idle_stop_ms=0, buffer_size=5)
    async with bk.AsyncBrowser(config) as browser:
        s = await browser.start(url=f"{base_url}/net_api.html")
        await s.evaluate(
            "Promise.all(Array.from({length: 20}, (_, i) =>"
            " fetch('/slow?ms=1&body=' + i).then(r => r.text())))"
        )

        # Which five entries stay depends on the order the twenty finish in,
        # which load changes: wait until the five the buffer holds are done.
        def five_done() -> bool:
            entries = s.network.read(pattern="body=", include_static=True).entries
            return len(entries) == 5 and all(finished(e) for e in entries)

        await until(five_done, "five finished requests in the buffer")
        assert len(s.network) <= 5
        # The detail records (private) never outnumber what the buffer holds.
        assert len(s._core.evidence.details) <= 5
        with pytest.raises(bk.InvalidArgumentError):
            await s.network.detail("r1")


async def test_each_network_tool_answers(abrowser: bk.AsyncBrowser, base_url: str) -> None:
    s = await abrowser.start(url=f"{base_url}/net_api.html")
    sid = s.id
    try:
        out = await tools.call(
            abrowser,
            "browser_route",
            {
                "session_id": sid,
                "pattern": "**/net_api.json",
                "body": '{"name": "from a tool"}',
                "content_type": "application/json",
                "headers": ["X-Mock: yes"],
            },
        )
        assert out == {"routes": ["**/net_api.json"]}
        await s.click(bk.role("button", "Load"))
        assert (await s.wait_for(text="item: from a tool")).met
        entry = await wait_for_entry(s, r"net_api\.json", finished)
        detail = await tools.call(
            abrowser, "browser_network_detail", {"session_id": sid, "request_id": entry.request_id}
        )
        assert detail["body"] == '{"name": "from a tool"}'
        assert detail["routed"] == "fulfilled 200" and detail["response_headers"]["x-mock"] == "yes"
        assert "binary" not in detail
        out = await tools.call(abrowser, "browser_unroute", {"session_id": sid, "pattern": "nope"})
        assert out == {"removed": False}
        out = await tools.call(abrowser, "browser_offline", {"session_id": sid, "offline": True})
        assert out == {"offline": True}
        out = await tools.call(abrowser, "browser_route", {"session_id": sid, "pattern": "**/x"})
        assert out["error"]["code"] == "invalid_argument"
        out = await tools.call(
            abrowser, "browser_network_detail", {"session_id": sid, "request_id": "r0"}
        )
        assert out["error"]["code"] == "invalid_argument"
    finally:
        await s.stop()
