"""What the integrations share: two agents on one browser, the extras, a missing framework."""

from __future__ import annotations

import asyncio
import importlib
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

import browserkit as bk
from tests.helpers import browser_config
from tests.integration_agent import PAGE, Brain, counter_task
from tests.server import serve

pytestmark = pytest.mark.every_python

ROOT = Path(__file__).resolve().parents[2]
FRAMEWORKS = {  # module: (a package it imports, the extra)
    "openai_agents": ("agents", "openai-agents"),
    "pydantic_ai": ("pydantic_ai", "pydantic-ai"),
    "langchain": ("langchain_core", "langchain"),
    "google_adk": ("google.adk", "adk"),
}


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with serve("127.0.0.1") as url:
        yield url


@pytest.fixture(scope="module")
async def browser() -> AsyncIterator[bk.AsyncBrowser]:
    async with bk.AsyncBrowser(browser_config()) as b:
        yield b


async def test_two_agents_share_one_browser_each_in_its_own_session(
    site: str, browser: bk.AsyncBrowser
) -> None:
    pytest.importorskip("pydantic_ai", reason="pydantic-ai does not install on this Python")
    from pydantic_ai import Agent

    from browserkit.integrations import pydantic_ai
    from tests.tools.test_integrations_pydantic_ai import fake_model

    async def run(tag: str) -> tuple[Brain, bk.AsyncSession]:
        url = f"{site}{PAGE}?agent={tag}"
        session = await browser.start(url)  # the host's: the agent never names it
        brain = Brain(counter_task(url, start=False, tag=tag))
        toolset = pydantic_ai.toolset(browser, session_id=session.id)
        await Agent(fake_model(brain, browser, []), toolsets=[toolset]).run("Add one.")
        return brain, session

    (brain_a, a), (brain_b, b) = await asyncio.gather(run("a"), run("b"))
    for brain, session, tag in ((brain_a, a, "a"), (brain_b, b, "b")):
        brain.check()
        # Each agent's two clicks (one before the reload, one after) reached its own page only.
        assert "Count: 1" in str(await session.snapshot())
        assert session.url.endswith(f"?agent={tag}")
        # The host's sessions outlive the runs.
        assert session.id in {i.id for i in browser.sessions()}
        await session.stop()


def test_the_core_install_pulls_in_no_framework() -> None:
    tomllib = pytest.importorskip("tomllib", reason="tomllib is new in Python 3.11")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    frameworks = ("agents", "pydantic", "langchain", "langgraph", "google")
    assert not [d for d in project["dependencies"] if d.startswith(frameworks)]
    extras = project["optional-dependencies"]
    assert {e for _, e in FRAMEWORKS.values()} <= set(extras)
    for _, extra in FRAMEWORKS.values():
        assert all(">=" in d for d in extras[extra]), extras[extra]  # each with a lower bound


@pytest.mark.parametrize("module", sorted(FRAMEWORKS))
def test_an_integration_without_its_framework_names_the_extra(
    module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    package, extra = FRAMEWORKS[module]
    # None: importing it fails, its submodules too (other tests may have loaded them).
    for name in [n for n in sys.modules if n.startswith(f"{package}.")] + [package]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, f"browserkit.integrations.{module}", raising=False)
    with pytest.raises(ImportError, match=rf'pip install "browserkit\[{extra}\]"'):
        importlib.import_module(f"browserkit.integrations.{module}")
