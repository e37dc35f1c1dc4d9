"""Running the caller's JavaScript (evaluate, execute, init scripts), and printing to PDF."""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

from playwright.async_api import Error as PlaywrightError

from browserkit._async.core import page_scripts
from browserkit._async.core.session_core import SessionCore, is_closed_error
from browserkit._async.core.tab import Tab, swallow, unless_blocked
from browserkit._async.targeting.resolve import Targets
from browserkit._checks import flag
from browserkit._paths import output_file, write_file
from browserkit._text import well_formed, well_formed_str
from browserkit.errors import (
    EvaluationError,
    InvalidArgumentError,
    ModalStateBlockedError,
    TimeoutError,
)
from browserkit.results import ExecuteResult, PdfFile
from browserkit.targets import Point, Target

__all__ = ["Scripts"]

_MAX_LOGS = 1000


class Scripts:
    """Runs scripts in a session's pages and keeps ``execute``'s state between calls."""

    def __init__(self, core: SessionCore, targets: Targets) -> None:
        self._core = core
        self._targets = targets
        self._state: dict[str, Any] = {}
        self._init_scripts = 0

    async def evaluate(
        self,
        expression: str,
        timeout_ms: float | None,
        tab_id: str | None,
        target: Target | None = None,
    ) -> Any:
        if not isinstance(expression, str) or not expression.strip():
            raise InvalidArgumentError("expression must be a non-empty string")
        if isinstance(target, Point):
            raise InvalidArgumentError(
                "evaluate takes an element target, not a point",
                hint="give a ref from a snapshot, or a selector",
            )
        tab = self._core.check(mutating=True, tab_id=tab_id)
        ms = self._core.timeout(timeout_ms)
        if target is None:
            return await self._evaluated(tab, tab.page.evaluate(expression), ms)
        started = time.monotonic()
        # Resolved as actions resolve it: a ref is generation-checked and
        # bound to the one element its snapshot showed.
        aim = await self._targets.aim(tab, target, ms)
        assert aim.locator is not None
        left = max(1.0, ms - (time.monotonic() - started) * 1000)
        on = self._core.tab_of(aim.locator.page, tab)
        call = aim.locator.evaluate(expression, timeout=left)
        # A failure because the element went (removed, or its page navigated)
        # is raised as ref_not_found / stale_ref, not as the script's error.
        return await self._evaluated(on, self._targets.run_bound(on, aim, call), left)

    async def _evaluated(self, tab: Tab, call: Awaitable[Any], ms: float) -> Any:
        try:
            return await asyncio.wait_for(unless_blocked(tab, call), ms / 1000)
        except asyncio.TimeoutError:
            raise TimeoutError(f"evaluate did not finish within {int(ms)} ms") from None
        except PlaywrightError as exc:
            if is_closed_error(exc):
                raise self._core.translate(exc, "evaluate") from None
            text = str(exc.message if hasattr(exc, "message") else exc)
            raise EvaluationError(
                well_formed_str(text.strip().splitlines()[0])
                if text.strip()
                else "evaluation failed"
            ) from None

    async def execute(
        self, code: str, timeout_ms: float | None, tab_id: str | None
    ) -> ExecuteResult:
        if not isinstance(code, str) or not code.strip():
            raise InvalidArgumentError("code must be a non-empty string")
        tab = self._core.check(mutating=True, tab_id=tab_id)
        ms = self._core.timeout(timeout_ms)
        run_id = secrets.token_hex(8)
        navigations = tab.navigations
        arg = {
            "state": self._state,
            "run": run_id,
            "timeout": int(ms),
            "maxLogs": _MAX_LOGS,
            "maxChars": self._core.config.max_field_chars,
        }
        tab.dialog_seen.clear()
        script = asyncio.ensure_future(
            tab.page.evaluate(page_scripts.EXECUTE.replace("/*BODY*/", code), arg)
        )
        deadline = time.monotonic() + ms / 1000
        while True:
            dialog = asyncio.ensure_future(tab.dialog_seen.wait())
            try:
                done, _ = await asyncio.wait(
                    {script, dialog},
                    timeout=max(0.0, deadline - time.monotonic()),
                    return_when=asyncio.FIRST_COMPLETED,
                )
            finally:
                dialog.cancel()
            if script in done:
                try:
                    value = script.result()
                except PlaywrightError as exc:
                    return await self._failed(tab, exc, navigations, ms)
                return self._result(well_formed(value))  # page text: see _text
            if tab.pending_dialog is not None:
                script.add_done_callback(swallow)
                d = tab.pending_dialog
                raise ModalStateBlockedError(
                    f"the script opened a {d.type} dialog: {d.message!r}; it waits for an answer",
                    hint="call handle_dialog(accept=True|False); the script then goes on by itself",
                )
            if dialog not in done:
                break  # the timeout
            # A dialog the dialog policy answered by itself: the script goes on.
            tab.dialog_seen.clear()
        script.add_done_callback(swallow)
        logs = await self._stop(tab, run_id)
        shown = "; ".join(logs[-20:])
        raise TimeoutError(
            f"execute did not finish within {int(ms)} ms and was stopped"
            + (f"; its logs: {shown}" if logs else "; it logged nothing"),
            hint="make the script shorter, or raise timeout_ms (up to max_timeout_ms)",
        )

    def _result(self, value: Any) -> ExecuteResult:
        logs = tuple(str(line) for line in value.get("logs") or ())
        if value.get("dropped"):
            logs += (f"... {int(value['dropped'])} more log lines dropped",)
        state = value.get("state")
        error = value.get("error") if not value.get("ok") else None
        if isinstance(state, dict):
            self._state = state
        elif error is None:
            error = "state must stay a JSON object; the previous state was kept"
        return ExecuteResult(
            result=value.get("result") if error is None else None,
            logs=logs,
            state=dict(self._state),
            error=error,
        )

    async def _failed(
        self, tab: Tab, exc: PlaywrightError, navigations: int, ms: float
    ) -> ExecuteResult:
        if is_closed_error(exc):
            raise self._core.translate(exc, "execute") from None
        text = str(exc.message if hasattr(exc, "message") else exc).strip()
        if "context was destroyed" in text or tab.navigations != navigations:
            await self._await_navigation(tab, navigations, ms)
            raise EvaluationError(
                f"the script navigated the page (now {tab.page.url}, generation "
                f"{tab.generation}) before it finished; its result, its logs and its changes "
                "to state were lost with the old page",
                hint="split the script at the navigation: run the part that navigates, then "
                "call execute again for the rest (state is kept between calls)",
            )
        # A syntax error fails before the script's own try/catch can see it.
        first = text.splitlines()[0] if text else "the script failed"
        first = well_formed_str(re.sub(r"^(Page|Frame)\.evaluate: ", "", first))
        return ExecuteResult(result=None, logs=(), state=dict(self._state), error=first)

    async def _await_navigation(self, tab: Tab, navigations: int, ms: float) -> None:
        """Let the script's navigation commit and parse, so the next call meets the new page."""
        deadline = time.monotonic() + min(ms, 5000) / 1000
        while tab.navigations == navigations and time.monotonic() < deadline:
            tab.nav_seen.clear()
            try:
                await asyncio.wait_for(tab.nav_seen.wait(), max(0.01, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                break
        left = (deadline - time.monotonic()) * 1000
        if left > 0:
            try:
                await tab.page.wait_for_load_state("domcontentloaded", timeout=left)
            except PlaywrightError:
                pass

    async def _stop(self, tab: Tab, run_id: str) -> list[str]:
        """Stop a script that overran its timeout and read back what it logged."""
        cdp = await tab.cdp_session()
        probe = asyncio.ensure_future(
            cdp.send("Runtime.evaluate", {"expression": "0", "returnByValue": True})
        )
        probe.add_done_callback(swallow)
        done, _ = await asyncio.wait({probe}, timeout=0.25)
        if not done:
            # The page's main thread is stuck in JavaScript (a loop in the
            # script, or one it started); terminate the running execution.
            # Only then: terminateExecution with nothing running would kill
            # whatever runs next instead.
            try:
                await asyncio.wait_for(cdp.send("Runtime.terminateExecution"), 2)
            except (PlaywrightError, asyncio.TimeoutError):
                pass
        try:
            stash = await asyncio.wait_for(tab.page.evaluate(page_scripts.EXECUTE_STASH, run_id), 2)
        except (PlaywrightError, asyncio.TimeoutError):
            return []
        if not stash:
            return []
        stash = well_formed(stash)
        if isinstance(stash.get("state"), dict):
            self._state = stash["state"]
        return [str(line) for line in stash.get("logs") or ()]

    # ------------------------------------------------------ init scripts

    async def init_script(self, code: str, timeout_ms: float | None) -> int:
        if not isinstance(code, str) or not code.strip():
            raise InvalidArgumentError("code must be a non-empty string")
        core = self._core
        core.check(mutating=True)
        ms = core.timeout(timeout_ms)
        if core.attached is None:
            await core.bounded(core.context.add_init_script(code), "init_script", ms)
        else:
            # Someone else's browser: only the session's own tabs get it.
            for tab in list(core.tabs.values()):
                await core.bounded(tab.page.add_init_script(code), "init_script", ms)
        self._init_scripts += 1
        return self._init_scripts

    # --------------------------------------------------------------- pdf

    async def pdf(
        self,
        path: str,
        paper: str,
        landscape: bool,
        print_background: bool,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> PdfFile:
        if not isinstance(path, str) or not path:
            raise InvalidArgumentError(f"path must be a non-empty string, got {path!r}")
        if paper not in _PAPER:
            raise InvalidArgumentError(f"paper must be one of {', '.join(_PAPER)}, got {paper!r}")
        flag("landscape", landscape)
        flag("print_background", print_background)
        core = self._core
        tab = core.check(tab_id=tab_id)
        if core.browser_headless is False:
            raise InvalidArgumentError(
                f"session {core.id} runs in a Chromium with a window, which cannot print to PDF",
                hint="start the session with headless=True (the default) to save PDFs",
            )
        target = output_file(path, "pdf('page.pdf')")
        ms = core.timeout(timeout_ms)
        data = await core.bounded(
            tab.page.pdf(format=paper, landscape=landscape, print_background=print_background),
            "pdf",
            ms,
            tab,
        )
        # Written here, not by Playwright: a file is only replaced by a whole PDF.
        try:
            await asyncio.to_thread(write_file, target, data, private=False)
        except (OSError, ValueError) as exc:  # ValueError: a NUL byte, a lone surrogate
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise InvalidArgumentError(
                f"cannot write {path!r}: {reason}",
                hint="give a path in a folder you can write to",
            ) from None
        return PdfFile(str(Path(path)), len(data), _page_count(data))


_PAPER = ("A3", "A4", "A5", "Legal", "Letter", "Tabloid")
# The root of a PDF's page tree states the number of pages: "/Type /Pages
# ... /Count N". Chromium writes it uncompressed; the largest count is the
# root's (every other node counts a part of the pages).
_PAGES_NODE = re.compile(rb"<<(?:(?!>>).)*?/Type\s*/Pages\b(?:(?!>>).)*?>>", re.DOTALL)
_COUNT = re.compile(rb"/Count\s+(\d+)")


def _page_count(data: bytes) -> int | None:
    counts = [
        int(found.group(1))
        for node in _PAGES_NODE.finditer(data)
        if (found := _COUNT.search(node.group(0))) is not None
    ]
    return max(counts) if counts else None
