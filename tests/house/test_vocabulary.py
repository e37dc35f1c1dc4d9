"""One name for each concept, and no other.

``tab_id`` (tabs are ``t1``, ``t2``, ...), ``headless``, ``drag(source, to)``,
selector values for every selector argument, and ``diff`` for what an action
changed: in the SDK, the tools, the CLI and the docs. browserkit has not been
released, so the names used before these are simply gone: calling with one is
an error, in both APIs, and a tool argument of that name is refused.
"""

from __future__ import annotations

import argparse
import json

import pytest

import browserkit as bk
from browserkit import tools
from browserkit.mcp import add_arguments, options_from_args
from tests.helpers import AnySession, aw


async def test_tab_id_names_a_tab_and_page_id_is_gone(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    snap = await aw(sess.snapshot(tab_id="t1"))
    assert snap.tab_id == "t1" and sess.tab_id == "t1"
    assert not hasattr(snap, "page_id") and not hasattr(sess, "page_id")
    with pytest.raises(TypeError, match="page_id"):
        await aw(sess.snapshot(page_id="t1"))
    with pytest.raises(TypeError, match="page_id"):
        bk.Ref("e3", 1, page_id="t2")  # type: ignore[call-arg]


async def test_drag_drops_on_to(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    await aw(sess.drag(bk.css("#drag-me"), to=bk.css("#drop")))
    dropped = "document.getElementById('drop').textContent"
    assert await aw(sess.evaluate(dropped)) == "dropped drag-me"
    with pytest.raises(TypeError, match="target"):
        await aw(sess.drag(bk.css("#drag-me"), target=bk.css("#drop")))


async def test_wait_for_takes_selector_values_only(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    assert (await aw(sess.wait_for(selector=bk.css("#drop"), timeout_ms=2000))).met
    assert (await aw(sess.wait_for(selector=bk.label("Newsletter"), timeout_ms=2000))).met
    # A <label> wrapping its <select>: found as select(bk.label("Country"), ...) finds it.
    assert (await aw(sess.wait_for(selector=bk.label("Country"), timeout_ms=2000))).met
    missing = await aw(sess.wait_for(selector=bk.css("#nowhere"), timeout_ms=200))
    assert missing.met is False
    for wrong in ("#drop", 3):
        with pytest.raises(bk.InvalidArgumentError, match="selector value"):
            await aw(sess.wait_for(selector=wrong, timeout_ms=200))


async def test_start_takes_headless_and_not_headful(abrowser: bk.AsyncBrowser) -> None:
    with pytest.raises(TypeError, match="headful"):
        await abrowser.start(headful=False)  # type: ignore[call-arg]


async def test_tools_say_tab_id_and_diff_only(abrowser: bk.AsyncBrowser, base_url: str) -> None:
    listing = json.dumps(tools.to_mcp(caps=["all"]))
    assert "tab_id" in listing and "page_id" not in listing and "headful" not in listing
    started = await tools.call(
        abrowser, "browser_sessions_start", {"url": f"{base_url}/forms.html"}
    )
    sid = started["session_id"]
    try:
        assert started["tab_id"] == "t1"
        old = await tools.call(abrowser, "browser_snapshot", {"session_id": sid, "page_id": "t1"})
        assert old["error"]["code"] == "invalid_argument", old
        assert "page_id" in old["error"]["message"] and "tab_id" in old["error"]["hint"], old
        click = {"session_id": sid, "action": "click", "selector": "#drag-me", "detail": "click"}
        acted = await tools.call(abrowser, "browser_act", click)
        assert "diff" in acted and "observed" not in acted, acted
    finally:
        await abrowser.stop(sid)


def test_mcp_takes_headless_flags_only(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert options_from_args(parser.parse_args([])).headless is None
    assert options_from_args(parser.parse_args(["--headless"])).headless is True
    assert options_from_args(parser.parse_args(["--no-headless"])).headless is False
    with pytest.raises(SystemExit):
        parser.parse_args(["--headed"])
    assert "--headed" in capsys.readouterr().err
