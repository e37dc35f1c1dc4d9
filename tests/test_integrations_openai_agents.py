"""OpenAI Agents SDK: the registry as FunctionTools, run by its Runner and a scripted Model."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

pytest.importorskip("agents", reason="openai-agents does not install on this Python")

from agents import Agent, Model, ModelResponse, RunConfig, Runner, ToolOutputImage, Usage
from agents.items import ToolCallOutputItem
from openai.types.responses import (
    ResponseFunctionToolCall,
    ResponseOutputMessage,
    ResponseOutputText,
)

import browserkit as bk
from browserkit.integrations import openai_agents
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


class ScriptedModel(Model):
    """A Model whose turns come from a :class:`Brain`; it reads the last tool output."""

    def __init__(self, brain: Brain) -> None:
        self.brain = brain

    async def get_response(
        self, system_instructions: Any, input: Any, *args: Any, **kw: Any
    ) -> Any:
        text = None
        if isinstance(input, list) and input and input[-1].get("type") == "function_call_output":
            output = input[-1]["output"]
            if isinstance(output, str):
                text = output
            else:
                text = "\n".join(p["text"] for p in output if p.get("type") == "input_text")
                self.brain.images += [p for p in output if p.get("type") == "input_image"]
        step = self.brain.step(text)
        if isinstance(step, Call):
            item: Any = ResponseFunctionToolCall(
                type="function_call",
                call_id=step.id,
                name=step.name,
                arguments=json.dumps(step.arguments),
            )
        else:
            item = ResponseOutputMessage(
                id="msg",
                type="message",
                role="assistant",
                status="completed",
                content=[ResponseOutputText(type="output_text", text=step, annotations=[])],
            )
        return ModelResponse(output=[item], usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kw: Any) -> Any:
        raise NotImplementedError


async def test_an_agent_reads_clicks_by_ref_and_recovers_from_a_stale_ref(
    site: str, browser: bk.AsyncBrowser
) -> None:
    brain = Brain(counter_task(site + PAGE))
    tools = openai_agents.tools(browser)
    agent = Agent(name="browser", model=ScriptedModel(brain), tools=tools)
    result = await Runner.run(
        agent, "Add one on the counter page.", run_config=RunConfig(tracing_disabled=True)
    )
    assert result.final_output.startswith("done")
    brain.check()
    assert brain.images[0]["image_url"].startswith("data:image/jpeg;base64,/9j/")
    # The tool's own answer was the SDK's image output type.
    outputs = [i.output for i in result.new_items if isinstance(i, ToolCallOutputItem)]
    assert any(
        isinstance(part, ToolOutputImage) for o in outputs if isinstance(o, list) for part in o
    )
    # The page: the session the agent started shows the click.
    (info,) = browser.sessions()
    assert "Count: 1" in str(await browser.session(info.id).snapshot())
    await browser.stop(info.id)
