"""An app that draws from what its WebSocket brings: its answers wait for the socket.

``tests/pages/socket_app.html`` works as Streamlit does: on load it asks its
server for the page over a WebSocket (the test server's ``/socket``, answering
400 ms later in two frames), and a click is sent over the socket and its
result drawn from the frames that answer it. The DOM is quiet in between, so
a wait that only watches the DOM answers with the page before its result.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from browserkit._async.evidence.socket_traffic import SocketTraffic
from tests.helpers import AnySession, aw


async def test_the_arrival_answers_with_the_page_the_socket_brought(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/socket_app.html"))
    page = str(nav.page)
    assert 'button "Add expense"' in page and "Amount" in page, page


async def test_a_click_sent_over_the_socket_answers_with_its_result(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/socket_app.html"))
    await aw(sess.wait_for(text="Add expense"))
    found = await aw(sess.find("Add expense"))
    clicked = await aw(sess.click(found[0].ref))
    assert clicked.diff is not None and "Added expense 7" in str(clicked.diff), clicked.diff


@pytest.mark.every_python
async def test_traffic_is_answered_once_frames_came_after_the_send_and_then_stopped() -> None:
    traffic = SocketTraffic()
    loop = asyncio.get_running_loop()
    assert await traffic.answered(
        0.01, time.monotonic() + 0.05
    )  # nothing sent: nothing to wait for
    traffic.sent("s1")
    assert traffic.unanswered()
    assert not await traffic.answered(0.01, time.monotonic() + 0.05)  # no answer within the bound
    loop.call_later(0.02, traffic.received, "s1")
    assert await traffic.answered(0.01, time.monotonic() + 1.0)
    # A socket that closed answers nothing more: its send is not waited for.
    traffic.sent("s2")
    traffic.closed("s2")
    assert not traffic.unanswered()
    # A socket just created is about to carry the page's first answer; one that
    # stays silent is not waited for past its opening.
    traffic.opened("s3")
    assert traffic.unanswered()
    assert await traffic.answered(0.01, time.monotonic() + 5.0)
    # A pong sent as a ping came in answers the server: nothing is owed.
    traffic.received("s4")
    traffic.sent("s4")
    assert not traffic.unanswered()


@pytest.mark.every_python
async def test_a_socket_that_leaves_a_message_unanswered_is_not_waited_on_again() -> None:
    # NiceGUI sends each keystroke and hears nothing back.
    traffic = SocketTraffic()
    traffic.sent("s1")
    assert await traffic.answered(0.01, time.monotonic() + 5.0)  # given up after ANSWER_S
    traffic.sent("s1")
    assert not traffic.unanswered()
    traffic.received("s1")  # it answers again: waited on again
    await asyncio.sleep(0.02)
    traffic.sent("s1")
    assert traffic.unanswered()
