"""Refs inside same-origin, cross-origin and nested iframes and open shadow roots act."""

from __future__ import annotations

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, ref_of


async def test_refs_inside_same_origin_cross_origin_and_nested_frames(
    sess: AnySession, base_url: str, other_origin_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/frames.html?other={other_origin_url}"))
    await aw(sess.wait_for(selector=bk.css("#cross"), timeout_ms=5000))
    tree = ""
    for _ in range(40):  # the cross-origin frame loads after the page
        tree = (await aw(sess.snapshot())).tree
        if "Cross button" in tree and "Deep" in tree:
            break
        await aw(sess.wait_for(text="never", timeout_ms=100))
    inside = ref_of(tree, 'button "Inside"')
    cross = ref_of(tree, 'button "Cross button"')
    deep = ref_of(tree, 'button "Deep"')
    assert inside.startswith("f") and cross.startswith("f") and deep.startswith("f")
    r = await aw(sess.click(inside))
    assert any("frame clicked" in c.line for c in r.diff.changed), str(r.diff)
    r = await aw(sess.click(cross))
    assert any("cross clicked" in c.line for c in r.diff.changed), str(r.diff)
    await aw(sess.type(ref_of(tree, 'textbox "Cross field"'), "typed across origins"))
    r = await aw(sess.click(deep))
    assert any("deep clicked" in c.line for c in r.diff.changed), str(r.diff)
    final = (await aw(sess.snapshot())).tree
    assert "typed across origins" in final


@pytest.mark.every_python
async def test_refs_inside_open_shadow_roots_and_slots(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/shadow.html"))
    tree = (await aw(sess.snapshot())).tree
    await aw(sess.click(ref_of(tree, 'button "Shadow button"')))
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "shadow clicked"
    await aw(sess.type(ref_of(tree, 'textbox "Shadow field"'), "in the shadow"))
    value = await aw(
        sess.evaluate("document.querySelector('my-card').shadowRoot.querySelector('input').value")
    )
    assert value == "in the shadow"
    dialog_line = next(line for line in tree.splitlines() if 'dialog "Confirm"' in line)
    indent = len(dialog_line) - len(dialog_line.lstrip())
    slotted = next(line for line in tree.splitlines() if "Slotted OK" in line)
    assert len(slotted) - len(slotted.lstrip()) > indent  # the outline shows it inside
    r = await aw(sess.click(ref_of(tree, 'button "Slotted OK"')))
    assert any("slotted clicked" in c.line for c in r.diff.changed), str(r.diff)
