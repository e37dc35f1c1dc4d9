"""The domain fence: which hosts a session may reach (layer 1, no Playwright).

A pattern is a host glob: ``example.com``, ``*.example.com``, ``127.0.0.1``,
``[::1]`` or ``*``. ``*`` matches any run of characters, dots included, and a
pattern that starts with ``*.`` also matches the bare domain
(``*.example.com`` matches ``example.com``, as browser-use's
``allowed_domains`` does). Patterns name hosts only: ports and schemes are not
part of them (every port of an allowed host is allowed), and a pattern with one
is refused. Hosts and patterns are compared in the form Chromium puts on the
wire: lowercase, IDNA (punycode), without a final dot, IPv4 written as a
dotted quad (``0x7f.1`` is ``127.0.0.1``), IPv6 compressed without brackets.

A host passes a policy when no blocked pattern matches it and, if there are
allowed patterns, one of them matches it. A :class:`Fence` is a stack of
policies (the config's, then a session's): a host must pass every one, so a
session can only narrow what its config lets through.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

import attrs

from browserkit.errors import InvalidArgumentError

__all__ = ["DomainPolicy", "Fence", "domains", "host_of", "normalize_host"]

# Only these schemes name a host that a request would go to.
_NETWORK_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp"})


def normalize_host(host: str) -> str | None:
    """``host`` as Chromium sends it to a proxy; None when it cannot be a host name."""
    text = host.strip()
    bracketed = text.startswith("[") and text.endswith("]")
    if bracketed:
        text = text[1:-1]
    if ":" in text or bracketed:
        try:
            return ipaddress.IPv6Address(text.split("%")[0]).compressed
        except ValueError:
            return None
    text = text.removesuffix(".")
    try:
        text = text.encode("idna").decode("ascii").lower()
    except UnicodeError:
        return None
    if not re.fullmatch(r"[a-z0-9_-]+(\.[a-z0-9_-]+)*", text):
        return None
    if re.fullmatch(r"[0-9a-fx.]+", text) and re.search(r"(^|\.)(0x[0-9a-f]*|[0-9]+)$", text):
        # The URL standard reads a host whose last label is a number as IPv4
        # (``2130706433``, ``0x7f.1``); inet_aton accepts the same forms.
        try:
            return socket.inet_ntoa(socket.inet_aton(text))
        except OSError:
            return None
    return text


def _pattern(raw: str) -> str:
    """One pattern, checked and normalised (the ``*`` kept)."""
    text = raw.strip()
    if text == "*":
        return text
    if "://" in text or "/" in text:
        raise InvalidArgumentError(
            f"domain pattern {raw!r} is not a host",
            hint="write host names only (example.com, *.example.com); schemes and paths "
            "are not part of a domain pattern",
        )
    bracketed = text.startswith("[") and text.endswith("]")
    if not bracketed and text.count(":") == 1:
        raise InvalidArgumentError(
            f"domain pattern {raw!r} has a port",
            hint="patterns match hosts on every port; drop the :port",
        )
    if "*" in text:
        wild = text.startswith("*.") and "*" not in text[2:]
        rest = normalize_host(text[2:] if wild else text.replace("*", "a"))
        if rest is None:
            raise InvalidArgumentError(f"domain pattern {raw!r} is not a host glob")
        if wild:
            return "*." + rest
        return text.lower().rstrip(".")
    host = normalize_host(text)
    if host is None:
        raise InvalidArgumentError(
            f"domain pattern {raw!r} is not a host",
            hint="write a host name (example.com), a glob (*.example.com) or an IP address",
        )
    return host


def domains(value: object) -> tuple[str, ...]:
    """Patterns from a comma-separated string or an iterable of strings, normalised."""
    if value is None:
        return ()
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, Iterable):
        raise InvalidArgumentError(f"domain patterns must be strings, got {value!r}")
    out: list[str] = []
    for item in value:
        if not isinstance(item, str):
            raise InvalidArgumentError(f"a domain pattern must be a string, got {item!r}")
        if item.strip():
            pattern = _pattern(item)
            if pattern not in out:
                out.append(pattern)
    return tuple(out)


def _matches(pattern: str, host: str) -> bool:
    if pattern == "*":
        return True
    if pattern.startswith("*.") and host == pattern[2:]:
        return True
    if "*" not in pattern:
        return host == pattern
    regex = ".*".join(re.escape(part) for part in pattern.split("*"))
    return re.fullmatch(regex, host) is not None


@attrs.frozen
class DomainPolicy:
    """One allow list and one block list."""

    allowed: tuple[str, ...] = attrs.field(default=(), converter=domains)
    blocked: tuple[str, ...] = attrs.field(default=(), converter=domains)

    def allows(self, host: str) -> bool:
        """Whether a normalised ``host`` passes this policy."""
        if any(_matches(p, host) for p in self.blocked):
            return False
        return not self.allowed or any(_matches(p, host) for p in self.allowed)

    def blocks_address(self, address: str) -> bool:
        """Whether a blocked IP pattern matches ``address`` (what a name resolved to)."""
        return any(_matches(p, address) for p in self.blocked if p != "*")

    def describe(self) -> str:
        allowed = ", ".join(self.allowed) or "any host"
        blocked = f"; blocked: {', '.join(self.blocked)}" if self.blocked else ""
        return f"allowed: {allowed}{blocked}"


@attrs.frozen
class Fence:
    """The policies a session's hosts must all pass (the config's first)."""

    policies: tuple[DomainPolicy, ...]

    @classmethod
    def of(cls, *policies: DomainPolicy) -> Fence | None:
        """The fence of these policies; None when none of them limits anything."""
        kept = tuple(p for p in policies if p.allowed or p.blocked)
        return cls(kept) if kept else None

    def allows(self, host: str) -> bool:
        """Whether ``host`` (as a URL or the wire spells it) may be reached."""
        normal = normalize_host(host)
        return normal is not None and all(p.allows(normal) for p in self.policies)

    def allows_address(self, address: str) -> bool:
        """Whether the address a host resolved to escapes every blocked IP pattern."""
        normal = normalize_host(address)
        return normal is not None and not any(p.blocks_address(normal) for p in self.policies)

    def allows_url(self, url: str) -> bool:
        """Whether a request to ``url`` may go out (URLs without a network host do)."""
        host = host_of(url)
        return host is None or self.allows(host)

    def describe(self) -> str:
        """The policies in one line, e.g. ``allowed: *.example.com; blocked: ads.example.com``."""
        return " and ".join(p.describe() for p in self.policies)


def host_of(url: str) -> str | None:
    """The host a request to ``url`` goes to; None for schemes without one (about:, data:)."""
    try:
        parts = urlsplit(url.strip())
        if parts.scheme.lower() not in _NETWORK_SCHEMES:
            return None
        netloc = parts.netloc.rpartition("@")[2]
    except ValueError:
        return ""
    if netloc.startswith("["):
        return netloc[: netloc.find("]") + 1] if "]" in netloc else ""
    return netloc.partition(":")[0]
