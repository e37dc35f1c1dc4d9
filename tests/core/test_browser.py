"""The browser facade: sessions, isolation, capacity, read-only, lifecycle."""

from __future__ import annotations

from typing import Any

import pytest

import browserkit as bk
from tests.helpers import aw


async def test_sessions_have_separate_cookies(abrowser: bk.AsyncBrowser, base_url: str) -> None:
    a = await abrowser.start(url=f"{base_url}/cookies.html")
    b = await abrowser.start(url=f"{base_url}/cookies.html")
    try:
        await a.evaluate("document.cookie = 'who=a; path=/'")
        await a.reload()
        await b.reload()
        assert await a.evaluate("document.getElementById('c').textContent") == "who=a"
        assert await b.evaluate("document.getElementById('c').textContent") == "no cookies"
    finally:
        await a.stop()
        await b.stop()


async def test_capacity_is_enforced(base_url: str) -> None:
    async with bk.AsyncBrowser(max_sessions=2, idle_stop_ms=0) as browser:
        s1 = await browser.start()
        await browser.start()
        with pytest.raises(bk.CapacityError) as info:
            await browser.start()
        assert info.value.code == "capacity"
        assert await s1.stop() is True
        await browser.start()  # a slot is free again
        assert len(browser.sessions()) == 2


@pytest.mark.every_python
def test_sessions_listing_lookup_and_idempotent_stop(sbrowser: bk.Browser, base_url: str) -> None:
    s = sbrowser.start(url=f"{base_url}/basic.html")
    infos = {i.id: i for i in sbrowser.sessions()}
    assert infos[s.id].url == f"{base_url}/basic.html"
    assert infos[s.id].read_only is False
    assert sbrowser.session(s.id) is s
    assert sbrowser.stop(s.id) is True
    assert sbrowser.stop(s.id) is False
    assert s.stop() is False
    with pytest.raises(bk.SessionNotFoundError) as info:
        sbrowser.session(s.id)
    assert info.value.code == "session_not_found"
    with pytest.raises(bk.SessionClosedError):
        s.snapshot()


@pytest.mark.parametrize("api", ["async", "sync"])
async def test_read_only_session_observes_but_never_acts(
    api: str, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser, base_url: str
) -> None:
    owner: Any = abrowser if api == "async" else sbrowser
    s = await aw(owner.start(url=f"{base_url}/basic.html", read_only=True))
    try:
        assert s.read_only is True
        snap = await aw(s.snapshot())
        ref = snap.tree.split('button "Increment" [ref=', 1)[1].split("]", 1)[0]
        for call in (
            lambda: s.click(ref),
            lambda: s.hover(ref),
            lambda: s.type(ref, "x"),
            lambda: s.press("Enter"),
            lambda: s.scroll(delta_y=100),
            lambda: s.evaluate("document.title = 'changed'"),
        ):
            with pytest.raises(bk.ReadOnlyError) as info:
                await aw(call())
            assert info.value.code == "read_only"
        await aw(s.navigate(f"{base_url}/basic_done.html"))
        assert (await aw(s.screenshot())).width == 1280
        assert (await aw(s.snapshot())).title == "Done"
    finally:
        await aw(s.stop())


@pytest.mark.every_python
async def test_browser_start_is_lazy_and_close_is_idempotent() -> None:
    browser = bk.AsyncBrowser(idle_stop_ms=0)
    assert browser._playwright is None  # nothing launched by the constructor
    assert browser.diagnostics().active_sessions == 0
    await browser.close()
    await browser.close()
    with pytest.raises(bk.InvalidArgumentError):
        await browser.start()


async def test_idle_sessions_are_stopped(base_url: str) -> None:
    import asyncio

    async with bk.AsyncBrowser(idle_stop_ms=300) as browser:
        s = await browser.start()
        for _ in range(40):
            if not browser.sessions():
                break
            await asyncio.sleep(0.1)
        assert browser.sessions() == []
        with pytest.raises(bk.SessionClosedError) as info:
            await s.snapshot()
        assert "idle" in info.value.message


def _left_in_chromium(owner: Any) -> tuple[int, int]:
    """Contexts and pages in the local Chromium of ``owner`` (either API)."""
    core = owner if isinstance(owner, bk.AsyncBrowser) else owner._impl
    contexts = [c for b in core._browsers.values() for c in b.contexts]
    return len(contexts), sum(len(c.pages) for c in contexts)


@pytest.mark.parametrize("api", ["async", "sync"])
async def test_concurrent_starts_never_overshoot_max_sessions(api: str, base_url: str) -> None:
    # Issue 41, item 7: the capacity check and the registration were split by
    # awaits, so five concurrent starts under max_sessions=2 all succeeded.
    import asyncio
    import concurrent.futures
    import threading

    config = bk.Config.from_env(idle_stop_ms=0, max_sessions=8)
    if api == "async":
        owner: Any = bk.AsyncBrowser(config)
        outcomes = await asyncio.gather(*(owner.start() for _ in range(50)), return_exceptions=True)
    else:
        owner = bk.Browser(config)
        together = threading.Barrier(50)  # every thread calls start() at the same moment

        def start() -> bk.Session:
            together.wait(timeout=30)
            return owner.start()

        with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
            loop = asyncio.get_running_loop()
            outcomes = await asyncio.gather(
                *(loop.run_in_executor(pool, start) for _ in range(50)), return_exceptions=True
            )
    try:
        started = [o for o in outcomes if not isinstance(o, BaseException)]
        refused = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(started) == 8
        assert len(refused) == 42
        assert all(isinstance(o, bk.CapacityError) for o in refused), refused[:3]
        assert all(o.code == "capacity" for o in refused)
        assert {i.id for i in owner.sessions()} == {s.id for s in started}
        assert _left_in_chromium(owner) == (8, 8)  # no context or tab of a refused start
        for s in started:
            await aw(s.stop())
        assert owner.sessions() == []
        assert _left_in_chromium(owner) == (0, 0)
        again = await aw(owner.start(url=f"{base_url}/basic.html"))
        assert len(owner.sessions()) == 1
        await aw(again.stop())
    finally:
        await aw(owner.close())
