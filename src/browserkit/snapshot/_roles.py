"""What an outline printed for an agent does with each role: compact outlines
(:mod:`._compact`) and the blocks a diff adds (:mod:`._render`)."""

from __future__ import annotations

import re

from browserkit.snapshot._parse import Node, render

__all__ = [
    "ACTIONABLE",
    "BOXES",
    "CHROME",
    "INLINE",
    "LAYOUT",
    "SCOPES",
    "actionable",
    "content_named",
    "landmark_signature",
    "shows_ref",
    "unref",
    "without_refs",
]

ACTIONABLE = frozenset(
    {
        "button",
        "checkbox",
        "combobox",
        "gridcell",
        "link",
        "listbox",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "option",
        "radio",
        "searchbox",
        "slider",
        "spinbutton",
        "switch",
        "tab",
        "textbox",
        "treeitem",
    }
)
"""Roles of elements an agent acts on: compacting never drops their refs."""

SCOPES = frozenset(
    {
        "alertdialog",
        "article",
        "banner",
        "complementary",
        "contentinfo",
        "dialog",
        "form",
        "grid",
        "iframe",
        "list",
        "main",
        "menu",
        "menubar",
        "navigation",
        "region",
        "search",
        "table",
        "tablist",
        "tabpanel",
        "toolbar",
        "tree",
        "treegrid",
    }
)
"""Regions a read can be scoped to (``snapshot(target=ref)``): their refs stay
too. Any other element one cannot act on (a row, a cell, a heading, a
paragraph, a wrapper) is printed without its ref; the full outline has it."""

CHROME = frozenset({"banner", "complementary", "contentinfo", "navigation"})
"""Landmarks that repeat from page to page of a site (its header, menus, sidebar,
footer): one that reads as on the last page is folded into one line."""

_REF = re.compile(r" \[ref=[^\]\n]*\]")

LAYOUT = frozenset({"generic", "none", "presentation", "rowgroup"})
"""Bare elements of these roles that nothing acts on are only layout: dropped,
their children take their place."""

BOXES = frozenset({"caption", "cell", "generic", "group", "listitem"})
"""Bare elements of these roles around a single child are dropped for it."""

INLINE = frozenset(
    {
        "code",
        "deletion",
        "emphasis",
        "generic",
        "insertion",
        "mark",
        "strong",
        "subscript",
        "superscript",
        "text",
        "time",
    }
)
"""Inline pieces of text: their words join the line of the element holding them."""


def actionable(node: Node) -> bool:
    """An element an agent acts on: its role says so, or its pointer cursor does."""
    return node.role in ACTIONABLE or ("cursor", "pointer") in node.attributes


def shows_ref(node: Node, text: str | None = None) -> bool:
    """Whether ``node``'s ref is printed for an agent: where one acts, or scopes a
    read, or on a ``generic`` that shows words (``text``: the words it shows, when
    they are not the node's own), which is how custom widgets look (a drag item,
    a div with a click handler but no pointer cursor)."""
    if node.role in SCOPES or actionable(node):
        return True
    return node.role == "generic" and bool(node.name or (node.text if text is None else text))


def unref(node: Node) -> str:
    """``node``'s line as an agent reads it: without its ref when :func:`shows_ref`
    says it is not printed, and without the ``[cursor=pointer]`` hint on a link or
    button (something to click either way)."""
    line = node.line
    if node.opaque:
        return line
    if node.role in ACTIONABLE and ("cursor", "pointer") in node.attributes:
        line = line.replace(" [cursor=pointer]", "", 1)
    if node.ref is None or shows_ref(node):
        return line
    return line.replace(f" [ref={node.ref}]", "", 1)


def without_refs(text: str) -> str:
    """``text`` (outline lines) with every ``[ref=…]`` left out: refs change with every
    page and re-render, the words do not."""
    return _REF.sub("", text)


def landmark_signature(node: Node) -> str:
    """What a landmark shows, refs left out (they change with every page)."""
    shown = without_refs(render(node))
    return f"{node.role} {len(shown)} {hash(shown):x}"


# Roles whose accessible name Playwright derives from what they hold.
_NAMED_BY_CONTENT = frozenset({"cell", "columnheader", "gridcell", "listitem", "row", "rowheader"})


def content_named(node: Node) -> bool:
    """Whether ``node``'s name only repeats, in order, the words of what it holds
    (a table cell named after its paragraphs): printing both says it twice."""
    if not node.name or not node.children or node.role not in _NAMED_BY_CONTENT:
        return False
    held: list[str] = []
    for inner in node.walk():
        if inner is not node:
            held.extend((inner.name or "").split())
            held.extend((inner.text or "").split())
    words = iter(held)
    return all(word in words for word in node.name.split())
