"""PydanticAI: the registry as a toolset, driven by PydanticAI's agent loop and FunctionModel."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

pytest.importorskip("pydantic_ai", reason="pydantic-ai does not install on this Python")

from pydantic_ai import Agent, BinaryContent
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    RetryPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

import browserkit as bk
from browserkit.integrations import pydantic_ai
from tests.helpers import browser_config
from tests.integration_agent import PAGE, Brain, Call, counter_task
from tests.server import serve

pytestmark = pytest.mark.every_python


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with serve("127.0.0.1") as url:
        yield url


@pytest.fixture(scope="module")
async def browser() -> AsyncIterator[bk.AsyncBrowser]:
    async with bk.AsyncBrowser(browser_config()) as b:
        yield b


def fake_model(brain: Brain, browser: bk.AsyncBrowser, pages: list[str]) -> FunctionModel:
    """A FunctionModel whose turns come from ``brain``; on its last it reads the page."""

    async def turn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        text = None
        last = messages[-1]
        if isinstance(last, ModelRequest):
            for part in last.parts:
                if isinstance(part, ToolReturnPart):
                    content = part.content if isinstance(part.content, list) else [part.content]
                    text = "\n".join(c for c in content if isinstance(c, str))
                    brain.images += [c for c in content if isinstance(c, BinaryContent)]
                elif isinstance(part, RetryPromptPart):
                    text = part.model_response()
        step = brain.step(text)
        if isinstance(step, Call):
            return ModelResponse([ToolCallPart(step.name, step.arguments, step.id)])
        for info_ in browser.sessions():  # the run has not left the toolset yet
            pages.append(str(await browser.session(info_.id).snapshot()))
        return ModelResponse([TextPart(step)])

    return FunctionModel(turn)


async def test_an_agent_reads_clicks_by_ref_and_retries_a_stale_ref(
    site: str, browser: bk.AsyncBrowser
) -> None:
    brain = Brain(counter_task(site + PAGE))
    pages: list[str] = []
    agent = Agent(fake_model(brain, browser, pages), toolsets=[pydantic_ai.toolset(browser)])
    result = await agent.run("Add one on the counter page.")
    assert result.output.startswith("done")
    brain.check()
    assert isinstance(brain.images[0], BinaryContent)
    assert brain.images[0].media_type == "image/jpeg" and brain.images[0].data[:2] == b"\xff\xd8"
    # The stale ref reached the model as a retry, not as a result (older releases
    # send a RetryPromptPart, newer ones a return part whose outcome is "retried").
    retries = [
        p.model_response() if isinstance(p, RetryPromptPart) else str(p.content)
        for m in result.all_messages()
        for p in getattr(m, "parts", ())
        if isinstance(p, RetryPromptPart) or getattr(p, "outcome", None) == "retried"
    ]
    assert len(retries) == 1 and "stale_ref" in retries[0], retries
    assert pages and "Count: 1" in pages[0]
    # Leaving the run stopped the session the agent started.
    assert browser.sessions() == []
