"""Session state (cookies, localStorage, storage state) and emulation, on real pages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import browserkit as bk
from browserkit import tools
from browserkit.tools import ToolContext
from tests.helpers import AnySession, aw, raises_before_waiting


def _browser_of(sess: AnySession, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser) -> Any:
    """The browser (async or sync) of the API ``sess`` comes from."""
    return sbrowser if isinstance(sess, bk.Session) else abrowser


async def _who(sess: AnySession) -> str:
    return str(await aw(sess.evaluate("document.getElementById('who').textContent")))


async def _log_in(sess: AnySession, base_url: str, user: str) -> None:
    await aw(sess.navigate(f"{base_url}/state_login.html"))
    await aw(sess.type(bk.label("User"), user, submit=True))
    assert await _who(sess) == f"Signed in as {user}"


# -- storage state -------------------------------------------------------------


async def test_a_login_exported_as_state_starts_another_session_logged_in(
    sess: AnySession, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser, base_url: str, tmp_path: Path
) -> None:
    await _log_in(sess, base_url, "ada")
    path = tmp_path / "state.json"
    state = await aw(sess.storage_state(path))

    sid = next(c for c in state.cookies if c.name == "sid")
    assert sid.http_only and sid.domain == "127.0.0.1"
    assert state.local_storage(base_url) == {"theme": "dark"}
    assert sid.value not in repr(state) and sid.value not in repr(sid)
    assert sid.value not in state._repr_markdown_() and sid.value not in sid._repr_markdown_()
    saved = json.loads(path.read_text())
    assert saved == state.to_playwright()
    assert {"name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite"} <= set(
        saved["cookies"][0]
    )
    assert path.stat().st_mode & 0o077 == 0  # credentials: the owner's eyes only

    browser = _browser_of(sess, abrowser, sbrowser)
    for source in (path, state, state.to_playwright()):
        other = await aw(browser.start(f"{base_url}/state/whoami", storage_state=source))
        try:
            assert await _who(other) == "Signed in as ada"
            assert await aw(other.local_storage()) == {"theme": "dark"}
        finally:
            await aw(other.stop())
    fresh = await aw(browser.start(f"{base_url}/state/whoami"))
    assert await _who(fresh) == "Not signed in"
    await aw(fresh.stop())


async def test_a_bad_storage_state_is_refused_before_a_session_starts(
    abrowser: bk.AsyncBrowser, tmp_path: Path
) -> None:
    running = len(abrowser.sessions())
    with pytest.raises(bk.InvalidArgumentError, match="no file"):
        await abrowser.start(storage_state=tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text('{"cookies": [{"name": "x"}]}')
    with pytest.raises(bk.InvalidArgumentError, match=r"cookies\[0\]"):
        await abrowser.start(storage_state=tmp_path / "bad.json")
    with pytest.raises(bk.InvalidArgumentError, match="does not exist"):
        await (await abrowser.start()).storage_state(tmp_path / "no" / "such" / "state.json")
    assert len(abrowser.sessions()) == running + 1


# -- cookies -------------------------------------------------------------------


async def test_cookies_are_read_set_and_cleared(sess: AnySession, base_url: str) -> None:
    await aw(
        sess.set_cookies(
            [
                {"name": "a", "value": "one", "url": base_url},
                bk.Cookie(name="b", value="two", domain="127.0.0.1", path="/"),
            ]
        )
    )
    await aw(sess.navigate(f"{base_url}/cookies.html"))
    shown = await aw(sess.evaluate("document.getElementById('c').textContent"))
    assert sorted(shown.split("; ")) == ["a=one", "b=two"]

    cookies = await aw(sess.cookies())
    assert {(c.name, c.value) for c in cookies} == {("a", "one"), ("b", "two")}
    assert "one" not in repr(cookies[0]) and "two" not in repr(cookies)
    assert [c.name for c in await aw(sess.cookies(["http://example.org/"]))] == []

    with pytest.raises(bk.InvalidArgumentError, match=r"cookies\[1\]: needs url, or domain"):
        await aw(
            sess.set_cookies(
                [{"name": "c", "value": "3", "url": base_url}, {"name": "d", "value": "4"}]
            )
        )
    with pytest.raises(bk.InvalidArgumentError, match="sameSite"):
        await aw(sess.set_cookies([{"name": "e", "value": "5", "url": base_url, "sameSite": "x"}]))
    assert len(await aw(sess.cookies())) == 2  # nothing of a refused batch was set

    assert await aw(sess.clear_cookies(name="a")) == 1
    assert [c.name for c in await aw(sess.cookies())] == ["b"]
    assert await aw(sess.clear_cookies()) == 1
    assert await aw(sess.cookies()) == []


# -- localStorage --------------------------------------------------------------


async def test_local_storage_is_read_written_removed_and_cleared(
    sess: AnySession, base_url: str, other_origin_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    assert await aw(sess.local_storage()) == {}
    items = await aw(sess.local_storage(update={"a": "1", "b": "2"}))
    assert items == {"a": "1", "b": "2"}
    assert await aw(sess.evaluate("localStorage.getItem('a')")) == "1"
    assert await aw(sess.local_storage(base_url, remove=["a"])) == {"b": "2"}
    assert await aw(sess.local_storage(clear=True, update={"c": "3"})) == {"c": "3"}

    # Another origin: read from the session's storage state once no tab shows it.
    await aw(sess.navigate(f"{other_origin_url}/basic.html"))
    assert await aw(sess.local_storage()) == {}
    assert await aw(sess.local_storage(base_url)) == {"c": "3"}
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.local_storage(base_url, update={"d": "4"}))
    assert "navigate there first" in info.value.hint
    with pytest.raises(bk.InvalidArgumentError, match="origin"):
        await aw(sess.local_storage("ftp://example.org"))


async def test_a_page_that_patches_storage_cannot_fool_local_storage(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/state_hostile.html"))
    # The page's own scripts see its fake store ...
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "hidden"
    assert await aw(sess.evaluate("localStorage.getItem('planted')")) == "by the page"
    # ... browserkit reads and writes the real one.
    assert await aw(sess.local_storage()) == {"real": "yes"}
    assert await aw(sess.local_storage(update={"x": "1"})) == {"real": "yes", "x": "1"}
    state = await aw(sess.storage_state())
    assert state.local_storage(base_url) == {"real": "yes", "x": "1"}


# -- emulation -----------------------------------------------------------------


async def test_a_mobile_device_changes_width_user_agent_and_pointer(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    probe = "[innerWidth, navigator.userAgent, matchMedia('(pointer: coarse)').matches]"
    page = f"{base_url}/state_mobile.html"  # lays out at the device width (meta viewport)
    desktop = await abrowser.start(page)
    phone = await abrowser.start(page, device="iPhone 15")
    wide_phone = await abrowser.start(page, device="iPhone 15", viewport=(500, 700))
    try:
        desktop_ua = await desktop.evaluate("navigator.userAgent")
        assert await desktop.evaluate(probe) == [1280, desktop_ua, False]
        width, agent, coarse = await phone.evaluate(probe)
        assert (width, coarse) == (393, True)
        assert "iPhone" in agent and agent != desktop_ua
        width, agent, coarse = await wide_phone.evaluate(probe)
        assert (width, coarse) == (500, True) and "iPhone" in agent  # explicit args win
    finally:
        for s in (desktop, phone, wide_phone):
            await s.stop()


async def test_viewport_locale_timezone_scheme_location_and_headers_reach_the_page(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(
        f"{base_url}/state/echo",
        viewport=(800, 600),
        locale="de-DE",
        timezone_id="Asia/Tokyo",
        color_scheme="dark",
        geolocation=(48.8584, 2.2945),
        user_agent="browserkit-test/1.0",
        extra_headers={"X-Test": "hello"},
    )
    try:
        seen = await s.evaluate(
            """async () => [
              innerWidth, innerHeight, navigator.language,
              Intl.DateTimeFormat().resolvedOptions().timeZone,
              matchMedia('(prefers-color-scheme: dark)').matches, navigator.userAgent,
              document.getElementById('X-Test').textContent,
              document.getElementById('Accept-Language').textContent,
              await new Promise((ok, fail) => navigator.geolocation.getCurrentPosition(
                p => ok([p.coords.latitude, p.coords.longitude]), e => fail(e.message)))]"""
        )
        assert seen[:7] == [800, 600, "de-DE", "Asia/Tokyo", True, "browserkit-test/1.0", "hello"]
        assert seen[7].startswith("de-DE")
        assert seen[8] == pytest.approx([48.8584, 2.2945])
    finally:
        await s.stop()


async def test_unknown_device_lists_close_matches_and_launches_nothing() -> None:
    browser = bk.AsyncBrowser(bk.Config.from_env(idle_stop_ms=0))
    try:
        with pytest.raises(bk.InvalidArgumentError) as info:
            await browser.start(device="iPhone15 Pro")
        assert "'iPhone 15 Pro'" in info.value.message
        assert browser._browsers == {}  # Chromium was not launched for it
        assert browser.sessions() == []
    finally:
        await browser.close()


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        ({"viewport": (0, 600)}, "width must be from 1"),
        ({"viewport": (800, 10**6)}, "height must be from 1"),
        ({"viewport": "800x600"}, "viewport: must be"),
        ({"color_scheme": "blue"}, "color_scheme"),
        ({"geolocation": (91, 0)}, "latitude"),
        ({"locale": "not a locale"}, "locale"),
        ({"permissions": "geolocation"}, "permissions"),
        ({"extra_headers": {"Bad Name": "x"}}, "header name"),
    ],
)
async def test_bad_emulation_is_refused_before_anything_starts(
    abrowser: bk.AsyncBrowser, arguments: dict[str, Any], says: str
) -> None:
    error = raises_before_waiting(lambda: abrowser.start(**arguments), bk.InvalidArgumentError)
    assert says in error.message


async def test_resize_applies_to_open_tabs_and_to_tabs_opened_later(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    first = sess.tab_id
    await aw(sess.resize(640, 480))
    assert await aw(sess.evaluate("[innerWidth, innerHeight]")) == [640, 480]
    await aw(sess.new_tab(f"{base_url}/basic.html"))
    assert await aw(sess.evaluate("innerWidth")) == 640
    await aw(sess.resize(700, 500))
    assert await aw(sess.evaluate("innerWidth", tab_id=first)) == 700
    with pytest.raises(bk.InvalidArgumentError, match="width"):
        await aw(sess.resize(0, 500))


# -- read-only sessions ----------------------------------------------------------


async def test_a_read_only_session_reads_state_but_refuses_every_write(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(f"{base_url}/basic.html", read_only=True)
    try:
        writes = [
            lambda: s.set_cookies([{"name": "a", "value": "1", "url": base_url}]),
            lambda: s.clear_cookies(),
            lambda: s.local_storage(update={"a": "1"}),
            lambda: s.local_storage(remove=["a"]),
            lambda: s.local_storage(clear=True),
            lambda: s.resize(640, 480),
        ]
        for write in writes:
            with pytest.raises(bk.ReadOnlyError):
                await write()
        assert await s.cookies() == []
        assert await s.local_storage() == {}
        assert (await s.storage_state()).cookies == ()
        assert (await s.screenshot()).source_width == 1280  # not resized
    finally:
        await s.stop()


# -- tools -----------------------------------------------------------------------


async def test_state_and_emulation_tools(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path
) -> None:
    ctx = ToolContext(output_dir=tmp_path)
    s = await abrowser.start(f"{base_url}/basic.html")
    sid = s.id
    try:
        long_value = "v" * 500
        out = await tools.call(
            abrowser,
            "browser_set_cookies",
            {"session_id": sid, "cookies": [{"name": "k", "value": long_value, "url": base_url}]},
        )
        assert out == {"set": 1}
        out = await tools.call(abrowser, "browser_cookies", {"session_id": sid})
        (cookie,) = out["cookies"]
        assert cookie["name"] == "k" and len(cookie["value"]) < 150
        out = await tools.call(
            abrowser,
            "browser_local_storage",
            {"session_id": sid, "update": [{"key": "a", "value": "1"}]},
        )
        assert out == {"items": {"a": "1"}}

        out = await tools.call(
            abrowser, "browser_storage_state", {"session_id": sid, "path": "state.json"}, ctx
        )
        assert out == {"path": str(tmp_path / "state.json"), "cookies": 1, "origins": 1}
        assert long_value not in json.dumps(out)
        refused = await tools.call(
            abrowser,
            "browser_storage_state",
            {"session_id": sid, "path": str(tmp_path.parent / "elsewhere.json")},
            ctx,
        )
        assert refused["error"]["code"] == "invalid_argument"
        assert not (tmp_path.parent / "elsewhere.json").exists()

        started = await tools.call(
            abrowser,
            "browser_sessions_start",
            {"url": f"{base_url}/basic.html", "storage_state": "state.json", "device": "Pixel 5"},
            ctx,
        )
        other = abrowser.session(started["session_id"])
        assert [c.name for c in await other.cookies()] == ["k"]
        assert await other.evaluate("matchMedia('(pointer: coarse)').matches") is True
        await other.stop()
        outside = await tools.call(
            abrowser, "browser_sessions_start", {"storage_state": "/etc/passwd"}, ctx
        )
        assert outside["error"]["code"] == "invalid_argument"

        out = await tools.call(
            abrowser, "browser_resize", {"session_id": sid, "width": 600, "height": 400}
        )
        assert out == {"width": 600, "height": 400}
        assert await s.evaluate("innerWidth") == 600
        out = await tools.call(abrowser, "browser_clear_cookies", {"session_id": sid, "name": "k"})
        assert out == {"removed": 1}
    finally:
        await s.stop()


def test_state_tools_are_opt_in() -> None:
    names = {t["name"] for t in tools.to_mcp()}
    assert "browser_cookies" not in names and "browser_resize" not in names
    assert "browser_storage_state" in {t["name"] for t in tools.to_mcp(caps=["storage"])}
    assert {t["name"] for t in tools.to_mcp(caps=["emulation"])} - names == {
        "browser_resize",
        "browser_emulate_media",
        "browser_throttle",
    }
