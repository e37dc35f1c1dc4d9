"""The portal: one private event loop in a daemon thread that runs every sync call.

Playwright's own sync API refuses to run inside a running asyncio loop (a
Jupyter kernel, pytest-asyncio, an async web app). Running the async core on
a loop of our own, in its own thread, makes the sync API work the same
everywhere: the calling thread only blocks on a future.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import threading
import weakref
from collections.abc import Coroutine
from typing import Any, Protocol, TypeVar

from browserkit.errors import BrowserkitError, InvalidArgumentError

__all__ = ["Portal", "get_portal"]

T = TypeVar("T")

_POLL_S = 0.2  # how often a blocked caller wakes to notice Ctrl-C; no added latency
_EXIT_CLOSE_S = 15.0


class _Closable(Protocol):
    def _close_at_exit(self) -> Coroutine[Any, Any, None]: ...


class Portal:
    """Runs coroutines on a private loop thread and blocks the caller for the result."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="browserkit-portal", daemon=True)
        self.thread.start()
        self._ready.wait()
        self._owners: weakref.WeakSet[_Closable] = weakref.WeakSet()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.call_soon(self._ready.set)
        self.loop.run_forever()

    def register(self, owner: _Closable) -> None:
        """Close ``owner`` at interpreter exit if it is still open then."""
        self._owners.add(owner)

    def call(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the portal loop and return its result (or raise its error).

        A :class:`~browserkit.BrowserkitError` is raised with its traceback
        starting here: the loop thread's frames below say nothing that its
        message and hint do not, and a notebook would print them above it.
        Other errors keep every frame, for the bug report. KeyboardInterrupt
        while waiting cancels the call in flight, then re-raises; the browser
        stays usable.
        """
        __tracebackhide__ = True  # pytest and IPython hide the frame (IPython shows a raising one)
        if threading.current_thread() is self.thread:
            coro.close()
            raise InvalidArgumentError(
                "a sync browserkit call was made from browserkit's own event-loop thread "
                "(inside a callback); it would deadlock",
                hint="use the async API (AsyncBrowser/AsyncSession) inside callbacks",
            )
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        try:
            # Poll with wait(), not result(timeout=): a TimeoutError the call
            # itself raised must not read as "not done yet" and spin forever.
            while not future.done():
                concurrent.futures.wait((future,), timeout=_POLL_S)
            return future.result()
        except BrowserkitError as error:
            # Raised afresh, without the loop thread's frames: the message and
            # hint say what went wrong. The same object, so __cause__ is kept.
            raise error.with_traceback(None)  # noqa: B904
        except KeyboardInterrupt:
            future.cancel()
            # Let the cancellation run to completion so no half-done call is
            # left on the loop; bounded so a second Ctrl-C is never needed.
            try:
                future.result(timeout=5)
            except BaseException:
                pass
            raise

    def close_owners(self) -> None:
        """Close every registered owner that is still open (at interpreter exit)."""
        owners = list(self._owners)
        if not owners or not self.thread.is_alive():
            return

        async def close_all() -> None:
            await asyncio.gather(*(o._close_at_exit() for o in owners), return_exceptions=True)

        future = asyncio.run_coroutine_threadsafe(close_all(), self.loop)
        try:
            future.result(timeout=_EXIT_CLOSE_S)
        except BaseException:
            pass


_portal: Portal | None = None
_portal_lock = threading.Lock()


def get_portal() -> Portal:
    """The process's portal, started on first use."""
    global _portal
    if _portal is None:
        with _portal_lock:
            if _portal is None:
                _portal = Portal()
                atexit.register(_portal.close_owners)
    return _portal
