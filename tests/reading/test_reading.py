"""Reading and scripting (issue 6): dom, scan, find, styles, set_style and execute.

Every test that takes ``sess`` runs on the async and the sync API, against
real Chromium and pages served from 127.0.0.1.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import browserkit as bk
from browserkit._convert import from_jsonable, to_jsonable
from tests.helpers import AnySession, aw

PAGE_STATE_JS = "[document.documentElement.outerHTML, Object.keys(window).join(',')]"


async def page_state(sess: AnySession) -> list[str]:
    return list(await aw(sess.evaluate(PAGE_STATE_JS)))


async def out_text(sess: AnySession) -> str:
    return str(await aw(sess.evaluate("document.getElementById('out').textContent")))


def node_with(root: bk.DomNode, **want: Any) -> bk.DomNode:
    for node in root.walk():
        if all(getattr(node, k) == v for k, v in want.items()):
            return node
    raise AssertionError(f"no node with {want} in\n{root}")


# --------------------------------------------------------------------- dom


@pytest.mark.every_python
async def test_dom_shows_tags_ids_classes_text_and_refs(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    root = await aw(sess.dom(depth=2))
    assert root.tag == "body"
    assert root.ref is not None and root.ref.startswith("d")
    title = node_with(root, id="title")
    assert title.tag == "h1"
    assert title.classes == ("big", "headline")
    assert title.text == "Reading page"
    assert title.ref is not None
    form = node_with(root, id="signup")
    # Depth 2 stops below main's children: the form says how many it has.
    assert form.children == ()
    assert form.child_count == 8
    assert root.truncated is False
    refs = [n.ref for n in root.walk() if n.ref]
    assert len(refs) == len(set(refs))
    text = str(root)
    assert 'h1#title.big.headline "Reading page"' in text
    assert "form#signup" in text and "(8 children)" in text


async def test_dom_mixed_text_and_shadow_roots(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    root = await aw(sess.dom(depth=5))
    intro = node_with(root, tag="p", classes=("intro",))
    assert [c.tag for c in intro.children] == ["#text", "b", "#text"]
    assert [c.text for c in intro.children] == ["Hello", "brave", "new world."]
    widget = node_with(root, id="widget")
    assert widget.children[0].tag == "#shadow-root"
    shadow_button = node_with(widget, id="shadow-btn")
    assert shadow_button.text == "Shadow button"
    # Script text is not shown.
    assert node_with(root, tag="script").text is None


async def test_dom_ref_reads_deeper_and_acts_on_exactly_that_element(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    root = await aw(sess.dom(depth=2))
    form = node_with(root, id="signup")
    deeper = await aw(sess.dom(form.ref, depth=1))
    assert deeper.ref == form.ref
    assert len(deeper.children) == deeper.child_count == 8
    # Two buttons with the same name: each ref clicks its own.
    full = await aw(sess.dom(depth=6))
    twins = [n for n in full.walk() if "twin" in n.classes]
    assert [t.text for t in twins] == ["Twin", "Twin"]
    await aw(sess.click(twins[1].ref))
    assert await out_text(sess) == "twin 1"
    await aw(sess.click(twins[0].ref))
    assert await out_text(sess) == "twin 0"
    # Inside an open shadow root.
    await aw(sess.click(node_with(full, id="shadow-btn").ref))
    assert await out_text(sess) == "shadow clicked"
    # A Ref object carries its generation.
    await aw(sess.click(bk.Ref(twins[1].ref, sess.generation, sess.tab_id)))
    assert await out_text(sess) == "twin 1"


async def test_dom_ref_never_confuses_a_light_child_with_a_shadow_twin(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_twins.html"))
    root = await aw(sess.dom(depth=4))
    host = node_with(root, tag="x-twin")
    shadow = host.children[0]
    assert shadow.tag == "#shadow-root"
    shadow_button = node_with(shadow, tag="button")
    light_button = next(c for c in host.children if c.tag == "button")
    assert shadow_button.ref != light_button.ref
    await aw(sess.click(light_button.ref))
    assert await out_text(sess) == "light"
    await aw(sess.click(shadow_button.ref))
    assert await out_text(sess) == "shadow"
    await aw(sess.click(light_button.ref))
    assert await out_text(sess) == "light"


async def test_dom_ref_is_stale_after_navigation_and_gone_after_removal(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    root = await aw(sess.dom(depth=3))
    card = node_with(root, id="card")
    grow = node_with(root, id="grow")
    await aw(sess.click(bk.css("#drop")))
    # Raised at once: waiting for the element would end in TimeoutError.
    with pytest.raises(bk.RefNotFoundError) as gone:
        await aw(sess.click(card.ref, timeout_ms=10_000))
    assert "removed" in gone.value.message
    with pytest.raises(bk.RefNotFoundError):
        await aw(sess.click("d9999"))
    # The same page again: a new document, so old refs are stale even though
    # the new page would hand out the same ids.
    generation = sess.generation
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    await aw(sess.dom(depth=3))
    with pytest.raises(bk.StaleRefError) as stale:
        await aw(sess.click(grow.ref))
    assert f"generation {generation}" in stale.value.message
    assert "reading_basic.html" in stale.value.message
    assert await aw(sess.evaluate("document.getElementById('grown').children.length")) == 0
    assert grow.ref is not None
    with pytest.raises(bk.StaleRefError):
        await aw(sess.dom(bk.Ref(grow.ref, generation)))


async def test_dom_refs_are_never_reused_across_pages_or_history(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    first = node_with(await aw(sess.dom(depth=3)), id="twin")
    await aw(sess.navigate(f"{base_url}/reading_twins.html"))
    second = await aw(sess.dom(depth=4))
    assert first.ref not in {n.ref for n in second.walk()}
    await aw(sess.back())
    assert "reading_basic.html" in sess.url
    with pytest.raises(bk.StaleRefError):
        await aw(sess.click(first.ref))
    again = node_with(await aw(sess.dom(depth=3)), id="twin")
    assert again.ref != first.ref
    await aw(sess.click(again.ref))
    assert await out_text(sess) == "twin 0"


async def test_dom_of_a_selector_or_snapshot_ref_target(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    form = await aw(sess.dom(bk.css("#signup"), depth=1))
    assert form.id == "signup"
    assert [c.tag for c in form.children][:2] == ["label", "input"]
    snap = await aw(sess.snapshot())
    line = next(x for x in snap.tree.splitlines() if 'heading "Reading page"' in x)
    ref = line.split("[ref=")[1].split("]")[0]
    heading = await aw(sess.dom(ref))
    assert heading.id == "title"
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.dom(depth=-1))


async def test_dom_node_cap_marks_truncation(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/generated/list?n=5000"))
    root = await aw(sess.dom(depth=3))
    assert root.truncated is True
    ul = node_with(root, tag="ul")
    assert ul.child_count == 5000
    assert ul.truncated is True
    assert len(ul.children) < 5000


# -------------------------------------------------------------------- scan


async def test_scan_collapses_a_2000_row_table_to_under_10_percent(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/generated/table?rows=2000"))
    scan = await aw(sess.scan())
    full = await aw(sess.scan(cutlist=False, max_chars=10_000_000))
    assert full.truncated is False and scan.truncated is False
    assert "View 2000" in full.content and "View 2000" not in scan.content
    assert scan.chars < full.chars * 0.10, (scan.chars, full.chars)
    assert scan.chars == len(scan.content)
    rows = next(c for c in scan.collapsed if c.item_tag == "tr")
    assert (rows.count, rows.shown) == (1997, 3)
    assert f"1997 more similar <tr> collapsed; expand: css={rows.selector}" in scan.content
    # Every collapsed container can be expanded by its selector.
    for cut in scan.collapsed:
        container = await aw(sess.dom(bk.css(cut.selector), depth=1))
        assert container.child_count == cut.count + cut.shown
        assert all(c.tag == cut.item_tag for c in container.children)
    last = await aw(sess.dom(bk.css(f"{rows.selector} > tr:last-child"), depth=2))
    assert "View 2000" in str(last)


async def test_scan_is_far_smaller_than_the_outline_of_a_long_list(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    # One API is enough here: this pins a size, the code path is shared.
    sess = await abrowser.start(url=f"{base_url}/generated/list?n=5000")
    scan = await sess.scan()
    outline = await sess.snapshot()
    await sess.stop()
    assert scan.chars * 50 < len(outline.tree), (scan.chars, len(outline.tree))
    assert scan.collapsed[0].count == 4997
    assert "Item 0" in scan.content and "Item 4999" not in scan.content


@pytest.mark.every_python
async def test_scan_text_only_and_max_chars(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/generated/table?rows=50"))
    text = await aw(sess.scan(text_only=True))
    assert "<" not in text.content.replace("<tr>", "")
    assert "# Orders" in text.content
    assert "1 | Grace Hopper | 37.01 EUR | shipped | [View 1]" in text.content
    assert "47 more similar tr items (expand: css=" in text.content
    cut = await aw(sess.scan(max_chars=200))
    assert cut.truncated is True
    assert cut.chars <= 200
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.scan(max_chars=5))


async def test_scan_targets_say_how_to_act_and_their_locators_work(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    scan = await aw(sess.scan())
    by_name = {t.name: t for t in scan.targets}
    email = by_name["Email"]
    assert (email.role, email.action, email.editable) == ("textbox", "type", True)
    assert by_name["plan"].action == "select"
    assert by_name["avatar"].action == "upload"
    assert by_name["I agree"].action == "click" and by_name["I agree"].role == "checkbox"
    assert by_name["Sign up"].action == "click" and not by_name["Sign up"].editable
    assert by_name["Shadow button"].locator.value.count(">>") == 1
    # Hidden controls are not listed; the two "Twin" buttons have distinct locators.
    twins = [t for t in scan.targets if t.name == "Twin"]
    assert len(twins) == 2 and twins[0].locator != twins[1].locator
    await aw(sess.type(email.locator, "ada@example.org"))
    assert await aw(sess.evaluate("document.getElementById('email').value")) == "ada@example.org"
    await aw(sess.click(twins[1].locator))
    assert await out_text(sess) == "twin 1"
    await aw(sess.click(twins[0].ref))
    assert await out_text(sess) == "twin 0"
    await aw(sess.click(by_name["Shadow button"].locator))
    assert await out_text(sess) == "shadow clicked"
    assert len((await aw(sess.scan(max_targets=3))).targets) == 3
    assert "targets:" in str(scan)


async def test_scan_lists_frames_including_cross_origin(
    sess: AnySession, base_url: str, other_origin_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_frames.html?other={other_origin_url}"))
    await aw(sess.wait_for(selector=bk.css("iframe.partner")))
    await asyncio.sleep(0.3)
    scan = await aw(sess.scan())
    assert len(scan.frames) == 2
    same = next(f for f in scan.frames if not f.cross_origin)
    other = next(f for f in scan.frames if f.cross_origin)
    assert same.name == "same" and same.selector == "#same"
    assert other.url.startswith(other_origin_url)
    assert other.selector == "iframe.partner"
    # A frame's selector works as a selector's frame=.
    snap = await aw(sess.snapshot(target=bk.css("button", frame=other.selector)))
    assert "Inside" in snap.tree


async def test_scan_reports_an_spa_as_hydrating_then_ready(sess: AnySession, base_url: str) -> None:
    # Unobserved: an observed navigation would wait for the app to render.
    await aw(sess.navigate(f"{base_url}/reading_spa.html", observe=False))
    early = await aw(sess.scan())
    assert early.render_state == "hydrating"
    assert early.content_ready is False
    await aw(sess.wait_for(text="Dashboard"))
    late = await aw(sess.scan())
    assert late.render_state == "ready"
    assert late.content_ready is True
    assert "<h1>Dashboard</h1>" in late.content


async def test_scan_reports_an_idle_empty_app_shell_as_shell_only(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    sess = await abrowser.start(url=f"{base_url}/reading_shell.html")
    await asyncio.sleep(1.7)  # past the boot grace period: nothing is coming
    scan = await sess.scan()
    await sess.stop()
    assert scan.render_state == "shell_only"
    assert scan.content_ready is False


async def test_scan_and_dom_never_modify_the_page(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    await aw(sess.type(bk.css("#email"), "typed@example.org"))
    before = await page_state(sess)
    for _ in range(2):
        await aw(sess.scan())
        await aw(sess.scan(text_only=True, cutlist=False))
        await aw(sess.dom(depth=8))
    await aw(sess.find("Twin"))
    assert await page_state(sess) == before
    props = "Object.getOwnPropertyNames(window).filter(k => /browserkit|__bk/i.test(k))"
    assert await aw(sess.evaluate(props)) == []


async def test_scan_and_dom_survive_hostile_globals(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/reading_hostile.html"))
    with pytest.raises(bk.EvaluationError):
        await aw(sess.evaluate("document.querySelectorAll('li')"))  # the page broke it
    before = await page_state(sess)
    scan = await aw(sess.scan())
    assert "<h1>Hostile globals</h1>" in scan.content
    assert scan.collapsed[0].selector == "#items" and scan.collapsed[0].count == 27
    root = await aw(sess.dom())
    assert node_with(root, id="items").child_count == 30
    assert await page_state(sess) == before
    go = next(t for t in scan.targets if t.name == "Go")
    await aw(sess.click(go.ref))
    assert await out_text(sess) == "went"
    await aw(sess.click(node_with(root, id="go").ref))
    assert (await aw(sess.styles(bk.css("#go"), ["display"]))).properties == {
        "display": "inline-block"
    }


# -------------------------------------------------------------------- find


@pytest.mark.every_python
async def test_find_matches_with_ancestor_path_and_live_refs(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    twins = await aw(sess.find("twin"))
    assert [m.line for m in twins] == [m.line for m in twins if 'button "Twin"' in m.line]
    assert len(twins) == 2
    assert all(any(p.startswith("main") for p in m.path) for m in twins)
    await aw(sess.click(twins[1].ref))
    assert await out_text(sess) == "twin 1"
    signup = await aw(sess.find(regex=r"^Sign\s+up$"))
    assert len(signup) == 1 and 'button "Sign up"' in signup[0].line
    assert "main" in str(signup[0])
    assert await aw(sess.find("no such text anywhere")) == []
    # A bare text line reports its nearest ancestor's ref.
    deep = await aw(sess.find("nested text"))
    assert deep and deep[0].ref is not None
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.find())
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.find(regex="("))


# ------------------------------------------------------------------ styles


@pytest.mark.every_python
async def test_styles_design_set_named_properties_and_all(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    design = await aw(sess.styles(bk.css("#card")))
    assert design.properties["color"] == "rgb(10, 20, 30)"
    assert design.properties["font-size"] == "18px"
    assert design.properties["padding"] == "4px"
    assert design.inline_style == ""
    named = await aw(sess.styles(bk.css("#card"), ["color", "display"]))
    assert named.properties == {"color": "rgb(10, 20, 30)", "display": "block"}
    everything = await aw(sess.styles(bk.css("#card"), ["*"]))
    assert len(everything.properties) > 200
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.styles(bk.css("#card"), ["colour"]))


async def test_set_style_is_live_returns_inline_style_and_dies_with_navigation(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    r = await aw(sess.set_style(bk.css("#card"), "color", "red", important=True))
    assert isinstance(r, bk.ActionResult)
    assert r.detail.endswith('inline style now: "color: red !important;"')
    styles = await aw(sess.styles(bk.css("#card")))
    assert styles.properties["color"] == "rgb(255, 0, 0)"
    assert styles.inline_style == "color: red !important;"
    hidden = await aw(sess.set_style(bk.css("#card"), "display", "none"))
    assert hidden.diff is not None
    assert any("Card body" in n.line for n in hidden.diff.removed)
    removed = await aw(sess.set_style(bk.css("#card"), "display", ""))
    assert removed.detail.endswith('inline style now: "color: red !important;"')
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.set_style(bk.css("#card"), "color", "not-a-colour"))
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.set_style(bk.css("#card"), "colr", "red"))
    assert (await aw(sess.styles(bk.css("#card")))).inline_style == "color: red !important;"
    await aw(sess.reload())
    after = await aw(sess.styles(bk.css("#card")))
    assert after.inline_style == ""
    assert after.properties["color"] == "rgb(10, 20, 30)"


# ----------------------------------------------------------------- execute


@pytest.mark.every_python
async def test_execute_keeps_a_counter_in_state_across_three_calls(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    code = "state.count = (state.count || 0) + 1; log('count is', state.count); return state.count"
    results = [await aw(sess.execute(code)) for _ in range(3)]
    assert [r.result for r in results] == [1, 2, 3]
    assert [r.logs for r in results] == [("count is 1",), ("count is 2",), ("count is 3",)]
    assert results[-1].state == {"count": 3}
    assert results[-1].ok and results[-1].error is None
    # State belongs to the session, not the page: it survives a navigation.
    await aw(sess.navigate(f"{base_url}/reading_hostile.html"))
    assert (await aw(sess.execute("return state.count"))).result == 3


async def test_execute_runs_several_steps_with_sleep_and_wait_for(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    code = """
      log('start', {step: 1});
      document.getElementById('grow').click();
      await sleep(20);
      const item = await waitFor('#grown li', {timeout: 2000});
      log('found', item.textContent);
      setTimeout(() => document.getElementById('grow').click(), 100);
      await waitFor('#grown li:nth-child(2)');
      return [...document.querySelectorAll('#grown li')].map(li => li.textContent);
    """
    r = await aw(sess.execute(code))
    assert r.error is None
    assert r.result == ["grown 0", "grown 1"]
    assert r.logs == ('start {"step":1}', "found grown 0")
    missing = await aw(sess.execute("await waitFor('#nope', {timeout: 200}); return 1"))
    assert missing.error is not None and "timed out after 200 ms" in missing.error


async def test_execute_returns_a_thrown_error_with_the_logs_so_far(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    r = await aw(
        sess.execute("state.seen = true; log('one'); log('two'); throw new TypeError('boom')")
    )
    assert r.error == "TypeError: boom"
    assert r.ok is False and r.result is None
    assert r.logs == ("one", "two")
    assert r.state == {"seen": True}
    syntax = await aw(sess.execute("return ("))
    assert syntax.error is not None and "SyntaxError" in syntax.error
    not_json = await aw(sess.execute("const a = {}; a.a = a; return a"))
    assert not_json.error is not None and "not JSON" in not_json.error
    assert "error: TypeError: boom" in str(r)


async def test_execute_stops_an_endless_loop_at_its_timeout(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    with pytest.raises(bk.TimeoutError) as info:
        await aw(sess.execute("log('spinning'); while (true) {}", timeout_ms=1000))
    assert "1000 ms" in info.value.message
    assert "spinning" in info.value.message
    # The session keeps answering, and the page is alive.
    assert await aw(sess.evaluate("1 + 1")) == 2
    assert "Reading page" in (await aw(sess.snapshot())).tree
    await aw(sess.click(bk.css("#twin")))
    assert await out_text(sess) == "twin 0"
    assert (await aw(sess.execute("return 'still here'"))).result == "still here"


async def test_execute_timeout_is_clamped_to_max_timeout(base_url: str) -> None:
    config = bk.Config.from_env(idle_stop_ms=0, default_timeout_ms=500, max_timeout_ms=1500)
    async with bk.AsyncBrowser(config) as browser:
        s = await browser.start(url=f"{base_url}/reading_basic.html")
        with pytest.raises(bk.TimeoutError) as info:
            await s.execute("await sleep(60000); return 1", timeout_ms=60_000)
        assert "1500 ms" in info.value.message
        assert (await s.execute("return 2")).result == 2


async def test_execute_that_navigates_fails_with_a_hint_to_split(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    code = "log('leaving'); location.href = 'reading_hostile.html'; await sleep(5000); return 1"
    with pytest.raises(bk.EvaluationError) as info:
        await aw(sess.execute(code, timeout_ms=8000))
    assert "navigated" in info.value.message
    assert "split the script" in info.value.hint
    assert "reading_hostile.html" in sess.url
    assert (await aw(sess.execute("return document.title"))).result == "Hostile"


async def test_execute_that_opens_a_dialog_says_so(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/reading_basic.html"))
    # Raised as the dialog opens: waiting it out would end in TimeoutError.
    with pytest.raises(bk.ModalStateBlockedError) as info:
        await aw(sess.execute("log('asking'); return confirm('Sure?')", timeout_ms=10_000))
    assert "Sure?" in info.value.message
    await aw(sess.handle_dialog(True))
    assert (await aw(sess.execute("return 5"))).result == 5


async def test_read_only_session_reads_but_refuses_execute_and_set_style(
    ro_sess: AnySession, base_url: str
) -> None:
    await aw(ro_sess.navigate(f"{base_url}/reading_basic.html"))
    assert (await aw(ro_sess.dom())).tag == "body"
    assert "Reading page" in (await aw(ro_sess.scan())).content
    assert len(await aw(ro_sess.find("Twin"))) == 2
    assert (await aw(ro_sess.styles(bk.css("#card")))).properties["display"] == "block"
    with pytest.raises(bk.ReadOnlyError):
        await aw(ro_sess.execute("return 1"))
    with pytest.raises(bk.ReadOnlyError):
        await aw(ro_sess.set_style(bk.css("#card"), "color", "red"))
    assert (await aw(ro_sess.styles(bk.css("#card")))).inline_style == ""


# ----------------------------------------------------------------- results


@pytest.mark.every_python
def test_reading_results_convert_to_json_and_back() -> None:
    node = bk.DomNode(
        "ul", id="items", ref="d3", child_count=5, children=(bk.DomNode("li", text="a", ref="d4"),)
    )
    scan = bk.PageScan(
        content='<ul id="items">\n<li>a</li>\n</ul>',
        render_state="ready",
        content_ready=True,
        chars=29,
        truncated=False,
        collapsed=(bk.CollapsedList("#items", 2, 3, "li"),),
        targets=(bk.ScanTarget(bk.css("#go"), "button", "Go", False, "click", "d9", "button"),),
        frames=(bk.FrameInfo("http://localhost/x", "", True, "iframe"),),
    )
    result = bk.ExecuteResult(result={"n": 1}, logs=("a",), state={"n": 1})
    for value in (
        node,
        scan,
        result,
        bk.Styles({"color": "red"}, ""),
        bk.FindMatch("e1", "- button", ("main",)),
    ):
        assert from_jsonable(to_jsonable(value), type(value)) == value
    assert "(+4 more)" in str(node)
    assert "targets:" in scan._repr_markdown_()
    assert "result:" in result._repr_markdown_()


async def test_scan_keeps_a_highlighted_code_line_whole(sess: AnySession, base_url: str) -> None:
    # A code line's coloured token spans are words of one line, not list items;
    # a real list, and flex-laid-out chips, still fold.
    await aw(sess.navigate(f"{base_url}/editor_highlight.html"))
    for text_only in (False, True):
        scan = await aw(sess.scan(text_only=text_only))
        assert "select country, count(*) from facilities where kind = 7 group by country" in (
            scan.content
        ), scan.content
        assert "select a, b, c, d, e, last_column" in scan.content
        folded = {c.selector: c.item_tag for c in scan.collapsed}
        assert folded == {"#list": "li", "#chips": "span"}, folded


async def test_scan_keeps_the_lines_of_a_codemirror_editor_whole(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/editor_codemirror.html"))
    await aw(sess.evaluate("editor.setValue('select a, b, c, d, e, f, g from t where x = 1')"))
    scan = await aw(sess.scan(text_only=True))
    assert "select a, b, c, d, e, f, g from t where x = 1" in scan.content, scan.content
    assert scan.collapsed == ()


@pytest.mark.parametrize(
    "text", ["Shadow ready", "Same frame ready", "Cross frame ready"], ids=lambda t: t.split()[0]
)
async def test_wait_for_sees_late_text_in_shadow_roots_and_iframes(
    sess: AnySession, base_url: str, other_origin_url: str, text: str
) -> None:
    # Each text appears 300 ms after load, where snapshot() and find() see it:
    # an open shadow root, a same-origin iframe, a cross-origin iframe.
    await aw(sess.navigate(f"{base_url}/err_wait_frames.html?ms=300&other={other_origin_url}"))
    waited = await aw(sess.wait_for(text=text, timeout_ms=10_000))
    assert waited.met is True
    assert await aw(sess.find(text))


async def test_wait_for_text_gone_watches_shadow_roots(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/err_wait_frames.html?ms=300"))
    gone = await aw(sess.wait_for(text_gone="Shadow loading", timeout_ms=10_000))
    assert gone.met is True
    assert not await aw(sess.find("Shadow loading"))
    # Text that stays in a shadow root is not gone.
    stays = await aw(sess.wait_for(text_gone="Shadow forever", timeout_ms=300))
    assert stays.met is False


def test_state_network_and_file_results_convert_to_json_and_back() -> None:
    """Results defined in private modules and documented in browserkit.results convert too."""
    cookie = bk.Cookie(
        name="sid",
        value="s3cret",
        domain="127.0.0.1",
        path="/",
        expires=-1,
        http_only=True,
        secure=False,
        same_site="Lax",
    )
    origin = bk.OriginStorage(origin="http://127.0.0.1:8000", local_storage={"k": "v"})
    for value in (
        cookie,
        bk.StorageState(cookies=(cookie,), origins=(origin,)),
        bk.RequestDetail(
            request_id="r1",
            method="GET",
            url="http://127.0.0.1/",
            resource_type="fetch",
            request_headers={"Accept": "*/*"},
            routed="blocked",
            truncated_fields=("body",),
        ),
        bk.PdfFile(path="/tmp/x.pdf", size_bytes=10, pages=1),
    ):
        assert type(value).__module__ == "browserkit.results"
        assert from_jsonable(to_jsonable(value), type(value)) == value
    assert "s3cret" not in repr(cookie)
