"""What a tab's WebSockets carry, as counts: how a settle or an arrival waits for the
answer to a message the page sent.

A data app that reruns its script on every input (Streamlit) sends the input
over a WebSocket and draws what the server answers a moment later, in several
frames; it also draws its first page from what its socket brings. The DOM
falls quiet between the send and the answer, so a wait that only watches the
DOM answers with the page before its result. :class:`SocketTraffic` numbers
the frames a tab's open sockets send and receive (from CDP's
``Network.webSocket*`` events, which the page cannot forge or hide), so a wait
can tell that a message is still unanswered and wait, bounded, for the frames
that answer it (see ``acting/settle.py`` and ``capture/arrival.py``). No
frame's content is kept.

Not every message is answered: a UI driven from Python (NiceGUI) sends each
keystroke and hears nothing back, and a heartbeat's pong answers the server.
A frame sent at once after one came in (within :data:`_ECHO_S`) is such a
reply, not a question; and a socket that left a question unanswered for
:data:`ANSWER_S` is not waited on again until it answers one.
"""

from __future__ import annotations

import asyncio
import time

__all__ = ["ANSWER_S", "SocketTraffic"]

ANSWER_S = 1.0
"""How long a question is waited on for the first frame of its answer."""
_ECHO_S = 0.01
"""A frame sent within this of one received replies to it (a pong, an ack)."""
_OPENING_S = 0.5
"""How long a socket that has carried nothing yet is taken to be opening to answer."""
_MAX_SOCKETS = 64  # a page that opens sockets without end is not followed past this


class _Socket:
    __slots__ = ("asked", "asked_at", "heard", "heard_at", "mute", "opened_at")

    def __init__(self) -> None:
        self.asked = 0  # the number of the last question it sent (0: none)
        self.asked_at = 0.0
        self.heard = 0  # the number of the last frame it received (0: none)
        self.heard_at = 0.0
        self.mute = False  # left a question unanswered: not waited on until it answers
        self.opened_at = time.monotonic()

    def waiting(self, now: float) -> bool:
        """Whether an answer is due: a question not yet answered (for ANSWER_S at
        most), or a new socket that has carried nothing (for _OPENING_S)."""
        if self.asked > self.heard:
            if now - self.asked_at >= ANSWER_S:
                self.mute = True
            return not self.mute
        return self.asked == self.heard == 0 and now - self.opened_at < _OPENING_S


class SocketTraffic:
    """The frames one tab's WebSockets sent and received, numbered in order."""

    def __init__(self) -> None:
        self.count = 0
        """Frames sent and received so far (each one's number)."""
        self.last_asked = 0
        """The number of the last question sent (0: none; replies do not count)."""
        self.received_at = 0.0
        """When the last frame was received (``time.monotonic()``)."""
        self._open: dict[str, _Socket] = {}
        self._arrived = asyncio.Event()

    def _socket(self, socket: str) -> _Socket | None:
        known = self._open.get(socket)
        if known is None and len(self._open) < _MAX_SOCKETS:
            known = self._open[socket] = _Socket()
        return known

    def opened(self, socket: str) -> None:
        """A socket was created: an app that draws from it is about to ask or be told."""
        self._socket(socket)

    def sent(self, socket: str) -> None:
        self.count += 1
        known = self._socket(socket)
        now = time.monotonic()
        if known is None or now - known.heard_at < _ECHO_S:
            return  # a reply to what just came (a pong), or a socket not followed
        known.asked, known.asked_at = self.count, now
        self.last_asked = self.count

    def received(self, socket: str) -> None:
        self.count += 1
        self.received_at = time.monotonic()
        known = self._socket(socket)
        if known is not None:
            known.heard, known.heard_at = self.count, self.received_at
            if known.asked:
                known.mute = False
        self._arrived.set()

    def closed(self, socket: str) -> None:
        """A socket closed (its page went): nothing more will answer what it sent."""
        self._open.pop(socket, None)
        self._arrived.set()

    def asked_since(self, mark: int) -> bool:
        """Whether a question was sent after frame number ``mark``."""
        return self.last_asked > mark

    def unanswered(self) -> bool:
        """Whether an open socket owes an answer (see ``_Socket.waiting``)."""
        now = time.monotonic()
        return any(socket.waiting(now) for socket in self._open.values())

    async def answered(self, quiet_s: float, deadline: float) -> bool:
        """Wait until no open socket owes an answer and no frame came for ``quiet_s``
        (the server's answer is in); False when ``deadline`` (``time.monotonic()``)
        came first."""
        while True:
            now = time.monotonic()
            owed = self.unanswered()
            settling = self.received_at + quiet_s - now
            if not owed and settling <= 0:
                return True
            if now >= deadline:
                return False
            self._arrived.clear()
            # Woken by a frame or a close; what is owed runs out on its own.
            wait = min(deadline - now, _OPENING_S if owed else settling)
            try:
                await asyncio.wait_for(self._arrived.wait(), max(0.0, wait))
            except asyncio.TimeoutError:
                pass
