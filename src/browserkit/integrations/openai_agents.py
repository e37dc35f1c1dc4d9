"""The tool registry as OpenAI Agents SDK tools: ``tools(browser)`` → ``list[FunctionTool]``.

::

    from agents import Agent
    from browserkit.integrations import openai_agents

    agent = Agent(name="browser", tools=openai_agents.tools(browser))

A screenshot comes back as the SDK's image output; an error comes back as the
tool's text, the registry's error envelope, so the model reads its hint. The
SDK has no hook for the end of a run: stop the sessions the agent started with
``browser.close()``, or pass a ``session_id`` the host owns.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from browserkit._docstrings import shared_args
from browserkit.integrations._common import Binding, bind, missing_framework

try:
    from agents import FunctionTool, ToolOutputImage, ToolOutputText
except ImportError as exc:
    raise missing_framework("openai_agents", "openai-agents", "openai-agents") from exc

if TYPE_CHECKING:
    from browserkit import Browser
    from browserkit._async.browser import AsyncBrowser
    from browserkit.tools import Tool, ToolContext

__all__ = ["tools"]


@shared_args
def tools(
    browser: AsyncBrowser | Browser,
    caps: Iterable[str] = (),
    context: ToolContext | None = None,
    *,
    session_id: str | None = None,
) -> list[FunctionTool]:
    """The listed tools as ``FunctionTool`` objects for one agent.

    Args:
        browser: {tools_browser}
        caps: {tools_caps}
        context: {tools_context}
        session_id: {tools_session}
    """
    binding = bind(browser, caps, context, session_id)
    return [_function_tool(binding, t) for t in binding.listed()]


def _function_tool(binding: Binding, tool: Tool[Any]) -> FunctionTool:
    async def invoke(_ctx: Any, raw: str) -> Any:
        try:
            arguments = json.loads(raw) if raw.strip() else {}
        except ValueError:
            arguments = raw  # the registry answers with invalid_argument
        got = await binding.call(tool.name, arguments)
        if got.data_url is None:
            return got.text
        return [ToolOutputText(text=got.text), ToolOutputImage(image_url=got.data_url)]

    return FunctionTool(
        name=tool.name,
        description=tool.description,
        params_json_schema=binding.schema(tool),
        on_invoke_tool=invoke,
        # Strict mode would make every optional argument required.
        strict_json_schema=False,
    )
