"""The test web server: static pages from tests/pages plus a few dynamic routes, on 127.0.0.1."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import html
import http.cookies
import http.server
import json
import secrets
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlsplit

PAGES = Path(__file__).parent / "pages"


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, and:

    - ``/slow?ms=N&body=...``: answers after N ms (max 10 s) with JSON ``{"body": ...}``
    - ``/status/N``: an empty page with status N
    - ``/redirect?to=URL``: a 302 to URL
    - ``/generated/list?n=N``: a page with an N-item list of buttons
    - ``/generated/table?rows=N``: an orders table with N rows (a View button in each)
    - ``/hang?ms=N``: a 204 after N ms (default 30 s): a long poll
    - ``/events?ms=N``: server-sent events, one event, then open for N ms;
      with ``then=TEXT&after=D``, a second event saying TEXT D ms after the first
    - ``/socket?after=D&parts=N``: a WebSocket that answers each text message M with
      N frames ``M 1`` … ``M N``, the first D ms after it (max 5 s), 30 ms apart
    - ``POST /beacon?ms=N``: a 204 after N ms (for ``sendBeacon``)
    - ``POST /state/login`` (form field ``user``): sets an HttpOnly session cookie, then
      redirects to ``/state/whoami``, a page saying who that cookie belongs to;
      ``/state/logout`` clears the cookie (``Max-Age=0``) and redirects there too
    - ``/state/echo``: a page showing the request's ``X-Test`` and ``Accept-Language`` headers
    """

    protocol_version = "HTTP/1.1"
    extensions_map: ClassVar[dict[str, str]] = {  # type: ignore[misc]
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".html": "text/html; charset=utf-8",
        ".js": "text/javascript; charset=utf-8",
    }
    requests: ClassVar[list[str]] = []  # every path asked for, in order (tests read it)
    logins: ClassVar[dict[str, str]] = {}  # session cookie -> user (the /state/ routes)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, directory=str(PAGES), **kwargs)

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _socket(self, after_ms: int, parts: int) -> None:
        """A WebSocket (RFC 6455, text frames only) answering as ``/socket`` says."""
        key = self.headers.get("Sec-WebSocket-Key", "")
        accept = base64.b64encode(
            hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()
        ).decode()
        self.send_response(101)
        self.send_header("Upgrade", "websocket")
        self.send_header("Connection", "Upgrade")
        self.send_header("Sec-WebSocket-Accept", accept)
        self.end_headers()
        self.close_connection = True
        try:
            while True:
                head = self.rfile.read(2)
                if len(head) < 2 or head[0] & 0x0F == 0x8:
                    return  # closed
                size = head[1] & 0x7F
                if size == 126:
                    size = int.from_bytes(self.rfile.read(2), "big")
                elif size == 127:
                    size = int.from_bytes(self.rfile.read(8), "big")
                mask = self.rfile.read(4)
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(self.rfile.read(size)))
                time.sleep(after_ms / 1000)
                for part in range(1, parts + 1):
                    body = f"{data.decode()} {part}".encode()
                    self.wfile.write(bytes([0x81, len(body)]) + body)  # short text frames
                    self.wfile.flush()
                    time.sleep(0.03)
        except OSError:
            pass

    def _send(
        self,
        status: int,
        body: bytes,
        ctype: str = "text/html; charset=utf-8",
        headers: dict[str, str] | None = None,
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_POST(self) -> None:
        """``/beacon?ms=N``: reads the body, answers 204 after N ms (max 60 s)."""
        Handler.requests.append(self.path)
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if url.path == "/state/login":
            user = parse_qs(body.decode()).get("user", ["nobody"])[0]
            sid = secrets.token_hex(8)
            Handler.logins[sid] = user
            cookie = f"sid={sid}; HttpOnly; Path=/; SameSite=Lax"
            self._send(303, b"", headers={"Location": "/state/whoami", "Set-Cookie": cookie})
        elif url.path == "/beacon":
            time.sleep(min(int(query.get("ms", "0")), 60_000) / 1000)
            self._send(204, b"")
        else:
            self._send(404, b"")

    def do_GET(self) -> None:
        Handler.requests.append(self.path)
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        if url.path == "/slow":
            time.sleep(min(int(query.get("ms", "300")), 10_000) / 1000)
            body = json.dumps({"body": query.get("body", "done")}).encode()
            self._send(200, body, "application/json")
        elif url.path.startswith("/status/"):
            code = int(url.path.rsplit("/", 1)[1])
            self._send(code, f"<title>{code}</title><p>status {code}</p>".encode())
        elif url.path == "/redirect":
            self._send(302, b"", headers={"Location": query.get("to", "/")})
        elif url.path == "/bytes":
            # ``/bytes?size=N``: N bytes of text (at most 1 MB), for timing a download.
            self._send(200, b"x" * min(int(query.get("size", "0")), 1_000_000), "text/plain")
        elif url.path == "/download":
            name = query.get("name", "report.csv")
            self._send(
                200,
                b"id,name\n1,Ada\n2,Grace\n",
                "text/csv",
                headers={"Content-Disposition": f'attachment; filename="{name}"'},
            )
        elif url.path == "/hang":
            # A request that does not answer for ms (max 60 s): a long poll.
            time.sleep(min(int(query.get("ms", "30000")), 60_000) / 1000)
            self._send(204, b"")
        elif url.path == "/socket":
            self._socket(min(int(query.get("after", "400")), 5_000), int(query.get("parts", "2")))
        elif url.path == "/events":
            # Server-sent events: one event, then the stream stays open for ms (max 60 s).
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            try:
                self.wfile.write(b"data: hello\n\n")
                self.wfile.flush()
                if "then" in query:  # a second event after `after` ms (max 10 s): a queued job's
                    time.sleep(min(int(query.get("after", "1200")), 10_000) / 1000)
                    self.wfile.write(f"data: {query['then']}\n\n".encode())
                    self.wfile.flush()
                time.sleep(min(int(query.get("ms", "30000")), 60_000) / 1000)
            except OSError:
                pass
            self.close_connection = True
        elif url.path == "/generated/list":
            n = int(query.get("n", "300"))
            items = "".join(
                f'<li>Item {i} <button class="add" data-i="{i}">Add {i}</button></li>'
                for i in range(n)
            )
            page = (
                "<!doctype html><title>List</title><h1>Items</h1>"
                '<p id="status" role="status">nothing added</p>'
                f"<ul>{items}</ul>"
                "<script>document.addEventListener('click', e => {"
                " const b = e.target.closest('button.add'); if (!b) return;"
                " b.textContent = 'Added ' + b.dataset.i;"
                " document.getElementById('status').textContent = 'added ' + b.dataset.i; });"
                "</script>"
            )
            self._send(200, page.encode())
        elif url.path == "/state/whoami":
            jar = http.cookies.SimpleCookie(self.headers.get("Cookie") or "")
            user = Handler.logins.get(jar["sid"].value) if "sid" in jar else None
            said = f"Signed in as {html.escape(user)}" if user else "Not signed in"
            self._send(200, f'<title>Who</title><p id="who">{said}</p>'.encode())
        elif url.path == "/state/logout":
            gone = "sid=; HttpOnly; Path=/; SameSite=Lax; Max-Age=0"
            self._send(303, b"", headers={"Location": "/state/whoami", "Set-Cookie": gone})
        elif url.path == "/state/echo":
            shown = {k: self.headers.get(k) or "" for k in ("X-Test", "Accept-Language")}
            cells = "".join(f'<p id="{k}">{html.escape(v)}</p>' for k, v in shown.items())
            self._send(200, f"<title>Echo</title>{cells}".encode())
        elif url.path == "/generated/table":
            self._send(200, _table_page(int(query.get("rows", "2000"))).encode())
        else:
            super().do_GET()


def _table_page(rows: int) -> str:
    customers = ("Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov")
    body = "".join(
        f'<tr class="order-row"><td>{i}</td><td>{customers[i % 5]}</td>'
        f'<td>{(i * 37) % 1000}.{i % 100:02d} EUR</td><td><span class="status">'
        f"{'shipped' if i % 3 else 'pending'}</span></td>"
        f'<td><button type="button" class="view" data-id="{i}">View {i}</button></td></tr>'
        for i in range(1, rows + 1)
    )
    return (
        "<!doctype html><html lang=en><title>Orders</title>"
        "<h1>Orders</h1><p>All orders of the shop, oldest first.</p>"
        '<div class="panel"><table class="orders"><thead><tr><th>Id</th><th>Customer</th>'
        "<th>Total</th><th>Status</th><th></th></tr></thead>"
        f"<tbody>{body}</tbody></table></div>"
        '<footer><p>Page 1 of 1</p><ul class="links">'
        + "".join(f'<li><a href="/help/{i}">Help topic {i}</a></li>' for i in range(12))
        + "</ul></footer>"
    )


@contextlib.contextmanager
def serve(host: str = "127.0.0.1") -> Iterator[str]:
    """Run the server on ``host`` and a free port; yield its base URL."""
    server = http.server.ThreadingHTTPServer((host, 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
