"""The domain fence against pages that try every way out (issue 27).

127.0.0.1 is the allowed host; 127.0.0.2 and ``localhost`` are fenced off.
Each fenced host runs a server of its own that logs every connection it
accepts, so "nothing got out" is checked where it counts, on the far side,
not only in browserkit's network buffer. Every path a page has to reach a
host gets a test: navigation, links, redirect hops, frames, subresources,
fetch and XHR, forms, WebSocket, EventSource, beacons, prefetch, popups,
workers, service workers, downloads and WebRTC.
"""

from __future__ import annotations

import argparse
import asyncio
import http.server
import json
import socket
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlsplit

import attrs
import pytest

import browserkit as bk
from browserkit import tools
from browserkit._async.network.fence_proxy import FenceProxy
from browserkit._endpoints import on_this_machine
from browserkit._fence import DomainPolicy, Fence, domains, normalize_host
from browserkit.mcp import add_arguments, options_from_args
from tests.browser_servers import BrowserServer
from tests.helpers import AnySession, aw, browser_config, until

BLOCKED = "blocked by domain policy"

# ------------------------------------------------------------------ servers


class _Logged(http.server.ThreadingHTTPServer):
    """A server that logs each connection it accepts and each request line."""

    daemon_threads = True

    def __init__(self, host: str, handler: type[http.server.BaseHTTPRequestHandler]) -> None:
        super().__init__((host, 0), handler)
        self.connections = 0
        self.log: list[str] = []

    def verify_request(self, request: Any, client_address: Any) -> bool:
        self.connections += 1
        return True


class _Fenced(http.server.BaseHTTPRequestHandler):
    """What a fenced-off host answers: anything, if it were ever asked."""

    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _answer(self) -> None:
        self.server.log.append(f"{self.command} {self.path}")  # type: ignore[attr-defined]
        body = b"<title>fenced</title>reached"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_HEAD = _answer


# Pages of the allowed host; {F} is the fenced 127.0.0.2 server, {L} the fenced
# localhost one, {U} the UDP port on 127.0.0.2 (WebRTC).
PAGES = {
    "link": '<a href="{F}/link">to f</a> <a href="{L}/link">to l</a>',
    "subresources": """
        <iframe src="{F}/frame"></iframe>
        <img src="{L}/img">
        <script src="{F}/script.js"></script>
        <link rel="stylesheet" href="{L}/style.css">
        <p>ready</p>""",
    "fetch": """<script>
        const tries = [
          fetch("{F}/fetch"),
          fetch("/redir?to={L}/fetch-hop"),
          new Promise((ok, no) => {{
            const x = new XMLHttpRequest(); x.open("GET", "{L}/xhr");
            x.onload = ok; x.onerror = no; x.send();
          }}),
        ];
        Promise.allSettled(tries).then(r =>
          fetch("/report?fetch=" + r.map(t => t.status).join(",")));
        </script>""",
    "form": """<form method="post" action="{F}/form">
        <input name="q" value="secret"><button>send</button></form>""",
    "websocket": """<script>
        let closed = 0;
        for (const u of ["ws://{FH}/ws", "ws://{LH}/ws"]) {{
          const ws = new WebSocket(u);
          ws.onclose = () => {{ if (++closed === 2) fetch("/report?ws-closed"); }};
        }}
        </script>""",
    "eventsource": """<script>
        const es = new EventSource("{F}/events");
        es.onerror = () => {{ es.close(); fetch("/report?es-error"); }};
        </script>""",
    "beacon": """<script>
        navigator.sendBeacon("{F}/beacon", "data");
        navigator.sendBeacon("{L}/beacon", "data");
        navigator.sendBeacon("/report?beacon", "data");
        </script>""",
    "prefetch": """<link rel="prefetch" href="{F}/prefetch">
        <link rel="preconnect" href="{L}">
        <link rel="dns-prefetch" href="{L}">
        <link rel="prefetch" href="/report?prefetch">""",
    "dns": """<link rel="dns-prefetch" href="//exfil-prefetch.invalid">
        <link rel="preconnect" href="http://exfil-preconnect.invalid">
        <img src="http://exfil-img.invalid/i.png">
        <script>fetch("http://exfil-fetch.invalid/").catch(() => fetch("/report?dns"));</script>""",
    "popup": """<button onclick="window.open('{F}/popup')">open</button>""",
    "worker": """<script>new Worker("/worker.js");</script>""",
    "serviceworker": """<script>navigator.serviceWorker.register("/sw.js");</script>""",
    "download": """<a href="{F}/file" download>fenced file</a>
        <a href="/file" download>our file</a>""",
    "webrtc": """<script>
        const pc = new RTCPeerConnection({{iceServers: [
          {{urls: "stun:127.0.0.2:{U}"}},
          {{urls: "turn:127.0.0.2:{U}?transport=udp", username: "u", credential: "p"}},
        ]}});
        pc.createDataChannel("x");
        pc.onicegatheringstatechange = () => {{
          if (pc.iceGatheringState === "complete") fetch("/report?rtc-complete");
        }};
        pc.createOffer().then(o => pc.setLocalDescription(o));
        </script>""",
}

SCRIPTS = {
    "/worker.js": 'fetch("{F}/worker").catch(() => fetch("/report?worker-refused"));',
    "/sw.js": """self.addEventListener("install", e => e.waitUntil(
        fetch("{L}/sw").catch(() => fetch("/report?sw-refused"))));""",
}


class _Allowed(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    values: ClassVar[dict[str, str]] = {}

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, status: int, body: bytes, ctype: str, **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_GET(self) -> None:
        self.server.log.append(self.path)  # type: ignore[attr-defined]
        url = urlsplit(self.path)
        if url.path.startswith("/p/"):
            page = PAGES[url.path[3:]].format(**self.values)
            self._send(200, f"<title>{url.path[3:]}</title>{page}".encode(), "text/html")
        elif url.path in SCRIPTS:
            self._send(200, SCRIPTS[url.path].format(**self.values).encode(), "text/javascript")
        elif url.path == "/redir":
            self._send(302, b"", "text/plain", Location=parse_qs(url.query)["to"][0])
        elif url.path == "/file":
            self._send(200, b"ours", "application/octet-stream")
        else:
            self._send(200, b"<title>ok</title>ok", "text/html")

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.do_GET()


@attrs.define
class Hosts:
    allowed: _Logged
    fenced: list[_Logged]
    udp: socket.socket
    udp_packets: list[bytes]

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.allowed.server_address[1]}{path}"

    def fenced_url(self, index: int, path: str) -> str:
        host = ("127.0.0.2", "localhost")[index]
        return f"http://{host}:{self.fenced[index].server_address[1]}{path}"

    def reported(self, what: str) -> bool:
        return any(what in line for line in self.allowed.log)

    def assert_nothing_reached_the_fenced_hosts(self) -> None:
        reached = [(s.connections, s.log) for s in self.fenced]
        assert reached == [(0, []), (0, [])]
        assert self.udp_packets == []

    def clear(self) -> None:
        self.allowed.log.clear()
        for server in self.fenced:
            server.connections = 0
            server.log.clear()
        self.udp_packets.clear()


def _run(server: _Logged) -> None:
    threading.Thread(target=server.serve_forever, daemon=True).start()


def _listen_udp(sock: socket.socket, packets: list[bytes]) -> None:
    while True:
        try:
            data, _ = sock.recvfrom(4096)
        except OSError:
            return
        packets.append(data)


@pytest.fixture(scope="module")
def hosts() -> Iterator[Hosts]:
    allowed = _Logged("127.0.0.1", _Allowed)
    # "localhost" is a name of 127.0.0.1: its server listens there, reached by name.
    fenced = [_Logged("127.0.0.2", _Fenced), _Logged("127.0.0.1", _Fenced)]
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.2", 0))
    packets: list[bytes] = []
    threading.Thread(target=_listen_udp, args=(udp, packets), daemon=True).start()
    for server in (allowed, *fenced):
        _run(server)
    out = Hosts(allowed, fenced, udp, packets)
    _Allowed.values = {
        "F": out.fenced_url(0, ""),
        "L": out.fenced_url(1, ""),
        "FH": out.fenced_url(0, "").removeprefix("http://"),
        "LH": out.fenced_url(1, "").removeprefix("http://"),
        "U": str(udp.getsockname()[1]),
    }
    yield out
    for server in (allowed, *fenced):
        server.shutdown()
        server.server_close()
    udp.close()


@pytest.fixture(params=["async", pytest.param("sync", marks=pytest.mark.sync_twin)])
async def fenced(
    request: pytest.FixtureRequest,
    abrowser: bk.AsyncBrowser,
    sbrowser: bk.Browser,
    hosts: Hosts,
) -> AsyncIterator[AnySession]:
    """A session fenced to 127.0.0.1 (its own fence, on the shared test browsers)."""
    hosts.clear()
    if request.param == "async":
        s: AnySession = await abrowser.start(allowed_domains=["127.0.0.1"])
        yield s
        await s.stop()
    else:
        s = sbrowser.start(allowed_domains=["127.0.0.1"])
        yield s
        s.stop()


async def _blocked(s: AnySession, marker: str, count: int = 1) -> list[bk.NetworkEntry]:
    """Wait until ``count`` requests whose URL holds ``marker`` failed by the fence."""

    async def seen() -> list[bk.NetworkEntry]:
        page = await aw(s.network.read(pattern=marker, include_static=True, limit=1000))
        hits = [e for e in page.entries if e.failure == BLOCKED]
        return hits if len(hits) >= count else []

    return list(await until(seen, f"{count} request(s) to {marker} blocked by the fence"))


async def _ref(s: AnySession, text: str) -> str:
    snap = str(await aw(s.snapshot()))
    for line in snap.splitlines():
        if text in line and "[ref=" in line:
            return line.split("[ref=")[1].split("]")[0]
    raise AssertionError(f"no {text!r} in {snap}")


# ------------------------------------------------------------ navigation


async def test_navigation_to_a_fenced_host_raises_before_any_request(
    fenced: AnySession, hosts: Hosts
) -> None:
    for index in (0, 1):
        url = hosts.fenced_url(index, "/top")
        with pytest.raises(bk.DomainNotAllowedError) as info:
            await aw(fenced.navigate(url))
        assert info.value.code == "domain_not_allowed"
        assert "allowed: 127.0.0.1" in info.value.message
        assert "allowed_domains" in info.value.hint
        with pytest.raises(bk.DomainNotAllowedError):
            await aw(fenced.new_tab(url))
    hosts.assert_nothing_reached_the_fenced_hosts()
    nav = await aw(fenced.navigate(hosts.url("/ok")))
    assert nav.status == 200


async def test_start_with_a_fenced_url_raises_before_starting(
    abrowser: bk.AsyncBrowser, hosts: Hosts
) -> None:
    hosts.clear()
    running = len(abrowser.sessions())
    with pytest.raises(bk.DomainNotAllowedError):
        await abrowser.start(url=hosts.fenced_url(1, "/start"), blocked_domains=["localhost"])
    assert len(abrowser.sessions()) == running
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_a_redirect_hop_to_a_fenced_host_is_refused(fenced: AnySession, hosts: Hosts) -> None:
    with pytest.raises(bk.DomainNotAllowedError) as info:
        await aw(fenced.navigate(hosts.url(f"/redir?to={hosts.fenced_url(0, '/hop')}")))
    assert hosts.fenced_url(0, "/hop") in info.value.message
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_a_link_to_a_fenced_host_is_not_followed_and_the_action_says_so(
    fenced: AnySession, hosts: Hosts
) -> None:
    await aw(fenced.navigate(hosts.url("/p/link")))
    for text in ("to f", "to l"):
        result = await aw(fenced.click(await _ref(fenced, text)))
        assert BLOCKED in result.detail
        await aw(fenced.navigate(hosts.url("/p/link")))
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_a_form_post_to_a_fenced_host_is_not_sent(fenced: AnySession, hosts: Hosts) -> None:
    await aw(fenced.navigate(hosts.url("/p/form")))
    result = await aw(fenced.click(await _ref(fenced, "send")))
    assert BLOCKED in result.detail
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_a_popup_to_a_fenced_host_opens_blank(fenced: AnySession, hosts: Hosts) -> None:
    await aw(fenced.navigate(hosts.url("/p/popup")))
    result = await aw(fenced.click(await _ref(fenced, "open")))
    assert result.new_tabs
    await _blocked(fenced, "/popup")
    hosts.assert_nothing_reached_the_fenced_hosts()


# ---------------------------------------------------------- subresources


async def test_frames_images_scripts_and_styles_of_fenced_hosts_are_blocked(
    fenced: AnySession, hosts: Hosts
) -> None:
    await aw(fenced.navigate(hosts.url("/p/subresources")))
    for marker in ("/frame", "/img", "/script.js", "/style.css"):
        await _blocked(fenced, marker)
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_fetch_xhr_and_a_redirected_fetch_are_blocked(
    fenced: AnySession, hosts: Hosts
) -> None:
    await aw(fenced.navigate(hosts.url("/p/fetch")))
    await until(lambda: hosts.reported("fetch=rejected,rejected,rejected"), "all three refused")
    await _blocked(fenced, "/fetch-hop")
    await _blocked(fenced, "/xhr")
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_websockets_to_fenced_hosts_do_not_connect(fenced: AnySession, hosts: Hosts) -> None:
    await aw(fenced.navigate(hosts.url("/p/websocket")))
    await until(lambda: hosts.reported("ws-closed"), "both WebSockets closed")
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_eventsource_to_a_fenced_host_does_not_connect(
    fenced: AnySession, hosts: Hosts
) -> None:
    await aw(fenced.navigate(hosts.url("/p/eventsource")))
    await until(lambda: hosts.reported("es-error"), "the EventSource failed")
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_beacons_to_fenced_hosts_are_not_sent(fenced: AnySession, hosts: Hosts) -> None:
    await aw(fenced.navigate(hosts.url("/p/beacon")))
    await until(lambda: hosts.reported("beacon"), "the allowed beacon arrived")
    await _blocked(fenced, "/beacon", count=2)
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_prefetch_and_preconnect_to_fenced_hosts_do_not_connect(
    fenced: AnySession, hosts: Hosts
) -> None:
    await aw(fenced.navigate(hosts.url("/p/prefetch")))
    await until(lambda: hosts.reported("prefetch"), "the allowed prefetch arrived")
    await _blocked(fenced, "/prefetch")
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_a_dedicated_worker_cannot_reach_a_fenced_host(
    fenced: AnySession, hosts: Hosts
) -> None:
    await aw(fenced.navigate(hosts.url("/p/worker")))
    await until(lambda: hosts.reported("worker-refused"), "the worker's fetch refused")
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_a_service_worker_cannot_reach_a_fenced_host(
    fenced: AnySession, hosts: Hosts
) -> None:
    await aw(fenced.navigate(hosts.url("/p/serviceworker")))
    await until(lambda: hosts.reported("sw-refused"), "the service worker's fetch refused")
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_a_download_from_a_fenced_host_is_not_fetched(
    fenced: AnySession, hosts: Hosts
) -> None:
    await aw(fenced.navigate(hosts.url("/p/download")))
    await aw(fenced.click(await _ref(fenced, "our file")))
    # The allowed host's file still comes (on a loaded machine, after the click answered).
    await until(lambda: any(e.available for e in fenced.downloads.read().entries), "our file")
    await aw(fenced.click(await _ref(fenced, "fenced file")))
    await _blocked(fenced, "/file")
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_webrtc_sends_no_udp_packet_from_a_fenced_session(
    abrowser: bk.AsyncBrowser, fenced: AnySession, hosts: Hosts
) -> None:
    # The control: unfenced, the same page reaches the STUN socket.
    plain = await abrowser.start()
    try:
        await plain.navigate(hosts.url("/p/webrtc"))
        await until(lambda: hosts.udp_packets, "the unfenced session's STUN packets")
    finally:
        await plain.stop()
    hosts.clear()
    await aw(fenced.navigate(hosts.url("/p/webrtc")))
    await until(lambda: hosts.reported("rtc-complete"), "ICE gathering complete", timeout_s=30)
    hosts.assert_nothing_reached_the_fenced_hosts()


def _looked_up(netlog: Path) -> set[str]:
    """The names Chromium's own resolver was asked to look up, from its net log."""
    log = json.loads(netlog.read_text())
    kinds = {v: k for k, v in log["constants"]["logEventTypes"].items()}
    names = set()
    for event in log["events"]:
        if kinds[event["type"]] in ("HOST_RESOLVER_MANAGER_JOB", "DNS_TRANSACTION"):
            params = event.get("params", {})
            names.add(str(params.get("host") or params.get("hostname") or ""))
    return names


async def test_a_fenced_session_looks_up_no_name(hosts: Hosts, tmp_path: Path) -> None:
    looked_up = {}
    for fence in ((), ("*.invalid",)):
        netlog = tmp_path / f"net{len(fence)}.json"
        config = browser_config().evolve(
            blocked_domains=fence, extra_args=[f"--log-net-log={netlog}"]
        )
        hosts.clear()
        async with bk.AsyncBrowser(config) as browser:
            await browser.start(url=hosts.url("/p/dns"))
            await until(lambda: hosts.reported("dns"), "the page's fetch failed")
        looked_up[fence] = {n for n in _looked_up(netlog) if "exfil-" in n}
    assert looked_up[()]  # the control: unfenced, Chromium resolves the page's names
    assert looked_up[("*.invalid",)] == set()


# ------------------------------------------------------ config and policy


async def test_the_config_fence_and_a_session_fence_stack(hosts: Hosts) -> None:
    config = browser_config().evolve(blocked_domains="127.0.0.2, LOCALHOST.")
    async with bk.AsyncBrowser(config) as browser:
        hosts.clear()
        s = await browser.start(url=hosts.url("/ok"))
        with pytest.raises(bk.DomainNotAllowedError):
            await s.navigate(hosts.fenced_url(0, "/x"))
        # A session can narrow the config's fence, never widen it.
        narrow = await browser.start(allowed_domains=["localhost"])
        for url in (hosts.url("/ok"), hosts.fenced_url(1, "/x")):
            with pytest.raises(bk.DomainNotAllowedError):
                await narrow.navigate(url)
        report = browser.diagnostics()
        assert report.allowed_domains == ()
        assert report.blocked_domains == ("127.0.0.2", "localhost")
        assert "--webrtc-ip-handling-policy=disable_non_proxied_udp" in report.launch_args
        tool = await tools.call(browser, "browser_diagnostics", {})
        assert tool["blocked_domains"] == ["127.0.0.2", "localhost"]
        # A navigation the tools make is refused with the same code.
        nav = await tools.call(
            browser, "browser_navigate", {"session_id": s.id, "url": hosts.fenced_url(0, "/t")}
        )
        assert nav["error"]["code"] == "domain_not_allowed"
    hosts.assert_nothing_reached_the_fenced_hosts()


async def test_attach_is_refused_when_the_fence_cannot_be_enforced() -> None:
    config = browser_config().evolve(allowed_domains=["127.0.0.1"], allow_attach=True)
    async with bk.AsyncBrowser(config) as browser:
        with pytest.raises(bk.DomainNotAllowedError, match="attach"):
            await browser.attach("http://127.0.0.1:9")


@pytest.mark.slow
async def test_a_fenced_session_on_a_local_browser_server_is_held_to_the_fence(
    hosts: Hosts,
) -> None:
    hosts.clear()
    with BrowserServer() as server:
        config = bk.Config(endpoints=[server.url()], idle_stop_ms=0, default_timeout_ms=30_000)
        async with bk.AsyncBrowser(config) as browser:
            s = await browser.start(hosts.url("/p/subresources"), allowed_domains=["127.0.0.1"])
            await _blocked(s, "/frame")
            await _blocked(s, "/img")
    hosts.assert_nothing_reached_the_fenced_hosts()


def test_only_endpoints_on_this_machine_can_carry_a_fence() -> None:
    assert on_this_machine("ws://127.0.0.1:3000/")
    assert on_this_machine("http://localhost:9222")
    assert on_this_machine("ws://[::1]:3000/?max_sessions=2")
    assert not on_this_machine("ws://10.0.0.5:3000/")
    assert not on_this_machine("ws://browsers.example.com/")


def test_domain_patterns_are_host_globs() -> None:
    fence = Fence.of(DomainPolicy(["*.Example.com", "127.0.0.1", "[::1]"], ["ads.example.com"]))
    assert fence is not None
    assert fence.allows("example.com")  # *.x matches x itself, as browser-use's does
    assert fence.allows("a.b.example.com")
    assert fence.allows("WWW.EXAMPLE.COM.")  # case and the final dot do not matter
    assert not fence.allows("ads.example.com")  # blocked wins
    assert not fence.allows("example.com.evil.org")
    assert not fence.allows("badexample.com")
    assert fence.allows("127.0.0.1")
    assert fence.allows("2130706433")  # the same address, as Chromium reads it
    assert fence.allows("0x7f.1")
    assert not fence.allows("127.0.0.2")
    assert fence.allows("[::1]") and fence.allows("0:0::1")
    assert not fence.allows("")
    assert fence.allows_url("http://user:pw@www.example.com:8080/x")
    assert not fence.allows_url("ws://localhost:1/")
    assert fence.allows_url("about:blank") and fence.allows_url("data:text/html,x")
    assert not fence.allows_url("http://[::1")  # malformed: refused, never guessed


def test_hosts_are_compared_in_chromiums_form() -> None:
    assert normalize_host("Bücher.example.") == "xn--bcher-kva.example"
    assert normalize_host("[0:0:0:0:0:0:0:1]") == "::1"
    assert normalize_host("a b") is None
    assert domains("*.Bücher.de, x.com ,") == ("*.xn--bcher-kva.de", "x.com")
    assert Fence.of(DomainPolicy(), DomainPolicy()) is None  # no fence: no proxy


@pytest.mark.parametrize(
    "pattern", ["https://x.com", "x.com/path", "x.com:443", "a b.com", "*.", "[zz]"]
)
def test_a_pattern_that_is_not_a_host_is_refused(pattern: str) -> None:
    with pytest.raises(bk.InvalidArgumentError, match="allowed_domains"):
        bk.Config(allowed_domains=[pattern])


async def test_a_bad_session_pattern_is_refused_before_starting(
    abrowser: bk.AsyncBrowser,
) -> None:
    with pytest.raises(bk.InvalidArgumentError, match=r"blocked_domains: .* has a port"):
        await abrowser.start(blocked_domains=["evil.org:443"])


def test_the_fence_reads_its_variables() -> None:
    config = bk.Config.from_env(
        {
            "BROWSERKIT_ALLOWED_DOMAINS": "*.example.com,127.0.0.1",
            "BROWSERKIT_BLOCKED_DOMAINS": "ads.example.com",
        }
    )
    assert config.allowed_domains == ("*.example.com", "127.0.0.1")
    assert config.blocked_domains == ("ads.example.com",)
    with pytest.raises(bk.InvalidArgumentError, match="BROWSERKIT_BLOCKED_DOMAINS"):
        bk.Config.from_env({"BROWSERKIT_BLOCKED_DOMAINS": "http://x.com/"})


def test_the_mcp_flags_set_the_fence() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = ["--allowed-domains", "*.example.com,127.0.0.1", "--blocked-domains", "ads.example.com"]
    config = options_from_args(parser.parse_args(args)).config()
    assert config.allowed_domains == ("*.example.com", "127.0.0.1")
    assert config.blocked_domains == ("ads.example.com",)


# ----------------------------------------------------------- the proxy


async def _socks(port: int, host: bytes, target_port: int, command: int = 1) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(b"\x05\x01\x00")
        assert await reader.readexactly(2) == b"\x05\x00"
        writer.write(bytes((5, command, 0, 3, len(host))) + host + target_port.to_bytes(2, "big"))
        return await asyncio.wait_for(reader.readexactly(10), 5)
    finally:
        writer.close()


async def test_the_proxy_grants_nothing_beyond_the_policy(hosts: Hosts) -> None:
    hosts.clear()
    fence = Fence.of(DomainPolicy(["127.0.0.1", "localhost"], ["127.0.0.2"]))
    assert fence is not None
    proxy = FenceProxy(fence)
    await proxy.start()
    try:
        fenced_port = hosts.fenced[0].server_address[1]
        refused = await _socks(proxy.port, b"127.0.0.2", fenced_port)
        assert refused[1] == 2  # not allowed by ruleset
        # Its own port: no loop through itself.
        assert (await _socks(proxy.port, b"localhost", proxy.port))[1] == 2
        # CONNECT only: no BIND, no UDP ASSOCIATE.
        assert (await _socks(proxy.port, b"127.0.0.1", 9, command=3))[1] == 7
        allowed = await _socks(proxy.port, b"127.0.0.1", hosts.allowed.server_address[1])
        assert allowed[1] == 0
        # Not SOCKS5 at all (an HTTP request): closed unanswered; a SOCKS5 client
        # that only offers a password method is told no method is acceptable.
        http_request = b"GET http://127.0.0.2/ HTTP/1.1\r\n\r\n"
        greetings = [(http_request, b""), (b"\x05\x01\x02", b"\x05\xff")]
        for greeting, answer in greetings:
            reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
            writer.write(greeting)
            assert await asyncio.wait_for(reader.read(), 10) == answer
            writer.close()
        # A client that never finishes its handshake is dropped.
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        assert await asyncio.wait_for(reader.read(), 10) == b""
        writer.close()
    finally:
        await proxy.stop()
    hosts.assert_nothing_reached_the_fenced_hosts()
