"""What compacting an outline does with each role (see :mod:`._compact`)."""

from __future__ import annotations

__all__ = ["ACTIONABLE", "BOXES", "INLINE", "LAYOUT", "SCOPES"]

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

LAYOUT = frozenset({"generic", "none", "presentation", "rowgroup"})
"""Bare elements of these roles that nothing acts on are only layout: dropped,
their children take their place."""

BOXES = frozenset({"caption", "cell", "generic", "group"})
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
