"""What many test modules share: the session type, awaiting in both APIs, polling, reading.

Tests that take the ``sess`` fixture run on an ``AsyncSession`` and on a
sync ``Session``; their bodies call ``await aw(sess.method(...))``, which
awaits a coroutine and passes a plain value through.
"""

from __future__ import annotations

import asyncio
import importlib.util
import inspect
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar, Union

import pytest

import browserkit as bk

__all__ = [
    "AnySession",
    "aw",
    "browser_config",
    "changed_lines",
    "click_on",
    "load_script",
    "out",
    "raises_before_waiting",
    "ref_of",
    "until",
]

AnySession = Union[bk.AsyncSession, bk.Session]  # noqa: UP007 - evaluated on 3.10
"""A session of either API: what the ``sess`` fixtures give."""

T = TypeVar("T")
E = TypeVar("E", bound=BaseException)

POLL_S = 0.05


def browser_config() -> bk.Config:
    """The configuration of the test browsers: no idle stop, room for many sessions."""
    return bk.Config.from_env(idle_stop_ms=0, max_sessions=32)


async def aw(value: Awaitable[T] | T) -> T:
    """Await ``value`` if it is awaitable (async API), else return it (sync API)."""
    if inspect.isawaitable(value):
        return await value
    return value


async def until(
    check: Callable[[], Any], what: str = "the condition", timeout_s: float = 10
) -> Any:
    """Poll ``check()`` (sync or async) until it is truthy and return that value;
    fail naming ``what`` after ``timeout_s``. The one poll loop of the tests."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        value = await aw(check())
        if value:
            return value
        if loop.time() > deadline:
            pytest.fail(f"not within {timeout_s:g} s: {what}")
        await asyncio.sleep(POLL_S)


def raises_before_waiting(call: Callable[[], Any], error: type[E]) -> E:
    """Run ``call()`` and require it to raise ``error`` before it waits on anything.

    With the async API the coroutine must raise on its very first step: it
    never suspended, so it did no browser I/O and waited on no timer. That
    proves "at once" without timing a clock. With the sync API the call
    simply has to raise ``error``.
    """
    with pytest.raises(error) as info:
        _first_step(call, error)
    return info.value


def _first_step(call: Callable[[], Any], error: type[BaseException]) -> None:
    value = call()
    if not inspect.iscoroutine(value):
        return
    try:
        value.send(None)
    except StopIteration:
        return  # it returned: pytest.raises reports that nothing was raised
    value.close()
    pytest.fail(f"the call suspended before raising {error.__name__}")


def ref_of(tree: str, needle: str) -> str:
    """The ref of the first outline line that contains ``needle``."""
    for line in tree.splitlines():
        if needle in line and "[ref=" in line:
            return line.split("[ref=", 1)[1].split("]", 1)[0]
    raise AssertionError(f"{needle!r} not in outline:\n{tree}")


async def out(sess: AnySession) -> str:
    """The text of the test page's ``#out`` element, where its scripts report."""
    return str(await aw(sess.evaluate("document.getElementById('out').textContent")))


def changed_lines(diff: bk.SnapshotDiff) -> list[str]:
    """The lines a diff shows as changed or added."""
    return [c.line for c in diff.changed] + [a.line for a in diff.added]


async def click_on(
    sess: AnySession, base_url: str, page: str, name: str, **kw: Any
) -> bk.ActionResult:
    """Open ``page`` and click its button named ``name``; the click's result."""
    await aw(sess.navigate(f"{base_url}/{page}"))
    tree = (await aw(sess.snapshot())).tree
    result: bk.ActionResult = await aw(sess.click(ref_of(tree, f'button "{name}"'), **kw))
    return result


SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module (scripts/ is not a package), loaded once."""
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look the module up there
    spec.loader.exec_module(module)
    return module
