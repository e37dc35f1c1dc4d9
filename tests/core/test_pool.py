"""The endpoint pool: sessions placed on real Playwright browser servers and CDP endpoints.

Every server here is a real ``playwright run-server`` subprocess on 127.0.0.1
(tests/browser_servers.py), killed with SIGKILL to play a machine that dies.
The tests marked ``xdist_group("pool")`` share three module-scoped servers
(each test leaves them all running); every test makes its own browser.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from importlib.metadata import version as package_version
from typing import Any

import pytest

import browserkit as bk
from browserkit._endpoints import redact
from tests.browser_servers import PREVIOUS_CLI, BrowserServer, browser_servers, descendants
from tests.chrome import debugging_chromium
from tests.helpers import changed_lines, raises_before_waiting, ref_of, until

pytestmark = pytest.mark.timeout(120)

PER_SERVER = 5


def pooled(test: Callable[..., Any]) -> Any:
    """On the worker that runs the three shared servers; all ``slow`` alike, so that
    conftest's slow-first ordering keeps them together."""
    return pytest.mark.slow(pytest.mark.xdist_group("pool")(test))


MINOR = ".".join(package_version("playwright").split(".")[:2])
"""This client's Playwright, as a server must match it (``1.65``)."""


def config(*endpoints: str, **overrides: Any) -> bk.Config:
    # A server launches its Chromium when a client connects: on a loaded machine
    # that takes longer than a local page load, so the default timeout is doubled.
    settings = {"max_sessions": 32, "idle_stop_ms": 0, "default_timeout_ms": 30_000}
    return bk.Config(endpoints=endpoints, **{**settings, **overrides})


async def works(session: bk.AsyncSession, base_url: str) -> None:
    """A snapshot and an observed click on basic.html, as an agent's step would do."""
    if not session.url.endswith("/basic.html"):
        await session.navigate(f"{base_url}/basic.html")
    tree = (await session.snapshot()).tree
    acted = await session.click(ref_of(tree, 'button "Increment"'))
    assert acted.diff is not None, acted
    assert any("clicked" in line for line in changed_lines(acted.diff)), str(acted.diff)


def placed(browser: bk.AsyncBrowser) -> dict[str, str | None]:
    """Each running session's endpoint, by session id."""
    return {info.id: info.endpoint for info in browser.sessions()}


def crash_of(browser: bk.AsyncBrowser, session_id: str) -> bk.BrowserCrashedError | None:
    try:
        browser.session(session_id)
    except bk.BrowserCrashedError as exc:
        return exc
    return None


def closed_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def browsers_under(pid: int) -> set[int]:
    """The Chromium browser processes below ``pid`` (not their renderers and helpers,
    which come and go as pages load)."""
    found = {
        child
        for child in descendants(pid)
        if "chrom" in (line := _cmdline(child)) and "--type=" not in line
    }
    # A process a browser forks (before it execs a helper such as the crash
    # handler) carries the browser's command line for a moment: not a browser.
    return {child for child in found if _parent(child) not in found}


def _parent(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            # pid (comm) state ppid ...: comm may hold spaces, so split after it.
            return int(f.read().rsplit(b")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().decode(errors="replace")
    except OSError:
        return ""


# ------------------------------------------------- three servers, twelve sessions


@pytest.fixture(scope="module")
def running_servers() -> Iterator[list[BrowserServer]]:
    with browser_servers(3) as running:
        yield running


@pytest.fixture
def servers(running_servers: list[BrowserServer]) -> list[BrowserServer]:
    """The three servers, every one running (one a failed test left killed is restarted)."""
    for server in running_servers:
        if server.proc is None:
            server.start()
    return running_servers


@pooled
@pytest.mark.timeout(300)  # some twenty seconds on an idle two-core machine; CI is busier
async def test_twelve_sessions_spread_survive_a_dead_server_and_it_rejoins(
    servers: list[BrowserServer], base_url: str
) -> None:
    """The whole life of a pool, in order: each phase starts from where the last one left."""
    urls = [s.url(PER_SERVER) for s in servers]
    shown = [redact(u) for u in urls]  # as sessions() lists them: launch options masked
    async with bk.AsyncBrowser(config(*urls)) as browser:
        # Twelve sessions spread 4/4/4 and each works. Started one after the other:
        # twelve page loads at once on a busy two-core machine measure the machine
        # (the race test starts sessions at once).
        sessions = [await browser.start(f"{base_url}/basic.html") for _ in range(12)]
        where = placed(browser)
        assert set(where) == {s.id for s in sessions}
        assert sorted(where.values()) == sorted(shown * 4)  # each entry as configured
        await asyncio.gather(*(works(s, base_url) for s in sessions))

        # Killing a server crashes exactly its four sessions, naming it; the eight go on.
        victim = servers[1]
        doomed = [s for s in sessions if where[s.id] == shown[1]]
        alive = [s for s in sessions if s not in doomed]
        victim.kill()
        await until(
            lambda: all(crash_of(browser, s.id) for s in doomed),
            "the dead server's sessions are marked crashed",
            timeout_s=15,
        )
        for session in doomed:
            with pytest.raises(bk.BrowserCrashedError) as info:
                await session.snapshot()
            for error in (info.value, crash_of(browser, session.id)):
                assert error is not None
                assert victim.address in error.message, error.message  # names the endpoint
                assert "not moved" in error.message, error.message  # its pages are gone
        assert set(placed(browser)) == {s.id for s in alive}
        await asyncio.gather(*(works(s, base_url) for s in alive))

        # New sessions land on the live servers (4 of 5 each), the earlier entry first.
        first = await browser.start(f"{base_url}/basic.html")
        second = await browser.start(f"{base_url}/basic.html")
        where = placed(browser)
        assert (where[first.id], where[second.id]) == (shown[0], shown[2])
        await asyncio.gather(works(first, base_url), works(second, base_url))
        # Full where they are alive, down where there is room: a capacity refusal.
        with pytest.raises(bk.CapacityError) as refused:
            await browser.start()
        assert "max_sessions" in refused.value.hint
        assert set(placed(browser).values()) == {shown[0], shown[2]}

        # Restarted on its port, the dead server rejoins at the next start: the live
        # ones are full, so it is tried at once, whatever its backoff.
        victim.start()
        session = await browser.start(f"{base_url}/basic.html")
        assert placed(browser)[session.id] == shown[1]
        await works(session, base_url)


@pooled
async def test_a_full_pool_refuses_with_capacity_error_even_when_starts_race(
    servers: list[BrowserServer],
) -> None:
    two = servers[:2]
    async with bk.AsyncBrowser(config(*(s.url(1) for s in two))) as browser:
        outcomes = await asyncio.gather(
            *(browser.start() for _ in range(3)), return_exceptions=True
        )
        refused = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(refused) == 1 and isinstance(refused[0], bk.CapacityError), outcomes
        hint = refused[0].hint
        assert "stop" in hint and "max_sessions" in hint and "endpoint" in hint, hint
        assert sorted(placed(browser).values()) == sorted(redact(s.url(1)) for s in two)
    # Config.max_sessions still bounds the whole browser, whatever the endpoints hold.
    async with bk.AsyncBrowser(config(servers[0].url(), max_sessions=2)) as browser:
        await browser.start()
        await browser.start()
        with pytest.raises(bk.CapacityError):
            await browser.start()


@pooled
def test_the_sync_browser_places_a_session_and_lists_its_endpoint(
    servers: list[BrowserServer], base_url: str
) -> None:
    with bk.Browser(endpoints=[servers[0].url()], idle_stop_ms=0) as browser:
        session = browser.start(f"{base_url}/basic.html")
        assert [(i.id, i.endpoint) for i in browser.sessions()] == [
            (session.id, redact(servers[0].url()))
        ]
        assert "Increment" in session.snapshot().tree


# ------------------------------------------------------------ CDP, diagnostics


async def test_a_cdp_endpoint_and_a_playwright_server_share_the_pool(base_url: str) -> None:
    with BrowserServer() as server, debugging_chromium("about:blank") as port:
        cdp = f"http://127.0.0.1:{port}/?max_sessions=1"
        async with bk.AsyncBrowser(config(server.url(1), cdp)) as browser:
            sessions = [await browser.start(f"{base_url}/basic.html") for _ in range(2)]
            assert sorted(placed(browser).values()) == sorted([redact(server.url(1)), cdp])
            await asyncio.gather(*(works(s, base_url) for s in sessions))
            with pytest.raises(bk.CapacityError):
                await browser.start()


async def test_diagnostics_report_each_endpoint_without_launching_a_browser(
    base_url: str,
) -> None:
    with BrowserServer() as server, debugging_chromium("about:blank") as port:
        cdp, closed = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{closed_port()}/"
        before = browsers_under(os.getpid())
        async with bk.AsyncBrowser(config(server.url(3), cdp, closed)) as browser:
            live, chrome, gone = browser.diagnostics().endpoints
            assert (live.url, live.kind, live.reachable) == (
                redact(server.url(3)),
                "playwright",
                True,
            )
            assert live.version is not None and live.version.startswith(MINOR), live
            assert (live.sessions, live.max_sessions, live.error) == (0, 3, None)
            assert (chrome.url, chrome.kind, chrome.reachable) == (cdp, "cdp", True)
            assert chrome.version is not None and "Chrome/" in chrome.version, chrome
            assert (gone.url, gone.reachable) == (closed, False)
            assert gone.error, gone
            # Asking launched nothing: no browser on the server, none here.
            assert server.browsers() == 0
            # (A browser an earlier test closed may still be exiting: only a
            # new one would mean a launch.)
            assert browsers_under(os.getpid()) - before == set()
            assert browser.sessions() == []
            # Load: the session counts where it was placed.
            session = await browser.start(f"{base_url}/basic.html")
            where = placed(browser)[session.id]
            loads = {e.url: e.sessions for e in browser.diagnostics().endpoints}
            assert loads == {url: int(url == where) for url in (redact(server.url(3)), cdp, closed)}
        # The command line prints the same, as a fresh process finds it.
        env = {**os.environ, "BROWSERKIT_ENDPOINTS": f"{server.address},{closed}"}
        done = await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "-m", "browserkit", "diagnostics"],
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
            stdin=subprocess.DEVNULL,
            check=False,
        )
        assert server.address in done.stdout and closed in done.stdout, done.stdout
        assert MINOR in done.stdout and "unreachable" in done.stdout, done.stdout


# -------------------------------------------------------------- version skew


@pytest.mark.skipif(
    not PREVIOUS_CLI.exists(),
    reason="node_modules lacks playwright-core-previous (package.json): run `npm ci` first",
)
async def test_a_server_of_another_playwright_is_skipped_and_reported(base_url: str) -> None:
    with BrowserServer(("node", str(PREVIOUS_CLI))) as old, BrowserServer() as new:
        async with bk.AsyncBrowser(config(old.url())) as browser:
            (status,) = browser.diagnostics().endpoints
            assert status.reachable and status.version is not None, status
            assert not status.version.startswith(MINOR)
            assert status.error and MINOR in status.error and status.version in status.error
            with pytest.raises(bk.BrowserNotFoundError) as info:
                await browser.start()
            assert MINOR in info.value.message and status.version in info.value.message
        async with bk.AsyncBrowser(config(old.url(), new.url())) as browser:
            session = await browser.start(f"{base_url}/basic.html")
            assert placed(browser)[session.id] == redact(new.url())
            await works(session, base_url)


# ----------------------------------------------------------------------- MCP


async def test_the_mcp_server_places_sessions_on_its_endpoints(base_url: str) -> None:
    pytest.importorskip("mcp")
    from mcp import Client, StdioServerParameters

    with BrowserServer() as server:
        live, down = server.url(), f"ws://127.0.0.1:{closed_port()}/"
        env = {k: v for k, v in os.environ.items() if k.startswith(("BROWSERKIT_", "PLAYWRIGHT_"))}
        args = ["-m", "browserkit", "mcp", "--endpoint", live, "--endpoint", down]
        params = StdioServerParameters(command=sys.executable, args=args, env=env)
        async with Client(params) as client:
            started = await client.call_tool(
                "browser_sessions_start", {"url": f"{base_url}/basic.html"}
            )
            assert not started.is_error, started.content
            listed = await client.call_tool("browser_sessions_list", {})
            sessions = json.loads(listed.content[0].text)["sessions"]  # type: ignore[union-attr]
            assert [s["endpoint"] for s in sessions] == [redact(live)]
            diagnosed = await client.call_tool("browser_diagnostics", {})
            assert down in diagnosed.content[0].text  # type: ignore[union-attr]


# --------------------------------------------------------------- refusals


async def test_an_endpoint_that_never_answers_costs_a_start_only_its_short_probe() -> None:
    # A listening socket nobody accepts on: the handshake completes and then
    # nothing, as with a host behind a firewall that drops packets. Connecting
    # there would wait out Playwright's 30 s timeout, holding every start().
    with socket.socket() as hole:
        hole.bind(("127.0.0.1", 0))
        hole.listen(8)
        url = f"ws://127.0.0.1:{hole.getsockname()[1]}/"
        async with bk.AsyncBrowser(config(url)) as browser:
            with pytest.raises(bk.BrowserNotFoundError) as info:
                await browser.start()
    assert "unreachable: timed out" in info.value.message, info.value.message


async def test_headful_sessions_are_refused_when_endpoints_are_configured() -> None:
    async with bk.AsyncBrowser(config(f"ws://127.0.0.1:{closed_port()}/")) as browser:
        start = lambda: browser.start(headless=False)  # noqa: E731
        error = raises_before_waiting(start, bk.InvalidArgumentError)
        assert "headless" in error.message + error.hint


@pytest.mark.every_python
@pytest.mark.parametrize(
    "entry",
    [
        "127.0.0.1:3000",  # no scheme
        "ftp://127.0.0.1:3000/",
        "ws:///?max_sessions=2",  # no host
        "ws://127.0.0.1:3000/?max_sessions=0",
        "ws://127.0.0.1:3000/?max_sessions=many",
    ],
)
def test_a_malformed_endpoint_is_refused_when_the_config_is_made(entry: str) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        bk.Config(endpoints=[entry])
    assert entry in info.value.message or "max_sessions" in info.value.message


@pytest.mark.every_python
def test_endpoints_from_the_environment_are_split_on_commas() -> None:
    entries = ["ws://127.0.0.1:3000/?max_sessions=2", "http://127.0.0.1:9222"]
    made = bk.Config.from_env({"BROWSERKIT_ENDPOINTS": ",".join(entries)})
    assert made.endpoints == tuple(entries)
