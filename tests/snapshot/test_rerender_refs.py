"""A list the page rebuilds keeps its refs (issue 28 item 10), and never acts on another item.

A todo app that replaces its whole list on every change gives every item new
elements, and Playwright new refs. A ref read before any number of such
re-renders still acts on its own item, as long as the item kept its role,
name and content at its place; a changed, gone or ambiguous item (two that
print the same) is refused with ``ref_not_found``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

import browserkit as bk
from browserkit.refs import RefTrail
from browserkit.snapshot import diff, parse
from tests.helpers import AnySession, aw, ref_of


def todo_outline(items: list[str], refs: Iterator[int], *, checked: str = "") -> str:
    """The outline of tests/pages/rerender_todos.html: every item takes four fresh refs."""
    lines = ["- generic [ref=e1]:", '  - textbox "New todo" [ref=e2]', "  - list [ref=e3]:"]
    for item in items:
        li, box, check, delete = (next(refs) for _ in range(4))
        state = " [checked]" if item == checked else ""
        lines += [
            f"    - listitem [ref=e{li}]:",
            f"      - generic [ref=e{box}]:",
            f'        - checkbox "Toggle Todo"{state} [ref=e{check}]',
            f"        - text: {item}",
            f'        - button "Delete" [ref=e{delete}]',
        ]
    lines.append('  - button "Refresh" [ref=e4]')
    return "\n".join(lines)


def box_of(tree: str, item: str, role: str = "checkbox") -> str:
    """The ref of ``item``'s checkbox (or Delete button) in an outline of the todo page."""
    lines = tree.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip() == f"- text: {item}")
    near = lines[at - 1] if role == "checkbox" else lines[at + 1]
    assert f"- {role} " in near, near
    return ref_of(near, role)


# -- the rule, without a browser ---------------------------------------------


def test_a_rebuilt_item_keeps_its_refs_and_the_diff_no_longer_lists_them() -> None:
    old = parse(todo_outline(["Buy milk", "Walk dog"], itertools.count(10)))
    new = parse(todo_outline(["Buy milk", "Walk dog", "Ship it"], itertools.count(40)))
    d = diff(old, new, baseline_generation=1)
    # The items, their boxes, checkboxes and buttons: every old ref names its new self.
    assert sorted(d.kept) == sorted((f"e{n}", f"e{n + 30}") for n in range(10, 18))
    assert str(d).splitlines()[0] == "changes: 1 added; 14 unchanged"
    assert "→" not in str(d)


def test_identical_items_changed_items_and_moved_items_are_not_kept() -> None:
    old = parse(todo_outline(["Buy milk", "Buy milk", "Walk dog", "Call mom"], itertools.count(10)))
    rebuilt = todo_outline(["Buy milk", "Buy milk", "Walk dog", "Call mom"], itertools.count(40))
    d = diff(old, parse(rebuilt), baseline_generation=1)
    kept = dict(d.kept)
    # Two items that print the same cannot be told apart: neither keeps its refs,
    # and the text still names their new refs.
    assert not {"e10", "e12", "e14", "e16"} & kept.keys()
    assert kept["e20"] == "e50" and kept["e24"] == "e54"
    assert "new refs e10→e40 e12→e42" in str(d)
    # A checked item changed content; a reversed list pairs only what kept its order.
    toggled = todo_outline(["Buy milk", "Walk dog"], itertools.count(40), checked="Walk dog")
    d = diff(
        parse(todo_outline(["Buy milk", "Walk dog"], itertools.count(10))),
        parse(toggled),
        baseline_generation=1,
    )
    assert dict(d.kept).keys() == {"e10", "e11", "e12", "e13"}
    d = diff(
        old,
        parse(todo_outline(["Call mom", "Walk dog", "Buy milk", "Buy milk"], itertools.count(40))),
        baseline_generation=1,
    )
    assert dict(d.kept) == {"e22": "e40", "e23": "e41", "e24": "e42", "e25": "e43"}


def test_a_trail_composes_re_renders_and_stops_at_a_change() -> None:
    trail = RefTrail()
    refs = itertools.count(10)
    trail.saw(todo_outline(["Buy milk", "Walk dog"], refs), 1)
    for _ in range(10):  # past the outlines a trail holds unlinked
        trail.saw(todo_outline(["Buy milk", "Walk dog"], refs), 1)
    # e12, Buy milk's checkbox, is e12 + 10 * 8 after ten re-renders.
    assert trail.follow("e12", 1) == "e92"
    assert trail.follow("e12", 2) is None  # another document
    trail.saw(todo_outline(["Buy milk today", "Walk dog"], refs), 1)
    assert trail.follow("e12", 1) is None  # its text changed
    assert trail.follow("e16", 1) == "e104"  # Walk dog's checkbox did not


def test_iframe_refs_are_never_kept() -> None:
    # An iframe that loads a new document numbers its refs from the start again.
    old = parse('- iframe [ref=e1]:\n  - button "Pay" [ref=f1e2]\n  - button "Back" [ref=f1e3]')
    new = parse('- iframe [ref=e1]:\n  - button "Pay" [ref=f1e5]\n  - button "Back" [ref=f1e6]')
    assert diff(old, new, baseline_generation=1).kept == ()


# -- on a real page, both APIs -----------------------------------------------


async def _todos(sess: AnySession) -> list[tuple[str, bool]]:
    model = await aw(sess.evaluate("todos.map((t) => [t.text, t.done])"))
    return [(str(text), bool(done)) for text, done in model]


async def test_refs_read_before_five_re_renders_still_act_on_their_items(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/rerender_todos.html"))
    tree = (await aw(sess.snapshot())).tree
    milk, dog = box_of(tree, "Buy milk"), box_of(tree, "Walk dog")
    refresh = ref_of(tree, 'button "Refresh"')
    # Five re-renders: nothing changed, twice; an item added; an item toggled
    # through the ref read before them all; nothing changed again.
    for _ in range(2):
        r = await aw(sess.click(refresh))
        # Four items of four refs each rebuilt: kept, so not listed.
        assert r.diff is not None and len(r.diff.kept) == 16
        assert "nothing else changed" in str(r.diff) or "no changes" in str(r.diff)
    await aw(sess.type(ref_of(tree, 'textbox "New todo"'), "Ship it", submit=True))
    await aw(sess.click(dog))
    r = await aw(sess.click(refresh))
    assert r.diff is not None and len(r.diff.kept) == 20 and "→" not in str(r.diff)
    await aw(sess.click(milk))
    assert await _todos(sess) == [
        ("Buy milk", True),
        ("Walk dog", True),
        ("Call mom", False),
        ("Write tests", False),
        ("Ship it", False),
    ]
    # Walk dog was checked since its ref was read: the item changed, refused.
    with pytest.raises(bk.RefNotFoundError) as info:
        await aw(sess.click(dog))
    assert info.value.code == "ref_not_found" and "snapshot" in info.value.hint
    # An item whose text changed is refused too, and nothing is toggled.
    await aw(sess.click(ref_of(tree, 'button "Rename first"')))
    with pytest.raises(bk.RefNotFoundError):
        await aw(sess.click(milk))
    assert (await _todos(sess))[:2] == [("Buy milk today", True), ("Walk dog", True)]


async def test_identical_items_and_a_reorder_never_act_on_another_item(
    sess: AnySession, base_url: str
) -> None:
    await aw(
        sess.navigate(f"{base_url}/rerender_todos.html?items=Buy milk|Buy milk|Walk dog|Call mom")
    )
    tree = (await aw(sess.snapshot())).tree
    milk, dog = box_of(tree, "Buy milk"), box_of(tree, "Walk dog")
    call = box_of(tree, "Call mom", "button")
    await aw(sess.click(ref_of(tree, 'button "Refresh"')))
    # Which "Buy milk" the first checkbox became cannot be known: refused.
    with pytest.raises(bk.RefNotFoundError):
        await aw(sess.click(milk))
    # Reversed: only Call mom kept its order among the items the diff paired.
    await aw(sess.click(ref_of(tree, 'button "Reverse"')))
    with pytest.raises(bk.RefNotFoundError):
        await aw(sess.click(dog))
    await aw(sess.click(call))
    assert await _todos(sess) == [("Walk dog", False), ("Buy milk", False), ("Buy milk", False)]
