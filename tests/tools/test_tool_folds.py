"""A fold or a cut in a tool's answer names the tool call that shows what it hid, and that
call works (issue 39, item 2): an agent that follows the hint never meets
``unknown argument(s): target``."""

from __future__ import annotations

import re
from typing import Any

import pytest

import browserkit as bk
from browserkit import tools
from browserkit.cli._commands import folds_for_terminal

_HINT = re.compile(r"\(expand: ([^)]*?)(?:, or raise max_tokens)?\)")
_CALL = re.compile(r"browser_snapshot (?:ref=(\S+)|full=true)$")


async def _follow(browser: bk.AsyncBrowser, sid: str, answer: dict[str, Any]) -> int:
    """Call what each fold hint of ``answer`` says; how many there were."""
    assert "error" not in answer, answer
    text = str(answer)
    assert "snapshot(" not in text, text  # no Python call in a tool's answer
    hints = _HINT.findall(text)
    for hint in hints:
        called = _CALL.fullmatch(hint)
        assert called is not None, f"{hint!r} is no browser_snapshot call"
        args: dict[str, Any] = {"session_id": sid}
        if called.group(1) is not None:
            args["ref"] = called.group(1)
        else:
            args["full"] = True
        shown = await tools.call(browser, "browser_snapshot", args)
        assert "error" not in shown, (hint, shown)
        assert f"(expand: {hint})" not in str(shown), (hint, shown)
    return len(hints)


async def test_every_fold_in_a_tool_answer_names_a_tool_call_that_shows_it(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    start = await tools.call(
        abrowser, "browser_sessions_start", {"url": f"{base_url}/arrive_list.html"}
    )
    sid = start["session_id"]
    read = {"session_id": sid}
    try:
        followed = await _follow(
            abrowser, sid, await tools.call(abrowser, "browser_snapshot", read)
        )
        cut = {**read, "max_tokens": 60}
        followed += await _follow(
            abrowser, sid, await tools.call(abrowser, "browser_snapshot", cut)
        )
        there = {**read, "url": f"{base_url}/long_console.html"}
        followed += await _follow(
            abrowser, sid, await tools.call(abrowser, "browser_navigate", there)
        )
        followed += await _follow(
            abrowser, sid, await tools.call(abrowser, "browser_snapshot", read)
        )
        assert followed >= 3
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


@pytest.mark.every_python
def test_a_fold_at_the_command_line_names_the_command_that_shows_it() -> None:
    answer = (
        "- … 9 more listitem like the above (expand: browser_snapshot ref=e4)\n"
        "- … 3 more lines cut (expand: browser_snapshot ref=f1e2, or raise max_tokens)\n"
        "- … the rest (expand: browser_snapshot full=true)"
    )

    assert folds_for_terminal(answer).splitlines() == [
        "- … 9 more listitem like the above (expand: browserkit snapshot e4)",
        "- … 3 more lines cut (expand: browserkit snapshot f1e2, or raise max_tokens)",
        "- … the rest (expand: browserkit snapshot --full)",
    ]
