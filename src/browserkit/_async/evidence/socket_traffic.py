"""What a tab's WebSockets carry, as counts: how a settle or an arrival waits for the
answer to a message the page sent.

A data app that reruns its script on every input (Streamlit), or a UI driven
from Python (NiceGUI), sends the input over a WebSocket and draws what the
server answers a moment later, in several frames; such an app also draws its
first page from what its socket brings. The DOM falls quiet between the send
and the answer, so a wait that only watches the DOM answers with the page
before its result. :class:`SocketTraffic` numbers every frame a tab's open
sockets send or receive (from CDP's ``Network.webSocket*`` events, which the
page cannot forge or hide), so a wait can tell that a message is still
unanswered and wait, bounded, for the frames that answer it (see
``acting/settle.py`` and ``capture/arrival.py``). No frame's content is kept.
"""

from __future__ import annotations

import asyncio
import time

__all__ = ["SocketTraffic"]

_MAX_SOCKETS = 64  # a page that opens sockets without end is not followed past this
_OPENING_S = 0.5
"""How long a socket that has carried nothing yet is taken to be opening to answer."""


class SocketTraffic:
    """The frames one tab's WebSockets sent and received, numbered in order."""

    def __init__(self) -> None:
        self.count = 0
        """Frames sent and received so far (each one's number)."""
        self.last_sent = 0
        """The number of the last frame sent (0: none)."""
        self.received_at = 0.0
        """When the last frame was received (``time.monotonic()``)."""
        # Per open socket (CDP request id): the numbers of its last frame sent and
        # received, and when it was created.
        self._open: dict[str, list[float]] = {}
        self._arrived = asyncio.Event()

    def _socket(self, socket: str) -> list[float] | None:
        known = self._open.get(socket)
        if known is None and len(self._open) < _MAX_SOCKETS:
            known = self._open[socket] = [0, 0, time.monotonic()]
        return known

    def opened(self, socket: str) -> None:
        """A socket was created: an app that draws from it is about to ask or be told."""
        self._socket(socket)

    def sent(self, socket: str) -> None:
        self.count += 1
        self.last_sent = self.count
        known = self._socket(socket)
        if known is not None:
            known[0] = self.count

    def received(self, socket: str) -> None:
        self.count += 1
        self.received_at = time.monotonic()
        known = self._socket(socket)
        if known is not None:
            known[1] = self.count
        self._arrived.set()

    def closed(self, socket: str) -> None:
        """A socket closed (its page went): nothing more will answer what it sent."""
        self._open.pop(socket, None)
        self._arrived.set()

    def sent_since(self, mark: int) -> bool:
        """Whether a frame was sent after frame number ``mark``."""
        return self.last_sent > mark

    def unanswered(self) -> bool:
        """Whether an open socket sent a frame that none has come back after, or is
        new and has carried nothing yet (for at most ``_OPENING_S``)."""
        now = time.monotonic()
        return any(
            sent > received or (sent == received == 0 and now - created < _OPENING_S)
            for sent, received, created in self._open.values()
        )

    async def answered(self, quiet_s: float, deadline: float) -> bool:
        """Wait until every open socket got a frame after the last it sent, and then
        none came for ``quiet_s`` (the server's answer is in); False when
        ``deadline`` (``time.monotonic()``) came first."""
        while True:
            now = time.monotonic()
            settling = self.received_at + quiet_s - now
            if not self.unanswered() and settling <= 0:
                return True
            if now >= deadline:
                return False
            self._arrived.clear()
            # Woken by a frame or a close; a new socket's silence ends on its own.
            wait = min(deadline - now, _OPENING_S) if self.unanswered() else settling
            wait = min(wait, deadline - now)
            try:
                await asyncio.wait_for(self._arrived.wait(), max(0.0, wait))
            except asyncio.TimeoutError:
                pass
