"""Every string browserkit returns is valid Unicode, whatever the page or the caller sends.

A JavaScript string may hold lone UTF-16 surrogates (``String.fromCharCode(0xD800)``).
Python accepts them until something encodes the text as UTF-8 (a print, a file,
an MCP server answering over stdio), which then fails. browserkit replaces them
with U+FFFD where page text enters Python, and again where tools hand results out.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import browserkit as bk
from browserkit import tools
from browserkit._text import REPLACEMENT, well_formed, well_formed_str

LONE = "\ud800"


def _strings(value: Any) -> list[str]:
    """Every string inside a result: attrs fields, dict keys and values, list items."""
    if attrs.has(type(value)):
        value = attrs.asdict(value, recurse=True)
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _strings(k) + _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for item in value for s in _strings(item)]
    return []


def assert_valid_unicode(value: Any) -> None:
    for text in _strings(value):
        text.encode("utf-8")  # raises UnicodeEncodeError on a lone surrogate


# --------------------------------------------------------------------- pure


@pytest.mark.every_python
def test_lone_surrogates_become_the_replacement_character() -> None:
    assert well_formed_str("a\ud800b\udc00c") == f"a{REPLACEMENT}b{REPLACEMENT}c"
    # A pair split over two code points is the character it encodes.
    assert well_formed_str("\ud83d\ude00") == "\U0001f600"
    assert well_formed_str("\ude00\ud83d") == REPLACEMENT * 2


@pytest.mark.every_python
def test_valid_text_and_containers_come_back_untouched() -> None:
    text = "caf\u00e9 \U0001f600"
    assert well_formed_str(text) is text
    value = {"a": ["x", ("y", 1)], "b": None, "c": b"\xff"}
    assert well_formed(value) is value


@pytest.mark.every_python
def test_nested_values_and_keys_are_cleaned() -> None:
    value = {"k" + LONE: ["x", ("y" + LONE, 1)], "n": 2.5}
    assert well_formed(value) == {
        "k" + REPLACEMENT: ["x", ("y" + REPLACEMENT, 1)],
        "n": 2.5,
    }


@pytest.mark.every_python
@given(st.text(st.characters(codec=None, exclude_categories=())))
def test_any_text_becomes_encodable_and_valid_text_is_kept(text: str) -> None:
    cleaned = well_formed_str(text)
    cleaned.encode("utf-8")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        assert REPLACEMENT in cleaned or cleaned != text
    else:
        assert cleaned == text


# --------------------------------------------------------------- the SDK


@pytest.fixture
async def lone(abrowser: bk.AsyncBrowser, base_url: str) -> AsyncIterator[bk.AsyncSession]:
    s = await abrowser.start(url=f"{base_url}/unicode_lone.html")
    # The page logs and throws on load; wait until the exception is recorded.
    for _ in range(50):
        if any(e.level == "exception" for e in s.console.read().entries):
            break
        await s.wait_for(text="Heading", timeout_ms=100)
    yield s
    await s.stop()


@pytest.mark.every_python
async def test_page_text_reaches_the_sdk_as_valid_unicode(lone: bk.AsyncSession) -> None:
    snap = await lone.snapshot()
    assert_valid_unicode(snap)
    # (Playwright's outline prints a lone surrogate as a YAML escape, "\\ud800".)
    assert "Heading" in snap.tree
    assert snap.title == f"Title {REPLACEMENT} end"
    str(snap).encode("utf-8")

    console = lone.console.read()
    assert_valid_unicode(console)
    texts = [e.text for e in console.entries]
    assert f"log {REPLACEMENT}" in texts
    assert any(t.startswith(f"err {REPLACEMENT}") for t in texts), texts
    assert any(f"thrown {REPLACEMENT}" in t for t in texts), texts

    assert await lone.evaluate("window.lone + 'x'") == f"{REPLACEMENT}x"
    assert await lone.evaluate("({[window.lone]: [window.lone]})") == {REPLACEMENT: [REPLACEMENT]}
    run = await lone.execute("log(window.lone); state.k = window.lone; return window.lone")
    assert_valid_unicode(run)
    assert run.result == REPLACEMENT and run.logs == (REPLACEMENT,)
    assert run.state["k"] == REPLACEMENT

    dom = await lone.dom()
    assert_valid_unicode(dom)
    assert REPLACEMENT in str(dom)
    scan = await lone.scan()
    assert_valid_unicode(scan)
    assert f"Heading {REPLACEMENT} end" in scan.content

    found = await lone.find("Heading")
    assert_valid_unicode(found)
    tabs = await lone.tabs()
    assert_valid_unicode(tabs)
    assert tabs[0].title == f"Title {REPLACEMENT} end"

    with pytest.raises(bk.EvaluationError) as info:
        await lone.evaluate("throw new Error('bad ' + window.lone)")
    str(info.value).encode("utf-8")


async def test_a_dialog_message_reaches_the_sdk_as_valid_unicode(lone: bk.AsyncSession) -> None:
    ref = (await lone.find("Go"))[0].ref
    assert ref is not None
    await lone.evaluate(
        "void (document.getElementById('b').onclick = () => alert('hi ' + window.lone))"
    )
    result = await lone.click(ref)
    assert result.dialog is not None
    assert result.dialog.message == f"hi {REPLACEMENT}"
    await lone.handle_dialog(True)


# ------------------------------------------------------------------- tools

READERS: list[tuple[str, dict[str, Any]]] = [
    ("browser_snapshot", {}),
    ("browser_dom_read", {}),
    ("browser_scan", {}),
    ("browser_find", {"text": "Heading"}),
    ("browser_console_read", {}),
    ("browser_network_read", {}),
    ("browser_evaluate", {"expression": "[window.lone, {[window.lone]: 1}]"}),
    ("browser_evaluate", {"expression": "throw new Error(window.lone)"}),
    ("browser_execute", {"code": "log(window.lone); return window.lone"}),
    ("browser_tabs", {"action": "list"}),
    ("browser_wait_for", {"text": "Heading", "timeout_ms": 2000}),
]


@pytest.mark.every_python
async def test_tool_results_survive_a_strict_utf8_encoder(lone: bk.AsyncSession) -> None:
    for name, arguments in READERS:
        out = await tools.call(lone._core.browser, name, {"session_id": lone.id, **arguments})  # type: ignore[arg-type]
        json.dumps(out, ensure_ascii=False).encode("utf-8")
        assert out.get("error", {}).get("code") != "internal_error", (name, out)
    listed = await tools.call(lone._core.browser, "browser_sessions_list", {})  # type: ignore[arg-type]
    json.dumps(listed, ensure_ascii=False).encode("utf-8")


def _string_properties(tool: tools.Tool[Any]) -> list[str]:
    props = tool.input_schema["properties"]
    return [
        name
        for name, schema in props.items()
        if "string" in (schema["type"] if isinstance(schema["type"], list) else [schema["type"]])
    ]


def _base_arguments(tool: tools.Tool[Any], session_id: str) -> dict[str, Any]:
    props = tool.input_schema["properties"]
    sample = {"string": "x", "integer": 1, "number": 1.0, "boolean": False, "array": []}
    out: dict[str, Any] = {}
    for name in tool.input_schema.get("required", []):
        schema = props[name]
        kind = schema["type"][0] if isinstance(schema["type"], list) else schema["type"]
        out[name] = schema["enum"][0] if "enum" in schema else sample[kind]
    if "session_id" in props:
        out["session_id"] = session_id
    if "timeout_ms" in props:
        out["timeout_ms"] = 300
    return out


@pytest.mark.parametrize("tool", tools.registry(), ids=lambda t: t.name)
async def test_invalid_unicode_in_any_string_argument_gets_a_clean_answer(
    tool: tools.Tool[Any], lone: bk.AsyncSession
) -> None:
    browser = lone._core.browser
    for prop in _string_properties(tool) or [None]:
        arguments = _base_arguments(tool, lone.id)
        if prop is not None:
            arguments[prop] = f"x{LONE}\udfff\ud83d y"
        if tool.name == "browser_sessions_stop" and prop is None:
            continue  # would stop the session the other cases use
        out = await tools.call(browser, tool.name, arguments)  # type: ignore[arg-type]
        json.dumps(out, ensure_ascii=False).encode("utf-8")
        assert out.get("error", {}).get("code") != "internal_error", (tool.name, prop, out)
        for info in browser.sessions():  # type: ignore[attr-defined]
            if info.id != lone.id:
                await browser.stop(info.id)  # type: ignore[attr-defined]
