"""Network control of a session: routes (block, respond, delay) and offline mode.

Routes are the session's browser context's (``context.route``), so they apply
to every tab of the session, popups included, and end with it. Each route
labels the requests it handles in the network buffer (see
:mod:`browserkit._async._requests` for how a route's callback is tied to the
request CDP reported).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Request, Route

from browserkit._patterns import compile_user_pattern
from browserkit.errors import InvalidArgumentError

if TYPE_CHECKING:
    from browserkit._async._core import SessionCore

__all__ = ["Routes"]

_RESPOND_KEYS = ("status", "headers", "body", "json", "content_type")

_WHOLE_BROWSER = "it would change every tab of the browser it is attached to"
_OWN_SESSION = "start a new session (not attached) to route requests or go offline"

Matcher = str | Callable[[str], bool]
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
    if isinstance(status, bool) or not isinstance(status, int) or not 100 <= status <= 599:
        raise InvalidArgumentError(
            f"respond: status must be an int from 100 to 599, got {status!r}"
        )
    headers = respond.get("headers") or {}
    if not isinstance(headers, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in headers.items()
    ):
        raise InvalidArgumentError("respond: headers must be a dict of str to str")
    fulfill: dict[str, Any] = {"status": status, "headers": dict(headers)}
    content_type = respond.get("content_type")
    if content_type is not None and not isinstance(content_type, str):
        raise InvalidArgumentError("respond: content_type must be a str")
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
        if block is not True:
            raise InvalidArgumentError(f"block must be True or False, got {block!r}")
        return _Action("block", "blocked")
    if respond is not None:
        return _respond_action(respond)
    if isinstance(delay_ms, bool) or not isinstance(delay_ms, (int, float)) or not delay_ms > 0:
        raise InvalidArgumentError(f"delay_ms must be a number > 0, got {delay_ms!r}")
    if delay_ms > max_ms:
        raise InvalidArgumentError(
            f"delay_ms {delay_ms:g} is above max_timeout_ms ({max_ms:g})",
            hint="delay less, or raise config.max_timeout_ms",
        )
    return _Action("delay", f"delayed {delay_ms:g} ms", delay_s=delay_ms / 1000)


def _matcher(pattern: str) -> Matcher:
    if not isinstance(pattern, str) or not pattern:
        raise InvalidArgumentError(f"pattern must be a non-empty str, got {pattern!r}")
    if not (len(pattern) > 2 and pattern.startswith("/") and pattern.endswith("/")):
        return pattern  # a Playwright URL glob
    compiled = compile_user_pattern(pattern[1:-1], "route pattern")

    def matches(url: str) -> bool:
        # Bounded per request: the page chooses its URLs (see _patterns).
        try:
            return compiled.searcher()(url) is not None
        except InvalidArgumentError:
            return False

    return matches


class Routes:
    """A session's routes by pattern, in the order they were added, and its offline state."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core
        self._rules: dict[str, _Rule] = {}
        self.offline = False

    @property
    def patterns(self) -> tuple[str, ...]:
        """The patterns routed now, oldest first."""
        return tuple(self._rules)

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
        return self.patterns

    async def unroute(self, pattern: str, timeout_ms: float | None) -> bool:
        core = self._core
        core.check(mutating=True)
        rule = self._rules.pop(pattern, None)
        if rule is None:
            return False
        await core.bounded(
            core.context.unroute(rule.matcher, rule.handler),
            f"unroute {pattern!r}",
            core.timeout(timeout_ms),
        )
        return True

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
        return next((t.tab_id for t in self._core.tabs.values() if t.page is page), None)

    def _handler(self, action: _Action) -> Handler:
        marks = self._core.evidence.details

        async def handle(route: Route) -> None:
            request = route.request
            # Marked before answering: the CDP events that follow find the mark.
            marks.mark(self._tab_id(request), request.method, request.url, action.label)
            try:
                if action.kind == "block":
                    await route.abort("blockedbyclient")
                elif action.kind == "respond":
                    await route.fulfill(**action.fulfill)
                else:
                    # The delay the caller asked for: a slow backend.
                    await asyncio.sleep(action.delay_s)
                    await route.continue_()
            except PlaywrightError:
                pass  # the page or the session closed meanwhile

        return handle
