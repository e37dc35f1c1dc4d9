"""A real web-component library: Shoelace's button, dialog, select and switch act by ref.

The page loads Shoelace from ``tests/pages/vendor/shoelace`` on the test
server (no CDN). Every control's label is light DOM slotted into a shadow
root, the case that once made the hit check call a button covered by its own
host.
"""

from __future__ import annotations

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, out, ref_of

# Browser behaviour, not the interpreter's: nox runs this module on one Python.
pytestmark = pytest.mark.slow


def ref_around(tree: str, needle: str) -> str:
    """The ref of the line holding ``needle``, or else of its nearest ancestor line with one."""
    lines = tree.splitlines()
    at = next(i for i, line in enumerate(lines) if needle in line)
    depth = len(lines[at]) - len(lines[at].lstrip())
    for line in reversed(lines[: at + 1]):
        indent = len(line) - len(line.lstrip())
        if "[ref=" in line and (line is lines[at] or indent < depth):
            return line.split("[ref=", 1)[1].split("]", 1)[0]
    raise AssertionError(f"no ref on or above {needle!r}:\n{tree}")


async def open_page(sess: AnySession, base_url: str) -> str:
    await aw(sess.navigate(f"{base_url}/hit_shoelace.html"))
    met = await aw(sess.wait_for(selector=bk.css("body[data-ready=yes]"), timeout_ms=10_000))
    assert met.met, "Shoelace did not load from the vendored files"
    return str((await aw(sess.snapshot())).tree)


@pytest.mark.every_python
async def test_shoelace_button_clicks_by_ref(sess: AnySession, base_url: str) -> None:
    tree = await open_page(sess, base_url)
    r = await aw(sess.click(ref_of(tree, 'button "Save"')))
    assert r.target_verified is True
    assert await out(sess) == "saved 1"


async def test_shoelace_dialog_opens_and_closes_by_ref(sess: AnySession, base_url: str) -> None:
    tree = await open_page(sess, base_url)
    r = await aw(sess.click(ref_of(tree, 'button "Open dialog"')))
    assert r.target_verified is True
    assert await aw(sess.evaluate("document.getElementById('dialog').open")) is True
    tree = str((await aw(sess.snapshot())).tree)
    # "Done" is light DOM slotted into the dialog's footer, in its shadow root.
    r = await aw(sess.click(ref_of(tree, 'button "Done"'), observe=False))
    assert r.target_verified is True
    assert await aw(sess.evaluate("document.getElementById('dialog').open")) is False
    # Right after the dialog closes its overlay fades out; the next click
    # waits for it instead of refusing or landing on it.
    r = await aw(sess.click(ref_of(tree, 'button "Save"')))
    assert r.target_verified is True
    assert await aw(sess.evaluate("document.body.dataset.saves")) == "1"


async def test_closing_a_shoelace_dialog_answers_with_it_closed(
    sess: AnySession, base_url: str
) -> None:
    tree = await open_page(sess, base_url)
    await aw(sess.click(ref_of(tree, 'button "Open dialog"')))
    tree = str((await aw(sess.snapshot())).tree)
    assert 'dialog "Settings"' in tree
    r = await aw(sess.click(ref_of(tree, 'button "Done"')))
    # sl-dialog fades its panel and overlay out, and only then hides itself
    # and says so: the click's answer shows that end, not the fade.
    assert r.settled is True
    assert "dialog closed" in str(r.diff), str(r.diff)
    assert any('dialog "Settings"' in str(node) for node in r.diff.removed), str(r.diff)


async def test_shoelace_dialog_header_close_button_acts_by_ref(
    sess: AnySession, base_url: str
) -> None:
    tree = await open_page(sess, base_url)
    await aw(sess.click(ref_of(tree, 'button "Open dialog"')))
    tree = str((await aw(sess.snapshot())).tree)
    r = await aw(sess.click(ref_of(tree, 'button "Close"')))
    assert r.target_verified is True
    assert await aw(sess.evaluate("document.getElementById('dialog').open")) is False


async def test_shoelace_select_chooses_an_option_by_ref(sess: AnySession, base_url: str) -> None:
    tree = await open_page(sess, base_url)
    r = await aw(sess.click(ref_of(tree, 'combobox "Size"')))
    assert r.target_verified is True
    assert await aw(sess.evaluate("document.getElementById('size').open")) is True
    tree = str((await aw(sess.snapshot())).tree)
    r = await aw(sess.click(ref_of(tree, 'option "Medium"')))
    assert r.target_verified is True
    assert await aw(sess.evaluate("document.getElementById('size').value")) == "medium"
    assert await out(sess) == "size medium"


async def test_shoelace_switch_toggles_by_ref(sess: AnySession, base_url: str) -> None:
    tree = await open_page(sess, base_url)
    # The switch's own input is visually hidden; its label is what a user
    # (and the outline's ref) clicks.
    switch = ref_around(tree, 'switch "Dark mode"')
    r = await aw(sess.click(switch))
    assert r.target_verified is True
    assert await aw(sess.evaluate("document.getElementById('dark').checked")) is True
    assert await out(sess) == "dark true"
    r = await aw(sess.click(switch))
    assert r.target_verified is True
    assert await aw(sess.evaluate("document.getElementById('dark').checked")) is False


async def test_locators_inside_shadow_roots_are_unique_now_and_after_a_reload(
    sess: AnySession, base_url: str
) -> None:
    # Shoelace's select and switch both hold a "div > label" in their shadow
    # roots: a CSS path goes on from its host, so it names one of them.
    tree = await open_page(sess, base_url)
    refs = [line.split("[ref=")[1].split("]")[0] for line in tree.splitlines() if "[ref=" in line]
    made = {ref: await aw(sess.locator(ref)) for ref in refs}
    paths = [sel.value for sel in made.values() if sel.kind == "css"]
    assert any(path.startswith("#size > ") for path in paths), paths  # on from the select's host
    await open_page(sess, base_url)  # loaded anew
    for sel in made.values():
        # locator() of a selector resolves it: it fails unless exactly one matches.
        assert await aw(sess.locator(sel)) == sel
