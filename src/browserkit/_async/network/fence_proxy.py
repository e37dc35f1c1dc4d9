"""The domain fence at the network layer: a SOCKS5 server for one fenced session.

A fenced session's browser context sends every connection through this
server (Playwright's per-context proxy; loopback included, as Playwright adds
``<-loopback>`` to the bypass list). Chromium hands a SOCKS5 proxy the host
*name* of each TCP connection and resolves nothing itself, so one check per
connection covers every tab, popup, frame, worker, service worker, redirect
hop, WebSocket, beacon, prefetch and download: the host is checked against
the session's :class:`~browserkit._fence.Fence`; a fenced-off one is answered
``0x02`` (not allowed by ruleset) and nothing is sent to it. An allowed name
is resolved here, the address checked against the blocked IP patterns, and
that very address connected to (no second lookup to rebind).

Every local process can reach the port: the server grants nothing beyond the
policy (what it lets through, the process could reach directly), refuses
connections to itself, bounds the open connections and drops a client that
has not finished its handshake within :data:`HANDSHAKE_S`.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import struct

from browserkit._fence import Fence

__all__ = ["HANDSHAKE_S", "MAX_CONNECTIONS", "FenceProxy"]

HANDSHAKE_S = 2.0
"""A client that has not named its target within this long is dropped."""

MAX_CONNECTIONS = 512
"""Open connections (tunnels and handshakes) the server holds; more are closed at once."""

_CONNECT_S = 10.0
_CHUNK = 65_536

# SOCKS5 replies (RFC 1928 §6).
_OK, _FAILURE, _NOT_ALLOWED, _UNREACHABLE, _REFUSED = 0, 1, 2, 4, 5
_NO_COMMAND, _NO_ADDRESS_TYPE = 7, 8


class _Refused(Exception):
    """The request is refused with this SOCKS5 reply (None: the greeting was, already)."""

    def __init__(self, reply: int | None) -> None:
        self.reply = reply


class FenceProxy:
    """A SOCKS5 server on 127.0.0.1 that lets through only what ``fence`` allows."""

    def __init__(self, fence: Fence) -> None:
        self.fence = fence
        self.port = 0
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()

    @property
    def url(self) -> str:
        """The proxy server a browser context is told to use."""
        return f"socks5://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        # Closing every socket ends each connection's task by itself.
        for writer in list(self._writers):
            writer.close()
        if self._open:
            await asyncio.wait(list(self._open), timeout=2.0)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
            self._server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if len(self._open) >= MAX_CONNECTIONS or task is None:
            writer.close()
            return
        self._open.add(task)
        self._writers.add(writer)
        upstream: asyncio.StreamWriter | None = None
        try:
            try:
                host, port = await asyncio.wait_for(self._greet(reader, writer), HANDSHAKE_S)
                up_reader, upstream = await self._connect(host, port)
                self._writers.add(upstream)
            except _Refused as exc:
                if exc.reply is not None:
                    writer.write(_reply(exc.reply))
                await writer.drain()
                return
            writer.write(_reply(_OK))
            await writer.drain()
            await _pipe_both(reader, writer, up_reader, upstream)
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError):
            pass
        except asyncio.CancelledError:
            # The server closing: a connection handler's end, not an error to log.
            pass
        finally:
            self._open.discard(task)
            for w in (writer, upstream):
                if w is not None:
                    self._writers.discard(w)
                    w.close()

    async def _greet(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> tuple[str, int]:
        """Read the method offer and the CONNECT request; the target host and port."""
        version, count = await reader.readexactly(2)
        if version != 5:
            raise _Refused(None)  # not SOCKS5 (an HTTP request, say): closed unanswered
        if 0 not in await reader.readexactly(count):
            writer.write(b"\x05\xff")  # no acceptable method: we take no authentication
            raise _Refused(None)
        writer.write(b"\x05\x00")
        await writer.drain()
        version, command, _reserved, kind = await reader.readexactly(4)
        if version != 5:
            raise _Refused(_FAILURE)
        if kind == 1:
            host = socket.inet_ntop(socket.AF_INET, await reader.readexactly(4))
        elif kind == 4:
            host = socket.inet_ntop(socket.AF_INET6, await reader.readexactly(16))
        elif kind == 3:
            (length,) = await reader.readexactly(1)
            host = (await reader.readexactly(length)).decode("ascii", "replace")
        else:
            raise _Refused(_NO_ADDRESS_TYPE)
        (port,) = struct.unpack("!H", await reader.readexactly(2))
        if command != 1:  # CONNECT only: no BIND, no UDP ASSOCIATE
            raise _Refused(_NO_COMMAND)
        return host, port

    async def _connect(
        self, host: str, port: int
    ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if not self.fence.allows(host):
            raise _Refused(_NOT_ALLOWED)
        loop = asyncio.get_running_loop()
        try:
            infos = await asyncio.wait_for(
                loop.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM), _CONNECT_S
            )
        except (OSError, asyncio.TimeoutError):
            raise _Refused(_UNREACHABLE) from None
        for _family, _type, _proto, _name, address in infos:
            ip = str(address[0])
            if not self.fence.allows_address(ip):
                raise _Refused(_NOT_ALLOWED)
            if port == self.port and ipaddress.ip_address(ip.split("%")[0]).is_loopback:
                raise _Refused(_NOT_ALLOWED)  # a loop through this server
        last = _UNREACHABLE
        for _family, _type, _proto, _name, address in infos:
            try:
                return await asyncio.wait_for(
                    asyncio.open_connection(str(address[0]), port), _CONNECT_S
                )
            except ConnectionRefusedError:
                last = _REFUSED
            except (OSError, asyncio.TimeoutError):
                last = _UNREACHABLE
        raise _Refused(last)


def _reply(code: int) -> bytes:
    return bytes((5, code, 0, 1, 0, 0, 0, 0, 0, 0))


async def _pipe_both(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    up_reader: asyncio.StreamReader,
    upstream: asyncio.StreamWriter,
) -> None:
    """Copy both ways until either side ends."""
    done, pending = await asyncio.wait(
        [
            asyncio.ensure_future(_pipe(reader, upstream)),
            asyncio.ensure_future(_pipe(up_reader, writer)),
        ],
        return_when=asyncio.FIRST_COMPLETED,
    )
    for task in pending:
        task.cancel()
    await asyncio.gather(*done, *pending, return_exceptions=True)


async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    try:
        while chunk := await source.read(_CHUNK):
            sink.write(chunk)
            await sink.drain()
    finally:
        with contextlib.suppress(OSError, RuntimeError):
            if sink.can_write_eof():
                sink.write_eof()
