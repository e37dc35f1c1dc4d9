"""OpenAI Agents SDK: the registry as FunctionTools, run by its Runner and a scripted Model."""

from __future__ import annotations

import json
import os
import sys
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


def _server_env() -> dict[str, str]:
    """What the MCP server needs of our environment (stdio clients pass on only a safe few)."""
    keep = ("BROWSERKIT_", "PLAYWRIGHT_", "PYTHONPATH")
    return {k: v for k, v in os.environ.items() if k.startswith(keep)}


async def test_the_mcp_server_works_with_the_sdks_stdio_client(site: str) -> None:
    from agents.mcp import MCPServerStdio

    params: Any = {"command": sys.executable, "args": ["-m", "browserkit", "mcp"]}
    params["env"] = _server_env()
    async with MCPServerStdio(params, client_session_timeout_seconds=60) as server:
        names = {t.name for t in await server.list_tools()}
        assert {"browser_sessions_start", "browser_snapshot", "browser_screenshot"} <= names
        started = await server.call_tool("browser_sessions_start", {"url": site + PAGE})
        sid = json.loads(started.content[0].text)["session_id"]
        shot = await server.call_tool("browser_screenshot", {"session_id": sid})
        assert [c.type for c in shot.content] == ["text", "image"]
        assert shot.content[1].data.startswith("/9j/")  # a JPEG, base64
