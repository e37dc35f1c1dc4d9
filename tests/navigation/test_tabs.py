"""Tabs: stable ids, popups join the session, tab_id reads without switching."""

from __future__ import annotations

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw


async def test_popups_join_and_are_reported_without_switching(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/tabs.html"))
    r = await aw(sess.click(bk.role("link", "Open in new tab")))
    assert r.new_tabs == ("t2",)
    assert sess.tab_id == "t1"
    r2 = await aw(sess.click(bk.role("button", "Open popup")))
    assert r2.new_tabs == ("t3",)
    tabs = await aw(sess.tabs())
    assert [t.tab_id for t in tabs] == ["t1", "t2", "t3"]
    assert [t.active for t in tabs] == [True, False, False]
    await aw(sess.wait_for(text="popup=script", tab_id="t3", timeout_ms=5000))
    snap = await aw(sess.snapshot(tab_id="t3"))
    assert snap.tab_id == "t3"
    assert "popup=script" in snap.tree
    assert sess.tab_id == "t1"


@pytest.mark.every_python
async def test_new_select_close_and_unknown_tabs(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    info = await aw(sess.new_tab(f"{base_url}/basic_done.html"))
    assert info.tab_id == "t2" and info.active
    assert sess.tab_id == "t2"
    await aw(sess.select_tab("t1"))
    assert sess.url.endswith("/basic.html")
    assert await aw(sess.close_tab("t2")) is True
    assert await aw(sess.close_tab("t2")) is False
    with pytest.raises(bk.PageNotFoundError) as err:
        await aw(sess.snapshot(tab_id="t9"))
    assert err.value.code == "page_not_found"
    with pytest.raises(bk.PageNotFoundError):
        await aw(sess.select_tab("t9"))


async def test_acting_on_another_tab_by_tab_id(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    await aw(sess.new_tab(f"{base_url}/basic.html"))
    await aw(sess.select_tab("t1"))
    snap = await aw(sess.snapshot(tab_id="t2"))
    ref = snap.tree.split('button "Increment" [ref=', 1)[1].split("]", 1)[0]
    await aw(sess.click(ref, tab_id="t2"))
    assert (
        await aw(sess.evaluate("document.getElementById('out').textContent", tab_id="t2"))
        == "clicked 1"
    )
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "idle"


async def test_a_popup_whose_page_is_slow_to_answer_is_still_reported(
    sess: AnySession, base_url: str
) -> None:
    # Playwright reports a popup only once its first response commits; the
    # click must wait for it, or the tab opens unreported after it returns.
    await aw(sess.navigate(f"{base_url}/popups.html"))
    r = await aw(sess.click(bk.role("link", "Open a slow page")))
    assert r.new_tabs == ("t2",)
    assert r.settled
    assert sess.tab_id == "t1"
    assert "slow" in (await aw(sess.tabs()))[1].url


async def test_every_window_one_click_opens_is_reported(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/popups.html"))
    r = await aw(sess.click(bk.role("button", "Open three")))
    assert r.new_tabs == ("t2", "t3", "t4")
    urls = [t.url for t in await aw(sess.tabs())]
    # Ids follow the order the pages joined, which three pages loading at once
    # do not keep.
    assert sorted(u.rsplit("=", 1)[1] for u in urls[1:]) == ["a", "b", "c"]


async def test_a_session_whose_last_tab_closed_is_still_listed(
    abrowser: bk.AsyncBrowser, sbrowser: bk.Browser
) -> None:
    # A session without a tab (its last one closed, or its remote browser
    # going away) has no URL; listing sessions must not fail on it.
    s = await abrowser.start()
    try:
        assert await s.close_tab("t1") is True
        assert s.url == ""
        assert [i.url for i in abrowser.sessions() if i.id == s.id] == [""]
    finally:
        await s.stop()
    t = sbrowser.start()
    try:
        assert t.close_tab("t1") is True
        assert t.url == "" and [i.url for i in sbrowser.sessions() if i.id == t.id] == [""]
    finally:
        t.stop()
