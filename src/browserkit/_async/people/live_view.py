"""The live view: a local web page showing a session's screen, its tabs and last actions.

:class:`LiveServer` is a small HTTP server on the session's event loop
(stdlib ``asyncio``, no dependency): the page (``GET /``) and its assets, a
server-sent event stream (``GET /events``: ``frame`` events with a JPEG, and
``state`` events with the tabs, the URL, the last actions, who has control,
a pending handoff and the view's mode), and POSTs for input, control and the
handoff's Continue. Every request passes :func:`~._live_http.refusal` first.

A connection is a stranger until a request on it shows the view's token:
strangers have a budget of their own (``MAX_STRANGERS``, the oldest dropped
for a new one) and must send their head within ``HEAD_S``, so local processes
holding silent sockets cannot keep the person out; connections that showed
the token (``MAX_CONNECTIONS``) are never dropped for a stranger.

A person's first press or key in the view takes control of the session:
``core.taken_over`` is set, so the agent's next action raises
ModalStateBlockedError at once instead of fighting the person for the page;
"Hand back" (or stopping the view) clears it.

:class:`LiveViews` is the session's capability: it starts the view and
owns its :class:`Board`, an observer of the session's events that keeps
what the view lists (the last actions, a waiting handoff) even while no
view runs. Nothing outside knows whether a view runs.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import html
import json
import secrets
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import attrs

from browserkit._async.core.events import ActionEnded, HandoffEnded, HandoffStarted, Observer
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import swallow
from browserkit._async.navigation.tab_list import title_of
from browserkit._async.people import live_http as http
from browserkit._async.people.live_input import InputEvent, key_command, mouse_command, parse_events
from browserkit._async.people.screencast import Screencast
from browserkit._async.targeting.binding import release_input_guard
from browserkit._reprs import diff_summary
from browserkit.errors import BrowserkitError, TimeoutError
from browserkit.results import ActionResult, HistoryMove, Navigation

__all__ = [
    "TAKEN_OVER",
    "Board",
    "LiveServer",
    "LiveView",
    "LiveViews",
    "live_server",
]

TAKEN_OVER = "a person has control in its live view"
"""What ``core.taken_over`` says while a person has control."""
ACTIONS_KEPT = 10
"""The last actions a view lists."""
MAX_CONNECTIONS = 32
"""Open connections that showed the view's token, at once (viewers, and their POSTs)."""
MAX_STRANGERS = 8
"""Open connections that have not shown the token yet; a new one drops the oldest."""
STOP_S = 5.0
"""How long a stop from another thread waits for the view to finish stopping."""
DRAIN_S = 10.0
"""A viewer that takes longer than this to read a frame is dropped."""
DEFAULT_SIZE = (1280, 800)  # laid out for when the active tab reports no viewport


@attrs.frozen
class _Note:
    by: str
    detail: str
    outcome: str


_ASSETS = {
    "/view.js": ("_async/js/live/view.js", "text/javascript; charset=utf-8"),
    "/view.css": ("_live_assets/view.css", "text/css; charset=utf-8"),
}


def _asset(path: str) -> bytes:
    return (files("browserkit") / path).read_bytes()


def live_server(core: SessionCore) -> LiveServer | None:
    """The running live view of a session, if any (it is subscribed to its events)."""
    for observer in core.events.observers:
        if isinstance(observer, LiveServer) and not observer.closed:
            return observer
    return None


def outcome(result: ActionResult | Navigation | HistoryMove | None) -> str:
    """An action's outcome as the view lists it."""
    if not isinstance(result, ActionResult):
        return "navigated"
    if result.dialog is not None:
        return f"opened a {result.dialog.type}"
    if result.navigated:
        return "navigated"
    if result.diff is not None:
        return diff_summary(result.diff).strip("<>")
    return "done"


class Board(Observer):
    """What a session's live view lists, kept even while no view runs (so a view opened
    later lists what just happened): the last actions, bounded, and a waiting handoff.

    Subscribed for the session's whole life (see :class:`LiveViews`).
    """

    def __init__(self, redact: Callable[[str], str] = str) -> None:
        self.notes: collections.deque[_Note] = collections.deque(maxlen=ACTIONS_KEPT)
        self.handoff: HandoffStarted | None = None
        self._redact = redact  # the config's secrets read <secret:NAME> in the list

    def action_ended(self, event: ActionEnded) -> None:
        detail = self._redact(event.detail)
        if event.error is None:
            self.notes.append(_Note("agent", detail, outcome(event.result)))
        elif isinstance(event.error, BrowserkitError):  # a person sees what did not happen too
            self.notes.append(_Note("agent", detail, f"failed: {event.error.code}"))

    def handoff_started(self, event: HandoffStarted) -> None:
        self.handoff = event

    def handoff_ended(self, event: HandoffEnded) -> None:
        if self.handoff is not None and self.handoff.handoff_id == event.handoff_id:
            self.handoff = None


class _Viewer:
    """One open event stream: woken when there is something new to send."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.wake = asyncio.Event()
        self.frame_seq = 0
        self.state_version = 0


class _Connection:
    """One open connection; ``idle`` while it waits for its next request (kept alive)."""

    __slots__ = ("idle", "writer")

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.idle = False


class LiveServer(Observer):
    """Serves one session's live view on 127.0.0.1; subscribed to its events meanwhile."""

    def __init__(self, core: SessionCore, board: Board) -> None:
        self.core = core
        self.board = board
        self.token = secrets.token_urlsafe(32)
        self.port = 0
        self.ended = asyncio.Event()  # set once it stops serving (a pick waits on it too)
        self.loop = asyncio.get_running_loop()
        self.screencast = Screencast(
            core, on_frame=lambda: self.changed(state=False), on_tabs=self._tabs_changed
        )
        self.in_control = False
        # Pick mode (for pick()): clicks in the view go to on_pick, not the page.
        self.mode = "watch"
        self.prompt: str | None = None
        self.on_pick: Callable[[float, float], None] | None = None
        self.on_pick_move: Callable[[float, float], None] | None = None
        self._server: asyncio.Server | None = None
        self._viewers: set[_Viewer] = set()
        # Open connections, oldest first: those that have not shown the token, and those that did.
        self._strangers: dict[_Connection, None] = {}
        self._known: dict[_Connection, None] = {}
        self._tasks: set[asyncio.Future[Any]] = set()
        self._state_version = 1
        self._tabs: list[dict[str, Any]] = []
        self._input_lock = asyncio.Lock()
        self._stopped = asyncio.Event()

    @property
    def closed(self) -> bool:
        """Whether it stopped serving."""
        return self.ended.is_set()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/?token={self.token}"

    async def start(self) -> None:
        self._server = await asyncio.start_server(
            self._connection, "127.0.0.1", 0, limit=http.MAX_HEAD
        )
        self.port = int(self._server.sockets[0].getsockname()[1])
        self.core.events.subscribe(self)
        self._spawn(self._close_when_gone())

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _close_when_gone(self) -> None:
        await self.core.gone.wait()
        await self.aclose()

    # ------------------------------------------------------------- stopping

    def close_now(self) -> None:
        """Stop listening and drop every connection at once (on the loop's thread)."""
        if self.closed:
            return
        self.ended.set()
        if self._server is not None:
            self._server.close()
        self.hand_back()
        # The page then says the view stopped, instead of reconnecting forever.
        last = _event("state", json.dumps(self.state()))
        for viewer in self._viewers:
            viewer.writer.write(last)
            viewer.wake.set()
        for connection in [*self._strangers, *self._known]:
            connection.writer.close()  # after what was written is sent
        self.core.events.unsubscribe(self)

    async def aclose(self) -> None:
        """Stop the view: the port, the viewers, the screencast and any control a person had."""
        self.close_now()
        current = asyncio.current_task()
        for task in list(self._tasks):
            if task is not current:
                task.cancel()
        await self.screencast.stop()
        self._stopped.set()

    # --------------------------------------------------------------- events

    # What the board lists changed (it heard the same event first).
    def action_ended(self, event: ActionEnded) -> None:
        self.changed(state=True)

    def handoff_started(self, event: HandoffStarted) -> None:
        self.changed(state=True)

    def handoff_ended(self, event: HandoffEnded) -> None:
        self.changed(state=True)

    # ---------------------------------------------------------------- state

    def changed(self, *, state: bool) -> None:
        """Wake every viewer: a new frame, or (``state``) something the page lists changed."""
        if state:
            self._state_version += 1
        for viewer in self._viewers:
            viewer.wake.set()

    def _tabs_changed(self) -> None:
        self._spawn(self._refresh_tabs())

    async def _refresh_tabs(self) -> None:
        core = self.core
        tabs = []
        for tab_id, tab in list(core.tabs.items()):
            title = "" if tab.pending_dialog is not None else await title_of(tab.page)
            tabs.append(
                {
                    "id": tab_id,
                    "url": tab.page.url,
                    "title": title,
                    "active": tab_id == core.active,
                }
            )
        self._tabs = tabs
        self.changed(state=True)

    def note(self, by: str, detail: str, outcome: str) -> None:
        self.board.notes.append(_Note(by, detail, outcome))
        self.changed(state=True)

    def state(self) -> dict[str, Any]:
        core = self.core
        handoff = self.board.handoff
        active = core.tabs.get(core.active) if core.active is not None else None
        return core.config.secrets.hide(
            {
                "session": core.id,
                "readOnly": core.read_only,
                "control": "person" if self.in_control else "agent",
                "heldBy": None if self.in_control else core.taken_over,
                "url": active.page.url if active is not None else "",
                "tabs": self._tabs,
                "actions": [attrs.asdict(note) for note in self.board.notes],
                "handoff": handoff.instructions if handoff is not None else None,
                "mode": self.mode,
                "prompt": self.prompt,
                "closed": self.closed,
            }
        )

    # -------------------------------------------------------------- control

    async def take_control(self) -> None:
        core = self.core
        if self.in_control or core.taken_over is not None:
            return
        core.taken_over = TAKEN_OVER
        self.in_control = True
        self.note("person", "took control in the live view", "the agent waits")
        tab = self.screencast.tab
        if tab is not None:
            # A document that began during an agent's action may still swallow input.
            with contextlib.suppress(Exception):
                await release_input_guard(await tab.cdp_session())

    def hand_back(self) -> None:
        if not self.in_control:
            return
        self.in_control = False
        if self.core.taken_over == TAKEN_OVER:
            self.core.taken_over = None
        if not self.closed:
            self.note("person", "handed control back", "the agent may act")

    def set_mode(
        self,
        mode: str,
        prompt: str | None = None,
        on_pick: Callable[[float, float], None] | None = None,
        on_pick_move: Callable[[float, float], None] | None = None,
    ) -> None:
        """Switch the view between ``"watch"`` and ``"pick"`` (the seam ``pick()`` uses):
        in pick mode a click in the view calls ``on_pick(x, y)`` with the page's CSS
        point and reaches nothing in the page; moves call ``on_pick_move``."""
        if mode not in ("watch", "pick"):
            raise ValueError("mode is watch or pick")
        self.mode = mode
        self.prompt = prompt if mode == "pick" else None
        self.on_pick = on_pick if mode == "pick" else None
        self.on_pick_move = on_pick_move if mode == "pick" else None
        self.changed(state=True)

    # ----------------------------------------------------------------- HTTP

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.closed:
            writer.close()
            return
        connection = _Connection(writer)
        self._admit(connection, self._strangers, MAX_STRANGERS)
        try:
            idle_s: float | None = None  # a new connection's head must arrive within HEAD_S
            while not self.closed:
                connection.idle = idle_s is not None
                try:
                    head = await http.read_head(reader, idle_s)
                except http.BadRequest as exc:
                    writer.write(http.response(exc.status, str(exc).encode(), keep_alive=False))
                    break
                connection.idle = False
                if head is None or writer.is_closing():  # gone, too slow, or dropped meanwhile
                    break
                why = http.refusal(head, token=self.token, port=self.port)
                if why is not None:
                    writer.write(http.response(403, why.encode(), keep_alive=False))
                    break
                if connection in self._strangers:
                    del self._strangers[connection]
                    self._admit(connection, self._known, MAX_CONNECTIONS)
                request = await http.read_body(reader, head)
                if request is None:
                    break
                if request.method == "GET" and request.path == "/events":
                    await self._stream(reader, writer)
                    break
                status, body, kind = await self._answer(request)
                writer.write(http.response(status, body, kind, keep_alive=request.keep_alive))
                await asyncio.wait_for(writer.drain(), DRAIN_S)
                if not request.keep_alive:
                    break
                idle_s = http.IDLE_S
        except (ConnectionError, asyncio.TimeoutError):
            pass
        finally:
            self._strangers.pop(connection, None)
            self._known.pop(connection, None)
            with contextlib.suppress(Exception):
                writer.close()

    @staticmethod
    def _admit(connection: _Connection, pool: dict[_Connection, None], most: int) -> None:
        """Put ``connection`` in ``pool``, dropping one already there when it is full.

        Among strangers the oldest goes: a process holding silent sockets then has
        to keep opening new ones to crowd out the person's, each still dropped
        within ``HEAD_S``. Among known connections the oldest idle one goes, else
        the oldest: the person opening the view again gets in.
        """
        if len(pool) >= most:
            dropped = next((c for c in pool if c.idle), next(iter(pool)))
            del pool[dropped]
            dropped.writer.transport.abort()
        pool[connection] = None

    async def _answer(self, request: http.Request) -> tuple[int, bytes, str]:
        json_type = "application/json"
        if request.method == "GET":
            if request.path == "/":
                page = _asset("_live_assets/view.html").decode("utf-8")
                body = page.replace("{token}", html.escape(self.token)).encode("utf-8")
                return 200, body, "text/html; charset=utf-8"
            if request.path in _ASSETS:
                path, kind = _ASSETS[request.path]
                return 200, _asset(path), kind
            return 404, b"not found", "text/plain; charset=utf-8"
        if request.method != "POST":
            return 405, b"GET or POST only", "text/plain; charset=utf-8"
        if self.core.closed:
            return 410, b'{"error": "the session is closed"}', json_type
        if request.path == "/input":
            return await self._input(request.body)
        if request.path == "/control":
            try:
                action = json.loads(request.body).get("action")
            except (ValueError, AttributeError, RecursionError):  # Recursion: nested deep
                action = None
            if action not in ("take", "release"):
                return 400, b'{"error": "action is take or release"}', json_type
            if action == "take":
                if self.core.read_only:
                    return 403, b'{"error": "the session is read-only"}', json_type
                await self.take_control()
            else:
                self.hand_back()
            return 200, json.dumps({"control": self.state()["control"]}).encode(), json_type
        if request.path == "/continue":
            handoff = self.board.handoff
            if handoff is None:
                return 409, b'{"error": "no handoff is waiting"}', json_type
            handoff.continued.set()
            self.hand_back()
            return 200, b'{"continued": true}', json_type
        return 404, b'{"error": "not found"}', json_type

    async def _input(self, body: bytes) -> tuple[int, bytes, str]:
        json_type = "application/json"
        try:
            events = parse_events(body)
        except ValueError as exc:
            return 400, json.dumps({"error": str(exc)}).encode(), json_type
        picks = [e for e in events if e.kind in ("pick", "pick_move")]
        if picks:
            return await self._pick(picks)
        if self.mode == "pick":
            # Nothing reaches the page while a pick waits, also from a view
            # that has not heard of pick mode yet (it sends plain clicks).
            return 200, b'{"ok": true}', json_type
        if self.core.read_only:
            return 403, b'{"error": "the session is read-only: the view only watches"}', json_type
        async with self._input_lock:
            for event in events:
                if not self.in_control:
                    if not event.takes_control:
                        continue  # a pointer passing over the view is not a person acting
                    if self.core.taken_over is not None:
                        return 409, b'{"error": "the session is held"}', json_type
                    await self.take_control()
                await self._dispatch(event)
        return 200, b'{"ok": true}', json_type

    async def _pick(self, events: list[InputEvent]) -> tuple[int, bytes, str]:
        for event in events:
            callback = self.on_pick if event.kind == "pick" else self.on_pick_move
            if self.mode != "pick" or callback is None:
                continue
            try:
                x, y = await self.screencast.to_css(event.fx, event.fy)
            except LookupError:
                continue
            callback(x, y)
        return 200, b'{"ok": true}', "application/json"

    async def _dispatch(self, event: InputEvent) -> None:
        send = self.screencast.send
        if event.kind == "mouse":
            try:
                x, y = await self.screencast.to_css(event.fx, event.fy)
            except LookupError:
                return  # nothing shown yet: nothing to aim at
            await send("Input.dispatchMouseEvent", mouse_command(event, x, y))
        elif event.kind == "key":
            await send("Input.dispatchKeyEvent", key_command(event))
        elif event.kind == "text" and event.text:
            await send("Input.insertText", {"text": event.text})

    async def _stream(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = [
            "HTTP/1.1 200 OK",
            "Content-Type: text/event-stream",
            *http.security_headers(),
            "Connection: keep-alive",
        ]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1"))
        viewer = _Viewer(writer)
        self._viewers.add(viewer)
        self.screencast.start()
        if not self._tabs:
            self._spawn(self._refresh_tabs())
        # The client sends nothing more: reading returns when it goes away.
        gone = asyncio.ensure_future(reader.read(1))
        try:
            while not self.closed:
                viewer.wake.clear()
                if viewer.state_version != self._state_version:
                    viewer.state_version = self._state_version
                    writer.write(_event("state", json.dumps(self.state())))
                frame = self.screencast.frame
                if frame is not None and frame.seq != viewer.frame_seq:
                    viewer.frame_seq = frame.seq
                    writer.write(_event("frame", frame.data))
                await asyncio.wait_for(writer.drain(), DRAIN_S)
                woken = asyncio.ensure_future(viewer.wake.wait())
                await asyncio.wait({gone, woken}, return_when=asyncio.FIRST_COMPLETED)
                woken.cancel()
                if gone.done():
                    break
        finally:
            gone.cancel()
            gone.add_done_callback(swallow)
            self._viewers.discard(viewer)
            if not self._viewers and not self.closed:
                await self.screencast.stop()


def _event(name: str, data: str) -> bytes:
    return f"event: {name}\ndata: {data}\n\n".encode()


class LiveView:
    """A running live view of a session, from :meth:`AsyncSession.live`.

    Open :attr:`url` in a browser on this machine to watch the session; in a
    notebook the view renders inline. :meth:`stop` ends it (so does the
    session's stop). The URL carries the view's secret token: anyone who has
    it can watch and take over the session, so share it like a password.
    """

    __slots__ = ("_server", "_size")

    def __init__(self, server: LiveServer, size: tuple[int, int]) -> None:
        self._server = server
        self._size = size

    @property
    def url(self) -> str:
        """The view's address, ``http://127.0.0.1:PORT/?token=...``."""
        return self._server.url

    @property
    def port(self) -> int:
        """The loopback port the view listens on."""
        return self._server.port

    @property
    def session_id(self) -> str:
        """The id of the session shown."""
        return self._server.core.id

    @property
    def running(self) -> bool:
        """Whether the view still serves (False once stopped, or once its session stopped)."""
        return not self._server.closed

    def stop(self) -> None:
        """Stop the view: its port refuses connections, viewers are dropped, the screencast
        ends and a person's control is handed back. Idempotent, and the same call in the
        async and the sync API (safe from any thread)."""
        server = self._server
        loop = server.loop
        try:
            current: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            current = None
        if current is loop:
            # On the view's own loop: stop serving now, finish in the background.
            server.close_now()
            asyncio.ensure_future(server.aclose()).add_done_callback(swallow)
        elif loop.is_running():
            future = asyncio.run_coroutine_threadsafe(server.aclose(), loop)
            with contextlib.suppress(Exception):
                future.result(STOP_S)
        else:
            with contextlib.suppress(Exception):
                server.close_now()

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"LiveView(session={self.session_id!r}, port={self.port}, {state})"

    def _repr_html_(self) -> str:
        if not self.running:
            return (
                f"<p>browserkit live view of session {html.escape(self.session_id)} (stopped)</p>"
            )
        width, height = self._size
        # The page lays the frame out beside a 260 px column under a 48 px header.
        return (
            f'<iframe src="{html.escape(self.url)}" title="browserkit live view" '
            f'style="width:100%;aspect-ratio:{width + 260}/{height + 48};min-height:320px;'
            'border:1px solid #ccc" referrerpolicy="no-referrer"></iframe>'
        )


class LiveViews:
    """One session's live view: starts it (``live()``), and keeps its board."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core
        self.board = Board(core.config.secrets.redact)
        core.events.subscribe(self.board)
        self.view: LiveView | None = None
        core.on_shutdown.append(self._stop)

    async def live(self, timeout_ms: float | None) -> LiveView:
        core = self._core
        core.ensure_open()
        view = self.view
        if view is not None and view.running:
            return view
        ms = core.timeout(timeout_ms)
        server = LiveServer(core, self.board)
        try:
            await asyncio.wait_for(server.start(), ms / 1000)
        except asyncio.TimeoutError:
            await server.aclose()
            raise TimeoutError(f"the live view did not start within {int(ms)} ms") from None
        active = core.tabs.get(core.active) if core.active is not None else None
        size = active.page.viewport_size if active is not None else None
        shown = (size["width"], size["height"]) if size else DEFAULT_SIZE
        view = self.view = LiveView(server, shown)
        return view

    async def _stop(self) -> None:
        if self.view is not None:
            await self.view._server.aclose()
