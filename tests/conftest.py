"""Fixtures: a local web server, and real Chromium sessions through both APIs.

Tests that take the ``sess`` fixture run twice, once on an ``AsyncSession``
and once on a sync ``Session`` (called from inside the running test loop,
which only the portal makes possible). Write their bodies with ``await
aw(...)``, which awaits a coroutine and passes a plain value through.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any, TypeVar

import pytest

import browserkit as bk
from tests.server import serve

CHROMIUM_ARGS_ENV = "BROWSERKIT_CHROMIUM"

E = TypeVar("E", bound=BaseException)


async def aw(value: Any) -> Any:
    """Await ``value`` if it is awaitable (async API), else return it (sync API)."""
    if inspect.isawaitable(value):
        return await value
    return value


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


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    with serve("127.0.0.1") as url:
        yield url


@pytest.fixture(scope="session")
def other_origin_url() -> Iterator[str]:
    """The same pages on ``localhost``: a different origin from ``base_url``."""
    with serve("127.0.0.1") as url:
        yield url.replace("127.0.0.1", "localhost")


def _config() -> bk.Config:
    return bk.Config.from_env(idle_stop_ms=0, max_sessions=32)


@pytest.fixture(scope="session")
async def abrowser() -> AsyncIterator[bk.AsyncBrowser]:
    browser = bk.AsyncBrowser(_config())
    yield browser
    await browser.close()


@pytest.fixture(scope="session")
def sbrowser() -> Iterator[bk.Browser]:
    browser = bk.Browser(_config())
    yield browser
    browser.close()


@pytest.fixture(params=["async", pytest.param("sync", marks=pytest.mark.sync_twin)])
async def sess(
    request: pytest.FixtureRequest, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser
) -> AsyncIterator[Any]:
    """A fresh session on about:blank, from the async or the sync API."""
    if request.param == "async":
        s: Any = await abrowser.start()
        yield s
        await s.stop()
    else:
        s = sbrowser.start()
        yield s
        s.stop()


@pytest.fixture(params=["async", "sync"])
async def ro_sess(
    request: pytest.FixtureRequest, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser
) -> AsyncIterator[Any]:
    """A read-only session from the async or the sync API."""
    if request.param == "async":
        s: Any = await abrowser.start(read_only=True)
        yield s
        await s.stop()
    else:
        s = sbrowser.start(read_only=True)
        yield s
        s.stop()


# The sync API's own tests (sbrowser) stay: the portal and its thread are the
# interpreter-sensitive part.
# The sync API's own tests (``sbrowser``, subprocesses) are left unmarked: its
# portal thread and signal handling are what changes with the interpreter.
_BROWSER_FIXTURES = frozenset({"sess", "abrowser"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``in_browser`` the tests that drive a browser through the async fixtures."""
    for item in items:
        if _BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.in_browser)
    # The slow tests first: pytest-xdist hands tests out in this order, and a
    # two-minute test handed out last leaves the other worker idle meanwhile.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_report_header() -> list[str]:
    return [f"chromium: {os.environ.get(CHROMIUM_ARGS_ENV) or 'discovered'}"]
