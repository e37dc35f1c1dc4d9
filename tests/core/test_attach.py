"""Attaching to a Chrome that is already running, over CDP."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator

import pytest

import browserkit as bk
from tests.chrome import debugging_chromium


@pytest.fixture(scope="module")
def running_chrome(base_url: str) -> Iterator[str]:
    """A separately started headless Chromium with a DevTools port, showing basic.html."""
    with debugging_chromium(f"{base_url}/basic.html?adopt-me") as port:
        yield f"http://127.0.0.1:{port}"


def remote_pages(cdp_url: str) -> list[str]:
    with urllib.request.urlopen(f"{cdp_url}/json/list", timeout=5) as answer:
        return [t["url"] for t in json.load(answer) if t["type"] == "page"]


async def test_attach_is_refused_unless_allowed(running_chrome: str) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0) as browser:
        with pytest.raises(bk.AttachDisabledError) as info:
            await browser.attach(running_chrome)
        assert "allow_attach" in info.value.hint
        with pytest.raises(bk.AttachDisabledError):
            await browser.tabs(running_chrome)


@pytest.mark.every_python
async def test_owned_tab_is_opened_used_and_closed(running_chrome: str, base_url: str) -> None:
    before = remote_pages(running_chrome)
    async with bk.AsyncBrowser(idle_stop_ms=0, allow_attach=True) as browser:
        s = await browser.attach(running_chrome, url=f"{base_url}/basic.html?owned")
        snap = await s.snapshot()
        ref = snap.tree.split('button "Increment" [ref=', 1)[1].split("]", 1)[0]
        r = await s.click(ref)
        assert r.diff is not None and "clicked 1" in str(r.diff)
        assert any("owned" in u for u in remote_pages(running_chrome))
        assert await s.stop() is True
        assert remote_pages(running_chrome) == before  # our tab is gone, the rest untouched


async def test_adopted_tab_is_exclusive_and_released_untouched(
    running_chrome: str, base_url: str
) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0, allow_attach=True) as browser:
        listed = await browser.tabs(running_chrome)
        assert any("adopt-me" in t.url and not t.adopted for t in listed)
        with pytest.raises(bk.PageNotFoundError):
            await browser.attach(running_chrome, adopt_url_substring="no-such-tab")
        s = await browser.attach(running_chrome, adopt_url_substring="adopt-me")
        assert any("adopt-me" in t.url and t.adopted for t in await browser.tabs(running_chrome))
        with pytest.raises(bk.InvalidArgumentError) as info:
            await browser.attach(running_chrome, adopt_url_substring="adopt-me")
        assert s.id in info.value.message
        snap = await s.snapshot()
        ref = snap.tree.split('button "Increment" [ref=', 1)[1].split("]", 1)[0]
        await s.click(ref)
        assert await s.stop() is True
        pages = remote_pages(running_chrome)
        assert any("adopt-me" in u for u in pages)  # handed back, still open
        again = await browser.attach(running_chrome, adopt_url_substring="adopt-me")
        assert await again.evaluate("document.getElementById('out').textContent") == "clicked 1"
        await again.stop()


async def test_calls_on_the_whole_browser_context_are_refused_when_attached(
    running_chrome: str, base_url: str
) -> None:
    """Cookies, routes, offline and the viewport of an attached session are the user's
    whole Chrome's: refused with the reason, and nothing changes there."""
    async with bk.AsyncBrowser(idle_stop_ms=0, allow_attach=True) as browser:
        s = await browser.attach(running_chrome, url=f"{base_url}/basic.html")
        calls = {
            "route": s.route("**/*", block=True),
            "offline": s.offline(True),
            "set_cookies": s.set_cookies([{"name": "x", "value": "1", "url": base_url}]),
            "clear_cookies": s.clear_cookies(),
            "cookies": s.cookies(),
            "storage_state": s.storage_state(),
            "resize": s.resize(400, 300),
            "emulate_media": s.emulate_media(color_scheme="dark"),
            "throttle": s.throttle("slow-3g"),
        }
        for name, call in calls.items():
            with pytest.raises(bk.InvalidArgumentError) as refused:
                await call
            assert "attached session" in refused.value.message, name
            assert refused.value.hint, name
        assert "Basic" in (await s.snapshot()).title  # the tab is still online, still usable
