"""The loading policy: when a page still counts as loading, and when it has gone quiet.

Defined once here and used by settling after an action (``settle``), by
reading a page that just loaded (``arrival``) and by ``scan``'s render
state (``scan``):

- **Pending requests.** A document, script, XHR or fetch holds the page
  until its response arrives. The response counts, not the end of its body:
  a fetch whose body nobody reads never ends, and neither does a stream.
  Beacons (``ping``), images, styles, fonts, media and event streams never
  hold it, nor does a worker's own script: the page renders without it, and
  its response reaches the worker's target, not the page's (only its
  status does, and not when it comes from the cache).
- **Patience.** A request without a response after
  :data:`REQUEST_PATIENCE_MS` is taken for a long poll (or a beacon the
  server holds) and stops holding. The main frame's navigation has no
  patience: whoever waits follows it to its commit, within their own bound.
- **DOM quiet.** The DOM has been free of mutations for :data:`QUIET_MS`
  (``js/dom_quiet.js``).
- **Closing animations.** Once the DOM is quiet, an animation that ends
  with its element out of sight within :data:`ANIMATION_MS` holds the quiet
  window until it ends: a dialog that fades out changes the DOM only then.
- **Action timers.** Once the DOM is quiet, a timer of at most
  :data:`ACTION_TIMER_MS` that the page set while handling the action's
  events (or that such a timer set) holds the quiet window until it has run,
  for at most :data:`ACTION_TIMERS_MS` after the action returned: a
  debounced editor copies its text into the form that way.
- **Boot.** An empty app shell is given :data:`BOOT_MS` to render its first
  content.

Requests are followed from the session's own CDP events (the in-flight
table of ``Evidence``), never from the network buffer, whose ring may have
dropped a request that is still loading.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Iterable
from typing import Any

from playwright.async_api import Frame, Page

from browserkit._async.core import page_scripts

__all__ = [
    "ACTION_TIMERS_MS",
    "ACTION_TIMER_MS",
    "ANIMATION_MS",
    "BOOT_MS",
    "BUSY_WORDS",
    "CHAIN_MS",
    "LOADING_KINDS",
    "LOADING_WORDS",
    "QUIET_MS",
    "REQUEST_PATIENCE_MS",
    "SAMPLE_MS",
    "SOCKET_QUIET_MS",
    "SOCKET_REPLY_MS",
    "PendingRequests",
    "dom_quiet",
    "quiet_result",
]

LOADING_KINDS = frozenset({"document", "script", "xhr", "fetch"})
"""The resource types whose requests hold a page (CDP's ``type``, lower case).

Scripts are among them: a single-page app renders once its bundle (or the
chunk a click imports) has arrived."""

# The kinds whose answer may start the next request of a chain (see ``CHAIN_MS``).
_API_KINDS = frozenset({"xhr", "fetch"})

REQUEST_PATIENCE_MS = 1_500
"""How long a request may go without a response before it is taken for a
long poll: longer than an ordinary API call takes, far shorter than the
seconds a long-poll server holds a request."""

QUIET_MS = 20
"""DOM quiet window: long enough for a task queued by the action to run, and
for a frame to be rendered (work a page puts off to the next animation frame
runs within 16.7 ms); shorter than the interval of any DOM animation driven
by frames, so such a page never looks quiet.

After an action it is counted from the action's own last input event in the
page (or the last DOM change after it), so the time Playwright takes to
return from the action is part of the window rather than added to it."""

ANIMATION_MS = 1_000
"""An animation that hides its element and ends within this long holds the
quiet window, so a dialog that fades out or a panel that collapses (changing
the DOM only when its animation ends) is seen closed. UI transitions take a
few hundred milliseconds; a fade that ends later (a toast leaving after a
few seconds) is the page's own schedule and is not waited for."""

ACTION_TIMER_MS = 500
"""A timer the action's events set, of at most this delay, holds the quiet window
until it has run: debounces (an editor syncing its form field, a search box
waiting for a pause in typing) take a few hundred milliseconds. A longer one
(a toast's timeout, an idle logout) is the page's own schedule."""

ACTION_TIMERS_MS = 1_000
"""Action timers hold the window at most this long after the action returned,
however many the page sets (one that re-arms itself for ever included)."""

CHAIN_MS = 200
"""How long after a request that held the page ended a new page is watched for what
it brings: the next request of a chain (an app's config, then the chunk that draws
its page, then the page's data) or the render of its answer."""

SOCKET_REPLY_MS = 3_000
"""How long a settle (or an arrival) waits, past a quiet DOM, for the answer to a
WebSocket message the action (or the page, as it loaded) sent, never past the wait's
own bound: a script rerun draws its result in a second."""

SOCKET_QUIET_MS = 60
"""The answer is in once no frame came for this long after one did."""

BOOT_MS = 1_500
"""How long an empty app shell is given to render its first content (counted
from its load event by ``scan``, from the start of the read by a navigation)."""

LOADING_WORDS = ("loading", "please wait", "one moment")
"""How a text that says the page is still loading begins (case aside): an app shell
that says only this is still to render."""

BUSY_WORDS = "^(" + "|".join((*LOADING_WORDS, "processing", "generating", "thinking")) + r")\b"
"""The pattern of a text that says the page is working on something (case aside):
loading, or a job an action started. Not "running" or "pending": a table's status
column says those for good."""

SAMPLE_MS = 120
"""How long ``scan``, which never waits for the page, watches it for nodes
being added: a page that adds some meanwhile is still rendering."""


class PendingRequests:
    """The requests that hold one tab, kept up to date from its request events.

    :meth:`follow` is the observer to register with
    ``Evidence.observe_requests``; :meth:`adopt` takes in the requests that
    were already in flight when following began.
    """

    def __init__(self) -> None:
        # Request id -> when its patience runs out (monotonic; inf for a navigation).
        self._until: dict[str, float] = {}
        self._released = asyncio.Event()
        self.ended_at = -math.inf
        """When the last xhr or fetch that held the page let it go (monotonic): its
        response came, or it ended (see ``CHAIN_MS``)."""
        self.moved = asyncio.Event()
        """Set as a request that holds the page starts or lets it go."""

    def follow(self, kind: str, fields: dict[str, Any]) -> None:
        """Take in one request event: ``start``, ``response`` or ``end``."""
        if fields.get("resource_type") not in LOADING_KINDS or fields.get("_worker"):
            return
        request_id = str(fields["request_id"])
        if kind == "start":
            began = fields.get("_began")
            if not isinstance(began, float):
                began = time.monotonic()
            patience = math.inf if fields.get("_navigation") else REQUEST_PATIENCE_MS / 1000
            self._until[request_id] = began + patience
            self.moved.set()
        elif self._until.pop(request_id, None) is not None:
            if fields.get("resource_type") in _API_KINDS:
                self.ended_at = time.monotonic()  # answered: it holds the page no more
            self._released.set()
            self.moved.set()

    def adopt(self, in_flight: Iterable[dict[str, Any]]) -> None:
        """Take in requests already in flight (``Evidence.in_flight``)."""
        for fields in in_flight:
            if fields.get("status") is None:  # no response yet
                self.follow("start", fields)

    def holding(self) -> int:
        """How many requests hold the page now (those out of patience are let go)."""
        now = time.monotonic()
        for request_id, until in list(self._until.items()):
            if until <= now:
                del self._until[request_id]
        return len(self._until)

    async def settle(self, deadline: float) -> bool:
        """Wait until no request holds the page (True), or until ``deadline`` (False)."""
        while self.holding():
            now = time.monotonic()
            if now >= deadline:
                return False
            self._released.clear()
            wake = min(deadline, *self._until.values())  # the next patience to run out
            try:
                await asyncio.wait_for(self._released.wait(), wake - now)
            except asyncio.TimeoutError:
                pass
        return True


def dom_quiet(
    where: Page | Frame,
    max_ms: float,
    since_ms: float = 0.0,
    took_ms: float = 0.0,
    *,
    timers: bool = False,
) -> Awaitable[Any]:
    """``js/dom_quiet.js`` on ``where``: waits (at most ``max_ms``) for a quiet DOM.

    Holds for a closing animation as well. ``since_ms``/``took_ms``: the
    action that the window counts from returned that long ago, after running
    that long (0: the window counts from now). Read the answer with
    :func:`quiet_result`. ``timers``: the action's short timers hold it too.
    """
    args = {
        "quietMs": QUIET_MS,
        "maxMs": max(QUIET_MS, int(max_ms)),
        "sinceMs": since_ms,
        "tookMs": took_ms,
        "animMs": ANIMATION_MS,
        "timerMs": ACTION_TIMERS_MS if timers else 0,
        "timerMaxMs": ACTION_TIMER_MS,
    }
    return page_scripts.dom_quiet(where, args)


def quiet_result(result: Any) -> tuple[bool, int] | None:
    """``js/dom_quiet.js``'s answer as (quiet, change stamp; -1 unknown); None when it
    is not that shape (a page that patches its own world can make it anything)."""
    if not (isinstance(result, list) and len(result) == 2):
        return None
    quiet, stamp = result
    known = isinstance(stamp, int) and not isinstance(stamp, bool) and stamp >= 0
    return bool(quiet), stamp if known else -1
