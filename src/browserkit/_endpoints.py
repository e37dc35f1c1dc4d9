"""Remote browser endpoints: what a ``Config.endpoints`` entry means, and a probe of one.

Nothing here launches a browser or imports Playwright's async API: the config
checks its entries with :func:`parse_endpoint`, and diagnostics (the CLI's
too) ask each endpoint how it is with :func:`probe`.

An entry may carry credentials (``ws://user:pass@host/?token=...``) and
launch options. The entry as written is used only to connect; everything
browserkit prints or returns shows it through :func:`redact`, and free text
from elsewhere that may quote it (Playwright's errors) goes through
:func:`scrub`.
"""

from __future__ import annotations

import base64
import http.client
import ipaddress
import json
import os
import re
import socket
import ssl
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from typing import Literal
from urllib.parse import SplitResult, unquote, unquote_plus, urlsplit, urlunsplit

import attrs

from browserkit.errors import InvalidArgumentError

__all__ = [
    "EndpointKind",
    "ParsedEndpoint",
    "Probe",
    "client_playwright",
    "label",
    "mismatch_message",
    "parse_endpoint",
    "probe",
    "probe_all",
    "redact",
    "scrub",
    "server_versions",
]

EndpointKind = Literal["playwright", "cdp"]

# browserkit's own query parameter: the endpoint's capacity, never sent to it.
CAPACITY_PARAM = "max_sessions"
# Seconds a probe may take; probes of several endpoints run at once.
PROBE_SECONDS = 2.0

_KINDS: dict[str, EndpointKind] = {
    "ws": "playwright",
    "wss": "playwright",
    "http": "cdp",
    "https": "cdp",
}


MASK = "***"
"""What a credential, a secret query value or the launch options read as in output."""

# Query keys whose values are credentials, found anywhere in the key in any
# case (``token``, ``access_token``, ``apiKey``, ``X-Auth``, ``password``).
# Too wide is harmless: the value is only hidden from output, never changed.
_SECRET_KEY = re.compile(r"token|key|secret|pass|pwd|auth|credential|signature", re.I)
# Passed to the server whole but never echoed: Playwright's launch options
# may hold a proxy's password, environment variables or paths.
_HIDDEN_KEYS = frozenset({"launch-options"})


def on_this_machine(url: str) -> bool:
    """Whether the endpoint at ``url`` runs on this machine (a loopback host).

    Only such a browser can reach what browserkit serves on 127.0.0.1, such as
    a fenced session's proxy.
    """
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def redact(url: str) -> str:
    """``url`` fit to print: userinfo as ``***@``, secret query values as ``***``.

    >>> redact("ws://alice:S3CRET@10.0.0.5:3000/?token=TOK&max_sessions=2")
    'ws://***@10.0.0.5:3000/?token=***&max_sessions=2'

    Works on any text, URL or not (a refused entry is echoed through it too).
    """
    return _masked(url, [])


def label(url: str) -> str:
    """``url`` as :func:`redact` shows it, without its query: for messages (launch
    options make an entry long)."""
    return redact(url).partition("#")[0].partition("?")[0]


def scrub(text: str, url: str) -> str:
    """``text`` (an error from Playwright or the OS) with every secret of ``url`` masked.

    The whole URL becomes :func:`redact`'s form; then each secret on its own
    (the userinfo, its user and password, each secret query value, raw and
    percent-decoded) becomes ``***`` wherever it still appears.
    """
    found: list[str] = []
    shown = _masked(url, found)
    text = text.replace(url, shown)
    pieces = set()
    for raw in found:
        for form in (raw, unquote(raw), unquote_plus(raw)):
            pieces.add(form)
            pieces.update(form.split(":", 1))
            pieces.update(_json_strings(form))
    for piece in sorted((p for p in pieces if p and p != MASK), key=len, reverse=True):
        text = text.replace(piece, MASK)
    return text


def _json_strings(text: str) -> list[str]:
    """The strings inside ``text`` read as JSON (launch options: a path, a proxy's
    password), long enough that masking them cannot garble a message."""
    try:
        value = json.loads(text)
    except ValueError:
        return []
    strings: list[str] = []
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, str) and len(item) >= 4:
            strings.append(item)
    return strings


def _masked(url: str, found: list[str]) -> str:
    # By hand, not urlsplit: a malformed entry (which urlsplit may refuse) is
    # echoed in its refusal, and a password with a raw "?" or "#" must not
    # slip past as part of the query. The authority runs to the first "/"
    # after the scheme; everything before its last "@" is userinfo.
    start = url.find("://")
    start = 0 if start < 0 else start + 3
    end = url.find("/", start)
    end = len(url) if end < 0 else end
    at = url.rfind("@", start, end)
    if at >= 0:
        found.append(url[start:at])
        url = f"{url[:start]}{MASK}{url[at:]}"
    rest, hash_, fragment = url.partition("#")
    rest, question, query = rest.partition("?")
    return f"{rest}{question}{_pairs(query, found)}{hash_}{_pairs(fragment, found)}"


def _pairs(query: str, found: list[str]) -> str:
    kept = []
    for pair in query.split("&") if query else []:
        key, equals, value = pair.partition("=")
        name = unquote_plus(key).strip().lower()
        if equals and value and (name in _HIDDEN_KEYS or _SECRET_KEY.search(name)):
            found.append(value)
            pair = f"{key}={MASK}"
        kept.append(pair)
    return "&".join(kept)


@attrs.frozen
class ParsedEndpoint:
    """A ``Config.endpoints`` entry: as configured, what to connect to, and its capacity.

    ``url`` and ``target`` are for connecting only; output shows ``shown``,
    ``label`` or text passed through ``scrub``.
    """

    url: str
    target: str
    kind: EndpointKind
    capacity: int | None

    @property
    def shown(self) -> str:
        """The entry as output shows it: credentials and launch options masked."""
        return redact(self.url)

    @property
    def label(self) -> str:
        """The entry shown without its query (see :func:`label`)."""
        return label(self.url)

    def scrub(self, text: str) -> str:
        """``text`` with every secret of this entry masked (see :func:`scrub`)."""
        return scrub(text, self.url)


def _check_bracketed_host(parts: SplitResult) -> None:
    """Raise ValueError for a bracketed host that is no IPv6 address (Python 3.11.4 and
    later's urlsplit does this itself; 3.10's lets ``[nope]`` through)."""
    host = parts.netloc.rpartition("@")[2]
    if host.startswith("["):
        ipaddress.IPv6Address(host[1:].partition("]")[0])


def parse_endpoint(url: str) -> ParsedEndpoint:
    """Split ``max_sessions`` off an endpoint URL; InvalidArgumentError when it is no endpoint."""
    hint = (
        "give ws://host:port/ for a Playwright browser server (python -m playwright "
        "run-server) or http://host:port for a Chrome DevTools endpoint, optionally with "
        "?max_sessions=N"
    )
    try:
        parts = urlsplit(url)
        _check_bracketed_host(parts)
    except ValueError:  # a bracketed host that is no IPv6 address
        raise InvalidArgumentError(f"endpoint {redact(url)!r} is no URL", hint=hint) from None
    kind = _KINDS.get(parts.scheme.lower())
    if kind is None or not parts.hostname:
        raise InvalidArgumentError(
            f"endpoint {redact(url)!r} is not a ws(s):// or http(s):// URL", hint=hint
        )
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        raise InvalidArgumentError(f"endpoint {redact(url)!r} has a bad port", hint=hint) from None
    capacity: int | None = None
    kept = []
    # Split by hand, not parsed and re-encoded: what stays is sent byte for byte.
    for pair in parts.query.split("&") if parts.query else []:
        key, _, value = pair.partition("=")
        if unquote(key) != CAPACITY_PARAM:
            kept.append(pair)
            continue
        if not value.isdigit() or int(value) < 1:
            raise InvalidArgumentError(
                f"endpoint {redact(url)!r}: max_sessions must be a whole number of at least 1",
                hint="write ?max_sessions=20, or leave it out (bounded by Config.max_sessions)",
            )
        capacity = int(value)
    # A Playwright server reads its launch options from the query: the rest
    # of it passes through as the user wrote it.
    target = url if capacity is None else urlunsplit(parts._replace(query="&".join(kept)))
    return ParsedEndpoint(url=url, target=target, kind=kind, capacity=capacity)


def client_playwright() -> str:
    """The Playwright this process runs (``1.65.1``)."""
    try:
        return package_version("playwright")
    except PackageNotFoundError:  # pragma: no cover - playwright is a dependency
        return "unknown"


def _major_minor(version: str) -> str:
    return ".".join(version.split(".")[:2])


_VERSIONS = re.compile(r"server version: v?([\d.]+).*?client version: v?([\d.]+)", re.S)


def server_versions(text: str) -> tuple[str, str] | None:
    """(server, client) Playwright versions from a server's version-mismatch refusal."""
    found = _VERSIONS.search(text)
    return (found.group(1), found.group(2)) if found else None


def mismatch_message(url: str, server: str) -> tuple[str, str]:
    """The message and hint for a Playwright server of another major.minor than ours."""
    client = _major_minor(client_playwright())
    return (
        f"the browser server at {url} runs Playwright {server}, this client {client}: "
        "a server and its clients must run the same major.minor version",
        f"start the server from Playwright {client} (pip install 'playwright=={client}.*', "
        f"or the mcr.microsoft.com/playwright image of v{client_playwright()}), "
        f"or install playwright=={server}.* here",
    )


@attrs.frozen
class Probe:
    """What one endpoint answered: reachable, its version, and what is wrong."""

    reachable: bool
    version: str | None = None
    error: str | None = None


def probe(endpoint: ParsedEndpoint, timeout: float = PROBE_SECONDS) -> Probe:
    """Ask an endpoint how it is without launching anything there.

    A CDP endpoint answers ``/json/version``. A Playwright server refuses a
    WebSocket upgrade from a client of another version with its own version
    in the answer (a 428 before any browser starts); the probe announces an
    impossible client version to read it. Proxies are not used: endpoints are
    reached directly, as Playwright reaches them.
    """
    parts = urlsplit(endpoint.target)
    host = parts.hostname or ""
    secure = parts.scheme in ("https", "wss")
    port = parts.port or (443 if secure else 80)
    try:
        if endpoint.kind == "cdp":
            return _probe_cdp(parts, host, port, secure, timeout)
        return _probe_playwright(endpoint, parts, host, port, secure, timeout)
    except (OSError, http.client.HTTPException, ValueError) as exc:
        return Probe(reachable=False, error=endpoint.scrub(f"unreachable: {exc}"))


def _credentials(parts: SplitResult) -> dict[str, str]:
    """The entry's userinfo as the Authorization header Playwright would send; none without."""
    if parts.username is None:
        return {}
    pair = f"{unquote(parts.username)}:{unquote(parts.password or '')}"
    return {"Authorization": f"Basic {base64.b64encode(pair.encode()).decode()}"}


def _host_header(parts: SplitResult) -> str:
    """``host[:port]`` for the Host header: never the userinfo the netloc may carry."""
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"  # an IPv6 address
    return host if parts.port is None else f"{host}:{parts.port}"


def probe_all(endpoints: list[ParsedEndpoint]) -> list[Probe]:
    """Probe every endpoint at once; the whole takes at most about PROBE_SECONDS."""
    if not endpoints:
        return []
    with ThreadPoolExecutor(max_workers=min(16, len(endpoints))) as pool:
        return list(pool.map(probe, endpoints))


def _probe_cdp(parts: SplitResult, host: str, port: int, secure: bool, timeout: float) -> Probe:
    cls = http.client.HTTPSConnection if secure else http.client.HTTPConnection
    conn = cls(host, port, timeout=timeout)
    try:
        conn.request("GET", "/json/version", headers=_credentials(parts))
        response = conn.getresponse()
        body = response.read(65_536)
    finally:
        conn.close()
    if response.status != 200:
        return Probe(reachable=True, error=f"/json/version answered HTTP {response.status}")
    try:
        product = json.loads(body).get("Browser")
    except (ValueError, AttributeError):
        product = None
    if not isinstance(product, str):
        return Probe(reachable=True, error="/json/version did not name a browser")
    return Probe(reachable=True, version=product)


def _probe_playwright(
    endpoint: ParsedEndpoint,
    parts: SplitResult,
    host: str,
    port: int,
    secure: bool,
    timeout: float,
) -> Probe:
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    key = base64.b64encode(os.urandom(16)).decode()
    # Userinfo goes where a WebSocket client puts it (Authorization), never
    # into the Host header, which proxies and servers log.
    extra = "".join(f"{name}: {value}\r\n" for name, value in _credentials(parts).items())
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {_host_header(parts)}\r\nConnection: Upgrade\r\n"
        f"Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n"
        f"{extra}User-Agent: Playwright/0.0.0 (browserkit probe)\r\n\r\n"
    )
    with socket.create_connection((host, port), timeout=timeout) as raw:
        sock: socket.socket = raw
        if secure:
            sock = ssl.create_default_context().wrap_socket(raw, server_hostname=host)
        sock.sendall(request.encode())
        answer = b""
        while len(answer) < 16_384:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
            if b"client version" in answer or answer.startswith(b"HTTP/1.1 101"):
                break
    text = answer.decode("utf-8", "replace")
    found = server_versions(text)
    if found is None:
        status = text.split("\r\n", 1)[0] or "nothing"
        return Probe(reachable=True, error=f"not a Playwright browser server (answered {status})")
    server = _major_minor(found[0])
    if server != _major_minor(client_playwright()):
        return Probe(
            reachable=True, version=server, error=mismatch_message(endpoint.label, server)[0]
        )
    return Probe(reachable=True, version=server)
