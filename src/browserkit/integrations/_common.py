"""What every framework view shares: one agent's hold on a browser, and a result as text + image.

A :class:`Binding` is what one agent's tools call through: the browser, the
host's :class:`~browserkit.tools.ToolContext`, the listed groups, and the
agent's session. A tool called without ``session_id`` gets the binding's
session: the one the host passed in, or else the first one the agent started
with ``browser_sessions_start``. :meth:`Binding.close` stops the sessions the
agent started (never the host's own); frameworks with a hook for the end of a
run call it there.

:func:`reply` turns a registry result into what every framework can carry:
one text (the JSON of the result, then the outline unescaped) and, for a
screenshot, the image's bytes. A failure stays the registry's error envelope,
as text, so the model reads its hint.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from browserkit import tools
from browserkit.tools._answers import PAGE_TEXT, parts

if TYPE_CHECKING:
    from browserkit import Browser
    from browserkit._async.browser import AsyncBrowser

__all__ = ["RETRY_CODES", "Binding", "Reply", "bind", "missing_framework", "reply"]

RETRY_CODES = frozenset({"stale_ref", "ref_not_found"})
"""Error codes a framework with a retry signal (PydanticAI's ``ModelRetry``) raises as a retry."""

# Result fields that are page text: sent unescaped after the JSON, as the MCP server
# does, and a navigation's outline too.
_TEXT_FIELDS = (*PAGE_TEXT, "page")


def missing_framework(module: str, package: str, extra: str) -> ImportError:
    """The error an integration raises when its framework is not installed."""
    return ImportError(
        f'browserkit.integrations.{module} needs {package}: pip install "browserkit[{extra}]"'
    )


@attrs.frozen
class Reply:
    """A tool result as a framework carries it: ``text``, and ``image`` bytes for a screenshot."""

    text: str
    image: bytes | None = None
    mime: str | None = None
    error: dict[str, Any] | None = None
    """The envelope's ``{"code", "message", "hint"}`` when the call failed."""

    @property
    def retry_message(self) -> str | None:
        """What to tell the model when the error is a retry (a stale or unknown ref); else None."""
        if self.error is None or self.error.get("code") not in RETRY_CODES:
            return None
        return f"{self.error['code']}: {self.error['message']}; {self.error['hint']}"

    @property
    def data_url(self) -> str | None:
        """The image as a ``data:`` URL, for frameworks that take images as URLs."""
        if self.image is None:
            return None
        return f"data:{self.mime};base64,{base64.b64encode(self.image).decode('ascii')}"


def reply(name: str, result: dict[str, Any]) -> Reply:
    """``result`` of tool ``name`` as one text and, for a screenshot, its image."""
    answer = parts(name, result, _TEXT_FIELDS)
    if answer.error is not None:
        return Reply(answer.json, error=answer.error)
    text = answer.json if answer.text is None else f"{answer.json}\n{answer.text}"
    if answer.image is None:
        return Reply(text)
    return Reply(text, base64.b64decode(answer.image), answer.mime)


@attrs.define
class Binding:
    """One agent's tools on ``browser``: the listed tools, its policy, its session."""

    browser: AsyncBrowser | Browser
    caps: tuple[str, ...] = ()
    context: tools.ToolContext | None = None
    session_id: str | None = None
    """The session a call without ``session_id`` acts on (None: the first the agent starts)."""
    started: list[str] = attrs.field(factory=list)
    """The sessions the agent started through these tools, which :meth:`close` stops."""
    _host_session: str | None = attrs.field(default=None, init=False)

    def __attrs_post_init__(self) -> None:
        self._host_session = self.session_id

    def listed(self) -> list[tools.Tool[Any]]:
        """The tools the agent is shown: of no group, and of the groups in ``caps``."""
        return tools.listed(self.caps)

    def schema(self, tool: tools.Tool[Any]) -> dict[str, Any]:
        """The tool's JSON Schema, ``session_id`` optional: the binding fills it in."""
        schema = tool.input_schema
        required = [r for r in schema.get("required", ()) if r != "session_id"]
        out = {k: v for k, v in schema.items() if k != "required"}
        if required:
            out["required"] = required
        return out

    async def call(self, name: str, arguments: Mapping[str, Any] | None) -> Reply:
        """Call tool ``name`` through the registry; never raises (a failure is an envelope)."""
        given = dict(arguments) if isinstance(arguments, Mapping) else arguments
        tool = tools.REGISTRY.get(name)
        takes_session = tool is not None and "session_id" in tool.input_schema["properties"]
        if takes_session and isinstance(given, dict) and given.get("session_id") is None:
            given["session_id"] = self.session_id  # None still: the registry says it is missing
        result = await tools.call(self.browser, name, given, self.context)
        if name == "browser_sessions_start" and isinstance(result.get("session_id"), str):
            self.started.append(result["session_id"])
            if self.session_id is None:
                self.session_id = result["session_id"]
        return reply(name, result)

    async def close(self) -> None:
        """Stop the sessions the agent started; the host's own session is left running."""
        started, self.started = self.started, []
        for sid in started:
            await tools.call(self.browser, "browser_sessions_stop", {"session_id": sid})
        self.session_id = self._host_session


def bind(
    browser: AsyncBrowser | Browser,
    caps: Iterable[str],
    context: tools.ToolContext | None,
    session_id: str | None,
) -> Binding:
    """A :class:`Binding`; an unknown group in ``caps`` raises ``InvalidArgumentError`` now."""
    binding = Binding(browser, tuple(caps), context, session_id)
    binding.listed()
    return binding
