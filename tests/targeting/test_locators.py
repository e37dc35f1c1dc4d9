"""Stable locators: the selector a careful person would write, checked unique."""

from __future__ import annotations

import browserkit as bk
from tests.helpers import AnySession, aw

# What a person would name each element of script_app.html by (the page's own
# getAttribute lies: locators are read in an isolated world).
EXPECTED = {
    "e2": 'bk.role("main")',
    "e3": 'bk.role("heading", "Tasks")',
    "e5": 'bk.role("textbox", "Title")',
    "e6": 'bk.role("textbox", "A short note")',
    "e7": 'bk.test_id("add-task")',
    "e10": 'bk.role("button", "Delete", nth=0)',
    "e12": 'bk.role("button", "Delete", nth=1)',
    "e15": 'bk.role("checkbox", "Done")',
    "e16": 'bk.role("button", "Save")',
}


async def test_locators_are_unique_now_and_after_a_reload(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/script_app.html"))
    tree = (await aw(sess.snapshot())).tree
    refs = [line.split("[ref=")[1].split("]")[0] for line in tree.splitlines() if "[ref=" in line]
    made = {ref: await aw(sess.locator(ref)) for ref in refs}
    assert {ref: repr(made[ref]) for ref in EXPECTED} == EXPECTED
    # A positional CSS path only where nothing better names the element.
    assert {ref for ref, sel in made.items() if sel.kind == "css"} <= {"e13"}
    await aw(sess.reload())
    for sel in made.values():
        # locator() of a selector resolves it: it fails unless exactly one matches.
        assert await aw(sess.locator(sel)) == sel


async def test_an_action_answers_with_its_locator(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/script_app.html"))
    await aw(sess.snapshot())
    clicked = await aw(sess.click("e16"))
    assert clicked.locator == bk.role("button", "Save")
    typed = await aw(sess.type(bk.label("Title"), "Milk"))
    assert typed.locator == bk.label("Title")  # a person's selector stays as given
    assert (await aw(sess.press("Enter"))).locator is None


async def test_a_css_path_two_shadow_roots_repeat_gets_nth(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    # Two hosts without ids, each with the same nameless knob (#knob) in its shadow root.
    await aw(
        sess.evaluate(
            """() => { for (let i = 0; i < 2; i++) {
                const root = document.body.appendChild(document.createElement('span'))
                  .attachShadow({mode: 'open'});
                root.innerHTML = '<div id="knob" style="cursor:pointer;height:9px"></div>';
            } }"""
        )
    )
    tree = (await aw(sess.snapshot())).tree
    knobs = [line for line in tree.splitlines() if "[cursor=pointer]" in line][-2:]
    made = [await aw(sess.locator(line.split("[ref=")[1].split("]")[0])) for line in knobs]
    assert made == [bk.css("#knob", nth=0), bk.css("#knob", nth=1)]
