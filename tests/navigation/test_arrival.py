"""A navigation answers with the new page, compactly, once it has rendered (issue 12)."""

from __future__ import annotations

import re

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw


def _ref(outline: str, role: str, name: str) -> str:
    found = re.search(rf'{role} "{re.escape(name)}"[^\n]*\[ref=(\w+)\]', outline)
    assert found, f"no {role} {name!r} in:\n{outline}"
    return found.group(1)


@pytest.mark.every_python
async def test_navigate_answers_with_the_compact_page_whose_refs_act(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/arrive_list.html"))
    assert nav.page is not None and "Catalogue" in nav.page
    assert "more link like the above" in nav.page  # 200 items (each its link), a few shown
    assert len(nav.page) < len((await aw(sess.snapshot())).tree) / 5
    r = await aw(sess.click(_ref(nav.page, "link", "Open the item page")))
    assert r.navigated and r.page is not None and "Item detail" in r.page
    assert r.page in str(r)  # what an agent reads of the action
    await aw(sess.click(_ref(r.page, "button", "Buy now")))  # no snapshot in between
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "bought"


async def test_a_landmark_shown_on_the_last_page_is_folded_and_expands_to_working_refs(
    sess: AnySession, base_url: str
) -> None:
    first = await aw(sess.navigate(f"{base_url}/arrive_site_a.html"))
    assert first.page is not None and 'link "Settings"' in first.page
    second = await aw(sess.navigate(f"{base_url}/arrive_site_b.html"))
    assert second.page is not None and "Only on page b." in second.page
    assert 'link "Settings"' not in second.page  # the agent read the site menu a page ago
    folded = re.search(
        r'the same as on the last page \(expand: snapshot\(target="(\w+)"\)\)', second.page
    )
    assert folded, second.page
    await aw(sess.click(_ref(second.page, "button", "Act on b")))
    assert await aw(sess.evaluate("document.title")) == "clicked b"
    menu = str(await aw(sess.snapshot(target=folded.group(1), compact=True)))
    r = await aw(sess.click(_ref(menu, "link", "Settings")))
    assert r.navigated and r.page is not None and "Item detail" in r.page
    # An outline the agent asks for shows the whole page.
    back = await aw(sess.navigate(f"{base_url}/arrive_site_b.html"))
    assert back.page is not None and 'link "Settings"' in back.page  # not on the last page
    assert 'link "Settings"' in str(await aw(sess.snapshot(compact=True)))


async def test_a_single_page_app_is_read_once_rendered_not_as_its_shell(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(url=f"{base_url}/arrive_spa.html")
    try:
        snap = await s.snapshot()  # the first outline after start
        assert "Order 1001 shipped" in snap.tree, snap.tree
        assert "Loading" not in snap.tree
        nav = await s.navigate(f"{base_url}/arrive_spa.html")
        assert nav.page is not None and "Order 1001 shipped" in nav.page
        await s.click(_ref(nav.page, "button", "Show more"))
        assert await s.evaluate("document.title") == "more clicked"
    finally:
        await s.stop()


async def test_an_app_that_boots_for_seconds_answers_with_what_it_drew(
    sess: AnySession, base_url: str
) -> None:
    # "Loading…" for 3 s, then the launcher: the answer waits for it (the shell's
    # wait was 1.5 s, and the agent read the splash).
    nav = await aw(sess.navigate(f"{base_url}/arrive_slow_spa.html"))
    assert nav.page is not None and 'button "New notebook"' in nav.page, nav.page
    assert "Loading" not in nav.page


async def test_a_shell_that_never_renders_is_read_within_its_bound(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/reading_shell.html", timeout_ms=5_000))
    assert nav.page is not None  # read as it is once the boot bound passed
    assert "[ref=" not in nav.page or nav.page.count("\n") < 3


async def test_unobserved_navigation_reads_nothing(sess: AnySession, base_url: str) -> None:
    nav = await aw(sess.navigate(f"{base_url}/arrive_list.html", observe=False))
    assert nav.page is None
    assert "page" not in str(nav) or nav.page is None
    r = await aw(sess.click(bk.css("#go"), observe=False))
    assert r.page is None


async def test_history_moves_answer_with_the_page(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/arrive_list.html"))
    await aw(sess.navigate(f"{base_url}/arrive_item.html"))
    back = await aw(sess.back())
    assert back.moved and back.page is not None and "Catalogue" in back.page
    again = await aw(sess.reload())
    assert again.page is not None and "Catalogue" in again.page


async def test_a_link_to_a_section_answers_with_that_section_and_the_headings_around_it(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/arrive_sections.html#usage"))
    page = nav.page
    assert page is not None
    assert "Call start, then snapshot." in page
    assert "Run pip install." not in page and "Ask us anything." not in page
    for heading in ("Guide", "Install", "Usage", "FAQ"):
        assert f'heading "{heading}"' in page, page  # a table of contents
    await aw(sess.click(_ref(page, "button", "Try usage")))
    assert await aw(sess.evaluate("document.title")) == "tried usage"
    # Each fold names the section whose snapshot shows it, with refs that act.
    folds = re.findall(r'lines of other sections \(expand: snapshot\(target="(\w+)"\)\)', page)
    assert len(folds) >= 2, page
    shown = [str(await aw(sess.snapshot(target=ref, compact=True))) for ref in folds]
    faq = next(text for text in shown if "Ask us anything." in text)
    await aw(sess.click(_ref(faq, "button", "Ask a question")))
    assert await aw(sess.evaluate("document.title")) == "asked"
    # Without a fragment, or asked for, the page is whole.
    whole = await aw(sess.navigate(f"{base_url}/arrive_sections.html"))
    assert whole.page is not None and "Run pip install." in whole.page
    assert "Run pip install." in str(await aw(sess.snapshot(compact=True)))


async def test_a_section_of_flat_headings_ends_at_the_next_heading_of_its_level(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/arrive_sections.html"))
    nav = await aw(sess.snapshot(compact=True))
    r = await aw(sess.click(_ref(str(nav), "link", "Flat page, part two")))
    page = r.page
    assert r.navigated and page is not None
    assert "Second prose." in page and "Second detail." in page  # a subsection is kept
    assert "First prose." not in page and "Third prose." not in page
    assert 'heading "Part one"' in page and 'heading "Part three"' in page
    await aw(sess.click(_ref(page, "button", "Second button")))
    assert await aw(sess.evaluate("document.title")) == "second"


async def test_a_link_to_a_page_that_closes_its_dialogs_on_load_answers_with_them_gone(
    sess: AnySession, base_url: str
) -> None:
    # The page fades out one dialog and scales out another as it loads, each
    # leaving the DOM when its animation ends: read before that, the answer
    # would show dialogs the agent will never see.
    await aw(sess.navigate(f"{base_url}/arrive_closing.html", observe=False))
    link = _ref(str(await aw(sess.snapshot(compact=True))), "link", "Visit the shop again")
    r = await aw(sess.click(link))
    assert r.navigated and r.page is not None and r.url.endswith("?visit=again")
    assert "Fresh bread every morning." in r.page, r.page
    assert "Cookies" not in r.page and "Welcome offer" not in r.page, r.page


async def test_navigating_to_a_page_that_closes_its_dialogs_on_load_answers_with_them_gone(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/arrive_closing.html"))
    assert nav.page is not None and "Fresh bread every morning." in nav.page
    assert "Cookies" not in nav.page and "Welcome offer" not in nav.page, nav.page


async def test_rows_read_before_fold_on_return_and_expand_to_working_refs(
    sess: AnySession, base_url: str
) -> None:
    page = f"{base_url}/arrive_orders.html"
    first = await aw(sess.navigate(page))
    assert first.page is not None and "Customer number 8" in first.page
    assert "read before" not in first.page
    # Back on the list with one order more and row 4 renamed: what is new prints.
    back = await aw(sess.navigate(f"{page}?n=9&edit=4"))
    assert back.page is not None
    assert "- columns: Id | Customer | Country | Open" in back.page
    assert "Customer number 9" in back.page and "Renamed customer 4" in back.page
    assert "Customer number 2" not in back.page and "Customer number 6" not in back.page
    folds = re.findall(
        r'- … (\d+) rows read before, unchanged \(expand: snapshot\(target="(\w+)"\)\)',
        back.page,
    )
    assert [count for count, _ in folds] == ["3", "4"], back.page  # rows 1-3 and 5-8
    table = str(await aw(sess.snapshot(target=folds[0][1], compact=True)))
    assert "Customer number 2" in table and "read before" not in table
    await aw(sess.click(_ref(table, "button", "Open 2")))
    assert await aw(sess.evaluate("document.title")) == "opened 2"
    # An outline the agent asks for shows every row; a page of other rows folds none.
    assert "Customer number 6" in str(await aw(sess.snapshot(compact=True)))
    other = await aw(sess.navigate(f"{page}?n=3&edit=2"))
    assert other.page is not None and "Renamed customer 2" in other.page
    assert "Customer number 1" in other.page  # one row read before, alone: printed
    resorted = await aw(sess.navigate(f"{page}?n=9&desc=1"))  # the agent sorts the list
    assert resorted.page is not None and "read before" not in resorted.page
    assert "Customer number 6" in resorted.page


async def test_the_list_opened_next_prints_the_row_that_holds_what_was_typed(
    sess: AnySession, base_url: str
) -> None:
    # An issue tracker's query: 41 tickets fold to a few rows, but the one the
    # agent just filed (its summary typed a step before) is printed with its ref.
    nav = await aw(sess.navigate(f"{base_url}/wanted_form.html"))
    assert nav.page is not None
    await aw(sess.type(_ref(nav.page, "textbox", "Summary"), "Economy ticket T7"))
    r = await aw(sess.click(_ref(nav.page, "link", "View tickets")))
    assert r.page is not None and "more row like the above" in r.page, r.page
    ref = _ref(r.page, "link", "Economy ticket T7")
    await aw(sess.click(ref))
    assert (await aw(sess.evaluate("location.hash"))) == "#t30"


async def test_an_app_that_draws_its_chrome_first_answers_once_its_main_panel_drew(
    sess: AnySession, base_url: str
) -> None:
    # Menus, side bar and status bar at once, an empty main landmark for 1.6 s:
    # the answer is the panel the agent came for, not the chrome around nothing.
    nav = await aw(sess.navigate(f"{base_url}/arrive_chrome_first.html"))
    assert nav.page is not None and 'button "Run this cell"' in nav.page, nav.page
    await aw(sess.click(_ref(nav.page, "button", "Run this cell")))
    assert await aw(sess.evaluate("document.title")) == "ran"


async def test_a_page_whose_main_landmark_stays_empty_is_read_as_it_is(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/arrive_empty_main.html", timeout_ms=5_000))
    assert nav.page is not None and 'link "Catalogue"' in nav.page, nav.page


async def test_a_table_drawn_as_blank_rows_answers_once_its_data_came(
    sess: AnySession, base_url: str
) -> None:
    # The rows an app draws while its data loads are not the table the agent came for.
    nav = await aw(sess.navigate(f"{base_url}/arrive_skeleton_rows.html"))
    assert nav.page is not None and 'link "Economy sweep"' in nav.page, nav.page


async def test_an_app_that_asks_for_its_page_in_a_chain_of_requests_answers_with_it(
    sess: AnySession, base_url: str
) -> None:
    # Nothing is in flight between the links of the chain, and the DOM is quiet.
    nav = await aw(sess.navigate(f"{base_url}/arrive_request_chain.html"))
    assert nav.page is not None and 'link "Economy sweep"' in nav.page, nav.page
