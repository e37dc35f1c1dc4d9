"""The endpoint pool: sessions placed on remote browsers by free capacity.

Each ``Config.endpoints`` entry is one connection (a Playwright browser
server launches one Chromium for it; a CDP endpoint is a running Chrome), and
each session placed there is a browser context in it. The pool counts only
this browser's own sessions: another client of the same server is invisible
to it, which is what ``max_sessions`` in the URL is for.

An endpoint that drops its connection takes its sessions with it (their
pages are gone; they are never moved) and is retried with backoff at later
placements: a restarted server rejoins at the next start that reaches it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

import attrs
from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Playwright

from browserkit._endpoints import (
    ParsedEndpoint,
    mismatch_message,
    parse_endpoint,
    probe,
    probe_all,
    server_versions,
)
from browserkit.config import Config
from browserkit.errors import BrowserNotFoundError, CapacityError
from browserkit.results import EndpointStatus

__all__ = ["Endpoint", "EndpointPool"]

# Backoff after a failure: 0.5 s, doubling, at most 30 s.
FIRST_RETRY_S = 0.5
LAST_RETRY_S = 30.0

Lost = Callable[[set[str], str], None]
"""Told which sessions an endpoint took with it, and why."""


@attrs.define(eq=False)
class Endpoint:
    """One endpoint of the pool: its connection, its sessions and its health."""

    spec: ParsedEndpoint
    browser: PlaywrightBrowser | None = None
    sessions: set[str] = attrs.Factory(set)
    failures: int = 0
    retry_at: float = 0.0
    error: str | None = None

    @property
    def url(self) -> str:
        """The entry as output shows it (credentials masked); connect to ``spec.target``."""
        return self.spec.shown

    @property
    def label(self) -> str:
        return self.spec.label

    @property
    def connected(self) -> bool:
        return self.browser is not None and self.browser.is_connected()

    def room(self, default: int) -> int:
        """Sessions it can still take: its capacity (else ``default``) minus its load."""
        capacity = self.spec.capacity if self.spec.capacity is not None else default
        return capacity - len(self.sessions)

    def failed(self, error: str) -> None:
        self.browser = None
        self.error = error
        self.failures += 1
        delay = min(LAST_RETRY_S, FIRST_RETRY_S * 2 ** (self.failures - 1))
        self.retry_at = time.monotonic() + delay


class EndpointPool:
    """Places sessions on the endpoints of ``config.endpoints``."""

    def __init__(self, config: Config, on_lost: Lost) -> None:
        self._config = config
        self._on_lost = on_lost
        self.endpoints = [Endpoint(parse_endpoint(url)) for url in config.endpoints]
        self._lock = asyncio.Lock()
        self._closing = False

    async def place(self, pw: Playwright, session_id: str) -> Endpoint:
        """Reserve room for ``session_id`` on the endpoint with the most free capacity.

        Healthy endpoints and those due a retry come first, most room first
        (ties: the earlier entry); endpoints still backing off are tried only
        when none of those answers. Raises CapacityError when every endpoint
        is full, BrowserNotFoundError when none with room answers.
        """
        async with self._lock:
            default = self._config.max_sessions
            now = time.monotonic()
            open_ = [e for e in self.endpoints if e.room(default) > 0]
            ready = sorted(
                (e for e in open_ if e.connected or e.retry_at <= now),
                key=lambda e: -e.room(default),
            )
            waiting = sorted((e for e in open_ if e not in ready), key=lambda e: e.retry_at)
            for endpoint in [*ready, *waiting]:
                if endpoint.connected or await self._connect(pw, endpoint):
                    endpoint.sessions.add(session_id)
                    return endpoint
            raise self._no_room(full=len(open_) < len(self.endpoints))

    def _no_room(self, *, full: bool) -> CapacityError | BrowserNotFoundError:
        default = self._config.max_sessions
        states = "; ".join(
            f"{e.label}: "
            + (
                f"full ({len(e.sessions)} sessions)"
                if e.room(default) <= 0
                else (e.error or "did not answer")
            )
            for e in self.endpoints
        )
        if full:
            return CapacityError(
                f"no endpoint has room for another session ({states})",
                hint="stop a session you no longer need, raise ?max_sessions=N in an "
                "endpoint's URL, or add an endpoint",
            )
        return BrowserNotFoundError(
            f"no browser endpoint answered ({states})",
            hint="check that the servers run (python -m browserkit diagnostics lists "
            "each endpoint), or empty Config.endpoints to launch Chromium here",
        )

    async def _connect(self, pw: Playwright, endpoint: Endpoint) -> bool:
        # Asked first, in about 2 s at most: a host that drops packets would
        # otherwise hold the pool (and every start()) for the connect's timeout.
        seen = await asyncio.to_thread(probe, endpoint.spec)
        if not seen.reachable:
            endpoint.failed(seen.error or "did not answer")
            return False
        timeout = max(30_000, self._config.default_timeout_ms)
        try:
            if endpoint.spec.kind == "cdp":
                browser = await pw.chromium.connect_over_cdp(endpoint.spec.target, timeout=timeout)
            else:
                browser = await pw.chromium.connect(endpoint.spec.target, timeout=timeout)
        except PlaywrightError as exc:
            endpoint.failed(_why(endpoint, exc))
            return False
        endpoint.browser = browser
        endpoint.failures = 0
        endpoint.error = None
        browser.on("disconnected", lambda gone: self._dropped(endpoint, gone))
        return True

    def _dropped(self, endpoint: Endpoint, browser: PlaywrightBrowser) -> None:
        if self._closing or endpoint.browser is not browser:
            return  # our own close, or an earlier connection's late word
        lost, endpoint.sessions = endpoint.sessions, set()
        endpoint.failed("dropped its connection")
        self._on_lost(
            lost,
            f"{_what(endpoint)} at {endpoint.label} dropped its connection; the session's "
            "pages went with it, so it was not moved to another endpoint",
        )

    def release(self, session_id: str) -> None:
        """Give back the room a stopped session held."""
        for endpoint in self.endpoints:
            endpoint.sessions.discard(session_id)

    def statuses(self) -> tuple[EndpointStatus, ...]:
        """Each endpoint's reachability, version and load; probes, never launches."""
        probes = probe_all([e.spec for e in self.endpoints])
        return tuple(
            EndpointStatus(
                url=e.url,
                kind=e.spec.kind,
                reachable=p.reachable,
                version=p.version,
                sessions=len(e.sessions),
                max_sessions=e.spec.capacity,
                error=p.error or (None if e.connected or not e.error else f"last try: {e.error}"),
            )
            for e, p in zip(self.endpoints, probes, strict=True)
        )

    async def close(self) -> None:
        """Disconnect from every endpoint (a Playwright server closes the browser it launched)."""
        self._closing = True
        for endpoint in self.endpoints:
            if endpoint.browser is not None:
                with contextlib.suppress(Exception):
                    await endpoint.browser.close()
                endpoint.browser = None


def statuses(config: Config) -> tuple[EndpointStatus, ...]:
    """Each configured endpoint as a fresh process sees it (the CLI's diagnostics)."""
    return EndpointPool(config, on_lost=lambda *_: None).statuses()


def _what(endpoint: Endpoint) -> str:
    return "the browser server" if endpoint.spec.kind == "playwright" else "the browser"


def _why(endpoint: Endpoint, exc: PlaywrightError) -> str:
    # Playwright's message quotes the URL it was given, credentials and all.
    text = endpoint.spec.scrub(str(exc.message if hasattr(exc, "message") else exc))
    versions = server_versions(text)
    if versions is not None:
        return mismatch_message(endpoint.label, versions[0])[0]
    first = next((line.strip() for line in text.splitlines() if line.strip()), "failed")
    return f"could not connect: {first}"
