"""Turning a target (ref, ``d``-ref, selector, frame, point) into exactly one element.

A ref never acts on an element other than the one its snapshot showed: an
outline ref is checked against the generation that printed it, a ``d``-ref
against the document and generation its ``dom()``/``scan()`` reply came
from, and a selector must match one element unless ``nth`` picks one.
Every ref is then bound to its element for the action (``binding``):
its locator matches that element only, so a navigation or a change of the
page during the action makes it fail with a typed error, never land on
another element.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable
from typing import Any, NamedTuple, TypeVar

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Locator, Page

from browserkit._async.capture.isolated_world import DOM_HINT, World
from browserkit._async.capture.outline_capture import Capture
from browserkit._async.core import page_scripts
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab, stale_ref
from browserkit._async.targeting.binding import Binder, Bound
from browserkit._async.targeting.picked_refs import P_REF, Picks
from browserkit.errors import (
    BrowserkitError,
    FrameNotFoundError,
    InvalidArgumentError,
    ModalStateBlockedError,
    RefNotFoundError,
    StaleRefError,
    TargetNotFoundError,
)
from browserkit.refs import DOM_REF, REF_SHAPE, Ref, bare_ref
from browserkit.targets import Point, Selector, Target, describe

__all__ = ["Aim", "Targets", "dom_ref_of", "test_id_css"]

T = TypeVar("T")


class Aim(NamedTuple):
    """Where an action lands: an element's locator, or a viewport point.

    ``more`` holds the aims of an action's further targets (drag's drop
    target, fill_form's fields), resolved with the first. ``bound`` is set
    when the locator is bound to the one element a ref named (every ref
    target): it matches nothing else, in no other document.
    """

    locator: Locator | None
    xy: tuple[float, float] | None
    more: tuple[Aim, ...] = ()
    bound: Bound | None = None


class Targets:
    """Resolves the targets a session's calls are given."""

    def __init__(self, core: SessionCore, capture: Capture, world: World) -> None:
        self._core = core
        self._capture = capture
        self._world = world
        self._binder = Binder(core)
        self.picks = Picks(core, self._binder)

    @property
    def binder(self) -> Binder:
        """The binder pinning this session's targets (the hit check runs beside its pins)."""
        return self._binder

    async def resolve(self, tab: Tab, target: Target, ms: float) -> tuple[Locator, str]:
        """A locator for exactly the element ``target`` names, and a label for messages."""
        locator, label, _ = await self._resolve(tab, target, ms)
        return locator, label

    async def _resolve(
        self, tab: Tab, target: Target, ms: float
    ) -> tuple[Locator, str, Bound | None]:
        if isinstance(target, Ref):
            if target.tab_id != tab.tab_id and target.tab_id in self._core.tabs:
                tab = self._core.tabs[target.tab_id]
            bound = await self._ref(tab, target.id, target.generation, ms)
            return bound.locator(), target.id, bound
        if isinstance(target, str):
            bound = await self._ref(tab, target, None, ms)
            return bound.locator(), target, bound
        if isinstance(target, Selector):
            return await self._selector(tab, target, ms), target.describe(), None
        if isinstance(target, Point):
            raise InvalidArgumentError("a point cannot be used here; give a ref or a selector")
        raise InvalidArgumentError(
            "a target must be a ref string, a Ref, a selector or a point, "
            f"got {type(target).__name__}"
        )

    async def aim(self, tab: Tab, target: Target, ms: float) -> Aim:
        """Where an action on ``target`` lands: its element, or a point in the viewport."""
        if isinstance(target, Point):
            return Aim(None, await self._point_xy(tab, target, ms))
        locator, _, bound = await self._resolve(tab, target, ms)
        return Aim(locator, None, bound=bound)

    async def run_bound(self, tab: Tab, aim: Aim, action: Awaitable[T]) -> T:
        """Await an action on ``aim``; when it fails because a bound element was
        removed or its page navigated, raise that (``ref_not_found``,
        ``stale_ref``) instead of the action's own error."""
        bounds = [a.bound for a in (aim, *aim.more) if a.bound is not None]
        if not bounds:
            await self._binder.settle_guards(tab)
            return await action
        try:
            await self._binder.arm(tab)
            return await action
        except (StaleRefError, RefNotFoundError, ModalStateBlockedError):
            raise
        except (PlaywrightError, BrowserkitError):
            typed = await self._binder.explain(tab, bounds)
            if typed is None:
                raise
            raise typed from None
        finally:
            # Shielded: a timed-out action is cancelled, its guard still goes.
            await asyncio.shield(self._binder.disarm(tab))

    async def _ref(self, tab: Tab, ref: str, generation: int | None, ms: float) -> Bound:
        ref = bare_ref(ref)
        if not REF_SHAPE.match(ref):
            raise InvalidArgumentError(
                f"{ref!r} is not a ref",
                hint="refs look like e3 or f1e2; take a snapshot to get them",
            )
        if DOM_REF.match(ref):
            # Refs handed out by dom() name elements the outline may not show.
            return await self._dom_ref(tab, ref, generation, ms)
        if P_REF.match(ref):
            return await self.picks.bind(tab, ref, generation, ms)  # a person picked it
        printed_in = generation if generation is not None else tab.ref_generation
        if printed_in is None:
            raise RefNotFoundError(
                f"no snapshot of tab {tab.tab_id} has printed refs yet",
                hint="take a snapshot and use its refs",
            )
        if printed_in != tab.generation:
            raise stale_ref(ref, printed_in, tab)
        if ref not in tab.refs:
            earlier = tab.generation_that_printed(ref)
            if earlier is not None:
                raise stale_ref(ref, earlier, tab, hint="use the refs of the latest snapshot")
            raise RefNotFoundError(
                f"ref {ref} was not printed by any snapshot of this page "
                f"(generation {tab.generation})",
                hint="take a new snapshot and use its refs",
            )
        # Pinned where Playwright's aria-ref engine finds it now, in the
        # document of the ref's generation (checked just above).
        count, bound = await self._binder.pin_ref(tab, ref, printed_in, ms)
        if count == 1:
            return bound
        rebuilt = await self._rebuilt(tab, ref, printed_in, ms)
        if rebuilt is not None:
            return rebuilt
        # Playwright resolves refs against the last outline it printed; an
        # outline of part of the page (or none yet) may not hold this ref.
        # Refs are stable per element, so a fresh outline re-registers it,
        # unless the element is gone or the page navigated meanwhile.
        text, gen_now = await self._capture.outline(tab, ms)
        if gen_now != printed_in:
            raise stale_ref(ref, printed_in, tab, now=gen_now)
        self._capture.record(tab, text, gen_now)  # same generation: same elements
        count, bound = await self._binder.pin_ref(tab, ref, printed_in, ms)
        if count == 1 and bound.base is not tab.page:
            # Same generation means the same main-frame document, not the
            # same iframe documents: an iframe that loaded a new document
            # numbers its refs from the start again, so the outline just
            # taken may give this ref to an element its snapshot never showed.
            raise RefNotFoundError(
                f"ref {ref} is gone: its iframe's element was removed, or the iframe "
                "loaded a new document",
                hint="take a new snapshot and use its refs",
            )
        if count != 1:
            rebuilt = await self._rebuilt(tab, ref, printed_in, ms)  # up to the outline just read
            if rebuilt is not None:
                return rebuilt
            raise RefNotFoundError(
                f"ref {ref} is gone: its element was removed or changed role, name or content",
                hint="take a new snapshot and use its refs",
            )
        return bound

    async def _rebuilt(self, tab: Tab, ref: str, generation: int, ms: float) -> Bound | None:
        """The element ``ref``'s own was rebuilt as, pinned, when the page re-rendered it
        with the same content at the same place (see :class:`~browserkit.refs.RefTrail`);
        None when it was not, or that element is gone too."""
        now = tab.trail.follow(ref, generation)
        if now is None:
            return None
        count, bound = await self._binder.pin_ref(tab, now, generation, ms)
        return bound._replace(ref=ref) if count == 1 else None

    async def _dom_ref(self, tab: Tab, ref: str, generation: int | None, ms: float) -> Bound:
        """The element a ``d``-ref names, bound for the action (never another one).

        The isolated world knows the element; CDP hands exactly that node to
        Playwright's utility world (see ``binding``), so no selector is
        ever matched again against a page that may have changed.
        """
        match = DOM_REF.match(ref)
        if match is None:
            raise RefNotFoundError(f"ref {ref} is not known on this page")
        if generation is not None and generation != tab.generation:
            raise stale_ref(ref, generation, tab, hint=DOM_HINT)
        number = int(match.group(1))
        reply = await self._world.call(tab, f"locate({number})", ms, f"resolve ref {ref}")
        info = reply.value
        self._world.check_printed(tab, ref, number, str(info["token"]))
        if not info["alive"]:
            raise RefNotFoundError(
                f"ref {ref} is gone: its element was removed from the page",
                hint=DOM_HINT,
            )
        object_id = await self._world.element(tab, number, str(info["token"]), ms)
        if object_id is None:
            # The world answers for another document now, or the element left.
            if tab.generation != reply.generation:
                raise stale_ref(ref, reply.generation, tab, hint=DOM_HINT)
            raise RefNotFoundError(
                f"ref {ref} is gone: its element was removed from the page", hint=DOM_HINT
            )
        return await self._binder.pin_object(tab, object_id, ref, reply.generation, ms)

    async def in_world(
        self, tab: Tab, target: Target, ms: float
    ) -> tuple[Tab, dict[str, Any]] | None:
        """How the isolated world finds ``target``: its d-ref, or its structural path.

        None when the element is inside an iframe (the world reads the main
        frame's document).
        """
        direct = dom_ref_of(target)
        if direct is not None and (not isinstance(target, Ref) or target.tab_id == tab.tab_id):
            ref, number, generation = direct
            if generation is not None and generation != tab.generation:
                raise stale_ref(ref, generation, tab, hint=DOM_HINT)
            return tab, {"ref": number}
        locator, _ = await self.resolve(tab, target, ms)
        tab = self._core.tab_of(locator.page, tab)
        path = await self._core.bounded(
            locator.evaluate(page_scripts.ELEMENT_PATH, timeout=ms), "find element", ms, tab
        )
        if path is None:
            return None
        return tab, {"path": path}

    async def in_main_world(
        self, tab: Tab, target: Target, ms: float, reader: str
    ) -> tuple[Tab, dict[str, Any]]:
        """:meth:`in_world` for a reader of the main frame only (``dom``, ``markdown``).

        A point, or an element inside an iframe, is an invalid argument naming ``reader``.
        """
        if isinstance(target, Point):
            raise InvalidArgumentError(f"{reader}() needs an element target, not a point")
        where = await self.in_world(tab, target, ms)
        if where is None:
            raise InvalidArgumentError(
                f"{describe(target)} is inside an iframe; {reader}() reads the main frame",
                hint="use snapshot(target=...) to read inside frames",
            )
        return where

    async def present(self, tab: Tab, sel: Selector, ms: float) -> bool:
        """Whether ``sel`` matches now (its ``nth`` match, when given): what waiting polls.

        A frame that is not there yet, like an element, may still come.
        """
        try:
            _, count = await self._matches(tab, sel, ms)
        except FrameNotFoundError:
            return False
        return count > 0 if sel.nth is None else _nth_index(sel.nth, count) is not None

    async def _matches(self, tab: Tab, sel: Selector, ms: float) -> tuple[Locator, int]:
        """Every element ``sel`` matches, and how many (counted within ``ms``)."""
        base = tab.page if sel.frame is None else await self._frame(tab, sel.frame)
        locator = self.locate(base, sel)
        # Bounded: count() has no timeout, and a busy page never answers it.
        count = await self._core.bounded(_count(locator, sel), f"find {sel.describe()}", ms, tab)
        if count == 0 and sel.kind == "label":
            # A <label> that wraps its control counts the control's own text
            # (a select's options) in its text; fall back to a substring
            # match, still refusing to pick one of several.
            locator = base.get_by_label(sel.value)
            count = await self._core.bounded(
                _count(locator, sel), f"find {sel.describe()}", ms, tab
            )
        return locator, count

    def locate(self, base: Page | Frame, sel: Selector) -> Locator:
        """Every element ``sel`` matches in ``base``, as a Playwright locator (not counted)."""
        kind = sel.kind
        if kind == "css":
            locator = base.locator(sel.value)
        elif kind == "xpath":
            locator = base.locator(f"xpath={sel.value}")
        elif kind == "role":
            role_name: Any = sel.value  # Playwright types it as a Literal of ARIA roles
            locator = base.get_by_role(role_name, name=sel.name, exact=sel.name is not None)
        elif kind == "label":
            locator = base.get_by_label(sel.value, exact=True)
        elif kind == "placeholder":
            locator = base.get_by_placeholder(sel.value, exact=True)
        elif kind == "test_id":
            # Not get_by_test_id: its attribute is global to the Playwright
            # process, and browsers with different configs share that.
            locator = base.locator(test_id_css(self._core.config.test_id_attribute, sel.value))
        else:
            locator = base.get_by_text(sel.value, exact=True)
        return locator

    async def _selector(self, tab: Tab, sel: Selector, ms: float) -> Locator:
        locator, count = await self._matches(tab, sel, ms)
        if count == 0:
            if sel.kind == "test_id":
                attribute = self._core.config.test_id_attribute
                raise TargetNotFoundError(
                    f"no element has {attribute}={sel.value!r}",
                    hint=f"check the test id (the attribute is Config.test_id_attribute, "
                    f"{attribute}), or take a snapshot and use a ref",
                )
            raise TargetNotFoundError(f"{sel.describe()} matched no element")
        if sel.nth is None:
            if count > 1:
                raise InvalidArgumentError(
                    f"{sel.describe()} matched {count} elements",
                    hint=f"pass nth= (0..{count - 1}) to pick one, or use a ref from a snapshot",
                )
            return locator
        index = _nth_index(sel.nth, count)
        if index is None:
            raise TargetNotFoundError(f"{sel.describe()}: only {count} elements matched")
        return locator.nth(index)

    async def _frame(self, tab: Tab, spec: str) -> Frame:
        """The frame ``spec`` names: its name, a url substring, its title, or an iframe CSS path.

        A CSS path joins nested iframes with `` >> `` (``"#outer >> iframe.pay"``).
        """
        children = tab.page.frames[1:]
        for frame in children:
            if spec == frame.name:
                return frame
        for frame in children:
            if spec in frame.url:
                return frame
        for frame in children:
            try:
                if await frame.title() == spec:
                    return frame
            except PlaywrightError:
                continue
        frame = tab.page.main_frame
        for part in (p.strip() for p in spec.split(" >> ")):
            try:
                handle = await frame.query_selector(part)
            except PlaywrightError:
                handle = None
            child = await handle.content_frame() if handle is not None else None
            if child is None:
                names = ", ".join(f.name or f.url for f in children) or "none"
                raise FrameNotFoundError(
                    f"no frame matches {spec!r} (frames: {names})",
                    hint="name a frame by its name, a url substring, its title, "
                    "or a CSS selector of its <iframe>",
                )
            frame = child
        return frame

    async def _point_xy(self, tab: Tab, point: Point, ms: float) -> tuple[float, float]:
        if point.space == "viewport":
            return point.x, point.y
        vw, vh, sx, sy = await self._core.bounded(
            tab.page.evaluate("() => [innerWidth, innerHeight, scrollX, scrollY]"), "scroll", ms
        )
        x, y = point.x - sx, point.y - sy
        if not (0 <= x < vw and 0 <= y < vh):
            await self._core.bounded(
                tab.page.evaluate(
                    "([x, y]) => window.scrollTo(x - innerWidth / 2, y - innerHeight / 2)",
                    [point.x, point.y],
                ),
                "scroll",
                ms,
            )
            sx, sy = await tab.page.evaluate("() => [scrollX, scrollY]")
            x, y = point.x - sx, point.y - sy
        return x, y


def dom_ref_of(target: Target | None) -> tuple[str, int, int | None] | None:
    """(ref, number, generation) when ``target`` is a ``d``-ref, else None."""
    if isinstance(target, Ref):
        ref, generation = target.id, target.generation
    elif isinstance(target, str):
        ref, generation = bare_ref(target), None
    else:
        return None
    match = DOM_REF.match(ref)
    if match is None:
        return None
    return ref, int(match.group(1)), generation


def test_id_css(attribute: str, value: str) -> str:
    """A CSS selector for elements whose ``attribute`` is exactly ``value``.

    Every ASCII character but letters, digits, ``-`` and ``_`` is written as a
    CSS hex escape, so quotes, backslashes and control characters in a test id
    match literally; other characters need no escape in a CSS string.
    Playwright's CSS engine runs it through open shadow roots.
    """
    name = re.sub(r"[^A-Za-z0-9_-]", lambda m: "\\" + m.group(0), attribute)
    text = "".join(
        c if not c.isascii() or c.isalnum() or c in "-_" else f"\\{ord(c):x} " for c in value
    )
    return f'[{name}="{text}"]'


def _nth_index(nth: int, count: int) -> int | None:
    """The 0-based index ``nth`` names among ``count`` matches (negative: from the end),
    or None when there are not that many."""
    index = nth if nth >= 0 else count + nth
    return index if 0 <= index < count else None


async def _count(locator: Locator, sel: Selector) -> int:
    """How many elements a selector matches; a malformed selector is the caller's error."""
    try:
        return await locator.count()
    except PlaywrightError as exc:
        if locator.page.is_closed():
            raise  # the page or the browser went away: the caller's bounded() says which
        first = str(exc.message if hasattr(exc, "message") else exc).strip().splitlines()
        raise InvalidArgumentError(
            f"{sel.describe()} is not a valid {sel.kind} selector: {first[0] if first else ''}",
            hint="check the selector syntax, or use a ref from a snapshot",
        ) from None
