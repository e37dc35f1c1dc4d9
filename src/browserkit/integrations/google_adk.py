"""The tool registry as a Google ADK toolset: ``tools(browser)`` → a ``BaseToolset``.

::

    from google.adk.agents import LlmAgent
    from browserkit.integrations import google_adk

    agent = LlmAgent(name="browser", model=model, tools=[google_adk.tools(browser)])

A screenshot comes back as an image part of the function response; an error
comes back as the tool's result, the registry's error envelope, so the model
reads its hint. Closing the toolset (the runner does, on ``close()``) stops
the sessions the agent started.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from browserkit._docstrings import shared_args
from browserkit.integrations._common import Binding, bind, missing_framework

try:
    from google.adk.tools.base_tool import BaseTool
    from google.adk.tools.base_toolset import BaseToolset
    from google.genai import types
except ImportError as exc:
    raise missing_framework("google_adk", "google-adk", "adk") from exc

if TYPE_CHECKING:
    from google.adk.agents.readonly_context import ReadonlyContext
    from google.adk.tools.tool_context import ToolContext as AdkToolContext

    from browserkit import Browser
    from browserkit._async.browser import AsyncBrowser
    from browserkit.tools import Tool, ToolContext

__all__ = ["BrowserTool", "BrowserToolset", "tools"]


class BrowserTool(BaseTool):
    """One registry tool as an ADK tool: its schema as the function declaration."""

    def __init__(self, binding: Binding, tool: Tool[Any]) -> None:
        super().__init__(name=tool.name, description=tool.description)
        self._binding = binding
        self._schema = binding.schema(tool)

    def _get_declaration(self) -> types.FunctionDeclaration:
        return types.FunctionDeclaration(
            name=self.name, description=self.description, parameters_json_schema=self._schema
        )

    async def run_async(self, *, args: dict[str, Any], tool_context: AdkToolContext) -> Any:
        got = await self._binding.call(self.name, args)
        out: dict[str, Any] = {"result": got.text}
        if got.image is not None:
            # ADK moves a Part with inline data into the function response's parts.
            out["image"] = types.Part.from_bytes(data=got.image, mime_type=got.mime or "image/jpeg")
        return out


class BrowserToolset(BaseToolset):
    """The browser tools of one agent; ``close()`` stops the sessions it started."""

    def __init__(self, binding: Binding) -> None:
        super().__init__()
        self.binding = binding
        self._tools = [BrowserTool(binding, t) for t in binding.listed()]

    async def get_tools(self, readonly_context: ReadonlyContext | None = None) -> list[BaseTool]:
        return list(self._tools)

    async def close(self) -> None:
        await self.binding.close()


@shared_args
def tools(
    browser: AsyncBrowser | Browser,
    caps: Iterable[str] = (),
    context: ToolContext | None = None,
    *,
    session_id: str | None = None,
) -> BrowserToolset:
    """The listed tools as a toolset for one agent (``LlmAgent(tools=[...])``).

    Args:
        browser: {tools_browser}
        caps: {tools_caps}
        context: {tools_context}
        session_id: {tools_session}
    """
    return BrowserToolset(bind(browser, caps, context, session_id))
