"""Caller-supplied regexes over page text end in a typed error, never a frozen session.

Every ``pattern``/``regex`` argument is searched in text the page controls. A
pattern that backtracks catastrophically used to hold the event loop (and
every session on it) for as long as it ran; now each operation's matching is
bounded and refused with ``invalid_argument`` when the bound is hit.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

import browserkit as bk
from browserkit import tools

pytestmark = pytest.mark.timeout(90)

LONG = "a" * 4000


@pytest.fixture
async def hostile(abrowser: bk.AsyncBrowser, base_url: str) -> AsyncIterator[bk.AsyncSession]:
    s = await abrowser.start(url=f"{base_url}/basic.html?q={'a' * 200}!")
    heading = "a" * 200 + "!"
    await s.evaluate(f"void console.log('{LONG}')")
    await s.evaluate(f"void (document.querySelector('h1').textContent = '{heading}')")
    yield s
    await s.stop()


def _assert_refused(error: bk.InvalidArgumentError, pattern: str) -> None:
    assert error.code == "invalid_argument"
    assert repr(pattern) in error.message
    assert "backtracks" in error.message
    assert error.hint


async def test_console_read_refuses_a_catastrophic_pattern(hostile: bk.AsyncSession) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        hostile.console.read(pattern="(a+)+b")
    _assert_refused(info.value, "(a+)+b")
    # The session was never frozen, and a sane pattern still works.
    assert (await hostile.snapshot()).title == "Basic"
    assert len(hostile.console.read(pattern="^a{4000}$").entries) == 1


async def test_find_refuses_a_catastrophic_regex(hostile: bk.AsyncSession) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        await hostile.find(regex="(a|aa)+$")
    _assert_refused(info.value, "(a|aa)+$")
    assert await hostile.find(regex="a{200}!")


async def test_wait_for_refuses_a_catastrophic_url_pattern(hostile: bk.AsyncSession) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        await hostile.wait_for(url="/(a|aa)+$/", timeout_ms=30_000)
    _assert_refused(info.value, "(a|aa)+$")
    assert (await hostile.wait_for(url="/a{200}!$/", timeout_ms=5_000)).met


async def test_the_tools_answer_a_catastrophic_pattern_with_an_error_envelope(
    hostile: bk.AsyncSession, abrowser: bk.AsyncBrowser
) -> None:
    for name, arguments in [
        ("browser_console_read", {"pattern": "(a+)+b"}),
        ("browser_find", {"regex": "(a|aa)+$"}),
        ("browser_wait_for", {"url": "/(a|aa)+$/", "timeout_ms": 30_000}),
    ]:
        out = await tools.call(abrowser, name, {"session_id": hostile.id, **arguments})
        assert out["error"]["code"] == "invalid_argument", (name, out)
        assert "backtracks" in out["error"]["message"]
