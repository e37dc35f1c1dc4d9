"""Every call that changes a session is refused on a read-only one, and changes nothing;
every call that only reads still works there.

The lists below are checked against the session's public methods, so a new
method of these groups has to be put in one of them: a decision, not a default.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw

Call = Callable[[Any], Any]

# (method, one call of it that would change the session)
MUTATING: list[tuple[str, Call]] = [
    ("set_cookies", lambda s: s.set_cookies([{"name": "b", "value": "2", "url": s.url}])),
    ("clear_cookies", lambda s: s.clear_cookies()),
    ("local_storage", lambda s: s.local_storage(update={"seed": "changed"})),
    ("local_storage", lambda s: s.local_storage(remove=["seed"])),
    ("local_storage", lambda s: s.local_storage(clear=True)),
    ("session_storage", lambda s: s.session_storage(update={"seed": "changed"})),
    ("session_storage", lambda s: s.session_storage(remove=["seed"])),
    ("session_storage", lambda s: s.session_storage(clear=True)),
    ("resize", lambda s: s.resize(500, 400)),
    ("emulate_media", lambda s: s.emulate_media(color_scheme="dark")),
    ("throttle", lambda s: s.throttle("offline", cpu=4)),
    ("route", lambda s: s.route("**/*.json", block=True)),
    ("unroute", lambda s: s.unroute("**/*.json")),
    ("offline", lambda s: s.offline(True)),
    ("init_script", lambda s: s.init_script("window.initRan = true")),
    ("mouse_down", lambda s: s.mouse_down(bk.point(20, 20))),
    ("mouse_up", lambda s: s.mouse_up(bk.point(20, 20))),
    ("key_down", lambda s: s.key_down("Shift")),
    ("key_up", lambda s: s.key_up("Shift")),
    # The actions, aimed at the page's body: refused before any target is looked up.
    ("click", lambda s: s.click(bk.css("body"))),
    ("hover", lambda s: s.hover(bk.css("body"))),
    ("type", lambda s: s.type(None, "x")),
    ("press", lambda s: s.press("Enter")),
    ("scroll", lambda s: s.scroll(delta_y=100)),
    ("select", lambda s: s.select(bk.css("body"), ["a"])),
    ("check", lambda s: s.check(bk.css("body"))),
    ("drag", lambda s: s.drag(bk.point(20, 20), bk.point(40, 40))),
    ("fill_form", lambda s: s.fill_form([{"target": bk.css("body"), "value": "x"}])),
    ("upload", lambda s: s.upload([__file__])),
    ("set_style", lambda s: s.set_style(bk.css("body"), "color", "red")),
    ("handle_dialog", lambda s: s.handle_dialog(True)),
    ("handoff", lambda s: s.handoff("log in")),
]

# Reads, allowed on a read-only session (evaluate and execute run the caller's code: refused).
READS = {
    "storage_state",
    "cookies",
    "local_storage",
    "session_storage",
    "markdown",
    "pdf",
    "wait_for",
}
OLDER_MUTATING = {"evaluate", "execute"}
# Every other session method, and the tests that pin what it does on a read-only session.
ELSEWHERE = {
    # test_agent_loop, test_tabs, test_reading: navigation, tabs and reads work
    *("navigate", "back", "forward", "reload", "new_tab", "select_tab", "close_tab", "tabs"),
    *("snapshot", "dom", "scan", "find", "screenshot", "styles", "stop"),
    # test_live_view, test_live_pick, test_recording: a view only watches; picking and
    # recording change nothing in the page, so they are allowed
    *("live", "pick", "record", "stop_recording"),
    # test_locators: a locator is read from the outline and the isolated world
    "locator",
}


def test_every_session_method_is_classified() -> None:
    methods = {
        name
        for name, member in vars(bk.AsyncSession).items()
        if not name.startswith("_") and inspect.iscoroutinefunction(member)
    }
    mine = {name for name, _ in MUTATING} | READS | OLDER_MUTATING
    assert not mine & ELSEWHERE
    assert methods == mine | ELSEWHERE


@pytest.fixture(params=["async", pytest.param("sync", marks=pytest.mark.sync_twin)])
async def ro(
    request: pytest.FixtureRequest, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser, base_url: str
) -> AsyncIterator[Any]:
    """A read-only session on the raw-input page, started with a cookie and a stored item."""
    origin = base_url.rstrip("/")
    state = {
        "cookies": [
            {
                "name": "a",
                "value": "1",
                "domain": "127.0.0.1",
                "path": "/",
                "expires": -1,
                "httpOnly": False,
                "secure": False,
                "sameSite": "Lax",
            }
        ],
        "origins": [{"origin": origin, "localStorage": [{"name": "seed", "value": "kept"}]}],
    }
    url = f"{base_url}/extras_input.html"
    if request.param == "async":
        s: Any = await abrowser.start(url, read_only=True, storage_state=state)
        yield s
        await s.stop()
    else:
        s = sbrowser.start(url, read_only=True, storage_state=state)
        yield s
        s.stop()


async def test_a_read_only_session_refuses_each_call_and_nothing_changes(
    ro: Any, base_url: str
) -> None:
    width = await _in_page(ro, "innerWidth")
    for name, call in MUTATING:
        with pytest.raises(bk.ReadOnlyError) as refused:
            await aw(call(ro))
        assert refused.value.code == "read_only" and refused.value.hint, name

    # Looked at from outside the session (the session itself may not evaluate).
    assert [(c.name, c.value) for c in await aw(ro.cookies())] == [("a", "1")]
    assert await aw(ro.local_storage()) == {"seed": "kept"}
    assert await _in_page(ro, "innerWidth") == width
    assert await _in_page(ro, "window.seen.length") == 0  # no input reached the page
    (info,) = [i for i in _impl(ro)._core.browser.sessions() if i.id == ro.id]
    assert info.routes == () and info.offline is False
    # An init script would run in any new document of the session's context,
    # and a route or offline would fail this load.
    assert await _in_new_page(ro, f"{base_url}/net_api.json", "window.initRan") is None


async def test_a_read_only_session_still_reads_its_state_and_prints(
    ro: Any, tmp_path: Path
) -> None:
    state = await aw(ro.storage_state())
    assert [c.name for c in state.cookies] == ["a"]
    assert await aw(ro.local_storage()) == {"seed": "kept"}
    assert await aw(ro.session_storage()) == {}
    assert (await aw(ro.markdown())).title == "Extras: raw input"
    assert (await aw(ro.pdf(str(tmp_path / "page.pdf")))).size_bytes > 0
    assert (await aw(ro.wait_for(time_ms=1))).met


def _impl(session: AnySession) -> Any:
    return getattr(session, "_impl", session)


async def _on_loop(session: AnySession, work: Any) -> Any:
    """Run a coroutine on the session's own loop (the portal's, for a sync session)."""
    if session is _impl(session):
        return await work
    return session._portal.call(work)


async def _in_page(session: AnySession, expression: str) -> Any:
    return await _on_loop(session, _impl(session)._core.tab(None).page.evaluate(expression))


async def _in_new_page(session: AnySession, url: str, expression: str) -> Any:
    """``expression`` in a new tab of the session's context at ``url`` (closed after)."""

    async def look() -> Any:
        page = await _impl(session)._core.context.new_page()
        try:
            await page.goto(url)
            return await page.evaluate(expression)
        finally:
            await page.close()

    return await _on_loop(session, look())
