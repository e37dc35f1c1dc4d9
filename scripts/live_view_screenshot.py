"""Take the live view screenshot the docs show (docs/_static/live-view.png).

A session works on the demo site (a click, a search), a person's browser (a
second Chromium, plain Playwright) opens its live view, and the view is
captured once its frame and lists are in.

    python scripts/live_view_screenshot.py [OUT.png]
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from playwright.async_api import async_playwright

import browserkit as bk
from browserkit._chromium import find_chromium, launch_args
from browserkit._demo.run import serve_site

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "_static" / "live-view.png"


async def shoot(base: str, out: Path) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0) as browser:
        s = await browser.start(url=base + "/", viewport=(1024, 640))
        await s.click(bk.role("button", name="Add kettle"))
        await s.type(bk.role("textbox", name="Search"), "kettle", submit=True)
        view = await s.live()
        found = find_chromium(os.environ.get("BROWSERKIT_CHROMIUM"))
        if found is None:
            raise SystemExit("no Chromium found (python -m browserkit install-browser)")
        async with async_playwright() as pw:
            person = await pw.chromium.launch(executable_path=found.path, args=list(launch_args()))
            page = await person.new_page(viewport={"width": 1280, "height": 720})
            await page.goto(view.url)
            await page.wait_for_function(
                "() => document.getElementById('frame').dataset.frames > 0"
                " && document.getElementById('actions').children.length > 0"
                " && document.getElementById('tabs').textContent.includes('Search results')"
            )
            await page.screenshot(path=str(out))
            await person.close()
        view.stop()


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    with serve_site() as base:
        asyncio.run(shoot(base, out))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
