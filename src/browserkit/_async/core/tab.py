"""One tab of a session: its page, generation, refs and pending modal state."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Literal, TypeVar

import attrs
from playwright.async_api import CDPSession, Dialog, FileChooser, Page
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core import page_scripts
from browserkit._text import well_formed, well_formed_str
from browserkit.errors import ModalStateBlockedError, StaleRefError
from browserkit.refs import RefTrail
from browserkit.results import DialogInfo
from browserkit.snapshot import Outline, parse

log = logging.getLogger("browserkit")

_EARLIER_KEPT = 3
# An outline ref as Playwright prints it: the frame prefix (the main frame has
# one after some navigations, f2e5) and the number.
_RAW_REF = re.compile(r"\[ref=(f\d+)?e(\d+)\]")
_PLAIN_REF = re.compile(r"e(\d+)")
# Generations whose ref numbering a tab keeps (stale refs of older ones are
# recognised by their number alone).
_BASES_KEPT = 8

# A dialog storm: this many dialogs of one document within _STORM_S seconds.
_STORM_DIALOGS = 10
_STORM_S = 1.0

T = TypeVar("T")


@attrs.define
class Baseline:
    """The last whole-page outline browserkit read of a tab, for diffs.

    ``stamp`` is the page's change stamp read just before the outline was
    captured (-1: unknown); ``outline`` is parsed on first use and kept.
    ``diffable``: whether ``snapshot(diff=True)`` may compare against it (the
    outline a navigation answered with was read for it, not snapshotted:
    the first snapshot after a navigation has no baseline). ``hidden``: how
    many texts no person can see the outline left out; ``glued``: the word pairs
    the page runs together across inline elements, read with it.
    """

    generation: int
    text: str
    stamp: int = -1
    diffable: bool = True
    hidden: int = 0
    glued: frozenset[tuple[str, str]] = frozenset()
    _outline: Outline | None = None

    @property
    def outline(self) -> Outline:
        if self._outline is None:
            self._outline = parse(self.text)
        return self._outline


class Tab:
    """Bookkeeping for one Playwright page.

    The generation advances on every cross-document navigation of the main
    frame; refs printed by a snapshot belong to the generation it was taken in.
    """

    def __init__(self, page: Page, tab_id: str) -> None:
        self.page = page
        self.tab_id = tab_id
        self.generation = 1
        # The initial about:blank of a new tab is not a document anyone acted
        # on: its first real navigation keeps generation 1 unless refs were
        # already printed for it.
        self._fresh = True
        self.ref_generation: int | None = None
        self.refs: set[str] = set()
        # Refs of the few generations before ref_generation, so a string ref
        # from an older page is reported as stale rather than unknown.
        self.earlier_refs: dict[int, set[str]] = {}
        # Playwright numbers each document's refs from 1, and gives the main
        # frame's a frame prefix after some navigations (f2e5), so they look
        # like an iframe's. Per generation: the main frame's prefix, and the
        # number its refs are printed past (see display_refs).
        self._ref_bases: dict[int, tuple[str, int]] = {}
        self._ref_ceiling = 0
        # Refs an element keeps though Playwright renamed it (a popup hid the page
        # from assistive technology, see carry_refs): per generation, Playwright's
        # number -> the ref printed, and the ref printed -> Playwright's ref.
        self._carried: dict[int, dict[int, str]] = {}
        self._carried_raw: dict[int, dict[str, str]] = {}
        # Where the refs of elements the page rebuilt went (fed every whole-page outline).
        self.trail = RefTrail()
        # The last whole-page outline read (written only by the capture, see
        # keep_baseline), and the document it was read on.
        self._baseline: Baseline | None = None
        self._baseline_document = 0
        # Calls that may change the page (actions, scripts) made on this tab.
        self.acts = 0
        self._cdp_task: asyncio.Future[CDPSession] | None = None
        self.pending_dialog: Dialog | None = None
        self.pending_chooser: FileChooser | None = None
        self.dialog_info: DialogInfo | None = None
        self.dialog_seen = asyncio.Event()
        # Set while a held alert/confirm/prompt stops the page's scripts.
        self.blocked = asyncio.Event()
        # Set when a navigation leaves a document that held a dialog: its
        # further dialogs are dismissed as they open (a dialog storm would
        # otherwise hold the tab forever). A new document clears it.
        self.leaving = False
        # When this document's last dialogs opened (storm detection), and
        # whether its alert/confirm/prompt were silenced (see silence_dialogs).
        self.dialog_times: deque[float] = deque(maxlen=_STORM_DIALOGS)
        # The silencing a dialog of this document started (see _silence_soon), while it runs.
        self.silencing: asyncio.Future[bool] | None = None
        self.dialogs_silenced = False
        self.navigations = 0  # cross-document commits, for settling
        self.nav_seen = asyncio.Event()
        # Called after each new document of the main frame (the core tells observers).
        self.on_new_document: Callable[[], None] | None = None
        self.closed = False
        self._warmed_document = -1
        # The document (by ``navigations``) where an outline read while an
        # action settled had to be read again: that page keeps changing, so
        # its actions no longer read early.
        self.early_read_missed = -1
        self._warm_task: asyncio.Future[None] | None = None
        self._listeners: list[tuple[Any, str, Callable[..., Any]]] = []
        self._watch_navigations()

    @property
    def baseline(self) -> Baseline | None:
        """The last whole-page outline read of this document (None: none yet, or gone)."""
        return self._baseline if self._baseline_document == self.navigations else None

    def keep_baseline(self, base: Baseline) -> None:
        """Make ``base`` the outline diffs are made from (the capture's to call)."""
        self._baseline, self._baseline_document = base, self.navigations

    def listen(self, emitter: Any, event: str, handler: Callable[..., Any]) -> None:
        """Subscribe ``handler`` and remember it, so :meth:`release` can take it back."""
        emitter.on(event, handler)
        self._listeners.append((emitter, event, handler))

    def warm_up(self) -> None:
        """Let Playwright set up its utility-world helpers for this document, in the background.

        The first element call of a document in Playwright's utility world
        (where refs are pinned and clicks hit-checked) costs 10-20 ms of
        one-time set-up. Called once refs have been printed, it runs while
        the agent reads them, off the first action's path. Failures mean only
        that the action pays it.
        """
        if self._warmed_document == self.navigations or self.closed:
            return
        self._warmed_document = self.navigations
        self._warm_task = asyncio.ensure_future(self._warm())

    async def _warm(self) -> None:
        try:
            # A probe of a key nobody pinned: it matches little and changes nothing.
            await self.page.locator(f"{page_scripts.BOUND_ENGINE_NAME}=probe:warm-up").count()
        except Exception:  # navigated, closed, or held by a dialog: nothing is lost
            pass

    async def release(self) -> None:
        """Take back every listener and the CDP session: the page is left as it was found.

        Used for a tab adopted from a browser browserkit attached to; while a
        ``dialog`` or ``filechooser`` listener stays, Playwright would keep
        intercepting the user's dialogs and file choosers.
        """
        for emitter, event, handler in self._listeners:
            try:
                emitter.remove_listener(event, handler)
            except (KeyError, ValueError):
                pass
        self._listeners.clear()
        if self._warm_task is not None:
            self._warm_task.cancel()
        if self._cdp_task is not None and self._cdp_task.done() and not self._cdp_task.cancelled():
            try:
                await self._cdp_task.result().detach()
            except Exception:
                pass

    def _watch_navigations(self) -> None:
        frame: Any = self.page.main_frame
        emitter = getattr(getattr(frame, "_impl_obj", None), "_event_emitter", None)
        if emitter is not None and hasattr(emitter, "on"):
            # Playwright's public "framenavigated" fires for same-document
            # navigations too and does not say which kind it was; the
            # frame's own "navigated" event carries newDocument.
            def on_navigated(event: dict[str, Any]) -> None:
                if not event.get("error") and event.get("newDocument") is not None:
                    self._advance()

            self.listen(emitter, "navigated", on_navigated)
            return
        # Fallback if Playwright's internals change: count every main-frame
        # navigation as a new document. Too many generations only make refs
        # go stale sooner; it never lets a ref hit the wrong element.
        log.warning("browserkit: Playwright internals changed; treating pushState as navigation")

        def on_frame(fr: Any) -> None:
            if fr == self.page.main_frame:
                self._advance()

        self.listen(self.page, "framenavigated", on_frame)

    def _advance(self) -> None:
        if self.pending_dialog is not None:
            # Chromium closes a page's dialog when the page navigates away.
            self.pending_dialog = None
            self.blocked.clear()
        self.leaving = False
        self.dialog_times.clear()
        self.dialogs_silenced = False
        self.silencing = None
        # A fresh tab's first document keeps its generation, unless refs of a
        # later generation were printed (a tab that replaced a stuck one
        # starts one past the refs it inherited, see succeed()).
        if self._fresh and (self.ref_generation is None or self.ref_generation < self.generation):
            self._fresh = False
        else:
            self._fresh = False
            self.generation += 1
        self.navigations += 1
        self.nav_seen.set()
        if self.on_new_document is not None:
            self.on_new_document()

    def succeed(self, old: Tab) -> None:
        """Take over from ``old``, a tab whose page was replaced because it stopped answering.

        The generation moves one past ``old``'s and its printed refs are kept
        as earlier ones, so a ref from the stuck page is reported stale and
        never resolves against the new one.
        """
        self.generation = old.generation + 1
        self.ref_generation = old.ref_generation
        self.refs = set(old.refs)
        self.earlier_refs = dict(old.earlier_refs)
        self._ref_ceiling = old._ref_ceiling  # its printed refs stay unique
        self.navigations = old.navigations + 1

    def remember_refs(self, generation: int, refs: set[str]) -> None:
        """Record the refs a snapshot of ``generation`` printed."""
        if self.ref_generation != generation:
            if self.ref_generation is not None and self.refs:
                self.earlier_refs[self.ref_generation] = self.refs
                for old in sorted(self.earlier_refs)[:-_EARLIER_KEPT]:
                    del self.earlier_refs[old]
            self.refs = set()
            self.ref_generation = generation
        self.refs |= refs
        self._fresh = False

    def display_refs(self, text: str, generation: int, whole: bool) -> str:
        """``text``, an outline of ``generation``, with its main-frame refs as this tab
        prints them: a plain ``eN``, numbered past every ref printed in an earlier
        generation, so no ref of one document can name an element of another.

        ``whole``: an outline of the whole page, whose first ref is the main
        frame's (its prefix, if any, is learnt from it). Iframe refs keep
        Playwright's ``fMeN``.
        """
        base = self._ref_bases.get(generation)
        if base is None:
            first = _RAW_REF.search(text) if whole else None
            if first is None:
                return text  # nothing learnt yet: the refs as Playwright printed them
            start = -(-self._ref_ceiling // 100) * 100  # a round number past the last
            base = self._ref_bases[generation] = (first.group(1) or "", start)
            for old in sorted(self._ref_bases)[:-_BASES_KEPT]:
                del self._ref_bases[old]
                self._carried.pop(old, None)
                self._carried_raw.pop(old, None)
        prefix, start = base
        top = self._ref_ceiling
        carried = self._carried.get(generation, {})

        def shown(ref: re.Match[str]) -> str:
            nonlocal top
            if (ref.group(1) or "") != prefix:
                return ref.group(0)  # an iframe's
            raw = int(ref.group(2))
            number = start + raw
            top = max(top, number)
            return f"[ref={carried.get(raw) or f'e{number}'}]"

        text = _RAW_REF.sub(shown, text)
        self._ref_ceiling = top
        return text

    def carry_refs(self, generation: int, pairs: dict[str, str]) -> None:
        """Print the element each new ref of ``pairs`` names by its old ref from now on,
        and resolve the old ref to it (``{new ref: old ref}``, both as printed, of the
        main frame). For an element Playwright renamed though it is the same, see
        :func:`~browserkit.snapshot._veiled.veil_pairs`."""
        base = self._ref_bases.get(generation)
        if base is None:
            return
        prefix = base[0]
        carried = self._carried.setdefault(generation, {})
        carried_raw = self._carried_raw.setdefault(generation, {})
        for new, old in pairs.items():
            raw = self.raw_ref(new, generation)
            plain = _PLAIN_REF.fullmatch(raw[len(prefix) :]) if raw.startswith(prefix) else None
            if plain is None:
                continue  # not a main-frame ref of this generation
            carried[int(plain.group(1))] = old
            carried_raw[old] = raw

    def raw_ref(self, ref: str, generation: int) -> str:
        """The ref Playwright knows an element of ``generation`` by (see display_refs)."""
        carried = self._carried_raw.get(generation, {}).get(ref)
        if carried is not None:
            return carried
        base = self._ref_bases.get(generation)
        plain = _PLAIN_REF.fullmatch(ref)
        if base is None or plain is None:
            return ref
        prefix, start = base
        number = int(plain.group(1)) - start
        return f"{prefix}e{number}" if number > 0 else ref

    def generation_that_printed(self, ref: str) -> int | None:
        """The newest earlier generation whose snapshots printed ``ref``, if any
        (a plain ref's number alone says which, see display_refs)."""
        for generation in sorted(self.earlier_refs, reverse=True):
            if ref in self.earlier_refs[generation]:
                return generation
        plain = _PLAIN_REF.fullmatch(ref)
        if plain is None:
            return None
        number = int(plain.group(1))
        owner = max(
            (g for g, (_, start) in self._ref_bases.items() if start < number), default=None
        )
        # Only an older generation than the refs now in use: a ref numbered in
        # this one, yet not printed, is unknown, not stale.
        return owner if owner is not None and owner < (self.ref_generation or 0) else None

    async def cdp_session(self) -> CDPSession:
        """The page's CDP session, made once (concurrent callers share it)."""
        if self._cdp_task is None:
            self._cdp_task = asyncio.ensure_future(self.page.context.new_cdp_session(self.page))
        return await asyncio.shield(self._cdp_task)

    def hold_dialog(self, dialog: Dialog) -> None:
        self.pending_dialog = dialog
        self.dialog_info = DialogInfo(
            dialog.type, well_formed_str(dialog.message), well_formed_str(dialog.default_value)
        )
        self.dialog_seen.set()
        self.blocked.set()

    def release_dialog(self) -> Dialog | None:
        """Hand over the held dialog for answering; the page runs again."""
        dialog, self.pending_dialog = self.pending_dialog, None
        self.blocked.clear()
        return dialog

    def modal_error(self) -> ModalStateBlockedError | None:
        """The error every call but the answer raises while a modal state is held."""
        if self.pending_dialog is not None:
            d = self.pending_dialog
            return ModalStateBlockedError(
                f"a {d.type} dialog is open on {self.tab_id}: {d.message!r}",
                hint="call handle_dialog(accept=True|False) to answer it first",
            )
        if self.pending_chooser is not None:
            return ModalStateBlockedError(
                f"a file chooser is open on {self.tab_id}",
                hint="call upload(paths) to answer it (an empty list cancels it)",
            )
        return None

    def hold_chooser(self, chooser: FileChooser) -> None:
        """A file chooser opened: a modal state answered by ``upload``."""
        self.pending_chooser = chooser
        multiple = "files" if chooser.is_multiple() else "a file"
        self.dialog_info = DialogInfo(
            "filechooser", f"the page asks for {multiple}; answer with upload(paths)"
        )
        self.dialog_seen.set()

    def note_dialog(self, info: DialogInfo) -> None:
        self.dialog_info = info
        self.dialog_seen.set()

    def count_dialog(self) -> bool:
        """Count a dialog of this document; True when it makes a storm not yet silenced."""
        now = time.monotonic()
        self.dialog_times.append(now)
        full = len(self.dialog_times) == self.dialog_times.maxlen
        return full and now - self.dialog_times[0] <= _STORM_S and not self.dialogs_silenced

    def take_dialog_info(self) -> DialogInfo | None:
        info, self.dialog_info = self.dialog_info, None
        if self.pending_dialog is None and self.pending_chooser is None:
            self.dialog_seen.clear()
        return info


async def unless_blocked(tab: Tab, call: Awaitable[T]) -> T:
    """Await ``call`` unless a dialog the page opens meanwhile blocks it.

    While an alert, confirm or prompt is open the page runs no script, so a
    call that needs the page would wait as long as the dialog stays open;
    instead this raises ModalStateBlockedError (the dialog stays held for
    handle_dialog). Timeouts stay the caller's business.
    """
    task = asyncio.ensure_future(call)
    blocked = asyncio.ensure_future(tab.blocked.wait())
    try:
        await asyncio.wait({task, blocked}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        blocked.cancel()
        if not task.done():  # a dialog holds the page, or we were cancelled
            task.cancel()
        # Also when it failed just as we were cancelled (a 1 ms timeout): nobody
        # else retrieves that error.
        task.add_done_callback(swallow)
    if not task.done() or task.cancelled():
        raise tab.modal_error() or ModalStateBlockedError("a dialog holds the page")
    # Page text enters Python here: lone surrogates become U+FFFD (see _text).
    return well_formed(task.result())


def stale_ref(
    ref: str,
    printed_in: int,
    tab: Tab,
    *,
    now: int | None = None,
    hint: str = "take a new snapshot and use its refs",
) -> StaleRefError:
    """The error for a ref printed in an earlier generation, naming both and the new URL."""
    current = tab.generation if now is None else now
    return StaleRefError(
        f"ref {ref} is from generation {printed_in}; the page navigated to "
        f"{tab.page.url} (generation {current})",
        hint=hint,
    )


def apply_dialog_policy(tab: Tab, dialog: Dialog, policy: str) -> None:
    """Hold a dialog for handle_dialog (policy ``ask``), or answer it at once and note it.

    A document that opens a storm of dialogs (10 within a second) the policy
    answers has its further dialogs silenced (see :func:`silence_dialogs`),
    and the noted dialog says so.
    """
    storm = tab.count_dialog()
    if tab.leaving:
        # The document is being left: nobody will answer. A beforeunload is
        # accepted (leaving is what was asked), anything else dismissed; and
        # the document opens no more, since its next dialog could open as the
        # navigation starts and hold it.
        task = asyncio.ensure_future(
            dialog.accept() if dialog.type == "beforeunload" else dialog.dismiss()
        )
        task.add_done_callback(swallow)
        if not tab.dialogs_silenced:
            _silence_soon(tab)
        return
    if storm:
        tab.dialogs_silenced = True  # at once: the dialogs still on their way say so too
    if policy == "ask":
        tab.hold_dialog(dialog)
        return
    accept = policy == "accept"
    handled: Literal["accepted", "dismissed"] = "accepted" if accept else "dismissed"
    message, default = well_formed_str(dialog.message), well_formed_str(dialog.default_value)
    if tab.dialogs_silenced:
        message += (
            f" [a dialog storm: {_STORM_DIALOGS} dialogs within {_STORM_S:g} s; this page's "
            "further alert/confirm/prompt calls are suppressed until it navigates]"
        )
    tab.note_dialog(DialogInfo(dialog.type, message, default, handled))
    task = asyncio.ensure_future(dialog.accept() if accept else dialog.dismiss())
    task.add_done_callback(swallow)
    if storm:
        # Answering alone is no way out: a navigation that starts while the
        # next dialog opens may never commit (Chromium cannot answer it).
        _silence_soon(tab)


def _silence_soon(tab: Tab) -> None:
    """Start :func:`silence_dialogs` for ``tab``; it counts as silenced at once."""
    tab.dialogs_silenced = True
    silencing = asyncio.ensure_future(silence_dialogs(tab, _STORM_S))
    silencing.add_done_callback(swallow)
    tab.silencing = silencing


async def silence_dialogs(tab: Tab, seconds: float) -> bool:
    """Make the document's alert, confirm and prompt return at once without opening.

    Within ``seconds``; False if the page did not answer (a script that never
    yields). Chromium cannot answer a dialog that opens as a navigation
    starts, and such a dialog holds the tab until it is closed, so a document
    that storms, or that a navigation leaves after it opened dialogs, is
    silenced first. The page could call a reference it kept: the dialog is
    then answered as usual, and a tab that stops answering is replaced.
    """
    tab.dialogs_silenced = True
    try:
        cdp = await asyncio.wait_for(tab.cdp_session(), seconds)
        call = cdp.send(
            "Runtime.evaluate",
            {"expression": f"({page_scripts.SILENCE_DIALOGS})()", "returnByValue": True},
        )
        await asyncio.wait_for(call, seconds)
    except (PlaywrightError, asyncio.TimeoutError):
        return False
    return True


def swallow(task: asyncio.Future[Any]) -> None:
    """A done-callback that retrieves a background task's error, so none is logged."""
    if not task.cancelled():
        task.exception()


def on_close(tab: Tab, callback: Callable[[Tab], None]) -> None:
    """Call ``callback(tab)`` once the page closes."""

    def closed(_page: Any) -> None:
        tab.closed = True
        callback(tab)

    tab.listen(tab.page, "close", closed)
