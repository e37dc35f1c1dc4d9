"""Fixtures: a local web server, and real Chromium sessions through both APIs.

Tests that take the ``sess`` fixture run twice, once on an ``AsyncSession``
and once on a sync ``Session`` (called from inside the running test loop,
which only the portal makes possible). Their bodies use the helpers of
``tests/helpers.py``: ``await aw(...)`` awaits a coroutine and passes a
plain value through.
"""

from __future__ import annotations

import os
import signal
from collections.abc import AsyncIterator, Iterator
from typing import TypeVar

import pytest
from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import async_playwright

import browserkit as bk
from browserkit._chromium import find_chromium, launch_args
from tests.helpers import AnySession, browser_config
from tests.server import serve

# A shell starts a background job (``cmd &`` with no job control, ``nohup``)
# with SIGINT ignored, and Python then installs no KeyboardInterrupt handler;
# every process the tests start inherits that. The Ctrl-C tests check what a
# terminal's or Jupyter's interrupt does, so they get the handler back here.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

CHROMIUM_ARGS_ENV = "BROWSERKIT_CHROMIUM"

E = TypeVar("E", bound=BaseException)


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    with serve("127.0.0.1") as url:
        yield url


@pytest.fixture(scope="session")
def other_origin_url() -> Iterator[str]:
    """The same pages on ``localhost``: a different origin from ``base_url``."""
    with serve("127.0.0.1") as url:
        yield url.replace("127.0.0.1", "localhost")


@pytest.fixture(scope="session")
async def abrowser() -> AsyncIterator[bk.AsyncBrowser]:
    browser = bk.AsyncBrowser(browser_config())
    yield browser
    await browser.close()


@pytest.fixture(scope="session")
def sbrowser() -> Iterator[bk.Browser]:
    browser = bk.Browser(browser_config())
    yield browser
    browser.close()


@pytest.fixture(params=["async", pytest.param("sync", marks=pytest.mark.sync_twin)])
async def sess(
    request: pytest.FixtureRequest, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser
) -> AsyncIterator[AnySession]:
    """A fresh session on about:blank, from the async or the sync API."""
    if request.param == "async":
        s: AnySession = await abrowser.start()
        yield s
        await s.stop()
    else:
        s = sbrowser.start()
        yield s
        s.stop()


@pytest.fixture(params=["async", "sync"])
async def ro_sess(
    request: pytest.FixtureRequest, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser
) -> AsyncIterator[AnySession]:
    """A read-only session from the async or the sync API."""
    if request.param == "async":
        s: AnySession = await abrowser.start(read_only=True)
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


@pytest.fixture(scope="module")
async def people() -> AsyncIterator[PlaywrightBrowser]:
    """The person's own browser: a separate Chromium, driven by plain Playwright."""
    found = find_chromium(os.environ.get("BROWSERKIT_CHROMIUM"))
    assert found is not None, "no Chromium to play the person with"
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=found.path, args=list(launch_args()))
        yield browser
        await browser.close()
