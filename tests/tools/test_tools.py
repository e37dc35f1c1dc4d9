"""The agent tool registry: schemas, strict arguments, exports, and calls on real Chromium."""

from __future__ import annotations

import ast
import asyncio
import json
import random
import re
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import browserkit as bk
from browserkit import tools
from browserkit.tools import ToolContext
from browserkit.tools._hints import for_tools
from tests.helpers import ref_of

TOOLS = tools.registry()
NAME_RE = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")  # what OpenAI and Anthropic accept as a tool name

WRONG = {"string": 123, "integer": "7", "number": "7", "boolean": "yes", "array": "Shift"}


def _type(schema: dict[str, Any]) -> str:
    t = schema["type"]
    return t[0] if isinstance(t, list) else t  # type: ignore[no-any-return]


def _valid_args(tool: tools.Tool[Any]) -> dict[str, Any]:
    """The smallest arguments that pass validation (required fields only)."""
    props = tool.input_schema["properties"]
    sample = {"string": "s999", "integer": 1, "number": 1.0, "boolean": True, "array": []}
    return {
        name: props[name]["enum"][0] if "enum" in props[name] else sample[_type(props[name])]
        for name in tool.input_schema.get("required", [])
    }


# ------------------------------------------------------------------- schemas


@pytest.mark.every_python
@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: t.name)
def test_every_schema_is_valid_draft_2020_12(tool: tools.Tool[Any]) -> None:
    jsonschema.Draft202012Validator.check_schema(tool.input_schema)
    assert tool.input_schema["type"] == "object"
    assert tool.description and len(tool.description) > 40  # says what it is for
    jsonschema.Draft202012Validator(tool.input_schema).validate(_valid_args(tool))


@pytest.mark.every_python
def test_registry_lists_only_what_the_sdk_implements() -> None:
    assert [t.name for t in TOOLS] == [
        "browser_sessions_start",
        "browser_sessions_list",
        "browser_sessions_stop",
        "browser_sessions_attach",
        "browser_tabs_list",
        "browser_diagnostics",
        "browser_navigate",
        "browser_history",
        "browser_snapshot",
        "browser_dom_read",
        "browser_scan",
        "browser_find",
        "browser_screenshot",
        "browser_act",
        "browser_fill_form",
        "browser_handle_dialog",
        "browser_upload",
        "browser_handoff",
        "browser_handoff_confirm",
        "browser_pick",
        "browser_evaluate",
        "browser_execute",
        "browser_styles_read",
        "browser_styles_write",
        "browser_wait_for",
        "browser_console_read",
        "browser_network_read",
        "browser_downloads_read",
        "browser_download_save",
        "browser_tabs",
        # opt-in groups (issue 16)
        "browser_storage_state",
        "browser_cookies",
        "browser_set_cookies",
        "browser_clear_cookies",
        "browser_local_storage",
        "browser_session_storage",
        "browser_resize",
        "browser_emulate_media",
        "browser_throttle",
        "browser_network_detail",
        "browser_route",
        "browser_unroute",
        "browser_offline",
        "browser_pdf",
        "browser_init_script",
        "browser_markdown",
        "browser_locator",
        "browser_script_export",
        "browser_replay",
    ]
    for tool in TOOLS:
        if tool.name not in (
            "browser_sessions_start",
            "browser_sessions_list",
            "browser_sessions_attach",
            "browser_tabs_list",
            "browser_diagnostics",
            "browser_handoff_confirm",
        ):
            assert "session_id" in tool.input_schema["required"], tool.name


@pytest.mark.every_python
@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: t.name)
async def test_every_tool_rejects_an_unknown_argument(
    tool: tools.Tool[Any], abrowser: bk.AsyncBrowser
) -> None:
    out = await tool.call(abrowser, {**_valid_args(tool), "bogus_field": 1})
    assert out["error"]["code"] == "invalid_argument"
    assert "bogus_field" in out["error"]["message"]
    assert set(out["error"]) == {"code", "message", "hint"}


CASES = [(tool, name) for tool in TOOLS for name in tool.input_schema["properties"]]


@pytest.mark.every_python
@pytest.mark.parametrize(("tool", "field"), CASES, ids=[f"{t.name}.{f}" for t, f in CASES])
async def test_every_tool_rejects_an_ill_typed_argument_naming_it(
    tool: tools.Tool[Any], field: str, abrowser: bk.AsyncBrowser
) -> None:
    schema = tool.input_schema["properties"][field]
    out = await tool.call(abrowser, {**_valid_args(tool), field: WRONG[_type(schema)]})
    assert out["error"]["code"] == "invalid_argument"
    assert out["error"]["message"].startswith(f"{field}:"), out


@pytest.mark.every_python
@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: t.name)
async def test_arguments_that_are_not_an_object_are_refused(
    tool: tools.Tool[Any], abrowser: bk.AsyncBrowser
) -> None:
    out = await tool.call(abrowser, [1, 2])  # type: ignore[arg-type]
    assert out["error"]["code"] == "invalid_argument"


@pytest.mark.every_python
async def test_values_are_not_coerced_and_bounds_are_checked(abrowser: bk.AsyncBrowser) -> None:
    act = {"session_id": "s999", "action": "click", "detail": "d", "ref": "e1"}
    for bad, field in [
        ({"click_count": True}, "click_count"),
        ({"click_count": 4}, "click_count"),
        ({"action": "clack"}, "action"),
        ({"modifiers": ["Hyper"]}, "modifiers"),
        ({"text": "hi"}, "text"),  # type's argument on a click
    ]:
        out = await tools.call(abrowser, "browser_act", {**act, **bad})
        assert out["error"]["code"] == "invalid_argument"
        assert out["error"]["message"].startswith(f"{field}:"), out


@pytest.mark.every_python
async def test_unknown_tool_and_session_come_back_as_envelopes(abrowser: bk.AsyncBrowser) -> None:
    out = await tools.call(abrowser, "browser_teleport", {})
    assert out["error"]["code"] == "invalid_argument"
    out = await tools.call(abrowser, "browser_snapshot", {"session_id": "s999"})
    assert out["error"]["code"] == "session_not_found"
    assert out["error"]["hint"]


# ------------------------------------------------------------------- exports


@pytest.mark.every_python
def test_openai_export_has_the_function_tool_shape() -> None:
    exported = tools.to_openai(caps=["all"])
    assert len(exported) == len(TOOLS)
    for item, tool in zip(exported, TOOLS, strict=True):
        assert set(item) == {"type", "function"} and item["type"] == "function"
        fn = item["function"]
        assert set(fn) == {"name", "description", "parameters"}
        assert NAME_RE.match(fn["name"]) and fn["name"] == tool.name
        assert fn["parameters"] == tool.input_schema and fn["parameters"]["type"] == "object"
    json.dumps(exported)


@pytest.mark.every_python
def test_anthropic_export_has_the_tool_use_shape() -> None:
    for item, tool in zip(tools.to_anthropic(caps=["all"]), TOOLS, strict=True):
        assert set(item) == {"name", "description", "input_schema"}
        assert NAME_RE.match(item["name"]) and item["input_schema"]["type"] == "object"
        assert item["input_schema"] == tool.input_schema


@pytest.mark.every_python
def test_mcp_export_validates_as_mcp_tools() -> None:
    exported = tools.to_mcp(caps=["all"])
    for item in exported:
        assert set(item) == {"name", "description", "inputSchema", "annotations"}
    mcp_types = pytest.importorskip("mcp_types")
    for item in exported:
        parsed = mcp_types.Tool.model_validate(item)
        assert parsed.input_schema == item["inputSchema"]
        assert parsed.annotations is not None
        assert parsed.annotations.read_only_hint == item["annotations"]["readOnlyHint"]


@pytest.mark.every_python
def test_tools_command_prints_the_registry_as_json() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "browserkit", "tools", "--format", "openai"],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert json.loads(proc.stdout) == tools.to_openai()


# ------------------------------------------------------------- real browser


@pytest.mark.every_python
async def test_a_session_is_driven_through_the_registry(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path
) -> None:
    ctx = ToolContext(output_dir=tmp_path)
    start = await tools.call(abrowser, "browser_sessions_start", {"url": f"{base_url}/basic.html"})
    sid = start["session_id"]
    try:
        first = await tools.call(abrowser, "browser_snapshot", {"session_id": sid, "diff": True})
        assert "is_diff" not in first and 'button "Increment"' in first["snapshot"]
        assert "truncated" not in first and first["generation"] == 1
        acted = await tools.call(
            abrowser,
            "browser_act",
            {
                "session_id": sid,
                "action": "click",
                "selector": "button",
                "selector_type": "role",
                "name": "Increment",
                "detail": "Click Increment by role",
            },
        )
        assert "clicked 1" in acted["diff"], acted
        # Only what is notable: verified, settled, same page, same URL.
        assert set(acted) == {"diff"}, acted
        again = await tools.call(abrowser, "browser_snapshot", {"session_id": sid, "diff": True})
        assert again["is_diff"] is True
        typed = await tools.call(
            abrowser,
            "browser_act",
            {
                "session_id": sid,
                "action": "type",
                "selector": "#name",
                "text": "Ada",
                "detail": "d",
            },
        )
        assert "error" not in typed
        value = await tools.call(
            abrowser,
            "browser_evaluate",
            {"session_id": sid, "expression": "document.querySelector('#name').value"},
        )
        assert value == {"value": "Ada"}
        tabs = await tools.call(abrowser, "browser_tabs", {"session_id": sid, "action": "new"})
        assert len(tabs["tabs"]) == 2 and tabs["opened"]
        shot = await tools.call(
            abrowser, "browser_screenshot", {"session_id": sid, "path": "/etc/x.png"}, ctx
        )
        assert shot["error"]["code"] == "invalid_argument"
        assert "outside the output directory" in shot["error"]["message"]
        nav = await tools.call(
            abrowser, "browser_navigate", {"session_id": sid, "url": "file:///etc/passwd"}
        )
        assert nav["error"]["code"] == "scheme_not_allowed"
        no_target = await tools.call(
            abrowser, "browser_act", {"session_id": sid, "action": "click", "detail": "d"}
        )
        assert no_target["error"]["code"] == "invalid_argument"
    finally:
        assert await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid}) == {
            "stopped": True
        }


async def test_reading_and_scripting_tools_through_the_registry(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    start = await tools.call(
        abrowser, "browser_sessions_start", {"url": f"{base_url}/generated/list?n=300"}
    )
    sid = start["session_id"]
    try:
        scan = await tools.call(abrowser, "browser_scan", {"session_id": sid, "max_targets": 2})
        assert scan["render_state"] == "ready" and scan["content_ready"] is True, scan
        assert scan["truncated"] is False and "Item 2" in scan["content"]
        assert "Item 150" not in scan["content"]  # the long list is collapsed
        [collapsed] = scan["collapsed"]
        assert collapsed["count"] == 297 and collapsed["shown"] == 3
        assert len(scan["targets"]) == 2 and scan["targets"][0].startswith('click button "Add 0"')
        dref = re.search(r"\[ref=(d\d+)\]", scan["targets"][0])
        assert dref is not None
        # The collapsed list expands by its selector; the scan's d-ref acts.
        expanded = await tools.call(
            abrowser,
            "browser_dom_read",
            {"session_id": sid, "selector": collapsed["selector"], "depth": 1},
        )
        assert expanded["dom"].count("\n  li ") == 300 and expanded["truncated"] is False
        acted = await tools.call(
            abrowser,
            "browser_act",
            {"session_id": sid, "action": "click", "ref": dref.group(1), "detail": "Add item 0"},
        )
        assert "added 0" in acted["diff"], acted
        found = await tools.call(abrowser, "browser_find", {"session_id": sid, "text": "ADDED"})
        assert found["total"] == 2 and any("status" in m for m in found["matches"]), found
        found = await tools.call(
            abrowser, "browser_find", {"session_id": sid, "regex": r"^Item 29\d$", "limit": 3}
        )
        assert found["total"] == 10 and len(found["matches"]) == 3
        assert "# in " in found["matches"][0] and "listitem [ref=" in found["matches"][0]
        nothing = await tools.call(abrowser, "browser_find", {"session_id": sid})
        assert nothing["error"]["code"] == "invalid_argument"

        await tools.call(
            abrowser,
            "browser_navigate",
            {"session_id": sid, "url": f"{base_url}/reading_basic.html"},
        )
        tree = await tools.call(abrowser, "browser_dom_read", {"session_id": sid, "depth": 2})
        assert 'h1#title.big.headline "Reading page" [ref=d' in tree["dom"], tree
        card_ref = re.search(r'div#card\.card "Card body" \[ref=(d\d+)\]', tree["dom"])
        assert card_ref is not None
        read = await tools.call(
            abrowser,
            "browser_styles_read",
            {"session_id": sid, "ref": card_ref.group(1), "properties": ["color", "padding"]},
        )
        assert read == {
            "properties": {"color": "rgb(10, 20, 30)", "padding": "4px"},
            "inline_style": "",
        }
        design = await tools.call(
            abrowser, "browser_styles_read", {"session_id": sid, "selector": "#card"}
        )
        assert design["properties"]["font-size"] == "18px"
        hidden = await tools.call(
            abrowser,
            "browser_styles_write",
            {"session_id": sid, "selector": "#card", "property": "display", "value": "none"},
        )
        assert 'inline style now: "display: none;"' in hidden["diff"], hidden
        assert "Card body" in hidden["diff"] and "target_verified" not in hidden
        rejected = await tools.call(
            abrowser,
            "browser_styles_write",
            {"session_id": sid, "ref": card_ref.group(1), "property": "color", "value": "bogus"},
        )
        assert rejected["error"]["code"] == "invalid_argument"
        for name, extra in [
            ("browser_styles_read", {}),
            ("browser_dom_read", {"ref": "d1", "selector": "#card"}),
            ("browser_styles_write", {"property": "color", "value": "red"}),
        ]:
            out = await tools.call(abrowser, name, {"session_id": sid, **extra})
            assert out["error"]["code"] == "invalid_argument", (name, out)

        code = "state.n = (state.n || 0) + 1; log('n', state.n); return state.n"
        first = await tools.call(abrowser, "browser_execute", {"session_id": sid, "code": code})
        assert first == {"ok": True, "result": 1, "logs": ["n 1"], "state": {"n": 1}}
        second = await tools.call(abrowser, "browser_execute", {"session_id": sid, "code": code})
        assert second["result"] == 2 and second["state"] == {"n": 2}
        thrown = await tools.call(
            abrowser,
            "browser_execute",
            {"session_id": sid, "code": "log('before'); throw new Error('boom')"},
        )
        assert thrown == {
            "ok": False,
            "script_error": "Error: boom",
            "logs": ["before"],
            "state": {"n": 2},
        }
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})

    ro = await tools.call(
        abrowser,
        "browser_sessions_start",
        {"url": f"{base_url}/reading_basic.html", "read_only": True},
    )
    sid = ro["session_id"]
    try:
        scan = await tools.call(abrowser, "browser_scan", {"session_id": sid, "text_only": True})
        assert "Reading page" in scan["content"] and "<h1>" not in scan["content"]
        for name, extra in [
            ("browser_execute", {"code": "return 1"}),
            ("browser_styles_write", {"selector": "#card", "property": "color", "value": "red"}),
        ]:
            out = await tools.call(abrowser, name, {"session_id": sid, **extra})
            assert out["error"]["code"] == "read_only", (name, out)
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


async def test_a_read_only_context_starts_only_read_only_sessions(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    ctx = ToolContext(read_only=True)
    refused = await tools.call(abrowser, "browser_sessions_start", {"read_only": False}, ctx)
    assert refused["error"]["code"] == "invalid_argument"
    start = await tools.call(abrowser, "browser_sessions_start", {}, ctx)
    assert start["read_only"] is True
    sid = start["session_id"]
    out = await tools.call(abrowser, "browser_evaluate", {"session_id": sid, "expression": "1"})
    assert out["error"]["code"] == "read_only"
    await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


# ---------------------------------------------------------------------- fuzz


class LoopThread:
    """An event loop on its own thread, so hypothesis (sync) can drive async tools."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Any, timeout: float = 30) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture(scope="module")
def fuzz_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LoopThread, Any]]:
    runner = LoopThread()
    config = bk.Config.from_env(
        idle_stop_ms=0,
        max_sessions=3,
        default_timeout_ms=800,
        max_timeout_ms=1500,
        allowed_schemes=("about", "data"),
    )

    async def make() -> bk.AsyncBrowser:
        return bk.AsyncBrowser(config)

    browser = runner.run(make())
    yield runner, browser
    runner.run(browser.close())
    runner.close()


JSON_LEAF = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
JSON_ANY = st.recursive(
    JSON_LEAF,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _value(name: str, schema: dict[str, Any], sloppy: bool) -> st.SearchStrategy[Any]:
    """A well-typed value (to get past validation and reach the browser); sloppy: or anything."""
    if name == "session_id":
        typed: st.SearchStrategy[Any] = st.sampled_from(["LIVE", "LIVE", "s999"]) | st.text(
            max_size=4
        )
    elif "enum" in schema:
        typed = st.sampled_from([v for v in schema["enum"] if v is not None])
    else:
        typed = {
            "string": st.text(max_size=16),
            "integer": st.integers(-5, 2000),
            "number": st.floats(-50, 2000, allow_nan=False),
            "boolean": st.booleans(),
            "array": st.lists(st.sampled_from(["Shift", "Alt", "x"]), max_size=2),
        }[_type(schema)]
    return typed | JSON_LEAF if sloppy else typed


def _arguments(tool: tools.Tool[Any]) -> st.SearchStrategy[Any]:
    props = tool.input_schema["properties"]
    required = tool.input_schema.get("required", [])

    def fields(sloppy: bool) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries(
            {n: _value(n, props[n], sloppy) for n in required},
            optional={n: _value(n, s, sloppy) for n, s in props.items() if n not in required},
        )

    with_extra = st.builds(
        lambda d, extra: {**d, **extra},
        fields(False),
        st.dictionaries(st.text(max_size=5), JSON_LEAF, max_size=2),
    )
    return st.one_of(fields(False), fields(False), fields(True), with_extra, JSON_ANY)


CALLS = st.sampled_from(TOOLS).flatmap(lambda t: st.tuples(st.just(t), _arguments(t)))


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(call=CALLS)
@pytest.mark.slow
@pytest.mark.xdist_group("fuzz_env")  # one worker: the next test reuses its browser
def test_fuzzed_arguments_never_escape_as_exceptions(
    fuzz_env: tuple[LoopThread, Any], tmp_path_factory: pytest.TempPathFactory, call: Any
) -> None:
    runner, browser = fuzz_env
    tool, arguments = call
    live = [s.id for s in browser.sessions()]
    if not live:
        live = [runner.run(browser.start()).id]
    if isinstance(arguments, dict) and arguments.get("session_id") == "LIVE":
        arguments = {**arguments, "session_id": live[0]}
    ctx = ToolContext(output_dir=tmp_path_factory.mktemp("fuzz", numbered=True))
    out = runner.run(tool.call(browser, arguments, ctx))
    assert isinstance(out, dict)
    json.dumps(out)
    event("error" if "error" in out else "result")
    if "error" in out:
        assert set(out["error"]) == {"code", "message", "hint"}
        assert out["error"]["code"] != "internal_error", out
    # Keep capacity for the next example: one live session is enough.
    for info in browser.sessions()[1:]:
        runner.run(browser.stop(info.id))


@pytest.mark.xdist_group("fuzz_env")
def test_the_registry_still_works_after_the_fuzzing(fuzz_env: tuple[LoopThread, Any]) -> None:
    runner, browser = fuzz_env
    start = runner.run(
        tools.call(browser, "browser_sessions_start", {"url": "data:text/html,<button>Go</button>"})
    )
    if start.get("error", {}).get("code") == "capacity":
        for info in browser.sessions():
            runner.run(browser.stop(info.id))
        start = runner.run(
            tools.call(
                browser, "browser_sessions_start", {"url": "data:text/html,<button>Go</button>"}
            )
        )
    sid = start["session_id"]
    snap = runner.run(tools.call(browser, "browser_snapshot", {"session_id": sid}))
    assert 'button "Go"' in snap.get("snapshot", ""), snap
    assert runner.run(tools.call(browser, "browser_sessions_stop", {"session_id": sid})) == {
        "stopped": True
    }


async def test_form_actions_and_uploads_through_the_registry(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path
) -> None:
    (tmp_path / "a.txt").write_text("hello")
    ctx = ToolContext(output_dir=tmp_path)
    start = await tools.call(abrowser, "browser_sessions_start", {"url": f"{base_url}/forms.html"})
    sid = start["session_id"]
    try:
        snap = await tools.call(abrowser, "browser_snapshot", {"session_id": sid})
        text = snap["snapshot"] if "snapshot" in snap else json.dumps(snap)

        def ref(needle: str) -> str:
            return ref_of(text, needle)

        base = {"session_id": sid, "detail": "testing form actions"}
        out = await tools.call(
            abrowser,
            "browser_act",
            {**base, "action": "select", "ref": ref('combobox "Country"'), "values": ["Japan"]},
        )
        assert "error" not in out, out
        out = await tools.call(
            abrowser,
            "browser_act",
            {**base, "action": "check", "ref": ref('checkbox "Newsletter"')},
        )
        assert "error" not in out, out
        out = await tools.call(
            abrowser,
            "browser_act",
            {**base, "action": "drag", "ref": ref("Drag me"), "to_ref": ref("Drop here")},
        )
        assert "error" not in out, out
        missing = await tools.call(
            abrowser, "browser_act", {**base, "action": "select", "ref": "e1"}
        )
        assert missing["error"]["code"] == "invalid_argument"
        state = await tools.call(
            abrowser,
            "browser_evaluate",
            {
                "session_id": sid,
                "expression": "[document.getElementById('country').value,"
                " document.getElementById('news').checked,"
                " document.getElementById('drop').textContent]",
            },
        )
        assert state["value"] == ["jp", True, "dropped drag-me"]
        await tools.call(
            abrowser, "browser_navigate", {"session_id": sid, "url": f"{base_url}/chooser.html"}
        )
        snap = await tools.call(abrowser, "browser_snapshot", {"session_id": sid})
        text = snap["snapshot"] if "snapshot" in snap else json.dumps(snap)
        opened = await tools.call(
            abrowser,
            "browser_act",
            {**base, "action": "click", "ref": ref('button "Choose files"')},
        )
        assert opened["dialog"]["type"] == "filechooser"
        outside = await tools.call(
            abrowser, "browser_upload", {"session_id": sid, "paths": ["/etc/hostname"]}, ctx
        )
        assert outside["error"]["code"] == "invalid_argument"
        done = await tools.call(
            abrowser, "browser_upload", {"session_id": sid, "paths": ["a.txt"]}, ctx
        )
        assert "error" not in done, done
        shown = await tools.call(
            abrowser,
            "browser_evaluate",
            {"session_id": sid, "expression": "document.getElementById('out').textContent"},
        )
        assert shown["value"] == "a.txt:5"
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


async def test_handoff_and_attach_through_the_registry(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    refused = await tools.call(
        abrowser, "browser_sessions_attach", {"cdp_url": "http://127.0.0.1:9"}
    )
    assert refused["error"]["code"] == "attach_disabled"
    start = await tools.call(abrowser, "browser_sessions_start", {"url": f"{base_url}/basic.html"})
    sid = start["session_id"]
    try:
        waiting = asyncio.ensure_future(
            tools.call(abrowser, "browser_handoff", {"session_id": sid, "instructions": "Log in"})
        )
        confirmed = {"confirmed": False}
        for _ in range(100):
            confirmed = await tools.call(abrowser, "browser_handoff_confirm", {"session_id": sid})
            if confirmed["confirmed"]:
                break
            await asyncio.sleep(0.05)
        assert confirmed == {"confirmed": True}
        result = await asyncio.wait_for(waiting, 10)
        assert result["via"] == "confirm_call" and result["confirmed"] is True
        nothing = await tools.call(abrowser, "browser_handoff_confirm", {})
        assert nothing["error"]["code"] == "invalid_argument"
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


async def test_history_racing_the_close_of_its_tab_ends_typed(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    # Issue 11, item 25: browser_history on a tab that is closing. The tab
    # is closed from another task (as a person or the page would close it,
    # so the session hears of it only afterwards) while history calls run
    # back to back on it, three at a time. At the end of its history each
    # call is one CDP round trip, so the close lands inside calls. Each ends
    # with a result or a typed error, never internal_error.
    rng = random.Random("history-close")
    s = await abrowser.start(url=f"{base_url}/basic.html")
    codes: Counter[str] = Counter()
    untyped: list[str] = []

    async def moves() -> None:
        for _ in range(500):
            out = await tools.call(
                abrowser, "browser_history", {"session_id": s.id, "action": "forward"}
            )
            if "error" not in out:
                codes["answered"] += 1
                continue
            codes[out["error"]["code"]] += 1
            if out["error"]["code"] == "internal_error":
                untyped.append(out["error"]["message"])
            return  # the tab is gone

    async def close(page: Any) -> None:
        await asyncio.sleep(rng.uniform(0, 0.03))
        await page.close()

    try:
        for _ in range(20):
            tab = await s.new_tab(f"{base_url}/basic.html")
            await asyncio.gather(close(s._core.tab(tab.tab_id).page), *(moves() for _ in "abc"))
    finally:
        await s.stop()
    print(f"\nhistory calls racing a close: {dict(codes)}")
    assert untyped == [], f"{len(untyped)} untyped: {untyped[:3]}"


# ------------------------------------------------------------- the list's cost

# Playwright MCP 1.65's list measures 17,377 characters this way (25 tools).
TOOL_LIST_BUDGET = 17_000


@pytest.mark.every_python
def test_the_whole_tool_list_costs_less_than_playwright_mcps() -> None:
    """Names, descriptions and schemas as compact JSON: what a model is sent every turn."""
    listed = tools.to_mcp()
    size = sum(
        len(t["name"])
        + len(t["description"])
        + len(json.dumps(t["inputSchema"], separators=(",", ":")))
        for t in listed
    )
    assert size <= TOOL_LIST_BUDGET, f"the tool list is {size} characters"
    # Nothing it needs went missing to get there: every argument is listed.
    assert all(t.input_schema["properties"] or t.name in _NO_ARGS for t in TOOLS)


_NO_ARGS = {"browser_sessions_list", "browser_diagnostics"}


@pytest.mark.every_python
def test_annotations_say_what_a_call_does() -> None:
    hints = {t["name"]: t["annotations"] for t in tools.to_mcp()}
    reads = {n for n, h in hints.items() if h["readOnlyHint"]}
    assert {"browser_snapshot", "browser_find", "browser_scan", "browser_console_read"} <= reads
    assert not reads & {"browser_act", "browser_evaluate", "browser_navigate", "browser_tabs"}
    assert hints["browser_act"]["destructiveHint"] and hints["browser_fill_form"]["destructiveHint"]
    assert not hints["browser_styles_write"]["destructiveHint"]
    assert hints["browser_sessions_stop"]["idempotentHint"]
    assert not hints["browser_diagnostics"]["openWorldHint"]
    assert all(h["title"] and not h["title"].startswith("browser_") for h in hints.values())


async def test_fill_form_fills_fields_of_each_kind_and_keeps_files_to_the_output_dir(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path
) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("secret")
    (tmp_path / "out").mkdir()
    ctx = ToolContext(output_dir=tmp_path / "out")
    start = await tools.call(abrowser, "browser_sessions_start", {"url": f"{base_url}/forms.html"})
    sid = start["session_id"]
    try:
        text = (await tools.call(abrowser, "browser_snapshot", {"session_id": sid}))["snapshot"]
        fields = [
            {"ref": ref_of(text, 'textbox "Name"'), "value": "Ada"},
            {"ref": ref_of(text, 'checkbox "Newsletter"'), "value": True},
            {"ref": ref_of(text, 'radio "Pro"'), "value": True},
            {"ref": ref_of(text, 'combobox "Country"'), "value": "Japan"},
        ]
        filled = await tools.call(
            abrowser, "browser_fill_form", {"session_id": sid, "fields": fields}, ctx
        )
        assert "error" not in filled and "Ada" in filled["diff"], filled
        state = await tools.call(
            abrowser,
            "browser_evaluate",
            {
                "session_id": sid,
                "expression": "['name', 'news', 'pro', 'country'].map((id) => {"
                " const e = document.getElementById(id);"
                " return e.type === 'checkbox' || e.type === 'radio' ? e.checked : e.value })",
            },
        )
        assert state["value"] == ["Ada", True, True, "jp"]
        # A value naming a file outside the output directory is refused before anything.
        refused = await tools.call(
            abrowser,
            "browser_fill_form",
            {"session_id": sid, "fields": [{"ref": fields[0]["ref"], "value": str(outside)}]},
            ctx,
        )
        assert refused["error"]["code"] == "invalid_argument", refused
        wrong = await tools.call(
            abrowser,
            "browser_fill_form",
            {"session_id": sid, "fields": [{"ref": fields[0]["ref"], "value": 3}]},
        )
        assert (
            wrong["error"]["code"] == "invalid_argument" and "fields" in wrong["error"]["message"]
        )
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


async def test_a_selector_says_its_kind_by_prefix_as_playwright_writes_it(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    start = await tools.call(abrowser, "browser_sessions_start", {"url": f"{base_url}/basic.html"})
    sid = start["session_id"]
    base = {"session_id": sid, "action": "click", "detail": "d"}
    try:
        by_role = await tools.call(
            abrowser, "browser_act", {**base, "selector": 'role=button[name="Increment"]'}
        )
        assert "clicked 1" in by_role["diff"], by_role
        by_xpath = await tools.call(
            abrowser, "browser_act", {**base, "selector": "xpath=//button[@id='inc']"}
        )
        assert "clicked 2" in by_xpath["diff"], by_xpath
        by_text = await tools.call(abrowser, "browser_act", {**base, "selector": "text=Double"})
        assert "error" not in by_text, by_text
        styles = await tools.call(
            abrowser,
            "browser_styles_read",
            {"session_id": sid, "selector": "role=status", "properties": ["display"]},
        )
        assert styles["properties"] == {"display": "block"}, styles
        bad = await tools.call(abrowser, "browser_act", {**base, "selector": "role=button[x]"})
        assert bad["error"]["code"] == "invalid_argument" and "role=" in bad["error"]["hint"]
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


# ------------------------------------------------------- hints name the tools


def _hint_value(node: ast.AST) -> ast.expr | None:
    """The expression a hint is written in at ``node``, if it writes one."""
    if isinstance(node, ast.keyword):
        return node.value if node.arg == "hint" else None
    if isinstance(node, ast.Assign):
        names = {t.id for t in node.targets if isinstance(t, ast.Name)}
        return node.value if names & {"default_hint", "_HINTS"} else None
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.value if node.target.id == "default_hint" else None
    return None


def _sdk_hints() -> list[str]:
    """Every hint the SDK writes as a literal: ``hint=``, ``default_hint`` and the
    actionability table."""
    found: list[str] = []
    root = Path(bk.__file__).parent
    for path in root.rglob("*.py"):
        if "tools" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            value = _hint_value(node)
            if isinstance(value, ast.Dict):
                found.extend(v.value for v in value.values if isinstance(v, ast.Constant))
            elif isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.append(value.value)
    return found


# SDK-only hints: callbacks, buffers and regexes are no tool's business, and
# no tool records a trace (record() is for the person who replays it).
_SDK_ONLY = re.compile(
    r"async API|append\(\)|upsert\(\)|record\(|stop_recording\(|to record it|selector=bk\."
)


@pytest.mark.every_python
def test_no_hint_a_tool_returns_names_a_python_method() -> None:
    hints = _sdk_hints()
    assert len(hints) > 30, hints  # the collection found the SDK's hints
    call = re.compile(r"\b(?:bk\.)?[a-z_]+\(")
    left = {h: for_tools(h) for h in hints if not _SDK_ONLY.search(h) and call.search(for_tools(h))}
    assert not left, left


async def test_a_modal_state_hint_names_the_tool_that_answers_it(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    start = await tools.call(abrowser, "browser_sessions_start", {"url": f"{base_url}/basic.html"})
    sid = start["session_id"]
    try:
        await tools.call(
            abrowser,
            "browser_act",
            {
                "session_id": sid,
                "action": "click",
                "selector": "#inc",
                "detail": "d",
            },
        )
        await tools.call(
            abrowser,
            "browser_evaluate",
            {"session_id": sid, "expression": "setTimeout(() => alert('hi'), 0)"},
        )
        await asyncio.sleep(0.3)
        blocked = await tools.call(abrowser, "browser_snapshot", {"session_id": sid})
        assert blocked["error"]["code"] == "modal_state_blocked", blocked
        assert "browser_handle_dialog" in blocked["error"]["hint"]
        assert "handle_dialog(" not in blocked["error"]["hint"]
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


def test_a_sync_browser_is_driven_through_the_registry_too(
    sbrowser: bk.Browser, base_url: str
) -> None:
    async def drive() -> tuple[dict[str, Any], dict[str, Any]]:
        start = await tools.call(
            sbrowser, "browser_sessions_start", {"url": f"{base_url}/basic.html"}
        )
        snap = await tools.call(sbrowser, "browser_snapshot", {"session_id": start["session_id"]})
        return start, snap

    start, snap = asyncio.run(drive())
    assert "error" not in start and 'button "Increment"' in snap["snapshot"], snap
    # The same session, seen from the sync API.
    session = sbrowser.session(start["session_id"])
    assert session.url.endswith("/basic.html")
    session.stop()


async def test_answers_say_only_what_the_agent_does_not_know(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    """Issue 28 item 8: a start answers the page; an action its terse change, without
    its own echo or (without the code tools) a locator; the usual values go unsaid."""
    core = ToolContext(caps=())
    start = await tools.call(
        abrowser, "browser_sessions_start", {"url": f"{base_url}/basic.html"}, core
    )
    sid = start["session_id"]
    try:
        assert 'button "Increment"' in start["page"] and start["status"] == 200, start
        assert "timed_out" not in start and "download" not in start
        ref = ref_of(start["page"], 'button "Increment"')
        act = {"session_id": sid, "action": "click", "ref": ref, "detail": "count"}
        clicked = await tools.call(abrowser, "browser_act", act, core)
        assert set(clicked) == {"diff"}, clicked  # no locator: no code tools
        shown = rf'focus: {ref}\n~ status \[ref=e\d+\]: clicked 1  # was "idle"'
        assert re.fullmatch(shown, clicked["diff"]), clicked
        with_code = await tools.call(abrowser, "browser_act", act, ToolContext(caps=("code",)))
        assert with_code["locator"] == 'bk.role("button", "Increment")', with_code
        moved = await tools.call(
            abrowser,
            "browser_act",
            {
                "session_id": sid,
                "action": "click",
                "ref": ref_of(start["page"], "Go on"),
                "detail": "go",
            },
            core,
        )
        assert moved["navigated"] is True and "navigated to" not in moved["diff"], moved
        assert not moved["diff"].startswith("clicked"), moved
        back = await tools.call(
            abrowser, "browser_history", {"session_id": sid, "action": "back"}, core
        )
        assert "timed_out" not in back and "basic.html" in back["url"], back
        again = ref_of(back["page"], 'button "Increment"')
        one = await tools.call(
            abrowser, "browser_snapshot", {"session_id": sid, "ref": again}, core
        )
        assert set(one) == {"snapshot", "generation"}, one
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})
