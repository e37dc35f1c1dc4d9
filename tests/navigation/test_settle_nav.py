"""Settling and navigation on what real pages do: requests that never end, loads that
never fire, downloads, refused navigations and windows the browser never opens.

None of these asserts a duration. "Did not wait out its bound" shows as
``settled is True`` (a bound hit reports False), as a call that returns
instead of raising TimeoutError, or as a result a longer wait would have
changed (a load that fires after 8 s is reported as timed out).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, click_on, ref_of, until

# Browser behaviour, not the interpreter's: nox runs this module on one Python.
pytestmark = pytest.mark.slow


# ------------------------------------------------------- requests that never end (item 8)


async def test_a_fetch_whose_body_is_never_read_does_not_hold_the_action(
    sess: AnySession, base_url: str
) -> None:
    r = await click_on(sess, base_url, "settle_requests.html", "Fetch unread")
    assert r.settled is True
    # Chromium never reports the end of a body nobody reads; the entry still
    # gets its status and a duration (to the response).
    await until(lambda: sess.network.read(pattern="body=unread").entries)
    entry = sess.network.read(pattern="body=unread").entries[-1]
    assert entry.status == 200
    assert entry.duration_ms is not None


async def test_a_long_poll_that_never_answers_does_not_hold_the_action(
    sess: AnySession, base_url: str
) -> None:
    r = await click_on(sess, base_url, "settle_requests.html", "Long poll")
    assert r.settled is True
    assert not r.navigated


async def test_a_keepalive_beacon_the_server_holds_does_not_hold_the_action(
    sess: AnySession, base_url: str
) -> None:
    r = await click_on(sess, base_url, "settle_requests.html", "Keepalive fetch")
    assert r.settled is True


async def test_server_sent_events_do_not_hold_the_action(sess: AnySession, base_url: str) -> None:
    r = await click_on(sess, base_url, "settle_requests.html", "Listen to events")
    assert r.settled is True


async def test_send_beacon_does_not_hold_the_action(sess: AnySession, base_url: str) -> None:
    r = await click_on(sess, base_url, "settle_requests.html", "Send beacon")
    assert r.settled is True


async def test_an_image_beacon_does_not_hold_the_action(sess: AnySession, base_url: str) -> None:
    r = await click_on(sess, base_url, "settle_requests.html", "Image beacon")
    assert r.settled is True


async def test_a_fetch_the_page_reads_is_still_waited_for(sess: AnySession, base_url: str) -> None:
    r = await click_on(sess, base_url, "settle_requests.html", "Fetch and show")
    assert r.settled is True
    assert r.diff is not None
    assert any("fetched" in c.line for c in r.diff.changed), str(r.diff)


async def test_a_script_the_action_loads_is_waited_for(sess: AnySession, base_url: str) -> None:
    # A code-split app loads a panel's chunk on first use and renders it then.
    r = await click_on(sess, base_url, "settle_chunk.html", "Open panel")
    assert r.settled is True
    assert "panel shown" in str(r.diff), str(r.diff)


# --------------------------------------------------------- loads that never fire (item 9)


async def test_navigate_stops_waiting_for_load_at_its_bound(
    sess: AnySession, base_url: str
) -> None:
    # The image answers after 8 s: waiting for load up to the 30 s timeout
    # would see it fire; the 5 s readiness bound reports timed_out instead.
    nav = await aw(sess.navigate(f"{base_url}/nav_slow_image.html", timeout_ms=30_000))
    assert nav.timed_out is True
    assert nav.url == f"{base_url}/nav_slow_image.html"
    assert "Slow image" in (await aw(sess.snapshot())).tree


async def test_history_moves_return_at_commit_plus_a_bounded_wait(
    sess: AnySession, base_url: str
) -> None:
    slow = await aw(sess.navigate(f"{base_url}/nav_slow_image.html", timeout_ms=1_000))
    assert slow.timed_out is True
    await aw(sess.navigate(f"{base_url}/basic.html"))
    back = await aw(sess.back(timeout_ms=30_000))
    assert back.moved is True
    assert back.timed_out is True
    assert back.url == f"{base_url}/nav_slow_image.html"
    assert "Slow image" in (await aw(sess.snapshot())).tree
    fwd = await aw(sess.forward(timeout_ms=30_000))
    assert fwd.moved is True
    assert fwd.timed_out is False
    assert fwd.url == f"{base_url}/basic.html"
    edge = await aw(sess.forward())
    assert edge.moved is False and edge.timed_out is False


async def test_reload_of_a_page_whose_load_is_late_reports_timed_out(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/nav_slow_image.html", timeout_ms=1_000))
    reloaded = await aw(sess.reload(timeout_ms=30_000))
    assert reloaded.moved is True
    assert reloaded.timed_out is True


# -------------------------------------------------------- downloads by navigation (item 10)


async def test_navigating_to_a_download_reports_it(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    generation = sess.generation
    nav = await aw(sess.navigate(f"{base_url}/download?name=navigated.csv"))
    assert nav.download is not None
    assert nav.url == f"{base_url}/basic.html"  # the page stays where it was
    assert nav.status is None
    assert nav.generation == generation
    await until(lambda: (e := sess.downloads.read().entries) and e[-1].available)
    entry = sess.downloads.read().entries[-1]
    assert entry.download_id == nav.download
    assert entry.suggested_filename == "navigated.csv"
    saved = await aw(sess.downloads.save(nav.download, str(tmp_path / "n.csv")))
    assert saved.status == "saved"
    assert "download" in str(nav._repr_markdown_())
    # The page is usable at once.
    again = await aw(sess.navigate(f"{base_url}/basic_done.html"))
    assert again.url.endswith("/basic_done.html")


# ------------------------------------------------- refused navigations do no harm (item 21)


async def test_a_redirect_to_a_refused_scheme_leaves_later_navigations_working(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    with pytest.raises(bk.NavigationFailedError):
        await aw(sess.navigate(f"{base_url}/redirect?to=file:///etc/hostname"))
    for i in range(5):
        nav = await aw(sess.navigate(f"{base_url}/basic.html?attempt={i}"))
        assert nav.url == f"{base_url}/basic.html?attempt={i}"
        assert nav.status == 200


async def test_a_failed_navigation_leaves_later_navigations_working(
    sess: AnySession, base_url: str
) -> None:
    with pytest.raises(bk.NavigationFailedError):
        await aw(sess.navigate("http://127.0.0.1:9/"))  # a port Chromium refuses
    nav = await aw(sess.navigate(f"{base_url}/basic.html"))
    assert nav.url == f"{base_url}/basic.html"
    # Back to the refused URL fails again, as a typed error, and harms nothing.
    with pytest.raises(bk.NavigationFailedError):
        await aw(sess.back())
    again = await aw(sess.navigate(f"{base_url}/basic_done.html"))
    assert again.url == f"{base_url}/basic_done.html"


# ---------------------------------------------------- errors classified by type (item 22)


async def test_a_url_with_crash_in_it_is_a_navigation_failure(
    sess: AnySession, base_url: str
) -> None:
    with pytest.raises(bk.NavigationFailedError) as info:
        await aw(sess.navigate("http://127.0.0.1:9/crash-report"))
    assert info.value.code == "navigation_failed"
    nav = await aw(sess.navigate(f"{base_url}/basic.html"))
    assert nav.status == 200


async def test_translate_reads_the_error_type_not_its_words(abrowser: bk.AsyncBrowser) -> None:
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import TimeoutError as PlaywrightTimeoutError

    s = await abrowser.start()
    try:
        core = s._core
        for text in ("renderer crash report", "Target closed", "has been closed", "net::ERR_X"):
            plain = core.translate(PlaywrightError(text), "act")
            assert type(plain) is bk.BrowserkitError, (text, plain)
        assert isinstance(core.translate(PlaywrightTimeoutError("x"), "act"), bk.TimeoutError)
        # Errors from Playwright's driver carry their type as a name.
        for name, expected in (
            ("TimeoutError", bk.TimeoutError),
            ("TargetClosedError", bk.SessionClosedError),
        ):
            named = PlaywrightError("no words that say so")
            named._name = name
            assert isinstance(core.translate(named, "act"), expected), name
    finally:
        await s.stop()


# ----------------------------------------------- waits the browser already answered (26)


@pytest.mark.parametrize("name", ["Open data window", "Open javascript window"])
async def test_a_window_the_browser_refuses_to_open_is_not_waited_for(
    sess: AnySession, base_url: str, name: str
) -> None:
    r = await click_on(sess, base_url, "settle_windows.html", name)
    assert r.settled is True
    assert r.new_tabs == ()


async def test_a_window_that_opens_is_still_waited_for(sess: AnySession, base_url: str) -> None:
    r = await click_on(sess, base_url, "settle_windows.html", "Open a window")
    assert r.settled is True
    assert len(r.new_tabs) == 1


async def test_a_form_posting_to_a_refused_scheme_does_not_hang(
    sess: AnySession, base_url: str
) -> None:
    # Chromium refuses the navigation; the click must not wait for it.
    r = await click_on(sess, base_url, "settle_windows.html", "Submit to file", timeout_ms=10_000)
    assert r.navigated is False
    assert r.settled is True
    # Nothing is left waiting for that navigation: the next action and a navigate work.
    tree = (await aw(sess.snapshot())).tree
    changed = await aw(sess.click(ref_of(tree, 'button "Change text"'), timeout_ms=10_000))
    assert changed.diff is not None and changed.diff.changed
    nav = await aw(sess.navigate(f"{base_url}/basic.html", timeout_ms=10_000))
    assert nav.status == 200


async def test_a_ref_whose_element_is_replaced_mid_action_fails_at_once(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/settle_replaced.html"))
    tree = (await aw(sess.snapshot())).tree
    # The button is swapped for a copy as the pointer reaches it: the element
    # the ref named is gone, and no wait brings it back; its copy must not get
    # the click either.
    with pytest.raises(bk.RefNotFoundError):
        await aw(sess.click(ref_of(tree, 'button "Shifting"'), timeout_ms=8_000))
    assert "copy clicked" not in (await aw(sess.snapshot())).tree
