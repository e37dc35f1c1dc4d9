"""The tool registry as a PydanticAI toolset: ``toolset(browser)`` → a ``FunctionToolset``.

::

    from pydantic_ai import Agent
    from browserkit.integrations import pydantic_ai

    agent = Agent(model, toolsets=[pydantic_ai.toolset(browser)])

A screenshot comes back as ``BinaryContent``. A ref that went stale or was
not found raises ``ModelRetry`` with the hint, so the model is asked to try
again; other errors come back as the tool's result (the error envelope). The
sessions the agent started are stopped when the run leaves the toolset.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from browserkit._docstrings import shared_args
from browserkit.integrations._common import Binding, bind, missing_framework

try:
    from pydantic_ai import BinaryContent, ModelRetry, Tool
    from pydantic_ai.toolsets import FunctionToolset
except ImportError as exc:
    raise missing_framework("pydantic_ai", "pydantic-ai", "pydantic-ai") from exc

if TYPE_CHECKING:
    from browserkit import Browser
    from browserkit._async.browser import AsyncBrowser
    from browserkit.tools import Tool as RegistryTool
    from browserkit.tools import ToolContext

__all__ = ["BrowserToolset", "toolset"]

# A stale ref costs one retry; a model that needs more than a few is lost.
MAX_RETRIES = 3


class BrowserToolset(FunctionToolset[Any]):
    """The browser tools of one agent; leaving it (the end of a run) stops the
    sessions the agent started."""

    def __init__(self, binding: Binding) -> None:
        super().__init__([_tool(binding, t) for t in binding.listed()], max_retries=MAX_RETRIES)
        self.binding = binding

    async def __aexit__(self, *args: Any) -> bool | None:
        await self.binding.close()
        return await super().__aexit__(*args)


@shared_args
def toolset(
    browser: AsyncBrowser | Browser,
    caps: Iterable[str] = (),
    context: ToolContext | None = None,
    *,
    session_id: str | None = None,
) -> BrowserToolset:
    """The listed tools as a toolset for one agent (``Agent(toolsets=[...])``).

    Args:
        browser: {tools_browser}
        caps: {tools_caps}
        context: {tools_context}
        session_id: {tools_session}
    """
    return BrowserToolset(bind(browser, caps, context, session_id))


def _tool(binding: Binding, tool: RegistryTool[Any]) -> Tool[Any]:
    async def run(**arguments: Any) -> Any:
        got = await binding.call(tool.name, arguments)
        if got.retry_message is not None:
            raise ModelRetry(got.retry_message)
        if got.image is None:
            return got.text
        return [got.text, BinaryContent(data=got.image, media_type=got.mime or "image/jpeg")]

    made = Tool.from_schema(run, tool.name, tool.description, binding.schema(tool))
    return cast("Tool[Any]", made)
