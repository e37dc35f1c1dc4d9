"""Session events: what happened in a session, told to the add-ons that watch it.

The session core owns one :class:`Events` hub (``core.events``). The action
pipeline, navigation, the tabs, the dialog policy and handoffs tell it what
happened; an :class:`Observer` (the live view, a recording, anything later)
subscribes to hear it, and unsubscribes when it stops. Whoever emits knows
nothing of who listens, so the pipeline imports neither the live view nor
the recording.

Events are plain calls. The two that bracket an action may also be
awaited: an observer that needs to (a recording opens and ends a trace
group there) returns an awaitable, which the action awaits, bounded by
:data:`OBSERVER_BOUND_S`; one that does not returns None and costs the
action no suspension. An observer that raises or overruns is logged at
debug level and skipped: it never breaks the action.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar

import attrs

from browserkit._async.core.tab import Baseline, Tab
from browserkit._steps import Step
from browserkit.results import ActionResult, DialogInfo, HistoryMove, Navigation
from browserkit.targets import Selector, Target

__all__ = [
    "OBSERVER_BOUND_S",
    "ActionEnded",
    "ActionStarted",
    "DialogOpened",
    "Events",
    "FormFields",
    "HandoffEnded",
    "HandoffStarted",
    "Located",
    "Navigated",
    "Observer",
    "TabClosed",
    "TabOpened",
]

log = logging.getLogger("browserkit")

E = TypeVar("E")

OBSERVER_BOUND_S = 10.0
"""The longest one observer may take over an awaited event (a recording's trace
group takes up to two bounded round trips to Playwright's driver)."""

_ids = itertools.count(1)


def next_action_id() -> int:
    """A number that pairs an action's started and ended events."""
    return next(_ids)


@attrs.frozen
class Located:
    """Where an action's element was: its stable locator, its role, and its centre
    in the viewport (what a script step keeps, for a healing replay)."""

    selector: Selector
    box: tuple[float, float] | None = None
    role: str | None = None


@attrs.frozen
class FormFields:
    """The fields of a ``fill_form`` call, as given: a script step is made of each."""

    fields: tuple[Mapping[str, Any], ...]


@attrs.frozen
class ActionStarted:
    """An action (or a navigation) is about to send its input: its target resolved.

    ``before`` is the outline read before it, when the action is observed.
    ``step`` is what a script records of it if it succeeds (None: nothing,
    as for raw input or a style change).
    """

    action_id: int
    detail: str
    target: Target | None
    tab: Tab
    before: Baseline | None = None
    step: Step | FormFields | None = None


@attrs.frozen
class ActionEnded:
    """An action ended, with its result or the error it raised.

    Also sent for an action that failed before it started (a stale ref, a
    read-only session): then no :class:`ActionStarted` of that ``action_id``
    came first. Navigations end with a :class:`Navigation` or
    :class:`HistoryMove`. ``step`` is the started event's; ``located`` is
    where the action's element was, ``located_more`` its further targets'
    (a drag's drop target) when it asked for them, each made before the
    input went out.
    """

    action_id: int
    detail: str
    result: ActionResult | Navigation | HistoryMove | None = None
    error: BaseException | None = None
    step: Step | FormFields | None = None
    located: Located | None = None
    located_more: tuple[Located | None, ...] = ()


@attrs.frozen
class Navigated:
    """A tab's main frame committed a new document (its generation may have advanced)."""

    tab: Tab
    generation: int


@attrs.frozen
class TabOpened:
    tab: Tab


@attrs.frozen
class TabClosed:
    tab: Tab


@attrs.frozen
class DialogOpened:
    """A dialog or file chooser opened in ``tab`` (held, or answered by the dialog policy)."""

    tab: Tab
    info: DialogInfo


@attrs.frozen
class HandoffStarted:
    """A handoff waits for a person. Setting ``continued`` ends it as they pressed Continue
    (a live view's button does), the same as the banner in the page."""

    handoff_id: str
    instructions: str
    tab: Tab
    continued: asyncio.Event


@attrs.frozen
class HandoffEnded:
    handoff_id: str


class Observer:
    """Something that watches a session's events: override the methods you need.

    Every method is a plain call on the session's loop, a no-op here, and
    must not block. The action methods may be ``async def`` instead (their
    awaitable is awaited, bounded, before the action goes on).
    """

    def action_started(self, event: ActionStarted) -> Awaitable[None] | None:
        return None

    def action_ended(self, event: ActionEnded) -> Awaitable[None] | None:
        return None

    def navigated(self, event: Navigated) -> None:
        pass

    def tab_opened(self, event: TabOpened) -> None:
        pass

    def tab_closed(self, event: TabClosed) -> None:
        pass

    def dialog_opened(self, event: DialogOpened) -> None:
        pass

    def handoff_started(self, event: HandoffStarted) -> None:
        pass

    def handoff_ended(self, event: HandoffEnded) -> None:
        pass


class Events(Observer):
    """A session's event hub: tells each subscribed observer, in the order they subscribed."""

    def __init__(self) -> None:
        self._observers: list[Observer] = []

    @property
    def observers(self) -> tuple[Observer, ...]:
        return tuple(self._observers)

    def subscribe(self, observer: Observer) -> None:
        if observer not in self._observers:
            self._observers.append(observer)

    def unsubscribe(self, observer: Observer) -> None:
        if observer in self._observers:
            self._observers.remove(observer)

    async def action_started(self, event: ActionStarted) -> None:
        for observer in self.observers:
            await _bounded(observer.action_started, event)

    async def action_ended(self, event: ActionEnded) -> None:
        for observer in self.observers:
            await _bounded(observer.action_ended, event)

    def navigated(self, event: Navigated) -> None:
        self._tell(lambda o: o.navigated, event)

    def tab_opened(self, event: TabOpened) -> None:
        self._tell(lambda o: o.tab_opened, event)

    def tab_closed(self, event: TabClosed) -> None:
        self._tell(lambda o: o.tab_closed, event)

    def dialog_opened(self, event: DialogOpened) -> None:
        self._tell(lambda o: o.dialog_opened, event)

    def handoff_started(self, event: HandoffStarted) -> None:
        self._tell(lambda o: o.handoff_started, event)

    def handoff_ended(self, event: HandoffEnded) -> None:
        self._tell(lambda o: o.handoff_ended, event)

    def _tell(self, method: Callable[[Observer], Callable[[E], None]], event: E) -> None:
        for observer in self.observers:
            try:
                method(observer)(event)
            except Exception:
                log.debug("browserkit: observer %r failed on %r", observer, event, exc_info=True)


async def _bounded(call: Callable[[E], Awaitable[None] | None], event: E) -> None:
    """One observer's handling of ``event``, awaited (bounded) if it returned an
    awaitable; its failure is only logged."""
    try:
        pending = call(event)
        if pending is not None:
            await asyncio.wait_for(pending, OBSERVER_BOUND_S)
    except Exception:
        log.debug("browserkit: observer %r failed on %r", call, event, exc_info=True)
