"""Fixtures: a local web server, and real Chromium sessions through both APIs.

Tests that take the ``sess`` fixture run twice, once on an ``AsyncSession``
and once on a sync ``Session`` (called from inside the running test loop,
which only the portal makes possible). Write their bodies with ``await
aw(...)``, which awaits a coroutine and passes a plain value through.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

import browserkit as bk
from tests.server import serve

CHROMIUM_ARGS_ENV = "BROWSERKIT_CHROMIUM"


async def aw(value: Any) -> Any:
    """Await ``value`` if it is awaitable (async API), else return it (sync API)."""
    if inspect.isawaitable(value):
        return await value
    return value


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


def pytest_report_header() -> list[str]:
    return [f"chromium: {os.environ.get(CHROMIUM_ARGS_ENV) or 'discovered'}"]
