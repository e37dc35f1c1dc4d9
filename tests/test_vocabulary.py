"""One name for each concept, and the previous release's names still working.

``tab_id`` (tabs are ``t1``, ``t2``, ...), ``headless``, ``drag(source, to)``,
selector values for every selector argument, and ``diff`` for what an action
changed: in the SDK, the tools, the CLI and the docs. The old names
(``page_id``, ``headful``, ``drag(target=)``, a CSS string for
``wait_for(selector=)``, ``--headed``) keep working for one release with a
``DeprecationWarning`` that points at the caller's own line, in both APIs.
"""

from __future__ import annotations

import argparse
import json
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import browserkit as bk
from browserkit import tools
from browserkit.mcp import add_arguments, options_from_args
from tests.conftest import aw


@contextmanager
def warns_here(old: str) -> Iterator[None]:
    """Exactly one DeprecationWarning naming ``old``, attributed to this file."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    ours = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    assert len(ours) == 1, [str(w.message) for w in ours]
    assert old in str(ours[0].message) and "next release" in str(ours[0].message)
    assert ours[0].filename == __file__, ours[0].filename  # the caller's line, not ours


async def call(sess: Any, method: str, *args: Any, **kwargs: Any) -> Any:
    """Call ``sess.method`` from this file's own frame in both APIs."""
    if isinstance(sess, bk.AsyncSession):
        return await getattr(sess, method)(*args, **kwargs)
    return getattr(sess, method)(*args, **kwargs)


async def test_page_id_still_names_a_tab_with_a_warning(sess: Any, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    with warns_here("page_id"):
        snap = await call(sess, "snapshot", page_id="t1")
    assert snap.tab_id == "t1" and sess.tab_id == "t1"
    with warns_here("page_id"):
        assert snap.page_id == "t1"  # the result's old field name reads the new one
    with warns_here("page_id"):
        assert sess.page_id == "t1"
    tabs = await aw(sess.tabs())
    with warns_here("page_id"):
        assert tabs[0].page_id == tabs[0].tab_id == "t1"
    with pytest.raises(bk.InvalidArgumentError, match="both 'page_id' and 'tab_id'"):
        await call(sess, "snapshot", page_id="t1", tab_id="t1")


async def test_drag_drops_on_to_and_still_takes_target(sess: Any, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    await aw(sess.drag(bk.css("#drag-me"), to=bk.css("#drop")))
    dropped = "document.getElementById('drop').textContent"
    assert await aw(sess.evaluate(dropped)) == "dropped drag-me"
    await aw(sess.navigate(f"{base_url}/forms.html"))
    with warns_here("target"):
        await call(sess, "drag", bk.css("#drag-me"), target=bk.css("#drop"))
    assert await aw(sess.evaluate(dropped)) == "dropped drag-me"


async def test_wait_for_takes_selector_values_and_still_a_css_string(
    sess: Any, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    assert (await aw(sess.wait_for(selector=bk.css("#drop"), timeout_ms=2000))).met
    assert (await aw(sess.wait_for(selector=bk.label("Newsletter"), timeout_ms=2000))).met
    # A <label> wrapping its <select>: found as select(bk.label("Country"), ...) finds it.
    assert (await aw(sess.wait_for(selector=bk.label("Country"), timeout_ms=2000))).met
    missing = await aw(sess.wait_for(selector=bk.css("#nowhere"), timeout_ms=200))
    assert missing.met is False
    with warns_here("bk.css('#drop')"):
        waited = await call(sess, "wait_for", selector="#drop", timeout_ms=2000)
    assert waited.met
    with pytest.raises(bk.InvalidArgumentError, match="selector value"):
        await aw(sess.wait_for(selector=3, timeout_ms=200))


async def test_headful_still_starts_a_session_with_a_warning(abrowser: bk.AsyncBrowser) -> None:
    with warns_here("headful"):
        s = await abrowser.start(headful=False)  # headful=True would need a display here
    try:
        assert s.tab_id == "t1"
    finally:
        await s.stop()
    with pytest.raises(bk.InvalidArgumentError, match="both 'headful' and 'headless'"):
        await abrowser.start(headful=False, headless=True)


async def test_tools_say_tab_id_and_diff_and_accept_page_id(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    listing = json.dumps(tools.to_mcp(caps=["all"]))
    assert "tab_id" in listing and "page_id" not in listing and "headful" not in listing
    started = await tools.call(
        abrowser, "browser_sessions_start", {"url": f"{base_url}/forms.html"}
    )
    sid = started["session_id"]
    try:
        assert started["tab_id"] == "t1"
        old = await tools.call(abrowser, "browser_snapshot", {"session_id": sid, "page_id": "t1"})
        assert "error" not in old and old["tab_id"] == "t1", old
        click = {"session_id": sid, "action": "click", "selector": "#drag-me", "detail": "click"}
        acted = await tools.call(abrowser, "browser_act", click)
        assert "diff" in acted and "observed" not in acted, acted
    finally:
        await abrowser.stop(sid)


def test_mcp_takes_headless_flags_and_still_headed(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert options_from_args(parser.parse_args([])).headless is None
    assert options_from_args(parser.parse_args(["--no-headless"])).headless is False
    assert options_from_args(parser.parse_args(["--headless"])).headless is True
    assert options_from_args(parser.parse_args(["--no-headless"])).config().headless is False
    assert options_from_args(parser.parse_args(["--headed"])).headless is False
    assert "--headed is deprecated: use --no-headless" in capsys.readouterr().err
    assert "--headed" not in parser.format_help()


def test_results_are_still_built_with_page_id() -> None:
    with warns_here("page_id="):
        ref = bk.Ref("e3", 1, page_id="t2")
    assert ref == bk.Ref("e3", 1, tab_id="t2")
    with warns_here("page_id="):
        entry = bk.ConsoleEntry(seq=1, timestamp=0, level="log", text="hi", page_id="t2")
    assert entry.tab_id == "t2"
