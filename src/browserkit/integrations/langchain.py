"""The tool registry as LangChain tools: ``tools(browser)`` → ``list[StructuredTool]``.

::

    from langchain.agents import create_agent
    from browserkit.integrations import langchain

    agent = create_agent(model, langchain.tools(browser))

The tools work in LangGraph's prebuilt agents and anywhere a ``BaseTool``
does. A screenshot comes back as an image content block; an error comes back
as the tool's text, the registry's error envelope, so the model reads its
hint. Every tool is async (``ainvoke``); with a sync :class:`~browserkit.Browser`
it is sync too (``invoke``).
"""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from browserkit.integrations._common import Binding, Reply, bind, missing_framework

try:
    from langchain_core.tools import BaseTool, StructuredTool
except ImportError as exc:
    raise missing_framework("langchain", "langchain-core", "langchain") from exc

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser
    from browserkit.tools import Tool, ToolContext

from browserkit import Browser
from browserkit._docstrings import shared_args

__all__ = ["tools"]


@shared_args
def tools(
    browser: AsyncBrowser | Browser,
    caps: Iterable[str] = (),
    context: ToolContext | None = None,
    *,
    session_id: str | None = None,
) -> list[BaseTool]:
    """The listed tools as ``StructuredTool`` objects for one agent.

    Args:
        browser: An :class:`~browserkit.AsyncBrowser`, or a sync :class:`~browserkit.Browser`
            (then the tools can be invoked synchronously too).
        caps: {tools_caps}
        context: {tools_context}
        session_id: {tools_session}
    """
    binding = bind(browser, caps, context, session_id)
    return [_structured_tool(binding, t) for t in binding.listed()]


def _content(got: Reply) -> str | list[str | dict[str, Any]]:
    if got.image is None:
        return got.text
    image = base64.b64encode(got.image).decode("ascii")
    return [
        {"type": "text", "text": got.text},
        {"type": "image", "base64": image, "mime_type": got.mime},
    ]


def _structured_tool(binding: Binding, tool: Tool[Any]) -> StructuredTool:
    async def acall(**arguments: Any) -> Any:
        return _content(await binding.call(tool.name, arguments))

    def call(**arguments: Any) -> Any:
        # The sync browser runs the call on its own loop; this thread needs one to wait on.
        return asyncio.run(acall(**arguments))

    return StructuredTool(
        name=tool.name,
        description=tool.description,
        args_schema=binding.schema(tool),
        coroutine=acall,
        func=call if isinstance(binding.browser, Browser) else None,
    )
