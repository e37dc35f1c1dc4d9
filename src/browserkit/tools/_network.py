"""Network tools: a request's detail, routes and offline (opt-in group network)."""

from __future__ import annotations

import base64
import binascii
from typing import TYPE_CHECKING, Any

import attrs

from browserkit._convert import to_jsonable
from browserkit.errors import InvalidArgumentError
from browserkit.tools._common import JSON, prune
from browserkit.tools._registry import ToolContext, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser

_PATTERN = "URL glob (**/api/*) or /regex/."


@attrs.frozen(kw_only=True)
class DetailArgs:
    session_id: str = arg()
    request_id: str = arg("From browser_network_read (r12).")
    timeout_ms: int | None = arg(default=None, minimum=1)


@tool(
    "browser_network_detail",
    DetailArgs,
    title="Read a request in full",
    effect="read",
    idempotent=True,
    cap="network",
)
async def _network_detail(browser: AsyncBrowser, a: DetailArgs, ctx: ToolContext) -> JSON:
    """One request's headers, request body and response body (text capped; binary: size only).

    note says why a body is missing.
    """
    detail = await browser.session(a.session_id).network.detail(
        a.request_id, timeout_ms=a.timeout_ms
    )
    out = prune(to_jsonable(detail))
    if not detail.binary:
        out.pop("binary", None)
    return dict(out)


@attrs.frozen(kw_only=True)
class RouteArgs:
    session_id: str = arg()
    pattern: str = arg(_PATTERN)
    block: bool = arg("Fail matching requests (trackers, ads).", default=False)
    delay_ms: int | None = arg("Or: delay them, then send (slow backend).", default=None, minimum=1)
    status: int | None = arg(
        "Or answer them yourself (mock): status, default 200.", default=None, minimum=100
    )
    body: str | None = arg("Answer body (text).", default=None)
    body_base64: str | None = arg("Or a binary answer body, base64.", default=None)
    content_type: str | None = arg("Answer type, e.g. application/json.", default=None)
    headers: tuple[str, ...] | None = arg('Answer headers, "Name: value".', default=None)


def _respond(a: RouteArgs) -> dict[str, Any] | None:
    if (a.status, a.body, a.body_base64, a.content_type, a.headers) == (None,) * 5:
        return None
    respond: dict[str, Any] = {"status": 200 if a.status is None else a.status}
    if a.body is not None and a.body_base64 is not None:
        raise InvalidArgumentError("give body or body_base64, not both")
    if a.body is not None:
        respond["body"] = a.body
    if a.body_base64 is not None:
        try:
            respond["body"] = base64.b64decode(a.body_base64, validate=True)
        except (binascii.Error, ValueError):
            raise InvalidArgumentError("body_base64 is not valid base64") from None
    if a.content_type is not None:
        respond["content_type"] = a.content_type
    headers: dict[str, str] = {}
    for line in a.headers or ():
        name, colon, value = line.partition(":")
        if not colon or not name.strip():
            raise InvalidArgumentError(f'headers: {line!r} is not "Name: value"')
        headers[name.strip()] = value.strip()
    if headers:
        respond["headers"] = headers
    return respond


@tool(
    "browser_route",
    RouteArgs,
    title="Route requests",
    effect="write",
    idempotent=True,
    cap="network",
)
async def _route(browser: AsyncBrowser, a: RouteArgs, ctx: ToolContext) -> JSON:
    """Block, mock or delay the session's requests matching pattern (all tabs).

    Exactly one of: block, delay_ms, an answer (status/body/...). Replaces an earlier route of the
    same pattern. Routed requests show routed in browser_network_read.
    """
    routes = await browser.session(a.session_id).route(
        a.pattern, block=a.block, respond=_respond(a), delay_ms=a.delay_ms
    )
    return {"routes": list(routes)}


@attrs.frozen(kw_only=True)
class UnrouteArgs:
    session_id: str = arg()
    pattern: str = arg("As given to browser_route.")


@tool(
    "browser_unroute",
    UnrouteArgs,
    title="Remove a route",
    effect="write",
    idempotent=True,
    cap="network",
)
async def _unroute(browser: AsyncBrowser, a: UnrouteArgs, ctx: ToolContext) -> JSON:
    """Remove a route: its requests go to the server again. removed=false: there was none."""
    return {"removed": await browser.session(a.session_id).unroute(a.pattern)}


@attrs.frozen(kw_only=True)
class OfflineArgs:
    session_id: str = arg()
    offline: bool = arg("true: every request fails; false: back online.")


@tool(
    "browser_offline",
    OfflineArgs,
    title="Go offline or online",
    effect="write",
    idempotent=True,
    cap="network",
)
async def _offline(browser: AsyncBrowser, a: OfflineArgs, ctx: ToolContext) -> JSON:
    """Take the session off the network, or back on."""
    return {"offline": await browser.session(a.session_id).offline(a.offline)}
