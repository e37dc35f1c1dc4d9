"""The live view's HTTP: reading one request, the checks every request passes, the answers.

Deliberately small: HTTP/1.1 over ``asyncio`` streams, ``Content-Length``
bodies only, no chunked uploads, keep-alive for the viewer's POSTs. What it
guards is that only the person holding the view's URL can use it:

- the server listens on 127.0.0.1 only;
- every request carries the view's token (``?token=`` on GETs, the
  ``X-Browserkit-Token`` header on POSTs), compared in constant time;
- the ``Host`` header must be the loopback address and port (a DNS-rebinding
  page has its own host name there);
- an ``Origin`` header, when present, must be the view's own origin, and a
  POST must have one (a browser always sends it on a POST).
"""

from __future__ import annotations

import asyncio
import hmac
from urllib.parse import parse_qs, urlsplit

import attrs

__all__ = [
    "IDLE_S",
    "MAX_HEAD",
    "BadRequest",
    "Request",
    "own_origins",
    "read_request",
    "refusal",
    "response",
]

MAX_HEAD = 16 * 1024
"""The longest request line and headers accepted (also the stream's buffer limit)."""
MAX_BODY = 256 * 1024
"""The largest POST body accepted: a batch of input events is a few kilobytes."""
BODY_S = 10.0
"""How long a client may take to send a body once its head arrived."""
IDLE_S = 60.0
"""How long a connection may take to send its next request head (kept-alive ones idle)."""

TOKEN_HEADER = "x-browserkit-token"

# The page loads only its own script, style and the frames as data: URLs; it
# may be framed anywhere because a notebook shows it in an iframe of another
# origin (the token in its URL is what keeps strangers out, see docs/people.md).
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *"
)

_REASONS = {
    200: "OK",
    204: "No Content",
    400: "Bad Request",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    410: "Gone",
    413: "Payload Too Large",
}


class BadRequest(Exception):
    """A request that cannot be read: answered with ``status``, then the connection closes."""

    def __init__(self, status: int, why: str) -> None:
        super().__init__(why)
        self.status = status


@attrs.frozen
class Request:
    """One HTTP request: header names are lower case, the query keeps each key's first value."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes = b""

    @property
    def keep_alive(self) -> bool:
        return self.headers.get("connection", "").lower() != "close"


async def read_request(reader: asyncio.StreamReader, idle_s: float = IDLE_S) -> Request | None:
    """The next request on the connection; None when the client closed it (or stayed idle)."""
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), idle_s)
    except (asyncio.IncompleteReadError, asyncio.TimeoutError, ConnectionError):
        return None
    except asyncio.LimitOverrunError:
        raise BadRequest(400, "request head too long") from None
    first, _, rest = head.lstrip(b"\r\n").partition(b"\r\n")
    try:
        method, target, version = first.decode("latin-1").split(" ")
    except ValueError:
        raise BadRequest(400, "malformed request line") from None
    if not version.startswith("HTTP/1."):
        raise BadRequest(400, "only HTTP/1.x is spoken here")
    headers: dict[str, str] = {}
    for line in rest.decode("latin-1").split("\r\n"):
        if not line:
            continue
        name, sep, value = line.partition(":")
        if not sep:
            raise BadRequest(400, "malformed header")
        # A repeated header keeps its first value: a second Host cannot win.
        headers.setdefault(name.strip().lower(), value.strip())
    if "transfer-encoding" in headers:
        raise BadRequest(400, "chunked bodies are not accepted")
    body = b""
    length = headers.get("content-length", "0")
    if not length.isdigit():
        raise BadRequest(400, "bad Content-Length")
    if int(length) > MAX_BODY:
        raise BadRequest(413, "body too large")
    if int(length):
        try:
            body = await asyncio.wait_for(reader.readexactly(int(length)), BODY_S)
        except (asyncio.IncompleteReadError, asyncio.TimeoutError, ConnectionError):
            return None
    parts = urlsplit(target)
    query = {key: values[0] for key, values in parse_qs(parts.query).items()}
    return Request(method.upper(), parts.path or "/", query, headers, body)


def own_origins(port: int) -> frozenset[str]:
    """The origins the view is reached at: the loopback address and ``localhost``."""
    return frozenset({f"http://127.0.0.1:{port}", f"http://localhost:{port}"})


def refusal(request: Request, *, token: str, port: int) -> str | None:
    """Why ``request`` must be refused (403), or None when it may be answered."""
    host = request.headers.get("host")
    if host not in {f"127.0.0.1:{port}", f"localhost:{port}"}:
        return "unexpected Host header"
    origin = request.headers.get("origin")
    if origin is not None and origin not in own_origins(port):
        return "requests from other origins are refused"
    if request.method == "POST":
        if origin is None:
            return "a POST needs an Origin header"
        given = request.headers.get(TOKEN_HEADER)
    else:
        given = request.query.get("token")
    if given is None or not hmac.compare_digest(given.encode(), token.encode()):
        return "missing or wrong token"
    return None


def response(
    status: int,
    body: bytes = b"",
    content_type: str = "text/plain; charset=utf-8",
    *,
    keep_alive: bool = True,
) -> bytes:
    """A whole HTTP response with the headers every answer of the view carries."""
    head = [
        f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}",
        f"Content-Type: {content_type}",
        f"Content-Length: {len(body)}",
        *security_headers(),
        "Connection: keep-alive" if keep_alive else "Connection: close",
    ]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def security_headers() -> list[str]:
    return [
        "Cache-Control: no-store",
        "Referrer-Policy: no-referrer",
        "X-Content-Type-Options: nosniff",
        f"Content-Security-Policy: {CSP}",
    ]
