"""A page that starts a worker is read at once, and its script is logged (issue 28, item 4).

The page's CDP session sees a worker's script request start, but its
response and end reach the worker's own target: the request must neither
hold the page nor stay in the log without a status.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import pytest

import browserkit as bk
from browserkit._async.core.loading import PendingRequests
from tests.helpers import AnySession, aw


@pytest.mark.parametrize(
    "page", ["worker_arrival.html", "worker_arrival_module.html", "worker_arrival_shared.html"]
)
async def test_a_worker_script_gets_its_status_and_the_page_its_outline(
    sess: AnySession, base_url: str, page: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/{page}"))
    assert nav.page is not None and 'button "OK"' in nav.page
    entries = sess.network.read(pattern="worker_arrival_w.js", include_static=True).entries
    assert len(entries) == 1, entries
    assert entries[0].resource_type == "script"
    assert entries[0].status == 200 and entries[0].duration_ms is not None, entries[0]


async def test_a_page_with_a_service_worker_is_read_too(sess: AnySession, base_url: str) -> None:
    nav = await aw(sess.navigate(f"{base_url}/worker_arrival_service.html"))
    assert nav.page is not None and 'button "OK"' in nav.page


@pytest.mark.every_python
def test_a_worker_script_never_holds_the_page() -> None:
    # Its response may never be heard of (a script from the cache): it must not
    # hold the page for the patience of a request that never answers.
    pending = PendingRequests()
    worker = {"request_id": "r2", "resource_type": "script", "_worker": True}
    pending.follow("start", worker)
    assert pending.holding() == 0
    pending.follow("start", {"request_id": "r3", "resource_type": "script"})
    assert pending.holding() == 1


async def test_a_read_bounded_to_a_millisecond_leaves_no_unretrieved_error(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    # The page's answer (Playwright's own 1 ms timeout) and the session's bound
    # end at once: the error of the call that lost the race must be retrieved.
    unretrieved: list[Any] = []
    loop = asyncio.get_running_loop()
    previous = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, context: unretrieved.append(context["message"]))
    s = await abrowser.start(url=f"{base_url}/worker_arrival.html")
    try:
        core = s._core
        tab = core.tab(None)
        for _ in range(100):
            for ms in (1, 2, 3):
                call = tab.page.aria_snapshot(mode="ai", timeout=ms)
                try:
                    await core.bounded(call, "snapshot", ms, tab)
                except bk.BrowserkitError:
                    pass
        await asyncio.sleep(0.1)  # let the losers finish and be collected
        gc.collect()
    finally:
        await s.stop()
        loop.set_exception_handler(previous)
    assert unretrieved == []
