"""The loading policy's request rules, on request events as ``Evidence`` sends them.

What holds a page, and for how long, is one definition shared by settling,
arrival and ``scan``; these pin it without a browser. The browser tests of
each caller are in test_settle_nav.py, test_arrival.py and test_reading.py.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

import pytest

from browserkit._async.core.loading import REQUEST_PATIENCE_MS, PendingRequests

# Pure Python: runs on every Python.
pytestmark = pytest.mark.every_python

_ids = itertools.count(1)


def request(kind: str, *, age_ms: float = 0.0, navigation: bool = False) -> dict[str, Any]:
    """The fields of a request that began ``age_ms`` ago."""
    return {
        "request_id": f"r{next(_ids)}",
        "resource_type": kind,
        "_navigation": navigation,
        "_began": time.monotonic() - age_ms / 1000,
    }


@pytest.mark.parametrize("kind", ["document", "script", "xhr", "fetch"])
def test_a_request_that_loads_the_page_holds_it_until_its_response(kind: str) -> None:
    requests = PendingRequests()
    fields = request(kind)
    requests.follow("start", fields)
    assert requests.holding() == 1
    requests.follow("response", fields)  # not the end of its body: that may never come
    assert requests.holding() == 0


@pytest.mark.parametrize("kind", ["ping", "image", "stylesheet", "font", "media", "eventsource"])
def test_beacons_images_styles_and_streams_never_hold_the_page(kind: str) -> None:
    requests = PendingRequests()
    requests.follow("start", request(kind))
    assert requests.holding() == 0


def test_a_request_without_a_response_past_its_patience_is_a_long_poll() -> None:
    requests = PendingRequests()
    requests.follow("start", request("fetch", age_ms=REQUEST_PATIENCE_MS + 1))
    requests.follow("start", request("xhr", age_ms=REQUEST_PATIENCE_MS - 500))
    assert requests.holding() == 1


def test_the_main_frame_navigation_has_no_patience() -> None:
    requests = PendingRequests()
    requests.follow("start", request("document", age_ms=60_000, navigation=True))
    assert requests.holding() == 1


def test_requests_already_in_flight_are_adopted_unless_answered() -> None:
    answered = {**request("fetch"), "status": 200}
    requests = PendingRequests()
    requests.adopt([request("script"), answered, request("image"), request("xhr", age_ms=9_000)])
    assert requests.holding() == 1


async def test_settle_returns_once_the_last_request_is_answered_or_at_the_deadline() -> None:
    requests = PendingRequests()
    assert await requests.settle(time.monotonic()) is True  # nothing holds: at once
    fields = request("fetch")
    requests.follow("start", fields)
    assert await requests.settle(time.monotonic()) is False  # the deadline has come
    requests.follow("end", fields)
    assert await requests.settle(time.monotonic() + 10) is True


async def test_settle_wakes_as_a_request_is_answered_and_as_patience_runs_out() -> None:
    requests = PendingRequests()
    answered = request("fetch")
    requests.follow("start", answered)
    requests.follow("start", request("xhr", age_ms=REQUEST_PATIENCE_MS - 50))  # a long poll
    asyncio.get_running_loop().call_later(0.01, requests.follow, "response", answered)
    assert await requests.settle(time.monotonic() + 10) is True
