"""Google ADK: the registry as a toolset, driven by ADK's Runner and a scripted BaseLlm."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

pytest.importorskip("google.adk", reason="google-adk does not install on this Python")

from google.adk.agents import LlmAgent
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import InMemoryRunner
from google.genai import types

import browserkit as bk
from browserkit.integrations import google_adk
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


class ScriptedLlm(BaseLlm):
    """A model (as ADK's own tests write them) whose turns a :class:`Brain` picks."""

    brain: Any = None

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncIterator[LlmResponse]:
        text = None
        last = llm_request.contents[-1].parts or []
        for part in last:
            if part.function_response is not None:
                text = (part.function_response.response or {})["result"]
                self.brain.images += list(part.function_response.parts or ())
        step = self.brain.step(text)
        if isinstance(step, Call):
            call = types.FunctionCall(name=step.name, args=step.arguments, id=step.id)
            part = types.Part(function_call=call)
        else:
            part = types.Part(text=step)
        yield LlmResponse(content=types.Content(role="model", parts=[part]))


async def test_an_agent_reads_clicks_by_ref_and_recovers_from_a_stale_ref(
    site: str, browser: bk.AsyncBrowser
) -> None:
    brain = Brain(counter_task(site + PAGE))
    model = ScriptedLlm(model="scripted", brain=brain)
    agent = LlmAgent(name="browser", model=model, tools=[google_adk.tools(browser)])
    runner = InMemoryRunner(agent=agent, app_name="counter")
    session = await runner.session_service.create_session(app_name="counter", user_id="u")
    ask = types.Content(role="user", parts=[types.Part(text="Add one on the counter page.")])
    events = [
        e async for e in runner.run_async(user_id="u", session_id=session.id, new_message=ask)
    ]
    assert events[-1].content.parts[0].text.startswith("done")
    brain.check()
    image = brain.images[0]
    assert isinstance(image, types.FunctionResponsePart)
    assert image.inline_data.mime_type == "image/jpeg" and image.inline_data.data[:2] == b"\xff\xd8"
    (info,) = browser.sessions()
    assert "Count: 1" in str(await browser.session(info.id).snapshot())
    # Closing the runner closes the toolset, which stops the session the agent started.
    await runner.close()
    assert browser.sessions() == []


async def test_the_mcp_server_works_with_adks_mcp_toolset(site: str) -> None:
    pytest.importorskip("mcp", reason="the MCP server needs the mcp extra")
    from google.adk.tools.mcp_tool import McpToolset, StdioConnectionParams
    from mcp import StdioServerParameters

    keep = ("BROWSERKIT_", "PLAYWRIGHT_", "PYTHONPATH")
    env = {k: v for k, v in os.environ.items() if k.startswith(keep)}
    server = StdioServerParameters(
        command=sys.executable, args=["-m", "browserkit", "mcp"], env=env
    )
    toolset = McpToolset(connection_params=StdioConnectionParams(server_params=server, timeout=60))
    try:
        tools = {t.name: t for t in await toolset.get_tools()}
        assert {"browser_sessions_start", "browser_snapshot"} <= set(tools)
        declaration = tools["browser_act"]._get_declaration()
        assert declaration is not None and declaration.name == "browser_act"
    finally:
        await toolset.close()
