"""Whether a page shows some text in any of its frames.

``snapshot()`` and ``find()`` read the page's whole accessibility tree: open
shadow roots and every iframe, cross-origin ones included. ``wait_for`` must
see the same text, so each frame is asked on its own (a cross-origin frame
runs in another process, out of reach of the main frame's scripts).
"""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page

from browserkit._async.core import page_scripts

__all__ = ["page_holds"]


async def page_holds(page: Page, text: str | None, gone: str | None, timeout_s: float) -> bool:
    """True when ``text`` shows in some frame and ``gone`` in none.

    An error of the main frame (navigating) is raised for the caller to
    judge; a child frame that cannot answer (detached, navigating, busy past
    ``timeout_s``) counts as showing nothing.
    """
    answers = await asyncio.gather(
        *(_ask(f, text, gone, timeout_s) for f in page.frames),
        return_exceptions=True,
    )
    first = answers[0]
    if isinstance(first, PlaywrightError):
        raise first
    if isinstance(first, BaseException):
        return False  # the main frame did not answer in time
    found = [a for a in answers if not isinstance(a, BaseException)]
    if text is not None and not any(a[0] for a in found):
        return False
    return gone is None or not any(a[1] for a in found)


async def _ask(frame: Frame, text: str | None, gone: str | None, timeout_s: float) -> list[Any]:
    answer: list[Any] = await asyncio.wait_for(
        frame.evaluate(page_scripts.WAIT_CONDITIONS, [text, gone]), max(0.05, timeout_s)
    )
    return answer
