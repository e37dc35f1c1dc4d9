"""Modal states: dialogs are reported and held until handled; policies answer them."""

from __future__ import annotations

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, out


async def test_alert_is_reported_held_and_blocks_other_calls(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/dialogs.html"))
    r = await aw(sess.click(bk.role("button", "Alert")))
    assert r.dialog is not None
    assert (r.dialog.type, r.dialog.message, r.dialog.handled) == ("alert", "Saved!", "pending")
    with pytest.raises(bk.ModalStateBlockedError) as info:
        await aw(sess.snapshot())
    assert "handle_dialog" in info.value.hint
    handled = await aw(sess.handle_dialog(accept=True))
    assert handled.dialog is not None and handled.dialog.handled == "accepted"
    assert await out(sess) == "after alert"


@pytest.mark.every_python
async def test_confirm_and_prompt_answers_reach_the_page(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/dialogs.html"))
    await aw(sess.click(bk.role("button", "Confirm")))
    await aw(sess.handle_dialog(accept=False))
    assert await out(sess) == "cancelled"
    await aw(sess.click(bk.role("button", "Confirm")))
    await aw(sess.handle_dialog(accept=True))
    assert await out(sess) == "confirmed"
    r = await aw(sess.click(bk.role("button", "Prompt")))
    assert r.dialog is not None and r.dialog.default_value == "anon"
    await aw(sess.handle_dialog(accept=True, prompt_text="Ada"))
    assert await out(sess) == "name: Ada"
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.handle_dialog(accept=True))  # nothing is open


@pytest.mark.timeout(30)
async def test_dialog_opened_while_the_action_settles_is_reported_not_waited_on(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/dialogs.html"))
    # The alert opens 20 ms after the click, while the action settles: the
    # click also started a request that takes 500 ms, which settling waits
    # for, so even a loaded machine opens the alert before settling could
    # end. A page held by a dialog runs no script, so a wait on it would
    # never end (the test's 30 s timeout would trip).
    r = await aw(sess.click(bk.role("button", "Save soon"), timeout_ms=60_000))
    assert r.dialog is not None
    assert (r.dialog.type, r.dialog.message, r.dialog.handled) == ("alert", "Stored!", "pending")
    assert r.diff is None  # the page cannot be read until the dialog is answered
    with pytest.raises(bk.ModalStateBlockedError):
        await aw(sess.snapshot())
    await aw(sess.handle_dialog(accept=True))
    assert await out(sess) == "after late alert"


@pytest.mark.timeout(30)
async def test_a_dialog_that_opens_during_a_read_raises_instead_of_hanging(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/dialogs.html"))
    with pytest.raises(bk.ModalStateBlockedError) as info:
        await aw(sess.evaluate("alert('From a script'); 1", timeout_ms=60_000))
    assert "From a script" in info.value.message
    await aw(sess.handle_dialog(accept=True))
    assert await aw(sess.evaluate("1 + 1")) == 2


@pytest.mark.timeout(30)
async def test_a_dialog_of_the_page_being_left_is_dismissed_and_noted(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/dialogs.html"))
    # The alert opens while the next page's server is still answering. The
    # old page cannot be left while it shows a dialog, and under ``ask`` it
    # used to be held, refusing the navigation (a timer storm that way held
    # every navigate). It is dismissed, and the console keeps its word.
    # (A dialog already held when navigate is called is left too: see the
    # next test. 1 s leaves navigate time to start on a busy machine.)
    await aw(sess.evaluate("setTimeout(() => alert('Leaving?'), 1000)"))
    nav = await aw(sess.navigate(f"{base_url}/slow?ms=4000", timeout_ms=60_000))
    assert "/slow?ms=4000" in nav.url
    (said,) = sess.console.read(pattern="page being left").entries
    assert "'Leaving?'" in said.text and said.level == "warning"


@pytest.mark.timeout(30)
async def test_navigate_leaves_a_page_that_holds_a_dialog(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/dialogs.html"))
    r = await aw(sess.click(bk.role("button", "Confirm")))
    assert r.dialog is not None and r.dialog.handled == "pending"
    with pytest.raises(bk.ModalStateBlockedError):
        await aw(sess.back())  # back/forward still refuse
    # navigate is the way out: the held confirm is dismissed and the page left.
    nav = await aw(sess.navigate(f"{base_url}/basic.html", timeout_ms=10_000))
    assert nav.url.endswith("/basic.html")
    assert (await aw(sess.snapshot())).tree


@pytest.mark.timeout(30)
async def test_dialog_during_page_load_does_not_hang_navigate(
    sess: AnySession, base_url: str
) -> None:
    # Waiting for the load event would take the whole minute and trip the
    # test's 30 s timeout: navigate must return as soon as the dialog opens.
    nav = await aw(sess.navigate(f"{base_url}/load_alert.html", timeout_ms=60_000))
    assert nav.timed_out is True  # load waits on the dialog
    with pytest.raises(bk.ModalStateBlockedError):
        await aw(sess.snapshot())
    await aw(sess.handle_dialog(accept=True))
    assert "Loaded" in (await aw(sess.snapshot())).tree


@pytest.mark.parametrize(
    ("policy", "expected"), [("accept", "confirmed"), ("dismiss", "cancelled")]
)
async def test_policies_answer_dialogs_and_report_them(
    policy: str, expected: str, base_url: str
) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0, dialog_policy=policy) as browser:  # type: ignore[arg-type]
        s = await browser.start(url=f"{base_url}/dialogs.html")
        r = await s.click(bk.role("button", "Confirm"))
        assert r.dialog is not None
        assert r.dialog.handled == ("accepted" if policy == "accept" else "dismissed")
        assert await s.evaluate("document.getElementById('out').textContent") == expected
        await s.snapshot()  # nothing is held
