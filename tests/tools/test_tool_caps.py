"""Opt-in tool groups: what a model is shown, and what a host lets it call."""

from __future__ import annotations

import pytest

import browserkit as bk
from browserkit import tools
from browserkit.tools import CAPS, REGISTRY, ToolContext


def test_the_default_list_leaves_out_every_opt_in_group() -> None:
    default = {t["name"] for t in tools.to_mcp()}
    assert default == {t.name for t in REGISTRY.values() if t.cap is None}
    assert {t["function"]["name"] for t in tools.to_openai()} == default
    assert {t["name"] for t in tools.to_anthropic()} == default
    # registry() is every tool: the opt-in ones are defined, only not listed.
    assert {t.name for t in tools.registry()} == set(REGISTRY)


def test_naming_a_group_lists_its_tools_and_all_lists_every_one() -> None:
    for cap in CAPS:
        shown = {t["name"] for t in tools.to_mcp(caps=[cap])}
        assert shown == {t.name for t in REGISTRY.values() if t.cap in (None, cap)}
    assert {t["name"] for t in tools.to_mcp(caps=["all"])} == set(REGISTRY)


def test_an_unknown_group_is_refused_with_the_known_ones() -> None:
    with pytest.raises(bk.InvalidArgumentError) as caught:
        tools.listed(["network", "telepathy"])
    assert "telepathy" in caught.value.message
    assert all(cap in caught.value.hint for cap in CAPS)


async def test_a_host_that_enables_no_group_refuses_its_tools_before_running_them(
    abrowser: bk.AsyncBrowser,
) -> None:
    grouped = [t for t in REGISTRY.values() if t.cap is not None]
    assert grouped, "issue 16's tools are in opt-in groups"
    for t in grouped:
        out = await t.call(abrowser, {"session_id": "s999"}, ToolContext(caps=()))
        assert out["error"]["code"] == "invalid_argument", (t.name, out)
        assert f"--caps {t.cap}" in out["error"]["hint"]
    # Enabled (or no policy at all, as for a Python caller): the tool runs and
    # fails on its own terms, here the unknown session.
    for context in (ToolContext(caps=[grouped[0].cap or ""]), None):
        out = await grouped[0].call(abrowser, {"session_id": "s999"}, context)
        assert "capability group" not in out.get("error", {}).get("message", ""), out


def test_every_tool_of_a_group_says_in_its_annotations_what_it_does() -> None:
    for t in REGISTRY.values():
        if t.cap is not None:
            assert t.annotations["title"] and not t.annotations["title"].startswith("browser_")
