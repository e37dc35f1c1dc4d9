"""Answering what holds a tab: dialogs (alert, confirm, prompt, beforeunload).

Dialogs are held or answered as they open by the dialog policy
(:func:`~browserkit._async.core.tab.apply_dialog_policy`); file choosers are held
on the tab and answered by ``upload``.
"""

from __future__ import annotations

from browserkit._async.acting.settle import Settler
from browserkit._async.core.session_core import SessionCore
from browserkit._text import well_formed_str
from browserkit.errors import InvalidArgumentError, ReadOnlyError
from browserkit.results import ActionResult, DialogInfo

__all__ = ["Modals"]


class Modals:
    """Answers the dialog a tab holds."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core

    async def handle_dialog(
        self,
        accept: bool,
        prompt_text: str | None,
        timeout_ms: float | None,
        tab_id: str | None,
    ) -> ActionResult:
        core = self._core
        # Dismissing tells the page nothing it can act on (a confirm answers
        # "no", a prompt gives null): it is how a read-only session gets out
        # of a dialog it meets. Accepting could confirm whatever it asks.
        core.ensure_open()
        if accept and core.read_only:
            raise ReadOnlyError(
                f"session {core.id} is read-only: it may dismiss a dialog, not accept it",
                hint="call handle_dialog(accept=False)",
            )
        tab = core.tab(tab_id)
        ms = core.timeout(timeout_ms, "action")
        dialog = tab.release_dialog()
        if dialog is None:
            raise InvalidArgumentError(
                "no dialog is open", hint="handle_dialog answers a dialog an action reported"
            )
        settler = Settler(tab, core.evidence)
        with settler:
            if accept:
                await core.bounded(
                    dialog.accept(prompt_text) if prompt_text is not None else dialog.accept(),
                    "accept dialog",
                    ms,
                )
            else:
                await core.bounded(dialog.dismiss(), "dismiss dialog", ms)
            settled = await settler.settle(ms)
            navigated = settler.navigated
        info = DialogInfo(
            dialog.type,
            well_formed_str(dialog.message),
            well_formed_str(dialog.default_value),
            "accepted" if accept else "dismissed",
        )
        detail = f"{'accepted' if accept else 'dismissed'} the {dialog.type} dialog"
        if tab.pending_dialog is not None and tab.pending_dialog is not dialog:
            # Another dialog opened as the page ran on (two alert() calls in
            # one handler): it is what holds the tab now, so it is reported.
            info = tab.dialog_info or info
            detail += f"; then a {info.type} dialog opened: {info.message!r} (answer it too)"
        else:
            tab.dialog_info = None
            tab.dialog_seen.clear()
        return ActionResult(
            detail=detail,
            url=tab.page.url,
            generation=tab.generation,
            navigated=navigated,
            dialog=info,
            settled=settled,
        )
