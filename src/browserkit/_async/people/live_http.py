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

Nobody holding sockets open keeps the person out: a request head must arrive
whole within ``HEAD_S`` (the connection is dropped otherwise), its token is
checked before its body is read, and connections that have not shown the
token yet have their own small budget (see ``LiveServer._admit``).
"""

from __future__ import annotations

import asyncio
import hmac
from urllib.parse import parse_qs, urlsplit

import attrs

__all__ = [
    "HEAD_S",
    "IDLE_S",
    "MAX_HEAD",
    "BadRequest",
    "Request",
    "content_length",
    "own_origins",
    "read_body",
    "read_head",
    "refusal",
    "response",
]

MAX_HEAD = 16 * 1024
"""The longest request line and headers accepted (also the stream's buffer limit)."""
MAX_BODY = 256 * 1024
"""The largest POST body accepted: a batch of input events is a few kilobytes."""
MAX_LENGTH_DIGITS = 12
"""The most digits a ``Content-Length`` may have (``int()`` refuses past 4,300)."""
HEAD_S = 2.0
"""How long a request head may take to arrive whole, from the connection's start (or, on
a kept-alive connection, from its first byte): a client sends its head at once."""
BODY_S = 10.0
"""How long a client may take to send a body once its head arrived."""
IDLE_S = 60.0
"""How long a kept-alive connection (one that showed the token) may idle between requests."""

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
    """One HTTP request: header names are lower case, the query keeps each key's first value.

    :func:`read_head` returns it without its body (``length`` says how long that is);
    :func:`read_body` returns it whole.
    """

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes = b""
    length: int = 0

    @property
    def keep_alive(self) -> bool:
        return self.headers.get("connection", "").lower() != "close"


async def read_head(reader: asyncio.StreamReader, idle_s: float | None = None) -> Request | None:
    """The next request's head; None when the client closed the connection or was too slow.

    With ``idle_s`` None (a new connection) the whole head must arrive within
    ``HEAD_S``; otherwise (a kept-alive one) it may take ``idle_s`` to begin, then
    ``HEAD_S`` to arrive whole.
    """
    try:
        first = b""
        if idle_s is not None:
            first = await asyncio.wait_for(reader.readexactly(1), idle_s)
        head = first + await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_S)
    except (asyncio.IncompleteReadError, asyncio.TimeoutError, ConnectionError):
        return None
    except asyncio.LimitOverrunError:
        raise BadRequest(400, "request head too long") from None
    first_line, _, rest = head.lstrip(b"\r\n").partition(b"\r\n")
    try:
        method, target, version = first_line.decode("latin-1").split(" ")
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
    length = content_length(headers.get("content-length", "0"))
    try:
        parts = urlsplit(target)  # raises on a malformed authority, such as "//[x"
    except ValueError:
        raise BadRequest(400, "malformed request target") from None
    query = {key: values[0] for key, values in parse_qs(parts.query).items()}
    return Request(method.upper(), parts.path or "/", query, headers, length=length)


def content_length(value: str) -> int:
    """A ``Content-Length`` header's value, checked: ASCII digits only (``str.isdigit``
    also takes "²", which ``int`` refuses), a few of them, at most ``MAX_BODY``."""
    if not (value.isascii() and value.isdigit()) or len(value) > MAX_LENGTH_DIGITS:
        raise BadRequest(400, "bad Content-Length")
    length = int(value)
    if length > MAX_BODY:
        raise BadRequest(413, "body too large")
    return length


async def read_body(reader: asyncio.StreamReader, request: Request) -> Request | None:
    """``request`` with its body; None when the client closed the connection or was too slow.

    Read only once the request passed :func:`refusal`: a stranger's body is never waited for.
    """
    if not request.length:
        return request
    try:
        body = await asyncio.wait_for(reader.readexactly(request.length), BODY_S)
    except (asyncio.IncompleteReadError, asyncio.TimeoutError, ConnectionError):
        return None
    return attrs.evolve(request, body=body)


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
