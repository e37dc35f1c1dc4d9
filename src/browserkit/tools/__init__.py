"""Agent tools: every browserkit function as a named, described, schema'd tool.

One registry feeds the MCP server and the function-calling exports, so they
cannot drift from the SDK::

    import browserkit as bk
    from browserkit import tools

    async with bk.AsyncBrowser() as browser:
        out = await tools.call(browser, "browser_sessions_start", {"url": "https://example.org"})
        snap = await tools.call(browser, "browser_snapshot", {"session_id": out["session_id"]})

    tools.to_openai()      # [{"type": "function", "function": {...}}, ...]
    tools.to_anthropic()   # [{"name", "description", "input_schema"}, ...]
    tools.to_mcp()         # [{"name", "description", "inputSchema"}, ...]

``call`` never raises: a failure is ``{"error": {"code", "message", "hint"}}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from browserkit._text import well_formed
from browserkit.errors import InvalidArgumentError
from browserkit.tools import _catalog  # noqa: F401  (defines, registers and orders every tool)
from browserkit.tools._registry import CAPS, REGISTRY, Tool, ToolContext, listed, tool
from browserkit.tools._schema import arg

if TYPE_CHECKING:
    from browserkit import Browser
    from browserkit._async.browser import AsyncBrowser

__all__ = [
    "CAPS",
    "REGISTRY",
    "Tool",
    "ToolContext",
    "arg",
    "call",
    "get",
    "listed",
    "registry",
    "to_anthropic",
    "to_mcp",
    "to_openai",
    "tool",
]


def registry() -> list[Tool[Any]]:
    """Every tool, in a stable order (opt-in groups included; see :func:`listed`)."""
    return list(REGISTRY.values())


def get(name: str) -> Tool[Any]:
    """The tool called ``name``.

    Args:
        name: A tool name, e.g. ``"browser_snapshot"``; an unknown one raises
            :class:`~browserkit.InvalidArgumentError` listing the known ones.
    """
    try:
        return REGISTRY[name]
    except KeyError:
        raise InvalidArgumentError(
            f"no tool {name!r}", hint=f"tools are: {', '.join(REGISTRY)}"
        ) from None


async def call(
    browser: AsyncBrowser | Browser,
    name: str,
    arguments: Mapping[str, Any] | None = None,
    context: ToolContext | None = None,
) -> dict[str, Any]:
    """Call tool ``name``: a JSON result, or an error envelope (an unknown name is one too).

    Args:
        browser: An :class:`~browserkit.AsyncBrowser`, or a sync
            :class:`~browserkit.Browser` (the call then runs on the sync
            browser's own loop).
        name: The tool's name, e.g. ``"browser_click"`` (see :func:`~browserkit.tools.registry`).
        arguments: The tool's JSON arguments, as a model sent them; default: none.
        context: The host's policy (output folder, read-only, allowed groups);
            default: a :class:`~browserkit.tools.ToolContext` that allows everything.
    """
    try:
        found = get(name)
    except InvalidArgumentError as exc:
        return well_formed({"error": exc.to_dict()})  # the message echoes the name
    return await found.call(browser, arguments, context)


def to_mcp(caps: Iterable[str] = ()) -> list[dict[str, Any]]:
    """The tools as MCP ``Tool`` objects (``name``, ``description``, ``inputSchema``,
    ``annotations``): those of no group, plus the opt-in groups named in ``caps``.

    Args:
        caps: Opt-in groups to list too (keys of :data:`~browserkit.tools.CAPS`,
            or ``"all"``); default: none, only the tools of no group. An unknown
            group raises :class:`~browserkit.InvalidArgumentError`.
    """
    return [
        {
            "name": t.name,
            "description": t.description,
            "inputSchema": t.input_schema,
            "annotations": t.annotations,
        }
        for t in listed(caps)
    ]


def to_openai(caps: Iterable[str] = ()) -> list[dict[str, Any]]:
    """The tools as OpenAI function tools (Chat Completions ``tools=``).

    Args:
        caps: Opt-in groups to list too (keys of :data:`~browserkit.tools.CAPS`,
            or ``"all"``); default: none, only the tools of no group. An unknown
            group raises :class:`~browserkit.InvalidArgumentError`.
    """
    return [
        {
            "type": "function",
            "function": {
                "name": t.name,
                "description": t.description,
                "parameters": t.input_schema,
            },
        }
        for t in listed(caps)
    ]


def to_anthropic(caps: Iterable[str] = ()) -> list[dict[str, Any]]:
    """The tools as Anthropic tool-use definitions (Messages API ``tools=``).

    Args:
        caps: Opt-in groups to list too (keys of :data:`~browserkit.tools.CAPS`,
            or ``"all"``); default: none, only the tools of no group. An unknown
            group raises :class:`~browserkit.InvalidArgumentError`.
    """
    return [
        {"name": t.name, "description": t.description, "input_schema": t.input_schema}
        for t in listed(caps)
    ]
