"""Console, network and downloads as bounded, cursor-paged evidence, from real pages."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, until


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_uncaught_exception_carries_its_source_and_stack(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/evidence.html"))
    await until(lambda: sess.console.read(level="exception").entries)
    page = sess.console.read(level="error")  # error also matches exception
    exc = next(e for e in page.entries if e.level == "exception")
    assert "kaboom from evidence.js" in exc.text
    assert exc.source is not None and exc.source.startswith(f"{base_url}/evidence.js:")
    assert exc.stack and "explode" in exc.stack
    assert exc.tab_id == "t1"
    logs = sess.console.read(level="log").entries
    assert any(e.text == "evidence loaded" and "evidence.js:1" in (e.source or "") for e in logs)


@pytest.mark.every_python
async def test_console_formats_arguments_and_filters_by_pattern(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/quiet.html"))
    await aw(sess.evaluate("console.warn('careful', 42, true, null, {a: 1})"))
    await until(lambda: sess.console.read(level="warning").entries)
    entry = sess.console.read(level="warning").entries[-1]
    assert entry.text.startswith("careful 42 true null")
    assert sess.console.read(pattern=r"care\w+").entries
    assert not sess.console.read(pattern="nothing-like-this").entries
    with pytest.raises(bk.InvalidArgumentError):
        sess.console.read(pattern="(unclosed")
    with pytest.raises(bk.InvalidArgumentError):
        sess.console.read(level="loud")


async def test_cursor_paging_across_navigations_and_tabs_loses_nothing(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/quiet.html"))
    # since_seq=0 is a first look (the newest entries); a cursor starts at
    # the last_seq of a read that saw something.
    await aw(sess.evaluate("console.log('start')"))
    await until(lambda: sess.console.read(pattern="start").entries)
    cursor = sess.console.read().last_seq
    seen: list[str] = []

    def drain() -> None:
        nonlocal cursor
        while True:
            page = sess.console.read(since_seq=cursor, limit=7, pattern="^msg ")
            seen.extend(e.text for e in page.entries)
            cursor = page.last_seq
            assert not page.retention_lost
            if not page.has_more:
                return

    await aw(sess.evaluate("for (let i = 0; i < 20; i++) console.log('msg a' + i)"))
    await until(lambda: sess.console.read(pattern="msg a19").entries)
    drain()
    await aw(sess.navigate(f"{base_url}/quiet.html?second"))
    await aw(sess.evaluate("for (let i = 0; i < 15; i++) console.log('msg b' + i)"))
    tab = await aw(sess.new_tab(f"{base_url}/quiet.html?tab"))
    await aw(sess.evaluate("for (let i = 0; i < 12; i++) console.log('msg c' + i)"))
    await aw(sess.select_tab("t1"))
    await aw(sess.navigate(f"{base_url}/quiet.html?third"))
    await aw(sess.evaluate("for (let i = 0; i < 9; i++) console.log('msg d' + i)"))
    await until(lambda: sess.console.read(pattern="msg (b14|c11|d8)").entries[2:])
    drain()
    expected = (
        [f"msg a{i}" for i in range(20)]
        + [f"msg b{i}" for i in range(15)]
        + [f"msg c{i}" for i in range(12)]
        + [f"msg d{i}" for i in range(9)]
    )
    assert seen == expected
    in_tab = sess.console.read(pattern="^msg c", tab_id=tab.tab_id, limit=100).entries
    assert len(in_tab) == 12


async def test_failed_requests_appear_under_failed_only(
    sess: AnySession, base_url: str, other_origin_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/quiet.html"))
    port = closed_port()
    await aw(
        sess.evaluate(
            f"""Promise.all([
              fetch('{base_url}/status/404'),
              fetch('http://127.0.0.1:{port}/refused').catch(() => null),
              fetch('{other_origin_url}/slow?ms=1').catch(() => null),
              fetch('{base_url}/slow?ms=1').then(r => r.text()),
            ]).then(() => true)"""
        )
    )
    await until(lambda: len(sess.network.read(failed_only=True).entries) >= 3)
    failed = {e.url: e for e in sess.network.read(failed_only=True).entries}
    assert failed[f"{base_url}/status/404"].status == 404
    assert "ERR_CONNECTION_REFUSED" in (failed[f"http://127.0.0.1:{port}/refused"].failure or "")
    cors = failed[f"{other_origin_url}/slow?ms=1"]
    assert cors.failure is not None  # blocked by CORS: no Access-Control-Allow-Origin
    assert f"{base_url}/slow?ms=1" not in failed
    # requestfinished may land just after the fetch resolved in the page.
    await until(
        lambda: any(
            e.duration_ms is not None
            for e in sess.network.read(pattern=r"slow\?ms=1$").entries
            if e.url.startswith(base_url)
        )
    )
    ok = [e for e in sess.network.read().entries if e.url == f"{base_url}/slow?ms=1"]
    assert ok and ok[-1].status == 200 and ok[-1].duration_ms is not None
    assert ok[-1].resource_type == "fetch" and ok[-1].method == "GET"
    errors = sess.console.read(level="error", pattern="CORS|Failed to load").entries
    assert errors


async def test_static_assets_are_hidden_unless_asked(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/quiet.html"))
    await aw(
        sess.evaluate(
            "new Promise(r => { const i = new Image(); i.onerror = r; i.onload = r;"
            f" i.src = '{base_url}/status/404?img'; document.body.append(i); }})"
        )
    )
    await until(lambda: sess.network.read(include_static=True, pattern="img").entries)
    assert not sess.network.read(pattern=r"\?img").entries
    assert (
        sess.network.read(include_static=True, pattern=r"\?img").entries[0].resource_type == "image"
    )


@pytest.mark.every_python
async def test_a_download_is_listed_and_saved(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/evidence.html"))
    tree = (await aw(sess.snapshot())).tree
    ref = tree.split('link "Download report" [ref=', 1)[1].split("]", 1)[0]
    result = await aw(sess.click(ref))
    assert result.navigated is False
    await until(lambda: any(e.available for e in sess.downloads.read().entries))
    entry = sess.downloads.read().entries[-1]
    assert entry.suggested_filename == "report.csv"
    assert entry.url == f"{base_url}/download?name=report.csv"
    assert entry.download_id in result.downloads or not result.downloads
    target = tmp_path / "saved.csv"
    saved = await aw(sess.downloads.save(entry.download_id, str(target)))
    assert saved.status == "saved"
    assert saved.path == str(target)
    assert target.read_text().startswith("id,name")
    with pytest.raises(bk.DownloadNotFoundError):
        await aw(sess.downloads.save("d999", str(tmp_path / "x")))
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.downloads.save(entry.download_id, str(tmp_path / "no" / "dir.csv")))


@pytest.mark.every_python
async def test_export_writes_the_page_with_its_cursor(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/quiet.html"))
    await aw(sess.evaluate("console.error('exported one')"))
    await until(lambda: sess.console.read(pattern="exported").entries)
    path = sess.console.export(str(tmp_path / "console.json"), level="error")
    data = json.loads(Path(path).read_text())
    assert {"entries", "last_seq", "dropped", "has_more"} <= set(data)
    assert data["entries"][-1]["text"] == "exported one"


async def test_sessions_report_console_entries(abrowser: bk.AsyncBrowser, base_url: str) -> None:
    s = await abrowser.start(url=f"{base_url}/quiet.html")
    try:
        await s.evaluate("console.log('one'); console.log('two')")
        await until(lambda: s.console.written >= 2)
        info = next(i for i in abrowser.sessions() if i.id == s.id)
        assert info.console_entries == s.console.written >= 2
    finally:
        await s.stop()


@pytest.mark.slow
async def test_a_flood_of_100k_messages_keeps_memory_and_the_buffer_bounded(
    base_url: str,
) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0, buffer_size=500) as browser:
        s = await browser.start(url=f"{base_url}/quiet.html")
        before = rss_mb()
        await s.evaluate(
            "(() => { for (let i = 0; i < 100000; i++) console.log('m' + i); })()",
            timeout_ms=120_000,
        )
        await until(lambda: s.console.written >= 100_000, timeout_s=60)
        page = s.console.read(limit=2)
        assert s.console.written == 100_000
        assert len(s.console) == 500
        assert page.dropped == 100_000 - 500
        assert [e.text for e in page.entries] == ["m99998", "m99999"]
        old = s.console.read(since_seq=10, limit=1)
        assert old.retention_lost is True
        assert rss_mb() - before < 60, (before, rss_mb())


async def test_cross_origin_iframe_console_and_requests_are_recorded(
    sess: AnySession, base_url: str, other_origin_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/frames.html?other={other_origin_url}"))
    await until(lambda: sess.console.read(pattern="cross frame says hi").entries)
    tree = (await aw(sess.snapshot())).tree
    ref = tree.split('button "Cross fetch" [ref=', 1)[1].split("]", 1)[0]
    await aw(sess.click(ref))
    await until(lambda: sess.network.read(pattern="from-cross-frame").entries)
    entry = sess.console.read(pattern="cross frame says hi").entries[-1]
    assert entry.tab_id == "t1"
    assert entry.source is not None and entry.source.startswith(other_origin_url)


@pytest.mark.slow
async def test_many_requests_leave_no_per_request_objects_behind(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/quiet.html")
    try:
        # Playwright's client keeps a Request and a Response object per request
        # while anyone listens to its request events, until the context closes.
        connection = s._core.context._impl_obj._connection  # white box: the object registry
        before = len(connection._objects)
        await s.evaluate(
            "Promise.all(Array.from({length: 1000}, (_, i) =>"
            " fetch('/status/200?many=' + i).then(r => r.text()))).then(() => true)",
            timeout_ms=60_000,
        )
        await until(lambda: len(s.network.read(pattern="many=999").entries) > 0)
        assert len(connection._objects) - before < 50
        assert len(s.network) > 900  # recorded all the same
    finally:
        await s.stop()
