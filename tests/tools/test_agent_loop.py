"""The core agent loop against real Chromium: navigate, snapshot, act, screenshot, stop."""

from __future__ import annotations

import asyncio
import gc
import warnings
from typing import Any

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, ref_of
from tests.server import Handler


@pytest.mark.every_python
async def test_navigate_reports_final_url_and_status(sess: AnySession, base_url: str) -> None:
    nav = await aw(sess.navigate(f"{base_url}/redirect?to=/basic.html"))
    assert nav.url == f"{base_url}/basic.html"
    assert nav.status == 200
    assert nav.timed_out is False
    missing = await aw(sess.navigate(f"{base_url}/status/404"))
    assert missing.status == 404


async def test_disallowed_scheme_is_refused_before_any_request(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    strict = bk.AsyncBrowser(abrowser.config.evolve(allowed_schemes=("https",)))
    try:
        with pytest.raises(bk.SchemeNotAllowedError):
            await strict.start(url=f"{base_url}/basic.html?never")
        assert not strict.sessions()
        s = await abrowser.start()
        with pytest.raises(bk.SchemeNotAllowedError) as info:
            await s.navigate("file:///etc/passwd")
        assert info.value.code == "scheme_not_allowed"
        assert "allowed" in info.value.hint
        await s.stop()
    finally:
        await strict.close()
    assert not any("never" in path for path in Handler.requests)


async def test_navigate_reports_timed_out_and_page_stays_usable(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/slow_load.html", timeout_ms=1500))
    assert nav.timed_out is True
    snap = await aw(sess.snapshot())
    assert "Slow load" in snap.tree


async def test_history_moves_and_reports_edges(sess: AnySession, base_url: str) -> None:
    at_start = await aw(sess.back())
    assert at_start.moved is False
    await aw(sess.navigate(f"{base_url}/basic.html"))
    await aw(sess.navigate(f"{base_url}/basic_done.html"))
    back = await aw(sess.back())
    assert back.moved is True
    assert back.url.endswith("/basic.html")
    fwd = await aw(sess.forward())
    assert fwd.moved and fwd.url.endswith("/basic_done.html")
    edge = await aw(sess.forward())
    assert edge.moved is False
    reloaded = await aw(sess.reload())
    assert reloaded.moved is True
    assert reloaded.generation == fwd.generation + 1


@pytest.mark.every_python
async def test_snapshot_prints_refs_title_and_generation(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    snap = await aw(sess.snapshot())
    assert snap.title == "Basic"
    assert snap.url == f"{base_url}/basic.html"
    assert snap.tab_id == "t1"
    assert snap.generation == sess.generation
    assert snap.refs > 5
    assert 'button "Increment"' in snap.tree
    assert snap.truncated is False
    assert snap.diff is None
    assert str(snap) == snap.tree


async def test_the_background_set_up_after_a_snapshot_leaves_the_page_as_it_was(
    base_url: str,
) -> None:
    state_js = "[document.documentElement.outerHTML, Object.keys(window).join(',')]"
    async with bk.AsyncBrowser(idle_stop_ms=0) as browser:
        s = await browser.start(url=f"{base_url}/basic.html")
        before = await s.evaluate(state_js)
        await s.snapshot()
        tab = s._core.tabs[s.tab_id]  # white box: the set-up task of this document
        assert tab._warm_task is not None
        await tab._warm_task
        assert await s.evaluate(state_js) == before
        first = tab._warm_task
        await s.snapshot()
        assert tab._warm_task is first  # once per document
        # A dialog open while it runs only holds it; nothing hangs or leaks.
        await s.navigate(f"{base_url}/basic.html")
        await s.snapshot()
        with pytest.raises(bk.ModalStateBlockedError):
            await s.evaluate("alert('hi'); 1")
        await s.handle_dialog(True)
        await asyncio.wait_for(tab._warm_task, 10)
        assert tab._warm_task is not first


async def test_snapshot_truncates_at_max_nodes(base_url: str) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0, max_snapshot_nodes=5) as browser:
        s = await browser.start(url=f"{base_url}/basic.html")
        snap = await s.snapshot()
        assert snap.truncated is True
        assert len(snap.tree.splitlines()) == 5


@pytest.mark.every_python
async def test_click_variants_act_on_the_page(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    tree = (await aw(sess.snapshot())).tree
    r = await aw(sess.click(ref_of(tree, 'button "Increment"')))
    assert r.target_verified is True
    assert r.navigated is False
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "clicked 1"
    await aw(sess.click(ref_of(tree, 'button "Right target"'), button="right"))
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "right-clicked"
    await aw(sess.click(ref_of(tree, 'button "Double"'), click_count=2))
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "double-clicked"
    await aw(sess.click(ref_of(tree, 'button "Modifier"'), modifiers=["Shift"]))
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "shift-clicked"
    box = await aw(
        sess.evaluate(
            "(() => { const r = document.getElementById('inc').getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
    )
    r = await aw(sess.click(bk.point(box[0], box[1])))
    assert r.target_verified is None
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "clicked 2"


async def test_bad_action_arguments_change_nothing(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    tree = (await aw(sess.snapshot())).tree
    ref = ref_of(tree, 'button "Increment"')
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.click(ref, button="sideways"))
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.click(ref, click_count=0))
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.click("not a ref"))
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "idle"


async def test_hover_type_press_and_scroll(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    tree = (await aw(sess.snapshot())).tree
    await aw(sess.hover(bk.css("#hoverme")))
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "hovered"
    name = ref_of(tree, 'textbox "Name"')
    await aw(sess.type(name, "Ada"))
    await aw(sess.type(name, " Lovelace", clear=False))
    assert await aw(sess.evaluate("document.getElementById('name').value")) == "Ada Lovelace"
    await aw(sess.type(name, "Grace"))
    assert await aw(sess.evaluate("document.getElementById('name').value")) == "Grace"
    await aw(sess.type(None, "Hopper"))  # into the focused element, replacing
    assert await aw(sess.evaluate("document.getElementById('name').value")) == "Hopper"
    await aw(sess.press("Escape", target=name))
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "escaped"
    await aw(sess.scroll(delta_y=1200))
    assert await aw(sess.evaluate("scrollY")) >= 1000
    await aw(sess.scroll(delta_y=-5000))
    assert await aw(sess.evaluate("scrollY")) == 0


async def test_type_with_submit_follows_the_navigation(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    before = sess.generation
    tree = (await aw(sess.snapshot())).tree
    r = await aw(sess.type(ref_of(tree, 'textbox "Query"'), "tea pot", submit=True))
    assert r.navigated is True
    assert r.generation == before + 1
    assert "q=tea+pot" in r.url


@pytest.mark.every_python
async def test_evaluate_returns_json_and_raises_on_errors(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    assert await aw(sess.evaluate("({a: [1, 2], b: 'x'})")) == {"a": [1, 2], "b": "x"}
    assert await aw(sess.evaluate("() => document.title")) == "Basic"
    with pytest.raises(bk.EvaluationError) as info:
        await aw(sess.evaluate("(() => { throw new Error('boom') })()"))
    assert "boom" in info.value.message
    with pytest.raises(bk.TimeoutError):
        await aw(sess.evaluate("new Promise(() => {})", timeout_ms=300))
    assert await aw(sess.evaluate("1 + 1")) == 2


@pytest.mark.every_python
async def test_screenshot_scales_to_max_side_and_reports_source(
    sess: AnySession, base_url: str, tmp_path: Any
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    shot = await aw(sess.screenshot())
    assert shot.mime == "image/jpeg"
    assert (shot.source_width, shot.source_height) == (1280, 800)
    assert (shot.width, shot.height) == (1280, 800)
    small = await aw(sess.screenshot(format="png", max_side=640, path=str(tmp_path / "s.png")))
    assert small.mime == "image/png"
    assert small.width == 640 and small.height == 400
    assert (tmp_path / "s.png").read_bytes() == small.data
    full = await aw(sess.screenshot(full_page=True, max_side=1000))
    assert full.source_height > 3000
    assert max(full.width, full.height) <= 1000
    assert full.height == 1000
    element = await aw(sess.screenshot(target=bk.css("#hoverme"), format="png"))
    assert (element.source_width, element.source_height) == (120, 30)
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.screenshot(format="gif"))


@pytest.mark.timeout(30)
async def test_timeouts_are_clamped_to_max_timeout(base_url: str) -> None:
    async with bk.AsyncBrowser(idle_stop_ms=0, default_timeout_ms=500, max_timeout_ms=3000) as b:
        # The first load of a new browser gets the ceiling, not the 500 ms
        # default: on a busy machine that default is a race with the server.
        s = await b.start()
        await s.navigate(f"{base_url}/basic.html", timeout_ms=60_000)
        # Unclamped, this wait would outlast the test's own 30 s timeout.
        result = await s.wait_for(text="never appears", timeout_ms=60_000)
        assert result.met is False
        assert 3000 <= result.waited_ms < 20_000


@pytest.mark.every_python
async def test_wait_for_text_selector_url(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    await aw(
        sess.evaluate(
            "setTimeout(() => { document.getElementById('out').textContent = 'late' }, 200)"
        )
    )
    res = await aw(sess.wait_for(text="late", timeout_ms=3000))
    assert res.met is True
    assert (await aw(sess.wait_for(text_gone="late", timeout_ms=200))).met is False
    assert (await aw(sess.wait_for(selector=bk.css("#inc")))).met is True
    assert (await aw(sess.wait_for(url="basic.html"))).met is True
    assert (await aw(sess.wait_for(url="/basic\\.html$/"))).met is True
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.wait_for())


async def test_a_call_refused_because_the_browser_went_leaves_no_unawaited_coroutine(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    # White box: the moment between the browser going and the session
    # learning it, when a call is refused before its Playwright call runs.
    s = await abrowser.start(url=f"{base_url}/basic.html")
    core = s._core
    tab = core.tabs[s.tab_id]
    core.gone.set()
    try:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            with pytest.raises(bk.SessionClosedError):
                await core.bounded(tab.page.aria_snapshot(mode="ai"), "snapshot", 1000, tab)
            gc.collect()
        assert not [w for w in seen if "never awaited" in str(w.message)]
    finally:
        core.gone.clear()
        await s.stop()
