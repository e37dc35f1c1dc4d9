"""The outline parser: real Playwright outlines round-trip exactly and read correctly.

Pure tests, no browser. ``tests/outlines/*.txt`` were captured from Chromium
by ``scripts/capture_outlines.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from browserkit.snapshot import Node, Outline, count_nodes, diff, parse, render
from tests.examples import examples

# Pure Python: runs on every Python.
pytestmark = pytest.mark.every_python

OUTLINES = Path(__file__).parent.parent / "outlines"
SAMPLES = sorted(OUTLINES.glob("*.txt"))


def sample(name: str) -> Outline:
    return parse((OUTLINES / f"{name}.txt").read_text(encoding="utf-8"))


def by_ref(outline: Outline, ref: str) -> Node:
    node = outline.find(ref)
    assert node is not None, ref
    return node


def test_samples_were_captured() -> None:
    assert len(SAMPLES) >= 10


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_captured_outline_renders_back_exactly(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert render(parse(text)) == text
    assert str(parse(text)) == text


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_captured_line_is_understood(path: Path) -> None:
    outline = parse(path.read_text(encoding="utf-8"))
    assert [node.line for node in outline.walk() if node.opaque] == []


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_create_reprints_every_captured_line_exactly(path: Path) -> None:
    # Node.create follows Playwright's quoting rules, so what it prints for the
    # parsed fields is the very line Playwright printed.
    for node in parse(path.read_text(encoding="utf-8")).walk():
        if node.role == "text":
            made = Node.create("text", text=node.text)
        else:
            made = Node.create(
                node.role,
                node.name,
                attributes=node.attributes,
                ref=node.ref,
                props=node.props,
                text=node.text,
                children=node.children,
            )
        assert (made.line, made.prop_lines) == (node.line, node.prop_lines)
        assert made == node


def test_basic_outline_reads_roles_names_attributes_and_refs() -> None:
    outline = sample("basic")
    (root,) = outline.children
    assert (root.role, root.ref, root.name) == ("generic", "e2", None)
    heading = root.children[0]
    assert (heading.role, heading.name, heading.attributes, heading.ref) == (
        "heading",
        "Hi",
        (("level", "1"),),
        "e3",
    )
    link = by_ref(outline, "e6")
    assert link.attributes == (("cursor", "pointer"),)
    assert link.props == (("url", "/x"),)
    assert link.prop_lines == ("- /url: /x",)
    assert link.children == ()
    items = by_ref(outline, "e8").children
    assert [(item.role, item.text) for item in items] == [("listitem", "a"), ("listitem", "b")]
    assert by_ref(outline, "e11").attributes == (("checked", None),)


def test_iframe_content_nests_under_the_iframe_with_frame_refs() -> None:
    outline = sample("iframes")
    outer = by_ref(outline, "e3")
    assert outer.role == "iframe"
    assert outer.children[0].ref == "f1e1"
    inner = by_ref(outline, "f1e4")
    assert inner.role == "iframe"
    deep_link = by_ref(outline, "f4e2")
    assert (deep_link.name, deep_link.props) == ("deep link", (("url", "/deep"),))
    assert by_ref(outline, "f4e3").name == "deep input"
    assert by_ref(outline, "e5").children == ()  # an empty frame


def test_main_frame_refs_after_navigation_are_not_assumed_to_start_with_e() -> None:
    outline = sample("navigated")
    assert outline.children[0].ref == "f1e1"
    assert by_ref(outline, "f1e3").props == (("url", "a.html"),)
    assert by_ref(outline, "f2e2").name == "in"


def test_states_and_values_of_form_controls() -> None:
    outline = sample("forms")
    email = by_ref(outline, "e4")
    assert (email.role, email.name, email.props) == (
        "textbox",
        "Email",
        (("placeholder", "you@example.org"),),
    )
    bio = by_ref(outline, "e8")
    # Text of a node that also has properties is printed as a child text line.
    assert bio.props == (("placeholder", "Tell us"),)
    assert [(kid.role, kid.text) for kid in bio.children] == [("text", "Line one Line two")]
    assert by_ref(outline, "e11").attributes == (("checked", "mixed"),)
    assert by_ref(outline, "e26").text == "2"  # printed quoted: "2"
    assert by_ref(outline, "e29").attributes == (("invalid", None),)
    assert by_ref(outline, "e30").attributes == (("invalid", "spelling"),)
    assert by_ref(outline, "e31").attributes == (("disabled", None),)
    assert by_ref(outline, "e32").attributes == (("pressed", None),)
    assert by_ref(outline, "e33").attributes == (("pressed", "mixed"),)
    assert by_ref(outline, "e34").attributes == (("expanded", None),)
    tabs = by_ref(outline, "e39").children
    assert tabs[0].attributes == (("selected", None),)
    options = by_ref(outline, "e19").children
    # Options of a closed select are printed without refs.
    assert [(o.name, o.ref, o.attributes) for o in options] == [
        ("France", None, ()),
        ("Japan", None, (("selected", None),)),
        ("Mars", None, (("disabled", None),)),
    ]


def test_quoted_keys_names_and_text_are_unquoted() -> None:
    outline = sample("text_escapes")
    names = {node.ref: node.name for node in outline.walk() if node.ref}
    assert names["e3"] == "Quotes \"double\" and 'single'"
    assert names["e4"] == "Back\\slash \\ end"
    assert names["e5"] == "colon: after"  # the whole key was YAML-quoted
    assert names["e8"] == "has ] and [ref=e99] inside"
    assert names["e9"] == "hash # sign"
    assert names["e10"] == "- leading dash"
    assert names["e16"] == "émoji 🎉 ünïcode — “curly”"
    assert by_ref(outline, "e8").ref == "e8"
    texts = {node.ref: node.text for node in outline.walk() if node.ref}
    assert texts["e18"] == "colon: inside paragraph text"
    assert texts["e20"] == '"quoted paragraph"'
    assert texts["e21"] == "true"
    assert texts["e33"] == "note: \"x\" 'y'"
    assert by_ref(outline, "e32").props == (("url", "#top"),)
    paragraph = by_ref(outline, "e24")
    assert [kid.role for kid in paragraph.children] == ["text", "link", "text"]


def test_nodes_without_refs_and_locator_snapshots() -> None:
    widgets = sample("widgets")
    refless = [node.line for node in widgets.walk() if node.ref is None and node.role != "text"]
    assert '- progressbar "Upload"' in refless
    assert "- separator" in refless
    part = sample("article_locator")
    assert part.children[0].role == "article"


def test_long_list_parses_to_every_item() -> None:
    outline = sample("list_5000")
    items = outline.children[0].children[1].children
    assert len(items) == 5000
    assert items[-1].text == "Item 5000"
    assert count_nodes(outline) == 5003


def test_lines_that_do_not_fit_are_kept_verbatim() -> None:
    text = "\n".join(
        [
            "- list [ref=e1]:",
            "  - listitem [ref=e2]: a",
            "     - odd indentation",
            "garbage without a bullet",
            "",
            '  - button "unterminated [ref=e3]',
            "        - far too deep [ref=e9]",
            "  - listitem [ref=e4]: b\r",
            "  - /url: not a property here",
            "\t- tab indented",
            "- '- quoted but broken",
        ]
    )
    outline = parse(text)
    assert render(outline) == text
    (top, broken) = outline.children
    assert broken.opaque
    kids = top.children
    # A stray carriage return stays in the text; the line is still understood.
    assert [(kid.ref, kid.text) for kid in kids if not kid.opaque] == [("e2", "a"), ("e4", "b\r")]
    a_item = kids[0]
    assert [c.line for c in a_item.children] == [
        "     - odd indentation",
        "garbage without a bullet",
        "",
    ]
    assert all(c.opaque and c.role == "" for c in a_item.children)
    unterminated = kids[1]
    assert unterminated.opaque and unterminated.ref is None
    assert unterminated.children[0].line == "        - far too deep [ref=e9]"


def test_empty_and_single_line_outlines() -> None:
    assert parse("") == Outline(())
    assert render(Outline(())) == ""
    assert parse("- button [ref=e1]").children[0].ref == "e1"
    assert render(parse("\n")) == "\n"


def test_walk_find_and_count() -> None:
    outline = sample("basic")
    assert [node.ref for node in outline.walk()][:3] == ["e2", "e3", "e4"]
    assert outline.find("f1e2") is not None
    assert outline.find("e999") is None
    assert count_nodes(outline) == 11
    assert count_nodes(by_ref(outline, "e8")) == 3
    assert render(by_ref(outline, "e8")) == "- list [ref=e8]:\n  - listitem [ref=e9]: a\n" + (
        "  - listitem [ref=e10]: b"
    )
    assert repr(by_ref(outline, "e8")) == "Node('- list [ref=e8]:', children=2)"


def test_create_quotes_like_playwright() -> None:
    assert Node.create("button", "OK", ref="e3").line == '- button "OK" [ref=e3]'
    colon = Node.create("button", "a: b", ref="e3")
    assert colon.line == "- 'button \"a: b\" [ref=e3]'"
    assert colon.name == "a: b"
    link = Node.create(
        "link", "Docs", attributes=[("cursor", "pointer")], ref="e5", props=[("url", "#top")]
    )
    assert link.line == '- link "Docs" [ref=e5] [cursor=pointer]:'
    assert link.prop_lines == ('- /url: "#top"',)
    assert Node.create("text", text="").line == '- text: ""'
    assert Node.create("paragraph", ref="e1", text="a\nb").line == '- paragraph [ref=e1]: "a\\nb"'
    with pytest.raises(ValueError, match="inline text"):
        Node.create("link", "x", props=[("url", "/")], text="t")


def test_deep_nesting_does_not_hit_the_recursion_limit() -> None:
    depth = 3000
    text = "\n".join("  " * i + f"- generic [ref=e{i}]:" for i in range(depth))
    text += "\n" + "  " * depth + "- button [ref=x]"
    outline = parse(text)
    assert render(outline) == text
    assert count_nodes(outline) == depth + 1
    changed = parse(text.replace("- button [ref=x]", '- button "now" [ref=x]'))
    d = diff(outline, changed, baseline_generation=1)
    assert [c.ref for c in d.changed] == ["x"]


def test_an_outline_read_again_shares_its_unchanged_leaves_and_diffs_the_same() -> None:
    from browserkit.snapshot import _parse

    before_text = (OUTLINES / "shop_300.txt").read_text(encoding="utf-8")
    after_text = (OUTLINES / "shop_300_after.txt").read_text(encoding="utf-8")
    first, again, shared = parse(before_text), parse(before_text), parse(after_text)
    buttons = [n for n in first.walk() if n.role == "button" and not n.children]
    assert buttons and all(again.find(str(b.ref)) is b for b in buttons)
    _parse._LINES._nodes.clear()
    fresh = parse(after_text)  # the same outline, no node shared with ``first``
    assert fresh.find("e9") is not first.find("e9")
    # The shortcut for shared nodes finds what matching them afresh finds.
    assert diff(first, shared, baseline_generation=1) == diff(first, fresh, baseline_generation=1)
    assert diff(first, again, baseline_generation=1).empty


def test_the_line_cache_stays_bounded() -> None:
    from browserkit.snapshot import _parse

    cache = _parse._LINES
    for i in range(cache.LIMIT + 10):
        cache.node(f'- button "b{i}" [ref=e{i}]', ())
    assert len(cache._nodes) <= cache.LIMIT


# -- properties ---------------------------------------------------------------

TRICKY = st.sampled_from(
    [*" -:'\"[]=/\\#\n\t\r{}`@é🎉", "- ", ": ", "  ", "\n  - ", "button", " [ref=e1]", '"x"']
)
ANY_TEXT = st.lists(st.one_of(TRICKY, st.characters()), max_size=60).map("".join)


@settings(max_examples=examples(300))
@given(ANY_TEXT)
def test_any_text_parses_without_error_and_renders_back(text: str) -> None:
    outline = parse(text)
    assert render(outline) == text
    for node in outline.walk():
        # A node is a pure function of its lines: apply relies on it.
        again = Node.from_line(node.line, prop_lines=node.prop_lines, children=node.children)
        assert again == node


ROLES = ["button", "link", "heading", "listitem", "generic", "textbox", "checkbox", "row"]
ATTRS = [
    ("checked", None),
    ("checked", "mixed"),
    ("disabled", None),
    ("expanded", None),
    ("active", None),
    ("level", "2"),
    ("pressed", None),
    ("selected", None),
]
names = st.one_of(st.none(), st.text(min_size=1, max_size=30), st.sampled_from(["a: b", "#x"]))
texts = st.one_of(st.none(), st.text(max_size=30), st.sampled_from(["yes", "12", "- x", "a: b"]))
refs = st.one_of(st.none(), st.from_regex(r"(f[1-9])?e[1-9][0-9]{0,3}", fullmatch=True))


@st.composite
def leaf_nodes(draw: st.DrawFn) -> Node:
    if draw(st.booleans()) and draw(st.booleans()):
        return Node.create("text", text=draw(st.text(max_size=30)))
    ref = draw(refs)
    attributes = sorted(draw(st.sets(st.sampled_from(ATTRS), max_size=3)), key=ATTRS.index)
    if ref is not None and draw(st.booleans()):
        attributes.append(("cursor", "pointer"))
    props = draw(
        st.lists(
            st.tuples(st.sampled_from(["url", "placeholder"]), st.text(max_size=20)), max_size=2
        )
    )
    return Node.create(
        draw(st.sampled_from(ROLES)),
        draw(names),
        attributes=attributes,
        ref=ref,
        props=props,
        text=None if props else draw(texts),
    )


def with_children(children: st.SearchStrategy[list[Node]]) -> st.SearchStrategy[Node]:
    return st.builds(
        lambda role, name, ref, kids: Node.create(role, name, ref=ref, children=kids),
        st.sampled_from(ROLES),
        names,
        refs,
        children,
    )


node_trees = st.recursive(
    leaf_nodes(), lambda kids: with_children(st.lists(kids, max_size=3)), max_leaves=10
)


@settings(max_examples=examples(80))
@given(st.lists(node_trees, max_size=4))
def test_generated_outlines_round_trip_structurally(roots: list[Node]) -> None:
    outline = Outline(tuple(roots))
    text = render(outline)
    assert parse(text) == outline
    assert render(parse(text)) == text
    assert not any(node.opaque for node in outline.walk())


@settings(max_examples=examples(200))
@given(
    st.sampled_from(ROLES),
    st.text(min_size=1, max_size=40),
    st.text(max_size=40),
    st.text(max_size=40),
)
def test_any_name_text_and_property_survive_quoting(
    role: str, name: str, text: str, url: str
) -> None:
    node = Node.create(role, name, ref="e1", text=text)
    assert (node.name, node.text, node.ref, node.opaque) == (name, text, "e1", False)
    link = Node.create(role, name, ref="f2e7", props=[("url", url)])
    assert (link.name, link.props, link.ref) == (name, (("url", url),), "f2e7")
    assert Node.create("text", text=text).text == text
    outline = Outline((node, link))
    assert parse(render(outline)) == outline
