"""Network control of a session: routes (block, respond, delay) and offline mode.

Routes are the session's browser context's (``context.route``), so they apply
to every tab of the session, popups included, and end with it. Each route
labels the requests it handles in the network buffer (see
:mod:`browserkit._async.evidence.requests` for how a route's callback is tied to the
request CDP reported).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import re
import string
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urljoin, urlsplit, urlunsplit

import attrs
from playwright._impl.isomorphic.url_match import resolve_glob_to_regex_pattern
from playwright.async_api import (
    BrowserContext,
    CDPSession,
    Frame,
    Page,
    Request,
    Route,
    WebSocketRoute,
)
from playwright.async_api import Error as PlaywrightError

from browserkit._async.evidence.requests import without_fragment
from browserkit._checks import flag, integer, number
from browserkit._patterns import compile_user_pattern
from browserkit.errors import InvalidArgumentError

if TYPE_CHECKING:
    from browserkit._async.core.session_core import SessionCore

__all__ = ["Routes"]

_RESPOND_KEYS = ("status", "headers", "body", "json", "content_type")
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_BAD_VALUE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")  # CTLs but HTAB (RFC 9110 field-value)
_UNRESERVED = frozenset(string.ascii_letters + string.digits + "-._~")
_MAX_SEEN = 1000
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")

_WHOLE_BROWSER = "it would change every tab of the browser it is attached to"
_OWN_SESSION = "start a new session (not attached) to route requests or go offline"

Matcher = Callable[[str], bool]
Handler = Callable[[Route], Any]


@attrs.frozen
class _Action:
    """What a route does: ``block``, ``respond`` (with ``fulfill`` arguments) or ``delay``."""

    kind: str
    label: str
    fulfill: dict[str, Any] = attrs.field(factory=dict)
    delay_s: float = 0.0


@attrs.frozen
class _Rule:
    matcher: Matcher
    handler: Handler
    action: _Action


def _respond_action(respond: Any) -> _Action:
    if not isinstance(respond, Mapping):
        raise InvalidArgumentError(
            f"respond must be a dict, got {type(respond).__name__}",
            hint='e.g. respond={"status": 200, "json": {"ok": True}}',
        )
    unknown = sorted(str(k) for k in respond if k not in _RESPOND_KEYS)
    if unknown:
        raise InvalidArgumentError(
            f"respond: unknown key(s) {', '.join(unknown)}",
            hint=f"respond takes {', '.join(_RESPOND_KEYS)}",
        )
    status = respond.get("status", 200)
    integer("respond: status", status, at_least=100, at_most=599)
    headers = respond.get("headers") or {}
    if not isinstance(headers, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in headers.items()
    ):
        raise InvalidArgumentError("respond: headers must be a dict of str to str")
    for name, value in headers.items():
        _check_header(name, value)
    fulfill: dict[str, Any] = {"status": status, "headers": dict(headers)}
    content_type = respond.get("content_type")
    if content_type is not None and not isinstance(content_type, str):
        raise InvalidArgumentError("respond: content_type must be a str")
    if content_type is not None:
        _check_header("content_type", content_type)
    if "body" in respond and "json" in respond:
        raise InvalidArgumentError("respond: give body or json, not both")
    if "json" in respond:
        try:
            fulfill["body"] = json.dumps(respond["json"])
        except (TypeError, ValueError) as exc:
            raise InvalidArgumentError(f"respond: json is not JSON-able: {exc}") from None
        content_type = content_type or "application/json"
    else:
        body = respond.get("body", "")
        if not isinstance(body, (str, bytes)):
            raise InvalidArgumentError(
                f"respond: body must be str or bytes, got {type(body).__name__}"
            )
        fulfill["body"] = body
    if content_type is not None:
        fulfill["content_type"] = content_type
    return _Action("respond", f"fulfilled {status}", fulfill=fulfill)


def _check_header(name: str, value: str) -> None:
    # Chromium takes such a header without complaint and then never answers
    # the request (a CR or LF smuggles a second header, a NUL cuts it): refuse
    # it here, where the caller can still fix it.
    if not _TOKEN.fullmatch(name):
        raise InvalidArgumentError(
            f"respond: header name {name!r} is not an HTTP token",
            hint="a header name is letters, digits and !#$%&'*+-.^_`|~ (no spaces, colons, CR/LF)",
        )
    if _BAD_VALUE.search(value):
        raise InvalidArgumentError(
            f"respond: the value of header {name!r} holds a control character, CR, LF or NUL",
            hint="give one header per key; a value is printable ASCII (percent-encode the rest)",
        )
    if not value.isascii():
        raise InvalidArgumentError(
            f"respond: the value of header {name!r} is not ASCII",
            hint="percent-encode the value (browsers read header bytes as Latin-1)",
        )


def _action(block: bool, respond: Any, delay_ms: float | None, max_ms: float) -> _Action:
    given = [
        name
        for name, on in (("block", block), ("respond", respond is not None), ("delay_ms", delay_ms))
        if on is not None and on is not False
    ]
    if len(given) != 1:
        raise InvalidArgumentError(
            "route needs exactly one of block=True, respond={...} or delay_ms="
            + (f" (got {' and '.join(given)})" if given else ""),
        )
    if block is not False:
        flag("block", block)
        return _Action("block", "blocked")
    if respond is not None:
        return _respond_action(respond)
    delay_ms = number("delay_ms", delay_ms, above=0)
    if delay_ms > max_ms:
        raise InvalidArgumentError(
            f"delay_ms {delay_ms:g} is above max_timeout_ms ({max_ms:g})",
            hint="delay less, or raise config.max_timeout_ms",
        )
    return _Action("delay", f"delayed {delay_ms:g} ms", delay_s=delay_ms / 1000)


def url_forms(url: str) -> tuple[str, ...]:
    """``url`` as given, then the spellings a server may read the same way.

    A pattern sees each form, so ``/%73ecret`` is caught by ``**/secret*``:

    - percent-encoded unreserved characters (letters, digits, ``-._~``)
      decoded: RFC 3986 (6.2.2.2) makes the two spellings the same URL, so
      every server treats them alike;
    - the path fully percent-decoded (``%2F`` too, UTF-8): what common servers
      (Python's ``http.server``, many static file servers) map to a file.

    Chromium has already canonicalised the URL (scheme and host lower case,
    dot segments removed), so those spellings need no step here.
    """
    forms = [url]
    unreserved = _PERCENT.sub(
        lambda m: chr(int(m[1], 16)) if chr(int(m[1], 16)) in _UNRESERVED else m[0], url
    )
    parts = urlsplit(url)
    decoded = urlunsplit(parts._replace(path=unquote(parts.path)))
    for form in (unreserved, decoded):
        if form not in forms:
            forms.append(form)
    return tuple(forms)


def _matcher(pattern: str) -> Callable[[str], bool]:
    if not isinstance(pattern, str) or not pattern:
        raise InvalidArgumentError(f"pattern must be a non-empty str, got {pattern!r}")
    if len(pattern) > 2 and pattern.startswith("/") and pattern.endswith("/"):
        compiled = compile_user_pattern(pattern[1:-1], "route pattern")

        def one(url: str) -> bool:
            # Bounded per request: the page chooses its URLs (see _patterns).
            try:
                return compiled.searcher()(url) is not None
            except InvalidArgumentError:
                return False

    else:
        try:
            # Playwright's own reading of a URL glob, so a pattern means what
            # it meant when it was handed to Playwright as a string.
            glob = re.compile(resolve_glob_to_regex_pattern(None, pattern))
        except (PlaywrightError, re.error) as exc:
            raise InvalidArgumentError(
                f"pattern {pattern!r} is not a valid URL glob: {exc}",
                hint="** matches any characters, * any but /, {a,b} either; or give /regex/",
            ) from None

        def one(url: str) -> bool:
            return glob.search(url) is not None

    def matches(url: str) -> bool:
        return any(one(form) for form in url_forms(url))

    return matches


class _HopGuard:
    """Checks every hop of a request in CDP, before it leaves the browser, against block routes.

    Playwright asks a route only about the first URL of a request: a
    redirect's next hop is let through without asking (its own comment: "we do
    not support intercepting redirects"). Chromium itself pauses every hop,
    redirects included, for each DevTools client that enabled ``Fetch``. So
    while the session has a block route, the guard is one more such client on
    each page and each out-of-process frame: a paused redirect hop whose URL a
    block route matches is failed as ``BlockedByClient``, every other paused
    request is continued untouched. First hops stay Playwright's route's to
    decide, so each hop is decided in one place.

    Chromium gives a request the interceptors of the moment it was created,
    so the guard attaches to every page and frame as soon as it can
    (:meth:`watch`), and :meth:`cover` tells a route handler whether the
    request's first hop passed through the guard. One that did not (a new
    tab's first page, a service worker's request) must not be let follow a
    redirect. Sessions without a block route have no guard and pay nothing.
    """

    def __init__(self, routes: Routes) -> None:
        self._routes = routes
        self._sessions: dict[Any, CDPSession] = {}  # page or out-of-process frame
        self._pending: dict[Any, asyncio.Future[CDPSession | None]] = {}
        self._same_process: dict[Any, str] = {}  # frame -> the URL it had when it was not one
        self._tasks: set[asyncio.Future[Any]] = set()
        self._listeners: list[tuple[Any, str, Callable[..., Any]]] = []
        # First hops this guard paused, by (page or frame, method, URL): a request
        # found here was created after Fetch was on, so its hops pass here too.
        self._seen: collections.Counter[tuple[Any, str, str]] = collections.Counter()

    def watch(self, context: BrowserContext) -> None:
        """Attach to every page and frame now, and to each new one as it appears.

        Attaching early matters: Chromium gives a request the interceptors of
        the moment it was created, so a request sent before the guard enabled
        ``Fetch`` on its page or frame has its redirect hops unchecked.
        """
        self._listen(context, "page", self._watch_page)
        for page in context.pages:
            self._watch_page(page)

    def _watch_page(self, page: Page) -> None:
        self._spawn(self._attach(page, page))
        self._listen(page, "frameattached", lambda frame: self._watch_frame(frame, page))
        self._listen(page, "framenavigated", lambda frame: self._watch_frame(frame, page))
        self._listen(page, "framedetached", self._forget)
        self._listen(page, "close", self._forget)
        for frame in page.frames:
            self._watch_frame(frame, page)

    def _watch_frame(self, frame: Frame, page: Page) -> None:
        if frame != page.main_frame and self._same_process.get(frame) != frame.url:
            self._spawn(self._attach(frame, page))

    def _forget(self, target: Page | Frame) -> None:
        self._sessions.pop(target, None)
        self._same_process.pop(target, None)

    def _listen(self, emitter: Any, event: str, callback: Callable[..., Any]) -> None:
        emitter.on(event, callback)
        self._listeners.append((emitter, event, callback))

    def _spawn(self, call: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(call)
        self._tasks.add(task)
        task.add_done_callback(self._settled)

    async def cover(self, request: Request) -> bool:
        """Listen on the page and out-of-process frames of ``request``; True if its hops pass here.

        False for a request created before the guard listened where it was
        sent from (the first request of a new tab or frame, sent while the
        guard attached), and for a service worker's, whose hops no client of
        ours can see: the caller must not let such a request follow a redirect.
        """
        try:
            frame: Frame | None = request.frame
        except PlaywrightError:
            return False  # a service worker's request: no page to listen on
        assert frame is not None
        page = frame.page
        await self._attach(page, page)
        local_root: Page | Frame = page
        while frame is not None and frame != page.main_frame:
            if self._same_process.get(frame) != frame.url:
                await self._attach(frame, page)
            if local_root is page and frame in self._sessions:
                local_root = frame  # the nearest frame with a process of its own
            frame = frame.parent_frame
        key = (local_root, request.method, without_fragment(request.url))
        if self._seen[key] <= 0:
            return False
        self._seen[key] -= 1
        if not self._seen[key]:
            del self._seen[key]
        return True

    async def _attach(self, target: Page | Frame, page: Page) -> None:
        if target in self._sessions:
            return
        pending = self._pending.get(target)
        if pending is None:
            pending = asyncio.ensure_future(self._open(target, page))
            self._pending[target] = pending
        try:
            session = await asyncio.shield(pending)
        finally:
            if pending.done():
                self._pending.pop(target, None)
        if session is not None:
            self._sessions[target] = session

    async def _open(self, target: Page | Frame, page: Page) -> CDPSession | None:
        try:
            session = await page.context.new_cdp_session(target)
        except PlaywrightError:
            # A frame in its parent's process has no session of its own: the
            # parent's covers it until a navigation moves it elsewhere.
            if target is not page:
                self._same_process[target] = target.url
            return None
        tab_id = self._routes.tab_of(page)
        session.on(
            "Fetch.requestPaused", lambda event: self._paused(session, target, event, tab_id)
        )
        try:
            await session.send("Fetch.enable", {"patterns": [{"urlPattern": "*"}]})
        except PlaywrightError:
            return None  # the page or frame went meanwhile
        return session

    def _paused(
        self, session: CDPSession, target: Any, event: dict[str, Any], tab_id: str | None
    ) -> None:
        request = event.get("request") or {}
        url = str(request.get("url", ""))
        method = str(request.get("method", "GET"))
        params: dict[str, Any] = {"requestId": event.get("requestId")}
        label = None
        if event.get("redirectedRequestId"):
            label = self._routes.blocked_by(url)
        else:
            if len(self._seen) >= _MAX_SEEN:  # never claimed (Playwright routes not every request)
                del self._seen[next(iter(self._seen))]
            self._seen[(target, method, without_fragment(url))] += 1
        if label is None:
            call = session.send("Fetch.continueRequest", params)
        else:
            self._routes.mark(tab_id, method, url, label)
            call = session.send("Fetch.failRequest", {**params, "errorReason": "BlockedByClient"})
        self._spawn(call)

    def _settled(self, task: asyncio.Future[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled():
            task.exception()  # the target went: Chromium dropped the request with it

    async def close(self) -> None:
        """Stop pausing requests: Chromium lets any still paused go on."""
        for emitter, event, callback in self._listeners:
            emitter.remove_listener(event, callback)
        self._listeners.clear()
        sessions, self._sessions = list(self._sessions.values()), {}
        for pending in self._pending.values():
            pending.cancel()
        self._pending.clear()
        self._same_process.clear()
        self._seen.clear()
        for session in sessions:
            with contextlib.suppress(PlaywrightError):
                await session.detach()


class Routes:
    """A session's routes by pattern, in the order they were added, and its offline state."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core
        self._rules: dict[str, _Rule] = {}
        self._guard: _HopGuard | None = None
        self._catch_all: Handler | None = None
        self._web_sockets = False
        self.offline = False

    @property
    def patterns(self) -> tuple[str, ...]:
        """The patterns routed now, oldest first."""
        return tuple(self._rules)

    def blocked_by(self, url: str) -> str | None:
        """The label of the newest block route matching ``url`` (in any of its forms), or None."""
        for rule in reversed(self._rules.values()):
            if rule.action.kind == "block" and rule.matcher(url):
                return rule.action.label
        return None

    def tab_of(self, page: Any) -> str | None:
        """The tab id of ``page``, or None if it is not one of the session's tabs yet."""
        return next((t.tab_id for t in self._core.tabs.values() if t.page is page), None)

    def mark(self, tab_id: str | None, method: str, url: str, label: str) -> None:
        """Label the request in the network buffer (see :class:`RequestRecords`)."""
        self._core.evidence.details.mark(tab_id, method, url, label)

    async def route(
        self,
        pattern: str,
        block: bool,
        respond: Any,
        delay_ms: float | None,
        timeout_ms: float | None,
    ) -> tuple[str, ...]:
        core = self._core
        core.check(mutating=True)
        self._core.own_context_only("route", _WHOLE_BROWSER, _OWN_SESSION)
        action = _action(block, respond, delay_ms, core.config.max_timeout_ms)
        matcher = _matcher(pattern)
        handler = self._handler(action)
        ms = core.timeout(timeout_ms)
        if action.kind == "block":
            await self._guard_on(ms)
        old = self._rules.get(pattern)
        # The new route first: the newest one is asked first, so no request
        # slips through between the two calls.
        await core.bounded(core.context.route(matcher, handler), f"route {pattern!r}", ms)
        self._rules.pop(pattern, None)
        self._rules[pattern] = _Rule(matcher, handler, action)
        if old is not None:
            await core.bounded(
                core.context.unroute(old.matcher, old.handler), f"replace route {pattern!r}", ms
            )
        await self._guard_off_unless_blocking(ms)
        return self.patterns

    async def unroute(self, pattern: str, timeout_ms: float | None) -> bool:
        core = self._core
        core.check(mutating=True)
        rule = self._rules.pop(pattern, None)
        if rule is None:
            return False
        ms = core.timeout(timeout_ms)
        await core.bounded(
            core.context.unroute(rule.matcher, rule.handler), f"unroute {pattern!r}", ms
        )
        await self._guard_off_unless_blocking(ms)
        return True

    async def _guard_on(self, ms: float) -> None:
        core = self._core
        if self._guard is None:
            self._guard = _HopGuard(self)
            self._guard.watch(core.context)
        if self._catch_all is None:
            # The oldest route, asked last: a request no other route handles
            # still gets its page covered before it is sent.
            guard = self._guard

            async def cover(route: Route) -> None:
                with contextlib.suppress(PlaywrightError):
                    request = route.request
                    # An older route of ours that matches covers the request itself.
                    if self._routed(request.url) or await guard.cover(request):
                        await route.fallback()
                    else:
                        await self._checked_fetch(route)

            await core.bounded(core.context.route(_any_url, cover), "route (redirect guard)", ms)
            self._catch_all = cover
        if not self._web_sockets:
            # Playwright has no unroute for WebSockets: one route for good,
            # asking the block routes of the moment.
            await core.bounded(
                core.context.route_web_socket(
                    lambda url: self.blocked_by(url) is not None, _refuse_web_socket
                ),
                "route WebSockets",
                ms,
            )
            self._web_sockets = True

    async def _guard_off_unless_blocking(self, ms: float) -> None:
        if any(rule.action.kind == "block" for rule in self._rules.values()):
            return
        core = self._core
        if self._catch_all is not None:
            catch_all, self._catch_all = self._catch_all, None
            await core.bounded(
                core.context.unroute(_any_url, catch_all), "unroute (redirect guard)", ms
            )
        if self._guard is not None:
            guard, self._guard = self._guard, None
            await core.bounded(guard.close(), "stop the redirect guard", ms)

    async def set_offline(self, flag: bool, timeout_ms: float | None) -> bool:
        core = self._core
        core.check(mutating=True)
        self._core.own_context_only("offline", _WHOLE_BROWSER, _OWN_SESSION)
        if not isinstance(flag, bool):
            raise InvalidArgumentError(f"offline takes True or False, got {flag!r}")
        await core.bounded(core.context.set_offline(flag), "offline", core.timeout(timeout_ms))
        self.offline = flag
        return flag

    def _tab_id(self, request: Request) -> str | None:
        try:
            page = request.frame.page
        except PlaywrightError:
            return None  # a service worker's request: no tab
        return self.tab_of(page)

    def _handler(self, action: _Action) -> Handler:
        async def handle(route: Route) -> None:
            request = route.request
            guard = self._guard
            try:
                watched = guard is None or await guard.cover(request)
                # Marked before answering: the CDP events that follow find the mark.
                self.mark(self._tab_id(request), request.method, request.url, action.label)
                if action.kind == "block":
                    await route.abort("blockedbyclient")
                elif action.kind == "respond":
                    await self._fulfill(route, action)
                else:
                    # The delay the caller asked for: a slow backend.
                    await asyncio.sleep(action.delay_s)
                    if watched or self._guard is None:
                        await route.continue_()
                    else:
                        await self._checked_fetch(route)
            except PlaywrightError:
                pass  # the page or the session closed meanwhile

        return handle

    def _routed(self, url: str) -> bool:
        return any(rule.matcher(url) for rule in self._rules.values())

    async def _checked_fetch(self, route: Route) -> None:
        """Send a request whose redirect hops the guard cannot see, and refuse any redirect.

        Playwright fetches it (``max_redirects=0``) and the answer is handed to
        the page, unless it is a redirect: following one here would let its
        next hop, and every hop after, leave unchecked. The first request of
        a tab or frame that appears while a block route is set, and a service
        worker's requests, take this path.
        """
        request = route.request
        response = await route.fetch(max_redirects=0)
        if not 300 <= response.status < 400 or "location" not in response.headers:
            await route.fulfill(response=response)
            return
        target = urljoin(request.url, response.headers["location"])
        label = self.blocked_by(target) or "blocked"
        reason = "a redirect whose hops the route guard could not watch"
        self.mark(self._tab_id(request), request.method, request.url, f"{label} ({reason})")
        await route.abort("blockedbyclient")

    async def _fulfill(self, route: Route, action: _Action) -> None:
        try:
            await route.fulfill(**action.fulfill)
        except Exception as exc:  # whatever it was, the request must not hang
            request = route.request
            reason = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
            self._core.evidence.details.relabel(
                self._tab_id(request),
                request.method,
                request.url,
                action.label,
                f"{action.label} failed ({reason[:200]}), aborted",
            )
            await route.abort("failed")


def _any_url(url: str) -> bool:
    return True


async def _refuse_web_socket(ws: WebSocketRoute) -> None:
    # Never connected to the server: the page sees the socket close at once.
    await ws.close(code=1008, reason="blocked by a route")
