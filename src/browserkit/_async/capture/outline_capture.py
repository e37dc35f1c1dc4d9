"""Capturing a tab's accessibility outline, and the baselines diffs are made from."""

from __future__ import annotations

import asyncio
import re
import time
import weakref
from collections.abc import Awaitable, Iterable
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator

from browserkit._async.capture.isolated_world import World
from browserkit._async.core import page_scripts
from browserkit._async.core.events import ActionStarted, Observer
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Baseline, Tab, unless_blocked
from browserkit._steps import Step
from browserkit.errors import BrowserkitError, TimeoutError
from browserkit.refs import OUTLINE_REF
from browserkit.snapshot import compact as compact_outline
from browserkit.snapshot import diff as diff_outlines
from browserkit.snapshot import parse as parse_outline
from browserkit.snapshot._changes import ticking_keys
from browserkit.snapshot._hidden import leave_out
from browserkit.snapshot._veiled import Veils, veil_count, veil_pairs, veil_renames

__all__ = ["Capture", "Read", "busy_error", "left_ms"]

_STAMP_MASK = (1 << 62) - 1
# An outline line of a field with its value: "- textbox "Card" [ref=e6]: 4111…".
_FIELD_VALUE = re.compile(
    r"^(?P<line>\s*- (?:textbox|searchbox|combobox|spinbutton)\b[^\n]*?\[ref=[^\]\n]+\]"
    r"(?: \[[^\]\n]*\])*: )(?P<value>[^\n]+)$",
    re.MULTILINE,
)
# When a frame could not be asked, the fields whose values are masked anyway.
_SECRET_ROLE = re.compile(r"\s*- textbox\b")
_MASK = "••••"
# Word pairs inline markup runs together that one read lists at most (see compact()).
_GLUE_PAIRS = 2000
# Table rows a tab remembers the agent was shown (the newest), to fold on its return.
_SHOWN_ROWS = 5000
# Places a page is known to change on its own that a tab remembers.
_TICKING_KEYS = 256
# A main-frame ref as an outline prints it.
_MAIN_REF = re.compile(r"\[ref=(e\d+)\]")
# The texts the agent typed, chose or searched for last that a tab remembers.
_WANTED = 8
# Hidden texts one read lists at most, and the bound on reading them with the glue.
_HIDDEN_TEXTS = 500
_BESIDE_MS = 5000
# The veils whose words one read lists at most (see Capture._carry_veiled).
_VEIL_WORDS = 200


class Read(NamedTuple):
    """An outline as captured: its text, its generation, how many texts no person
    can see it left out, and the word pairs the page runs together across inline
    elements (what :meth:`Capture.compact` joins without a space)."""

    text: str
    generation: int
    hidden: int
    glued: frozenset[tuple[str, str]]


class _Beside(NamedTuple):
    """What the reading world read beside an outline, and the generation it read."""

    hidden: list[tuple[str, bool]] | None
    glued: frozenset[tuple[str, str]]
    veils: Veils | None
    generation: int


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _remember(known: dict[str, int], read: Iterable[str], most: int) -> dict[str, int]:
    """``known`` (rows by their places in what the agent read, oldest first) with
    ``read`` placed after them in its order, keeping the ``most`` newest."""
    kept = dict(known)
    start = next(reversed(kept.values()), -1) + 1
    for at, row in enumerate(read):
        kept.pop(row, None)
        kept[row] = start + at
    for old in list(kept)[: max(0, len(kept) - most)]:
        del kept[old]
    return kept


def left_ms(deadline: float) -> float:
    """Milliseconds until ``deadline`` (a ``time.monotonic()`` value), never below 1."""
    return max(1.0, (deadline - time.monotonic()) * 1000)


def busy_error(what: str, ms: float) -> TimeoutError:
    """The timeout of a read the page never answered."""
    return TimeoutError(
        f"{what} did not finish within {int(ms)} ms: the page did not answer (a script "
        "that never yields, or a very large document, keeps it busy)",
        hint="raise timeout_ms for a large page; navigate or reload recovers a stuck one",
    )


class _Memory:
    """What the capture remembers of one tab besides its baseline: the tab's count of
    calls when the baseline was read (what changed since, with only the current action
    in between, the page did by itself), where this generation's page changes on its
    own (snapshot diff keys), and what the agent was shown by origin: the landmarks
    (banner, menus, sidebar, footer) of the last whole page, which the next page's
    answer folds when they read the same (``snapshot.compact(seen=)``), and the table
    rows, by their places in what it read, oldest first, a few thousand, which a page
    it returns to folds (``snapshot.compact(read_rows=)``), and the last whole-page
    outline read, which the next one's refs are carried over from where a popup hid
    the page (see :meth:`Capture._carry_veiled`), and what the agent typed, chose or
    searched for last, which no fold hides (``snapshot.compact(wanted=)``)."""

    __slots__ = (
        "baseline_acts",
        "last_whole",
        "shown_landmarks",
        "shown_rows",
        "ticking",
        "ticking_generation",
        "veiled",
        "wanted",
    )

    def __init__(self) -> None:
        self.baseline_acts = -1
        self.last_whole: tuple[int, str, Veils | None] = (-1, "", None)
        self.ticking: frozenset[str] = frozenset()
        self.ticking_generation = -1
        self.shown_landmarks: dict[str, frozenset[str]] = {}
        self.shown_rows: dict[str, dict[str, int]] = {}
        self.wanted: tuple[str, ...] = ()
        self.veiled: tuple[int, frozenset[str]] = (-1, frozenset())


class Capture(Observer):
    """Outlines of a session's tabs, the refs they printed, and the baselines diffs are
    made from: the one writer of ``Tab.baseline``."""

    def __init__(self, core: SessionCore, world: World) -> None:
        self._core = core
        self._world = world
        core.events.subscribe(self)  # what the agent types: see want()
        self._memory: weakref.WeakKeyDictionary[Tab, _Memory] = weakref.WeakKeyDictionary()

    def _of(self, tab: Tab) -> _Memory:
        memory = self._memory.get(tab)
        if memory is None:
            memory = self._memory[tab] = _Memory()
        return memory

    def keep(self, tab: Tab, base: Baseline) -> None:
        """Make ``base`` the tab's baseline: the outline the next diff is made from."""
        tab.keep_baseline(base)
        self._of(tab).baseline_acts = tab.acts

    def ticking(self, tab: Tab, generation: int) -> frozenset[str]:
        """Where the tab's page of ``generation`` is known to change on its own."""
        memory = self._of(tab)
        return memory.ticking if memory.ticking_generation == generation else frozenset()

    def _changed_by_itself(self, tab: Tab, keys: frozenset[str], generation: int) -> None:
        """Note where the page changed with no call of ours in between (bounded)."""
        memory = self._of(tab)
        if generation != memory.ticking_generation:
            memory.ticking, memory.ticking_generation = frozenset(), generation
        if len(memory.ticking) < _TICKING_KEYS:
            memory.ticking = memory.ticking | keys

    async def drawing(self, tab: Tab, ms: float) -> bool:
        """Whether the page has drawn its chrome but not its main panel yet: a main
        landmark is shown with nothing in it to read or use (``drawing()`` in
        ``js/reading_world_scan.js``). False when the page cannot say in time."""
        try:
            reply = await self._world.call(tab, "drawing()", ms, "read the new page")
        except (BrowserkitError, PlaywrightError):
            return False
        return reply.value is True

    async def outline(
        self, tab: Tab, ms: float, locator: Locator | None = None, depth: int | None = None
    ) -> tuple[str, int]:
        """An ai-mode outline of what a person can see, and the generation it belongs
        to (see :meth:`read`)."""
        read = await self.read(tab, ms, locator, depth)
        return read.text, read.generation

    async def read(
        self,
        tab: Tab,
        ms: float,
        locator: Locator | None = None,
        depth: int | None = None,
        *,
        include_hidden: bool = False,
    ) -> Read:
        """An ai-mode outline, retried across a navigation.

        Texts no person can see are left out unless ``include_hidden`` (see
        :func:`~browserkit.snapshot._hidden.leave_out`); the reading world
        says which, beside the capture. ``ms`` bounds the whole capture,
        retries included: each try gets what is left, never a fresh timeout.
        """
        deadline = time.monotonic() + ms / 1000
        for _ in range(3):
            generation = tab.generation
            left = left_ms(deadline)
            if locator is not None:
                coro = locator.aria_snapshot(mode="ai", depth=depth, timeout=left)
            else:
                coro = tab.page.aria_snapshot(mode="ai", depth=depth, timeout=left)
            # Read beside the capture, as part of it: never left running past this try.
            beside = asyncio.ensure_future(self._beside(tab, left, include_hidden))
            try:
                text = await self._core.bounded(coro, "snapshot", left, tab)
                found = await beside
            except TimeoutError:
                if tab.generation != generation and time.monotonic() < deadline:
                    continue
                raise busy_error("snapshot", ms) from None
            except BrowserkitError:
                if tab.generation != generation and time.monotonic() < deadline:
                    continue
                raise
            finally:
                if not beside.done():
                    beside.cancel()
            whole = locator is None and depth is None
            hidden, glued = 0, frozenset[tuple[str, str]]()
            veils = found.veils if found.generation == generation else None
            if found.generation == generation:
                glued = found.glued
                if found.hidden is not None:
                    text, hidden = leave_out(text, found.hidden)
            if tab.generation == generation:
                text = tab.display_refs(text, generation, whole=locator is None)
                if whole:
                    text = self._carry_veiled(tab, text, generation, veils)
                if not self._core.config.show_secrets:
                    text = await self._mask(tab, text, left_ms(deadline))
                # Redacted before anything reads it: trees, diffs, finds, baselines.
                text = self._core.config.secrets.redact(text)
                if whole:
                    tab.trail.saw(text, generation)
                return Read(text, generation, hidden, glued)
            if time.monotonic() >= deadline:
                break
        raise TimeoutError(
            "the page kept navigating while a snapshot was taken",
            hint="wait for the page to settle, then snapshot again",
        )

    def action_started(self, event: ActionStarted) -> None:
        """Note what an action types or chooses (never a secret: a secret's step
        holds only its name), for the folds of the outlines read next."""
        step = event.step
        if isinstance(step, Step) and step.action == "type" and step.text:
            self.want(event.tab, step.text)
        elif isinstance(step, Step) and step.action == "select":
            self.want(event.tab, *step.values)

    def want(self, tab: Tab, *texts: str) -> None:
        """Remember ``texts`` as what the agent typed, chose or searched for last in
        ``tab`` (the newest :data:`_WANTED` of them): no fold hides what holds one."""
        memory = self._of(tab)
        kept = [t for t in memory.wanted if t not in texts]
        memory.wanted = (*kept, *(t for t in texts if t.strip()))[-_WANTED:]

    def _carry_veiled(self, tab: Tab, text: str, generation: int, veils: Veils | None) -> str:
        """``text`` (a whole-page outline) with the refs of elements a popup hid from
        assistive technology, or stopped hiding, as the last outline printed them
        (see :mod:`~browserkit.snapshot._veiled`). ``veils`` is what the reading
        world found veiled beside this outline (None when it could not say)."""
        memory = self._of(tab)
        last = memory.last_whole if memory.last_whole[0] == generation else None
        memory.last_whole = (generation, text, veils)
        if last is None:
            return text
        printed = veil_count(text) != veil_count(last[1])
        # A veil on a box the outline does not print: only the reading world sees it.
        was = last[2]
        live = veils is not None and was is not None and veils.under != was.under
        if not printed and not live:
            return text
        before, after = parse_outline(last[1]), parse_outline(text)
        words = (was, veils) if live and was is not None and veils is not None else None
        pairs = veil_renames(before, after, words) | veil_pairs(before, after)
        if not pairs:
            return text
        tab.carry_refs(generation, pairs)
        text = _MAIN_REF.sub(lambda m: f"[ref={pairs.get(m[1], m[1])}]", text)
        memory.last_whole = (generation, text, veils)
        if live:
            kept = memory.veiled[1] if memory.veiled[0] == generation else frozenset()
            memory.veiled = (generation, kept | frozenset(pairs.values()))
        return text

    def veiled(self, tab: Tab, generation: int) -> frozenset[str]:
        """Refs of the tab's page of ``generation`` carried through a veil the outline
        does not print (``SnapshotDiff.veiled``)."""
        memory = self._of(tab)
        return memory.veiled[1] if memory.veiled[0] == generation else frozenset()

    async def _beside(self, tab: Tab, ms: float, include_hidden: bool) -> _Beside:
        """What the reading world reads beside an outline, in one call: the texts of
        the page no person can see (``js/reading_world_seen.js``; not asked for with
        ``include_hidden``) and the word pairs inline markup runs together
        (``js/reading_world_text.js``). Nothing when the page cannot say in time."""
        limit = 0 if include_hidden else _HIDDEN_TEXTS
        try:
            reply = await self._world.call(
                tab,
                f"beside({limit}, {_GLUE_PAIRS}, {_VEIL_WORDS})",
                min(ms, _BESIDE_MS),
                "read what is shown",
            )
        except (BrowserkitError, PlaywrightError):
            return _Beside(None, frozenset(), None, -1)
        if not isinstance(reply.value, list) or len(reply.value) != 3:
            return _Beside(None, frozenset(), None, -1)
        unseen, pairs, veils = reply.value
        hidden = (
            [
                (str(item[0]), bool(item[1]))
                for item in unseen
                if isinstance(item, list) and len(item) == 2
            ]
            if isinstance(unseen, list)
            else None
        )
        glued = frozenset(
            (str(pair[0]), str(pair[1]))
            for pair in (pairs if isinstance(pairs, list) else [])
            if isinstance(pair, list) and len(pair) == 2
        )
        return _Beside(hidden, glued, Veils.of(veils), reply.generation)

    async def _mask(self, tab: Tab, text: str, ms: float) -> str:
        """``text`` with the values of password and payment-card fields read ``••••``.

        Only an outline that shows a field value costs a round trip (every
        frame is asked side by side); a field whose value cannot be read in
        time is masked wherever the outline shows a field's value.
        """
        if not _FIELD_VALUE.search(text):
            return text
        reads = asyncio.gather(
            *(f.evaluate(page_scripts.SECRET_VALUES) for f in tab.page.frames),
            return_exceptions=True,
        )
        try:
            found = await asyncio.wait_for(unless_blocked(tab, reads), ms / 1000)
        except (asyncio.TimeoutError, BrowserkitError):
            found = [None]
        secrets: set[str] = set()
        unknown = False
        for values in found:
            if isinstance(values, list):
                secrets.update(str(v) for v in values)
            else:
                unknown = True  # a frame between documents, or busy: assume the worst
        if not secrets and not unknown:
            return text

        def hide(match: re.Match[str]) -> str:
            value = match.group("value")
            shown = value[1:-1] if len(value) > 1 and value[0] == value[-1] == '"' else value
            if (unknown and _SECRET_ROLE.match(match.group("line"))) or shown in secrets:
                return match.group("line") + _MASK
            return match.group(0)

        return _FIELD_VALUE.sub(hide, text)

    async def stamp(self, tab: Tab, ms: float) -> tuple[int, str | None]:
        """The page's change stamp (-1 when unknown, e.g. before our init script ran)
        and its title, in one round trip (frames are read side by side).

        Raises TimeoutError when the page does not answer within ``ms``: a
        page that cannot run this cannot be captured either.
        """
        frames = tab.page.frames
        try:
            reads = await self._core.unless_gone(
                asyncio.wait_for(
                    unless_blocked(
                        tab,
                        asyncio.gather(
                            *(f.evaluate(page_scripts.CHANGE_STAMP) for f in frames),
                            return_exceptions=True,
                        ),
                    ),
                    ms / 1000,
                )
            )
            values: list[Any] = []
            for read in reads:
                if isinstance(read, BaseException):
                    raise read
                values.append(read)
            stamps = tuple(int(stamp) for stamp, _ in values)
            title = str(values[0][1])
        except asyncio.TimeoutError:
            raise busy_error("snapshot", ms) from None
        except (PlaywrightError, TypeError, ValueError):
            return -1, None
        if len(stamps) == 1 or min(stamps) < 0:
            return stamps[0] if min(stamps) >= 0 else -1, title
        # Several documents: one stamp for them all, which moves when any
        # of theirs does (or a frame comes or goes).
        return hash(stamps) & _STAMP_MASK, title

    async def baseline(self, tab: Tab, ms: float) -> tuple[Baseline, str | None]:
        """A fresh whole-page outline, stamped first so a change during the capture shows.

        ``ms`` bounds the stamp and the capture together.
        """
        deadline = time.monotonic() + ms / 1000
        stamp, title = await self.stamp(tab, ms)
        read = await self.read(tab, left_ms(deadline))
        return Baseline(
            read.generation, read.text, stamp, hidden=read.hidden, glued=read.glued
        ), title

    async def before_action(
        self, tab: Tab, ms: float, stamp: Awaitable[tuple[int, str | None]] | None = None
    ) -> Baseline:
        """The outline just before an action: the last one when provably unchanged.

        What changed since the last one with no call in between, the page
        changed by itself: the tab notes where (the action's diff then
        summarises changes there as background).

        Reused only when it is of this generation and the stamp (of every
        frame's document) has not moved since it was read; otherwise
        captured again.
        ``stamp`` is a read of it already under way, if any.
        """
        last = tab.baseline
        read = stamp if stamp is not None else self.stamp(tab, ms)
        now = (await read)[0]
        if (
            last is not None
            and last.stamp >= 0
            and last.generation == tab.generation
            and now == last.stamp
        ):
            return last
        fresh = (await self.baseline(tab, ms))[0]
        if (
            last is not None
            and last.generation == fresh.generation
            and tab.acts == self._of(tab).baseline_acts + 1
        ):
            # Only this action was called since the agent's last read, and
            # it has not run yet: the page changed this by itself.
            by_itself = diff_outlines(last.outline, fresh.outline, baseline_generation=0)
            self._changed_by_itself(tab, ticking_keys(by_itself), fresh.generation)
        return fresh

    async def compact(
        self,
        tab: Tab,
        text: str,
        generation: int,
        *,
        max_tokens: int | None = None,
        open_top: bool = False,
        fold_seen: bool = False,
        focus: str | None = None,
        glued: frozenset[tuple[str, str]],
    ) -> str:
        """The compact outline of ``text``, its refs and the refs its expansion
        lines name recorded like any printed outline's (the same capture).

        A whole page's (not ``open_top``) landmarks are remembered for the
        tab's origin, and so are the table rows any outline prints; with
        ``fold_seen`` (a navigation's answer), landmarks that read as on the
        page the agent was shown before are folded, and so are rows it was
        shown on this origin before, where two or more stand together in the
        order it read them.
        ``focus`` is the heading a URL's fragment points at (see
        :func:`~browserkit.snapshot.compact`). ``glued``: the word pairs
        the page runs together, read with ``text`` (:attr:`Read.glued`).
        """
        origin = _origin(tab.page.url)
        memory = self._of(tab)
        seen = memory.shown_landmarks.get(origin, frozenset()) if fold_seen else frozenset()
        rows = memory.shown_rows.get(origin, {})
        short = compact_outline(
            text,
            max_tokens=max_tokens,
            open_top=open_top,
            seen=seen,
            read_rows=rows if fold_seen else None,
            focus=focus,
            glued=glued,
            wanted=memory.wanted,
        )
        if not open_top:
            memory.shown_landmarks = {origin: frozenset(short.landmarks)}
        if short.read_rows:
            memory.shown_rows = {origin: _remember(rows, short.read_rows, _SHOWN_ROWS)}
        self.record(tab, short.text, generation)
        tab.remember_refs(generation, set(short.expansions))
        return short.text

    def record(self, tab: Tab, text: str, generation: int) -> int:
        """Note the refs an outline printed (a later action may use them); their count."""
        refs = set(OUTLINE_REF.findall(text))
        tab.remember_refs(generation, refs)
        if refs:
            tab.warm_up()
        return len(refs)
