"""Issue 27, leak 3: ``route(pattern, block=True)`` holds however the page asks.

Each test blocks ``**/route_secret*`` and then tries one way around it: a
redirect (from a fetch, an iframe, a top-level navigation, a worker, a frame
in another process), a WebSocket, a percent-encoded spelling. What counts is
the test server's own request log: the blocked path must have 0 hits there,
not only be marked in browserkit's buffer.
"""

from __future__ import annotations

import json
import uuid
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, until
from tests.server import Handler

BLOCK = "**/route_secret*"


def secret_path() -> str:
    """A fresh blocked path, so each run counts its own hits."""
    return f"/route_secret-{uuid.uuid4().hex[:8]}"


def hits(path: str) -> int:
    """How many requests for ``path`` reached the server (its path as the server decodes it)."""
    return sum(1 for seen in Handler.requests if unquote(urlsplit(seen).path) == path)


def redirect_to(path: str) -> str:
    # Encoded, so that the first hop's own URL does not match the block route.
    return f"/redirect?to={quote(path, safe='')}"


async def entry_for(sess: AnySession, path: str, done: Any) -> Any:
    """The newest network entry for ``path`` once ``done(entry)`` holds (bounded)."""

    def newest() -> Any:
        entries = sess.network.read(pattern=path, include_static=True).entries
        return entries[-1] if entries and done(entries[-1]) else None

    return await until(newest, f"a network entry for {path}")


def failed(entry: Any) -> bool:
    return entry.failure is not None


async def blocked_page(sess: AnySession, base_url: str) -> None:
    await aw(sess.route(BLOCK, block=True))
    await aw(sess.navigate(f"{base_url}/basic.html"))


FETCH = "fetch({url!r}).then(() => 'fetched', () => 'failed')"
ADD_IFRAME = (
    "(() => {{ const f = document.createElement('iframe'); f.src = {src!r};"
    " document.body.append(f); return 1; }})()"
)


async def test_a_fetch_redirected_to_a_blocked_url_is_blocked_before_it_is_sent(
    sess: AnySession, base_url: str
) -> None:
    await blocked_page(sess, base_url)
    secret = secret_path()
    assert await aw(sess.evaluate(FETCH.format(url=redirect_to(secret)))) == "failed"
    entry = await entry_for(sess, secret, failed)
    assert entry.routed == "blocked" and "BLOCKED_BY_CLIENT" in (entry.failure or "")
    assert hits(redirect_to(secret).split("?")[0]) >= 1 and hits(secret) == 0


async def test_an_iframe_redirected_to_a_blocked_url_is_blocked(
    sess: AnySession, base_url: str
) -> None:
    await blocked_page(sess, base_url)
    secret = secret_path()
    await aw(sess.evaluate(ADD_IFRAME.format(src=redirect_to(secret))))
    entry = await entry_for(sess, secret, failed)
    assert entry.routed == "blocked"
    assert hits(secret) == 0


FRAMES = {
    # How a frame navigation can reach a redirect (issue 41, item 5), where
    # {first} is the redirect's URL and {name} a frame name to target.
    "another site's iframe": ADD_IFRAME.replace("{src!r}", "{first!r}"),
    "an object element": (
        "(() => {{ const o = document.createElement('object'); o.type = 'text/html';"
        " o.data = {first!r}; document.body.append(o); return 1; }})()"
    ),
    "a link into a named frame": (
        "(() => {{ const f = document.createElement('iframe'); f.name = {name!r};"
        " document.body.append(f); const a = document.createElement('a');"
        " a.href = {first!r}; a.target = {name!r}; a.textContent = 'go';"
        " document.body.append(a); a.click(); return 1; }})()"
    ),
    "a frame sent there later": (
        "(() => {{ const f = document.createElement('iframe'); document.body.append(f);"
        " f.src = 'about:blank'; f.src = {first!r}; return 1; }})()"
    ),
}


@pytest.mark.parametrize("how", list(FRAMES))
@pytest.mark.parametrize("hops", ["one redirect", "two redirects", "into another site"])
async def test_a_frame_navigation_through_redirects_never_reaches_a_blocked_url(
    sess: AnySession, base_url: str, other_origin_url: str, how: str, hops: str
) -> None:
    await blocked_page(sess, base_url)
    secret = secret_path()
    to = {
        "one redirect": redirect_to(secret),
        "two redirects": redirect_to(redirect_to(secret)),
        "into another site": redirect_to(other_origin_url + secret),
    }[hops]
    first = (other_origin_url if how == "another site's iframe" else base_url) + to
    name = f"frame-{uuid.uuid4().hex[:6]}"
    await aw(sess.evaluate(FRAMES[how].format(first=first, name=name)))
    entry = await entry_for(sess, secret, failed)
    assert entry.routed == "blocked"
    assert hits(secret) == 0


@pytest.mark.xfail(
    strict=True,
    reason="not covered: Chromium's browser process fetches speculation-rules prefetches and"
    " prerenders outside every DevTools interception (docs/security.md, 'Block routes')",
)
@pytest.mark.parametrize("kind", ["prefetch", "prerender"])
async def test_a_speculation_rules_preload_is_not_covered(
    sess: AnySession, base_url: str, kind: str
) -> None:
    await blocked_page(sess, base_url)
    secret = secret_path()
    rules = json.dumps(json.dumps({kind: [{"source": "list", "urls": [secret]}]}))
    add = (
        "(() => { const s = document.createElement('script'); s.type = 'speculationrules';"
        f" s.textContent = {rules}; document.head.append(s); return 1; }})()"
    )
    await aw(sess.evaluate(add))
    await until(lambda: hits(secret) > 0, "Chromium's preload of the blocked URL")
    assert hits(secret) == 0


async def test_a_frame_in_another_process_cannot_redirect_around_the_block(
    sess: AnySession, base_url: str, other_origin_url: str
) -> None:
    # localhost is another site than 127.0.0.1: Chromium runs the frame in its
    # own process, which Playwright's page-level interception does not see into.
    await blocked_page(sess, base_url)
    secret = secret_path()
    inner = f"{other_origin_url}/route_escapes.html?fetch={quote(redirect_to(secret), safe='')}"
    await aw(sess.evaluate(ADD_IFRAME.format(src=inner)))
    # Either hop may be the one refused: the redirect's target once the guard
    # listens in the new frame, or, if the frame fetched before the guard
    # could attach there, the redirect itself (its hops could not be watched).
    assert (await aw(sess.wait_for(text="failed", timeout_ms=10_000))).met
    assert hits(secret) == 0


async def test_a_top_level_navigation_redirected_to_a_blocked_url_fails(
    sess: AnySession, base_url: str
) -> None:
    await blocked_page(sess, base_url)
    secret = secret_path()
    with pytest.raises(bk.BrowserkitError, match="BLOCKED_BY_CLIENT"):
        await aw(sess.navigate(f"{base_url}{redirect_to(secret)}"))
    assert hits(secret) == 0


async def test_a_popup_opened_through_a_redirect_to_a_blocked_url_is_blocked(
    sess: AnySession, base_url: str
) -> None:
    # A new tab's first request comes before the guard can listen in it: its
    # redirect is refused rather than followed unchecked.
    await blocked_page(sess, base_url)
    secret = secret_path()
    await aw(sess.evaluate(f"window.open({redirect_to(secret)!r}) && 1"))

    async def refused() -> bool:
        return any(t.url.startswith("chrome-error:") for t in await aw(sess.tabs()))

    await until(refused, "the popup's redirect refused")
    assert hits(secret) == 0


async def test_a_web_socket_to_a_blocked_url_never_connects(
    sess: AnySession, base_url: str
) -> None:
    await blocked_page(sess, base_url)
    secret = secret_path()
    ws = base_url.replace("http://", "ws://") + secret
    outcome = await aw(
        sess.evaluate(
            f"new Promise(done => {{ const s = new WebSocket({ws!r});"
            " s.onopen = () => done('open'); s.onclose = e => done('closed ' + e.code); })"
        )
    )
    assert outcome.startswith("closed")
    assert hits(secret) == 0


@pytest.mark.xfail(
    strict=True,
    reason="not covered: a worker's WebSocket escapes Playwright's page-side WebSocket routing"
    " and no CDP interception sees WebSocket handshakes (docs/security.md, 'Block routes')",
)
async def test_a_web_socket_from_a_worker_is_not_covered(sess: AnySession, base_url: str) -> None:
    await blocked_page(sess, base_url)
    secret = secret_path()
    ws = base_url.replace("http://", "ws://") + secret
    worker = (
        f"const s = new WebSocket({ws!r});"
        " s.onopen = () => postMessage('open'); s.onclose = () => postMessage('closed');"
    )
    await aw(sess.evaluate(_in_worker(worker)))
    assert hits(secret) == 0


async def test_a_percent_encoded_spelling_of_a_blocked_url_is_blocked(
    sess: AnySession, base_url: str
) -> None:
    await blocked_page(sess, base_url)
    secret = secret_path()
    spelled = "/%72oute_%73ecret" + secret.removeprefix("/route_secret")  # r and s encoded
    assert await aw(sess.evaluate(FETCH.format(url=spelled))) == "failed"
    encoded_slash = "/x/..%2F" + secret.lstrip("/")  # a path the server decodes into /secret
    assert await aw(sess.evaluate(FETCH.format(url=encoded_slash))) == "failed"
    assert hits(secret) == 0 and hits("/x/../" + secret.lstrip("/")) == 0


def _in_worker(body: str) -> str:
    """JS that runs ``body`` in a dedicated worker and resolves with its first message."""
    return (
        "new Promise(done => { const w = new Worker(URL.createObjectURL("
        f"new Blob([{body!r}], {{type: 'text/javascript'}})));"
        " w.onmessage = e => done(e.data); })"
    )


async def test_a_worker_can_neither_fetch_nor_redirect_to_a_blocked_url(
    sess: AnySession, base_url: str
) -> None:
    await blocked_page(sess, base_url)
    direct, redirected = secret_path(), secret_path()
    for url in (f"{base_url}{direct}", f"{base_url}{redirect_to(redirected)}"):
        worker = f"fetch({url!r}).then(() => postMessage('fetched'), () => postMessage('failed'))"
        assert await aw(sess.evaluate(_in_worker(worker))) == "failed"
    assert hits(direct) == 0 and hits(redirected) == 0


SERVICE_WORKER = (
    "navigator.serviceWorker.register('/route_sw.js')"
    ".then(() => navigator.serviceWorker.ready)"
    ".then(reg => new Promise(done => {{"
    " navigator.serviceWorker.onmessage = e => done(e.data); reg.active.postMessage({url!r}); }}))"
)


async def test_a_service_worker_cannot_fetch_a_blocked_url(sess: AnySession, base_url: str) -> None:
    await blocked_page(sess, base_url)
    secret = secret_path()
    assert await aw(sess.evaluate(SERVICE_WORKER.format(url=secret))) == "failed"
    assert hits(secret) == 0


async def test_a_service_worker_cannot_redirect_to_a_blocked_url(
    sess: AnySession, base_url: str
) -> None:
    # No page target sees a service worker's redirect hops, so its redirects
    # are refused outright while a block route is set.
    await blocked_page(sess, base_url)
    secret = secret_path()
    assert await aw(sess.evaluate(SERVICE_WORKER.format(url=redirect_to(secret)))) == "failed"
    assert hits(secret) == 0


@pytest.mark.parametrize(
    ("headers", "words"),
    [
        ({"X-A": "v\r\nSet-Cookie: a=1"}, "control character"),
        ({"X-A": "v\nw"}, "control character"),
        ({"X-A": "v\x00w"}, "control character"),
        ({"X A": "v"}, "not an HTTP token"),
        ({"X-A:": "v"}, "not an HTTP token"),
        ({"": "v"}, "not an HTTP token"),
        ({"X-A": "café"}, "not ASCII"),
    ],
)
async def test_a_header_that_would_hang_the_request_is_refused_at_route_time(
    sess: AnySession, headers: dict[str, str], words: str
) -> None:
    with pytest.raises(bk.InvalidArgumentError, match=words) as caught:
        await aw(sess.route("**/net_api.json", respond={"headers": headers}))
    assert caught.value.hint
    with pytest.raises(bk.InvalidArgumentError, match="control character"):
        await aw(sess.route("**/x", respond={"content_type": "text/html\r\nX-B: 1"}))


async def test_a_fulfil_that_fails_aborts_the_request_and_says_so(
    sess: AnySession, base_url: str
) -> None:
    # A lone surrogate cannot be encoded as the body: the fulfil fails as the
    # request arrives, and the request must fail with it, not hang.
    await aw(sess.route("**/net_api.json", respond={"body": "\ud800"}))
    await aw(sess.navigate(f"{base_url}/basic.html"))
    outcome = await aw(sess.evaluate(FETCH.format(url="/net_api.json"), timeout_ms=10_000))
    assert outcome == "failed"
    entry = await entry_for(sess, "net_api", failed)
    assert entry.routed is not None and "fulfilled 200 failed" in entry.routed
    assert "aborted" in entry.routed


async def test_ordinary_routes_and_redirects_still_work_beside_a_block(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.route("**/net_api.json", respond={"json": {"name": "mocked"}}))
    await blocked_page(sess, base_url)
    body = await aw(sess.evaluate("fetch('/net_api.json').then(r => r.json()).then(j => j.name)"))
    assert body == "mocked"
    # A redirect to an allowed page is followed as before.
    assert await aw(sess.evaluate(FETCH.format(url=redirect_to("/basic.html")))) == "fetched"
    await aw(sess.navigate(f"{base_url}{redirect_to('/basic.html')}"))
    assert "/basic.html" in (await aw(sess.evaluate("location.pathname")))

    # Once the block route goes, so does the guard: the same redirect gets through.
    assert await aw(sess.unroute(BLOCK)) is True
    secret = secret_path()
    assert await aw(sess.evaluate(FETCH.format(url=redirect_to(secret)))) == "fetched"
    assert hits(secret) == 1
