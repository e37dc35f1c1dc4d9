"""LangChain: the registry as StructuredTools, in LangChain's agent loop with a fake chat model."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

import pytest

pytest.importorskip("langchain_core", reason="langchain-core does not install on this Python")
pytest.importorskip("langgraph", reason="langgraph does not install on this Python")

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

import browserkit as bk
from browserkit.integrations import langchain
from tests.helpers import browser_config
from tests.integration_agent import PAGE, Brain, Call, counter_task
from tests.server import serve

try:  # langchain 1.x; before it, LangGraph's prebuilt agent
    from langchain.agents import create_agent
except ImportError:
    from langgraph.prebuilt import create_react_agent as create_agent

pytestmark = pytest.mark.every_python


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with serve("127.0.0.1") as url:
        yield url


@pytest.fixture(scope="module")
async def browser() -> AsyncIterator[bk.AsyncBrowser]:
    async with bk.AsyncBrowser(browser_config()) as b:
        yield b


class ScriptedChatModel(GenericFakeChatModel):
    """GenericFakeChatModel whose next message a :class:`Brain` picks from the last tool result."""

    brain: Any

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Any:
        return self

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
        text = None
        last = messages[-1]
        if isinstance(last, ToolMessage):
            if isinstance(last.content, str):
                text = last.content
            else:
                blocks = [b for b in last.content if isinstance(b, dict)]
                text = "\n".join(b["text"] for b in blocks if b.get("type") == "text")
                self.brain.images += [b for b in blocks if b.get("type") == "image"]
        step = self.brain.step(text)
        if isinstance(step, Call):
            call = {"name": step.name, "args": step.arguments, "id": step.id, "type": "tool_call"}
            self.messages = iter([AIMessage(content="", tool_calls=[call])])
        else:
            self.messages = iter([AIMessage(content=step)])
        return super()._generate(messages, *args, **kwargs)


async def test_an_agent_reads_clicks_by_ref_and_recovers_from_a_stale_ref(
    site: str, browser: bk.AsyncBrowser
) -> None:
    brain = Brain(counter_task(site + PAGE))
    model = ScriptedChatModel(messages=iter(()), brain=brain)
    agent = create_agent(model, langchain.tools(browser))
    state = await agent.ainvoke({"messages": [("user", "Add one on the counter page.")]})
    assert state["messages"][-1].content.startswith("done")
    brain.check()
    image = brain.images[0]
    assert image["mime_type"] == "image/jpeg" and image["base64"].startswith("/9j/")
    (info,) = browser.sessions()
    assert "Count: 1" in str(await browser.session(info.id).snapshot())
    await browser.stop(info.id)


def test_with_a_sync_browser_the_tools_are_sync_too(sbrowser: bk.Browser, site: str) -> None:
    tools = {t.name: t for t in langchain.tools(sbrowser)}
    started = tools["browser_sessions_start"].invoke({"url": site + PAGE})
    try:
        # The first session the agent started is the default: no session_id needed.
        assert 'button "Add"' in tools["browser_snapshot"].invoke({})
        assert '"code":"invalid_argument"' in tools["browser_act"].invoke({"action": "nod"})
    finally:
        sbrowser.stop(started.split('"session_id":"')[1].split('"')[0])
