"""A person for the live view's tests: their own Chromium, opening the view as anyone would.

The person's browser is the ``people`` fixture (conftest.py), a separate
Chromium driven by plain Playwright; :func:`watch` opens a view there and
waits for its first frame.
"""

from __future__ import annotations

from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import Page

import browserkit as bk

WAIT_MS = 10_000


async def watch(people: PlaywrightBrowser, view: bk.LiveView) -> Page:
    """Open the view in the person's browser and wait for its first frame."""
    page = await people.new_page()
    await page.goto(view.url)
    await page.wait_for_function(
        "() => document.getElementById('frame').dataset.frames > 0", timeout=WAIT_MS
    )
    return page


async def frames(page: Page) -> int:
    return int(await page.get_attribute("#frame", "data-frames") or 0)
