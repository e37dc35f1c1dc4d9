"""The session process: one named browser session, serving commands over its Unix socket.

``browserkit open`` starts it (``python -m browserkit.cli._server``, in a
session of its own so a terminal's Ctrl-C never reaches it) and sends it its
:class:`~browserkit.cli._options.Options` on stdin; it binds
``NAME.sock`` in the private folder, says ``ready`` on stdout, and from then
on runs each command line it is sent, through the tool registry, one at a
time. A command whose caller goes away (Ctrl-C) is cancelled; the session
runs on. The process ends on ``close``, after its idle time with no
command, or on SIGTERM; it closes its browser and removes its socket.
A peer of another uid is refused before a byte is read.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import signal
import socket
import sys
from pathlib import Path
from typing import Any, cast

from browserkit import AsyncBrowser, tools
from browserkit.cli._commands import Parser, UsageError, add_session_commands, request_of
from browserkit.cli._folder import FolderError, allowed_peer, folder, peer_uid, socket_path
from browserkit.cli._options import Options, add_attach, add_open, options_of
from browserkit.cli._output import Shown, error, shown
from browserkit.cli._wire import MAX_REQUEST, answer
from browserkit.errors import BrowserkitError
from browserkit.tools import ToolContext
from browserkit.tools._answers import dumps

__all__ = ["SessionServer", "bind", "main"]

# How long a connection may take to send its request line.
_REQUEST_S = 30.0
# Start options a later `open` may not change (its URL and timeout are its own).
_START_ONLY = (
    "headless",
    "allowed_domains",
    "blocked_domains",
    "allowed_schemes",
    "secrets",
    "endpoints",
    "profile",
    "read_only",
    "storage_state",
    "device",
    "idle_stop_ms",
    "cdp_url",
    "adopt_url_substring",
)


def bind(path: Path) -> socket.socket:
    """A listening socket at ``path``, mode 0600; a stale one (nobody listening) is replaced.

    Raises :class:`FolderError` when a live session listens there already.
    """
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        try:
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            with probe:
                probe.connect(str(path))
            raise FolderError(
                f"a session already listens at {str(path)!r}", "use it, or close it first"
            )
        except (FileNotFoundError, ConnectionRefusedError):
            pass
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)  # a socket left by a killed process
        old = os.umask(0o177)
        try:
            sock.bind(str(path))
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        sock.listen(16)
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock


def _free_name(cwd: str, ext: str) -> str:
    """``screenshot-N.ext`` in ``cwd``, the first N not taken (a screenshot never replaces one)."""
    n = 1
    while os.path.lexists(os.path.join(cwd, f"screenshot-{n}.{ext}")):
        n += 1
    return os.path.join(cwd, f"screenshot-{n}.{ext}")


class SessionServer:
    """One session's process: its browser, its socket, and the one command running."""

    def __init__(self, options: Options, browser: AsyncBrowser, path: Path) -> None:
        self.options = options
        self.browser = browser
        self.path = path
        self.context = ToolContext(read_only=options.read_only)
        self.session_id: str | None = None
        self.lock = asyncio.Lock()
        self.done = asyncio.Event()
        self._activity = asyncio.Event()
        self._busy = False
        self._current: asyncio.Future[Shown] | None = None
        self._server: asyncio.AbstractServer | None = None
        self._closing = False
        parser = Parser(prog="browserkit")
        sub = cast(
            "argparse._SubParsersAction[argparse.ArgumentParser]",
            parser.add_subparsers(dest="command", parser_class=Parser),
        )
        add_open(sub, "browserkit")
        add_attach(sub, "browserkit")
        add_session_commands(sub)
        self.parser = parser

    # ------------------------------------------------------------ serving

    async def serve(self, sock: socket.socket) -> None:
        """Serve until closed, idle or signalled; then close the browser and the socket."""
        self._server = await asyncio.start_unix_server(self._handle, sock=sock, limit=MAX_REQUEST)
        idle = asyncio.ensure_future(self._idle())
        try:
            await self.done.wait()
        finally:
            idle.cancel()
            await self._shutdown()

    def stop(self) -> None:
        """End the process (SIGTERM, idle, close): the next step of ``serve`` closes it all."""
        self.done.set()

    async def _shutdown(self) -> None:
        if self._closing:
            return
        self._closing = True
        if self._server is not None:
            self._server.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
        if self._current is not None:
            self._current.cancel()
        await self.browser.close()

    async def _idle(self) -> None:
        idle_ms = self.options.idle_ms()
        if idle_ms <= 0:
            return
        while True:
            try:
                await asyncio.wait_for(self._activity.wait(), idle_ms / 1000)
            except asyncio.TimeoutError:
                if not self._busy:
                    self.stop()
                    return
            self._activity.clear()

    def _touch(self) -> None:
        self._activity.set()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            conn = writer.get_extra_info("socket")
            if not allowed_peer(peer_uid(conn), os.getuid()):
                return  # another user: not a byte read, none written
            try:
                line = await asyncio.wait_for(reader.readline(), _REQUEST_S)
                request = json.loads(line)
            except (asyncio.TimeoutError, ValueError, asyncio.LimitOverrunError):
                return
            if not isinstance(request, dict):
                return
            self._touch()
            reply = await self._answer(request, reader)
            if reply is None:
                return  # the caller went away
            hide = self.browser.config.secrets.hide
            out = answer(hide(reply.out), hide(reply.err), reply.status)
            writer.write(json.dumps(out, ensure_ascii=False).encode("utf-8", "replace") + b"\n")
            await writer.drain()
            if request.get("op") == "close":
                self.stop()  # answered: the process may end now
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _answer(self, request: dict[str, Any], reader: asyncio.StreamReader) -> Shown | None:
        op = request.get("op")
        if op == "info":
            return Shown(out=dumps(self.info()) + "\n")
        if op == "close":
            if self._current is not None:
                self._current.cancel()
            async with self.lock:
                was_running = self._alive()
                await self._shutdown()
            return Shown(out=dumps({"closed": self.options.name, "stopped": was_running}) + "\n")
        argv = request.get("argv")
        cwd = request.get("cwd")
        if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
            return error("invalid_argument", "a request without a command line")
        if not isinstance(cwd, str) or not os.path.isabs(cwd):
            cwd = "/"
        return await self._serialized(argv, cwd, reader)

    async def _serialized(
        self, argv: list[str], cwd: str, reader: asyncio.StreamReader
    ) -> Shown | None:
        """Run ``argv`` once every earlier command has answered; None when the caller left."""
        gone = asyncio.ensure_future(reader.read(1))
        try:
            acquire = asyncio.ensure_future(self.lock.acquire())
            await asyncio.wait({gone, acquire}, return_when=asyncio.FIRST_COMPLETED)
            if not acquire.done():
                acquire.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await acquire
            if not acquire.done() or acquire.cancelled():
                return None
            try:
                if gone.done() or self._closing:
                    return None
                self._busy = True
                work = asyncio.ensure_future(self._run(argv, cwd))
                self._current = work
                await asyncio.wait({gone, work}, return_when=asyncio.FIRST_COMPLETED)
                if not work.done():
                    # The caller's Ctrl-C: stop this command, and let it finish stopping
                    # before the next one runs on the same page.
                    work.cancel()
                    with contextlib.suppress(BaseException):
                        await work
                    return None
                try:
                    return work.result()
                except asyncio.CancelledError:
                    return error("interrupted", "the command was stopped: the session is closing")
                except Exception as exc:  # a bug: say so, and keep serving
                    self.browser.config.secrets.hide_error(exc)
                    return error(
                        "internal_error",
                        f"{argv[0] if argv else 'the command'} failed unexpectedly: "
                        f"{type(exc).__name__}: {exc}",
                        "this is a browserkit bug; retrying may help",
                    )
            finally:
                self._busy = False
                self._current = None
                self.lock.release()
                self._touch()
        finally:
            gone.cancel()

    # ------------------------------------------------------------ commands

    def info(self) -> dict[str, Any]:
        """What ``browserkit sessions`` shows of this session."""
        url = None
        for s in self.browser.sessions():
            if s.id == self.session_id:
                url = s.url
        out: dict[str, Any] = {"name": self.options.name, "pid": os.getpid(), "url": url}
        if self.session_id is not None and url is None:
            out["gone"] = True
        if self.options.read_only:
            out["read_only"] = True
        return out

    def _alive(self) -> bool:
        return any(s.id == self.session_id for s in self.browser.sessions())

    async def _run(self, argv: list[str], cwd: str) -> Shown:
        printed = io.StringIO()
        try:
            with contextlib.redirect_stdout(printed):
                ns = self.parser.parse_args(argv)
        except UsageError as exc:
            return error("invalid_argument", exc.message, exc.usage)
        except SystemExit:  # --help
            return Shown(out=printed.getvalue())
        if getattr(ns, "opening", None):
            return await self._open(ns, cwd)
        if getattr(ns, "command_spec", None) is None:
            return error("invalid_argument", "no command given", "browserkit --help lists them")
        try:
            command, arguments = request_of(ns, cwd)
        except UsageError as exc:
            return error("invalid_argument", exc.message, exc.usage)
        tool = command.tool
        if "session_id" in tool.input_schema["properties"]:
            if self.session_id is None:
                return self._no_session()
            arguments["session_id"] = self.session_id
        if tool.name == "browser_screenshot" and "path" not in arguments:
            arguments["path"] = _free_name(
                cwd, "png" if arguments.get("format") == "png" else "jpeg"
            )
        result = await tools.call(self.browser, tool.name, arguments, self.context)
        return self._reopen_hint(shown(tool.name, result))

    def _open_command(self) -> str:
        name = self.options.name
        return "browserkit open" + ("" if name == "default" else f" -s {name}")

    def _no_session(self) -> Shown:
        return error(
            "session_not_found",
            f"session {self.options.name!r} has no page open",
            f"run `{self._open_command()}`",
        )

    def _reopen_hint(self, reply: Shown) -> Shown:
        """A session whose browser died says how to start it again, in the terminal's words."""
        if reply.status == error("browser_crashed", "").status:
            first = reply.err.split("\n", 1)[0]
            return Shown(
                err=f"{first}\nhint: run `{self._open_command()}` to start it again\n",
                status=reply.status,
            )
        return reply

    def _changed_options(self, ns: argparse.Namespace, cwd: str) -> list[str]:
        """Start options this ``open`` gives that differ from the ones the session has."""
        wanted = options_of(ns, self.options.name, cwd)
        changed = []
        for name in _START_ONLY:
            given = getattr(ns, "endpoint" if name == "endpoints" else name, None)
            if given is None or given == []:
                continue
            if getattr(wanted, name) != getattr(self.options, name):
                changed.append("--" + name.replace("_", "-"))
        return changed

    async def _open(self, ns: argparse.Namespace, cwd: str) -> Shown:
        changed = self._changed_options(ns, cwd)
        if changed:
            return error(
                "invalid_argument",
                f"session {self.options.name!r} runs already, without {', '.join(changed)} "
                "as given: start options apply when a session starts",
                f"close it (`browserkit close -s {self.options.name}`) and open it again, "
                "or open another with -s NAME",
            )
        url: str | None = ns.url
        timeout = {"timeout_ms": ns.timeout_ms} if ns.timeout_ms is not None else {}
        if self._alive():
            assert self.session_id is not None
            if url is None:
                tool, arguments = "browser_snapshot", {}
            else:
                tool, arguments = "browser_navigate", {"url": url}
            arguments = {"session_id": self.session_id, **arguments, **timeout}
            result = await tools.call(self.browser, tool, arguments, self.context)
            return shown(tool, result)
        first = self.session_id is None
        started = await self._start(ns)
        if isinstance(started, Shown):
            if first:
                self.stop()  # nothing to keep running: the next open starts afresh
            return started
        self.session_id = started
        if url is None:
            session = self.browser.session(started)
            out: dict[str, Any] = {"url": session.url, "tab_id": session.tab_id}
            if session.read_only:
                out["read_only"] = True
            return shown("browser_sessions_start", out)
        arguments = {"session_id": started, "url": url, **timeout}
        result = await tools.call(self.browser, "browser_navigate", arguments, self.context)
        return shown("browser_navigate", result)

    async def _start(self, ns: argparse.Namespace) -> str | Shown:
        """A new session as the options say: its id, or the error to show."""
        o = self.options
        try:
            if o.cdp_url is not None:
                session = await self.browser.attach(
                    o.cdp_url,
                    adopt_url_substring=o.adopt_url_substring,
                    read_only=o.read_only,
                    timeout_ms=ns.timeout_ms,
                )
            else:
                session = await self.browser.start(
                    read_only=o.read_only,
                    profile=o.profile,
                    storage_state=o.storage_state,
                    device=o.device,
                )
        except BrowserkitError as exc:
            envelope = exc.to_dict()
            return error(envelope["code"], envelope["message"], envelope.get("hint") or "")
        except Exception as exc:
            self.browser.config.secrets.hide_error(exc)
            return error(
                "internal_error",
                f"the session did not start: {type(exc).__name__}: {exc}",
                "this is a browserkit bug; retrying may help",
            )
        return session.id


def _handshake(message: dict[str, Any]) -> None:
    """Tell the ``open`` that started us how it went, then let go of its pipe."""
    os.write(1, (json.dumps(message) + "\n").encode())
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)


async def _main(options: Options) -> int:
    try:
        config = options.config()
        base = folder(create=True)
        path = socket_path(base, options.name)
        sock = bind(path)
    except FolderError as exc:
        _handshake(
            {"ready": False, "code": "folder_not_private", "message": exc.message, "hint": exc.hint}
        )
        return 1
    except BrowserkitError as exc:
        _handshake({"ready": False, **exc.to_dict()})
        return 1
    except OSError as exc:
        _handshake(
            {
                "ready": False,
                "code": "folder_not_private",
                "message": f"cannot listen: {exc.strerror}",
                "hint": "",
            }
        )
        return 1
    browser = AsyncBrowser(config)
    server = SessionServer(options, browser, path)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(sig, server.stop)
    _handshake({"ready": True, "pid": os.getpid()})
    await server.serve(sock)
    return 0


def main() -> int:
    """Read the options from stdin and serve until the session ends."""
    try:
        options = Options.from_json(json.loads(sys.stdin.readline()))
    except (ValueError, TypeError) as exc:
        _handshake(
            {
                "ready": False,
                "code": "invalid_argument",
                "message": f"bad options: {exc}",
                "hint": "",
            }
        )
        return 2
    return asyncio.run(_main(options))


if __name__ == "__main__":
    sys.exit(main())
