"""Getting a tab back from a page that holds it, before the tab navigates away.

A page can hold its tab in three ways no wait can outlast: a dialog storm
(``while (true) alert()``: every answered dialog is followed by the next), a
script that never yields (``while (true) {}``), and a document so large that
layout or the outline never finishes. ``navigate`` and ``reload`` are the way
out, so before they load anything :func:`leave` frees the tab:

1. a held dialog is dismissed (a ``beforeunload`` accepted), and the
   document's further dialogs are dismissed as they open; a document that
   opened dialogs has its alert, confirm and prompt silenced first (under
   every dialog policy), since a dialog that opens as the navigation starts
   can never be answered;
2. if the page does not answer a trivial probe within a second, its page is
   closed and a fresh one takes its place under the same tab id. The tab's
   history starts anew, its generation moves on, and refs of the old page
   are stale. Stopping the script instead (``Runtime.terminateExecution``)
   is not enough: a timer or a queued task starts the next loop, and a
   dialog storm or a long layout is no script to stop;
3. a tab of someone else's browser (an attached session) is never replaced:
   there the script is stopped over CDP, and a page that still does not
   answer raises TimeoutError.
"""

from __future__ import annotations

import asyncio

from playwright.async_api import Error as PlaywrightError

from browserkit._async.core.session_core import SessionCore, now_ms
from browserkit._async.core.tab import Tab, silence_dialogs, swallow
from browserkit.errors import TimeoutError

__all__ = ["leave", "leaving_tab", "stay"]

_PROBE_S = 1.0
"""How long a page that is not stuck takes, at most, to answer ``0``."""

_STEP_S = 1.0
"""The bound on each recovery step (terminate, probe again, open a page)."""


def leaving_tab(core: SessionCore, tab_id: str | None = None) -> Tab:
    """The tab a navigation leaves from: like ``core.check()``, but a modal state is no refusal.

    Leaving the document is the way out of a dialog (or a dialog storm), so
    :func:`leave` answers what holds the tab instead of refusing.
    """
    core.ensure_open()
    tab = core.tab(tab_id)
    core.last_used_ms = now_ms()
    return tab


async def leave(core: SessionCore, tab: Tab, *, replace: bool = True) -> Tab:
    """Free ``tab`` for a navigation; the tab to navigate (a fresh one if its page was stuck).

    With ``replace=False`` (a move that needs the page's own history) the
    stuck script is stopped instead, and a page that stays stuck raises
    TimeoutError.
    """
    # From here until the new document commits, this document's dialogs are
    # dismissed as they open: one that opens as the navigation starts (a
    # timer's alert the last action did not see) would hold it back under
    # ``ask``, and nobody is left to answer it. A navigation that ends with
    # no new document calls :func:`stay`.
    tab.leaving = True
    if tab.pending_dialog is not None:
        dialog = tab.release_dialog()
        tab.dialog_info = None
        tab.dialog_seen.clear()
        if dialog is not None:
            answer = dialog.accept() if dialog.type == "beforeunload" else dialog.dismiss()
            try:
                await asyncio.wait_for(answer, _STEP_S)
            except (PlaywrightError, asyncio.TimeoutError):
                pass  # already answered, or the page is gone: the probe below decides
    if tab.dialog_times and not tab.dialogs_silenced:
        # A dialog that opens as the navigation starts could never be
        # answered (Chromium refuses) and would hold the tab: the document
        # that opened dialogs opens no more.
        await silence_dialogs(tab, _STEP_S)
    elif tab.silencing is not None and not tab.silencing.done():
        # A dialog of this document started the silencing (it counts as
        # silenced at once): the page is silent before the navigation starts.
        try:
            await asyncio.wait_for(asyncio.shield(tab.silencing), _STEP_S)
        except (PlaywrightError, asyncio.TimeoutError):
            pass  # the probe below decides
    if tab.pending_chooser is not None:
        tab.pending_chooser = None  # the document that asked goes away
        tab.dialog_info = None
        tab.dialog_seen.clear()
    if await _answers(tab, _PROBE_S):
        return tab
    # An attached session's tab belongs to someone else's browser: not ours to replace.
    if replace and core.attached is None:
        return await _replace(core, tab)
    await _terminate(tab)
    if not await _answers(tab, _STEP_S):
        raise TimeoutError(
            f"tab {tab.tab_id} does not answer: a script that never yields, a dialog "
            "storm or a very large document holds it",
            hint="navigate to another page (a session started by browserkit replaces a stuck "
            "tab), or close the tab",
        )
    return tab


def stay(tab: Tab, navigations: int) -> None:
    """After a navigation from ``tab``: if no new document committed since
    ``tab.navigations`` was ``navigations`` (it failed, or led to a
    download), the document stays, and its dialogs are held or answered by
    the policy again."""
    if tab.navigations == navigations:
        tab.leaving = False


async def _answers(tab: Tab, seconds: float) -> bool:
    """Whether the page's main thread runs a trivial script within ``seconds``."""
    try:
        cdp = await asyncio.wait_for(tab.cdp_session(), _STEP_S)
    except (PlaywrightError, asyncio.TimeoutError):
        return False
    probe = asyncio.ensure_future(
        cdp.send("Runtime.evaluate", {"expression": "0", "returnByValue": True})
    )
    probe.add_done_callback(swallow)
    done, _ = await asyncio.wait({probe}, timeout=seconds)
    if not done:
        probe.cancel()
        return False
    # An error answer (a context being replaced mid-navigation) is an answer too.
    return True


async def _terminate(tab: Tab) -> None:
    """Stop the script the page is stuck in (only called when a probe went unanswered).

    Called only then: with nothing running, terminateExecution would kill
    whatever script runs next instead.
    """
    try:
        cdp = await asyncio.wait_for(tab.cdp_session(), _STEP_S)
        await asyncio.wait_for(cdp.send("Runtime.terminateExecution"), _STEP_S)
    except (PlaywrightError, asyncio.TimeoutError):
        pass  # a dialog storm or a long layout: not in script; replaced next


async def _replace(core: SessionCore, old: Tab) -> Tab:
    """Close ``old``'s stuck page and put a fresh page in its place, under its tab id."""
    core.replacing = True
    try:
        page = await core.bounded(core.context.new_page(), "replace a stuck page", 10_000)
    finally:
        core.replacing = False
    # Undo old's listeners first, so its page closing does not drop the tab's id.
    try:
        await asyncio.wait_for(old.release(), _STEP_S)
    except (PlaywrightError, asyncio.TimeoutError):
        pass
    old.closed = True
    tab = core.adopt(page, old.tab_id)
    tab.succeed(old)
    closing = asyncio.ensure_future(old.page.close())
    closing.add_done_callback(swallow)
    try:
        await asyncio.wait_for(core.evidence.ready(tab.tab_id), _STEP_S)
    except asyncio.TimeoutError:
        pass  # only the first requests' evidence could be missed
    return tab
