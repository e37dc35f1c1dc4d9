"""Init scripts, PDF, waiting a set time, evaluate on an element, and raw mouse/key input.

Tests that take ``sess`` run on the async and the sync API, against real
Chromium and pages served from 127.0.0.1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import browserkit as bk
from browserkit import tools
from browserkit.tools import ToolContext
from tests.helpers import AnySession, aw, raises_before_waiting, ref_of


async def seen(sess: AnySession, *types: str) -> list[dict[str, Any]]:
    """The events the page logged, of the given types."""
    events = await aw(sess.evaluate("window.seen"))
    return [e for e in events if e["type"] in types]


# ------------------------------------------------------------ init scripts


async def test_init_script_runs_before_the_pages_own_scripts(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/extras_init.html"))
    assert await aw(sess.init_script("window.fromInit = 'hello'")) == 1
    # Not in the document already loaded.
    assert await aw(sess.evaluate("typeof window.fromInit")) == "undefined"
    await aw(sess.reload())
    assert await aw(sess.evaluate("window.sawAtStart")) == "hello"
    assert await aw(sess.evaluate("window.childSaw")) == "hello"  # frames too
    assert await aw(sess.init_script("window.fromInit += ' again'")) == 2
    await aw(sess.navigate(f"{base_url}/extras_init.html"))
    assert await aw(sess.evaluate("window.sawAtStart")) == "hello again"


async def test_init_script_reaches_new_tabs(sess: AnySession, base_url: str) -> None:
    await aw(sess.init_script("window.fromInit = 'every tab'"))
    await aw(sess.new_tab(f"{base_url}/extras_init.html"))
    assert await aw(sess.evaluate("window.sawAtStart")) == "every tab"


async def test_init_script_refuses_empty_code(sess: AnySession) -> None:
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.init_script("  "))


# --------------------------------------------------------------------- pdf


async def test_pdf_writes_a_valid_pdf_with_its_page_count(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/extras_print.html"))
    out = tmp_path / "print.pdf"
    done = await aw(sess.pdf(str(out)))
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")
    assert (done.path, done.size_bytes, done.pages) == (str(out), len(data), 3)
    one = await aw(sess.pdf(str(tmp_path / "one.pdf"), paper="Letter", landscape=True))
    assert one.pages == 3 and Path(one.path).read_bytes().startswith(b"%PDF-")
    assert "PdfFile" in repr(done) and len(repr(done)) <= 200


async def test_pdf_needs_an_existing_folder(sess: AnySession, tmp_path: Path) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.pdf(str(tmp_path / "missing" / "x.pdf")))
    assert "folder" in info.value.message
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.pdf(str(tmp_path / "x.pdf"), paper="A0"))  # type: ignore[arg-type]


async def test_pdf_is_refused_before_anything_when_the_browser_has_a_window(
    abrowser: bk.AsyncBrowser, tmp_path: Path
) -> None:
    # A headful Chromium needs a display, which CI has not: this
    # session is a real headless one whose recorded launch mode says
    # "with a window", which is all the check reads.
    s = await abrowser.start()
    try:
        s._core.browser_headless = False
        out = tmp_path / "never.pdf"
        error = raises_before_waiting(lambda: s.pdf(str(out)), bk.InvalidArgumentError)
        assert "headless=True" in error.hint and "window" in error.message
        assert not out.exists()
    finally:
        await s.stop()


async def test_pdf_is_allowed_on_a_read_only_session(
    ro_sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(ro_sess.navigate(f"{base_url}/extras_print.html"))
    done = await aw(ro_sess.pdf(str(tmp_path / "ro.pdf")))
    assert done.pages == 3


# ----------------------------------------------------------------- waiting


async def test_wait_for_time_alone_waits_that_long(sess: AnySession) -> None:
    r = await aw(sess.wait_for(time_ms=120))
    assert r.met is True and r.waited_ms >= 120


async def test_wait_for_time_then_a_condition(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/extras_eval.html"))
    # "Ready" shows 150 ms after load: after the pause it is there at once.
    r = await aw(sess.wait_for(time_ms=300, text="Ready"))
    assert r.met is True and r.waited_ms >= 300
    # The pause counts within the timeout: the condition gets what is left.
    never = await aw(sess.wait_for(time_ms=100, text="Never shown", timeout_ms=100))
    assert never.met is False and never.waited_ms >= 100


async def test_wait_for_time_over_the_bounds_is_refused(sess: AnySession) -> None:
    most = bk.Config.from_env().max_timeout_ms
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.wait_for(time_ms=most + 1))
    assert "max_timeout_ms" in info.value.message
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.wait_for(time_ms=2000, timeout_ms=1000))
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.wait_for(time_ms=-1))
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.wait_for())


# --------------------------------------------------------- evaluate on one


async def test_evaluate_with_a_ref_gets_that_element(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/extras_eval.html"))
    snap = await aw(sess.snapshot())
    qty = ref_of(snap.tree, 'textbox "Quantity"')
    assert await aw(sess.evaluate("el => el.value", target=qty)) == "3"
    assert await aw(sess.evaluate("(el) => el.id", target=qty)) == "qty"
    mug = ref_of(snap.tree, 'button "Buy mug"')
    assert await aw(sess.evaluate("el => el.dataset.sku", target=mug)) == "MUG-2"
    # Without a target, exactly as before.
    assert await aw(sess.evaluate("1 + 1")) == 2
    assert await aw(sess.evaluate("() => document.title")) == "Extras: evaluate"


async def test_evaluate_with_a_selector_gets_that_element(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/extras_eval.html"))
    tea = await aw(sess.evaluate("el => el.dataset.sku", target=bk.css("button", nth=0)))
    assert tea == "TEA-1"
    label = await aw(sess.evaluate("el => el.textContent", target=bk.role("button", "Buy mug")))
    assert label == "Buy mug"
    with pytest.raises(bk.InvalidArgumentError):  # two match: no silent pick
        await aw(sess.evaluate("el => el.textContent", target=bk.css("button")))
    with pytest.raises(bk.TargetNotFoundError):
        await aw(sess.evaluate("el => el.textContent", target=bk.css("#nothing")))
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.evaluate("el => el.textContent", target=bk.point(5, 5)))
    with pytest.raises(bk.EvaluationError):
        await aw(sess.evaluate("el => el.missing.deeper", target=bk.css("#qty")))


async def test_evaluate_with_a_stale_or_gone_ref_raises(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/extras_eval.html"))
    snap = await aw(sess.snapshot())
    qty = ref_of(snap.tree, 'textbox "Quantity"')
    await aw(sess.evaluate("el => el.remove()", target=qty))
    with pytest.raises(bk.RefNotFoundError):
        await aw(sess.evaluate("el => el.value", target=qty))
    snap = await aw(sess.snapshot())
    mug = ref_of(snap.tree, 'button "Buy mug"')
    await aw(sess.reload())
    with pytest.raises(bk.StaleRefError):
        await aw(sess.evaluate("el => el.textContent", target=mug))


# --------------------------------------------------------------- raw input


async def test_drawing_with_mouse_down_hover_and_mouse_up(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/extras_input.html"))
    down = await aw(sess.mouse_down(bk.point(40, 30)))
    assert down.target_verified is None
    assert down.diff is not None and "drawing" in str(down)  # observed like a click
    await aw(sess.hover(bk.point(200, 150)))
    up = await aw(sess.mouse_up())
    assert up.target_verified is None and "idle" in str(up)
    events = await seen(sess, "pointerdown", "pointermove", "pointerup")
    kinds = [e["type"] for e in events]
    events = events[kinds.index("pointerdown") :]  # (moving to the first point came before)
    kinds = [e["type"] for e in events]
    assert kinds[0] == "pointerdown" and kinds[-1] == "pointerup" and "pointermove" in kinds
    assert kinds.count("pointerdown") == kinds.count("pointerup") == 1
    assert all(e["trusted"] for e in events)
    first, last = events[0], events[-1]
    # The canvas has a 1px border: its content starts at (1, 1).
    assert (first["x"], first["y"]) == (39, 29) and (last["x"], last["y"]) == (199, 149)
    moves = [e for e in events if e["type"] == "pointermove"]
    assert all(e["buttons"] == 1 for e in moves)  # the button stayed held


async def test_mouse_down_on_an_element_moves_there_first(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/extras_input.html"))
    down = await aw(sess.mouse_down(bk.css("#pad"), button="right"))
    assert down.target_verified is True
    await aw(sess.mouse_up(bk.point(10, 10), button="right"))
    events = await seen(sess, "pointerdown", "pointerup")
    assert [e["type"] for e in events] == ["pointerdown", "pointerup"]
    assert events[0]["button"] == 2 and (events[0]["x"], events[0]["y"]) == (150, 100)
    assert (events[1]["x"], events[1]["y"]) == (9, 9)
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.mouse_down(button="thumb"))


async def test_key_down_holds_a_key_until_key_up(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/extras_input.html"))
    await aw(sess.click(bk.css("#keys")))
    held = await aw(sess.key_down("Shift"))
    assert held.target_verified is None
    await aw(sess.press("KeyA"))  # a key's code: Shift applies (a stays a, see key_down)
    await aw(sess.press("b"))  # a character: typed as given, Shift still held
    await aw(sess.key_up("Shift"))
    await aw(sess.press("KeyC"))
    assert await aw(sess.evaluate("document.getElementById('keys').value")) == "Abc"
    keys = await seen(sess, "keydown", "keyup")
    assert all(e["trusted"] for e in keys)
    assert [(e["type"], e["key"], e["shift"]) for e in keys] == [
        ("keydown", "Shift", True),
        ("keydown", "A", True),
        ("keyup", "A", True),
        ("keydown", "b", True),
        ("keyup", "b", True),
        ("keyup", "Shift", False),
        ("keydown", "c", False),
        ("keyup", "c", False),
    ]


async def test_key_down_takes_one_known_key(sess: AnySession) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.key_down("Shift+a"))
    assert "key_down" in info.value.hint
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.key_down("NoSuchKey"))
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.key_up(""))


async def test_read_only_sessions_refuse_init_scripts_and_raw_input(
    ro_sess: AnySession, base_url: str
) -> None:
    await aw(ro_sess.navigate(f"{base_url}/extras_input.html"))
    calls = [
        lambda: ro_sess.init_script("window.x = 1"),
        lambda: ro_sess.mouse_down(bk.point(10, 10)),
        lambda: ro_sess.mouse_down(),
        lambda: ro_sess.mouse_up(),
        lambda: ro_sess.key_down("Shift"),
        lambda: ro_sess.key_up("Shift"),
    ]
    for call in calls:
        raises_before_waiting(call, bk.ReadOnlyError)


# ------------------------------------------------------------------- tools


async def test_the_tools_draw_hold_keys_evaluate_wait_and_print(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path
) -> None:
    ctx = ToolContext(output_dir=tmp_path)
    start = await tools.call(
        abrowser, "browser_sessions_start", {"url": f"{base_url}/extras_input.html"}
    )
    sid = start["session_id"]

    async def call(name: str, **arguments: Any) -> dict[str, Any]:
        out = await tools.call(abrowser, name, {"session_id": sid, **arguments}, ctx)
        assert "error" not in out, out
        return out

    try:
        note = {"detail": "draw a line"}
        await call("browser_act", action="mouse_down", x=20, y=20, **note)
        await call("browser_act", action="hover", x=120, y=60, **note)
        up = await call("browser_act", action="mouse_up", **note)
        assert "idle" in up["diff"]
        await call("browser_act", action="click", selector="#keys", detail="focus")
        await call("browser_act", action="key_down", key="Shift", detail="hold Shift")
        await call("browser_act", action="press", key="KeyZ", detail="type Z")
        await call("browser_act", action="key_up", key="Shift", detail="let go")
        value = await call("browser_evaluate", expression="el => el.value", selector="#keys")
        assert value == {"value": "Z"}
        kinds = await call("browser_evaluate", expression="seen.map(e => e.type).join()")
        assert "pointerdown,pointermove" in kinds["value"]
        waited = await call("browser_wait_for", time_ms=50)
        assert waited["met"] is True
        bad = await tools.call(
            abrowser,
            "browser_act",
            {"session_id": sid, "action": "key_down", "detail": "no key"},
        )
        assert bad["error"]["code"] == "invalid_argument"
        printed = await call("browser_pdf", path="shot.pdf")
        assert printed["pages"] == 1 and (tmp_path / "shot.pdf").read_bytes()[:5] == b"%PDF-"
        added = await call("browser_init_script", code="window.fromInit = 'tool'")
        assert added == {"count": 1}
        await call("browser_navigate", url=f"{base_url}/extras_init.html")
        saw = await call("browser_evaluate", expression="window.sawAtStart")
        assert saw == {"value": "tool"}
        snap = await call("browser_snapshot")
        frame = ref_of(snap["snapshot"], "- iframe")
        title = await call("browser_evaluate", expression="el => el.title", ref=frame)
        assert title == {"value": "child"}
    finally:
        await abrowser.stop(sid)
    names = [t.name for t in tools.listed()]
    assert "browser_pdf" not in names and "browser_init_script" not in names
    assert {"browser_pdf", "browser_init_script"} <= {t.name for t in tools.listed(["all"])}
