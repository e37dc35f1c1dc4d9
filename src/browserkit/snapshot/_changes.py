"""What a snapshot diff holds, and the few lines of text a language model reads.

:class:`SnapshotDiff` and its entries are plain values that
:func:`~browserkit.snapshot.diff` computes. Their text form (``str(diff)``,
:func:`render_diff`) lives beside them rather than with the diff algorithm so
that the two modules depend one way only: ``_diff`` builds these values,
nothing here needs ``_diff``. How an added subtree is shortened lives in
``_render``.

::

    changes: 3 changed, 1 added, 1 removed, 2 re-rendered; 903 unchanged
    focus: e609
    ~ button "Add to cart" [ref=e91] → button "Added ✓" [active] [ref=e609]  # in listitem e90
    ~ link "Docs" [ref=e5]; /url: /v1 → /v2  # in navigation e2
    ~ listitem [ref=e12]: Call mom  # in list e8; moved to position 2
    ~ row [ref=e45]: 54 | open → done | carol  # in table e40
    ~ 2 listitem re-rendered with the same content; new refs e20→e40 e21→e41 …  # in list e7
    + status [ref=e608]: 1 item in cart  # in banner e2
    - dialog "Promo" [ref=e7]  # in main e2; 12 nested nodes

Each line is an outline line without its ``- `` bullet: ``~`` changed (old →
new, or just the line when only properties or the position changed), ``+``
added (its subtree indented below it, shortened by meaning), ``-`` removed.
A change inside a table row is that row's one line, each changed cell as old
→ new (``SnapshotDiff.rows``); a text the action caused reads whole up to
``WHOLE_TEXT`` characters (``_render``).
The comment names the nearest enclosing node with a ref and notes moves;
outline lines never contain an unquoted `` #``, so the comment cannot be
mistaken for text. Changes and additions come in page order, removals last.

Some changes are summarised or left out, in the text only (the entries stay
complete, so :func:`~browserkit.snapshot.apply` still rebuilds the new
outline): ``[active]`` moving from node to node is the one ``focus:`` line;
elements a framework rebuilt with the same content at the same place read as
unchanged, since their old refs keep working (``SnapshotDiff.kept``); and
siblings rebuilt with the same content whose old refs cannot be kept (two
items that print the same) are one ``re-rendered`` line that maps old refs
to new ones (a snapshot shows the new refs when there are too many to list).
"""

from __future__ import annotations

import json
import re

import attrs

from browserkit._reprs import summary
from browserkit.snapshot._compacted import expand_hint
from browserkit.snapshot._parse import Node
from browserkit.snapshot._render import (
    LAYOUT_ROLES,
    clip,
    content_key,
    has_focus,
    subtree_lines,
    whole_text,
)
from browserkit.snapshot._roles import ACTIONABLE, LAYOUT, actionable, shows_ref
from browserkit.snapshot._rows import one_line, row_line
from browserkit.snapshot._ticking import background_line, in_background, ticking_key

__all__ = [
    "TERSE_BLOCKS",
    "AddedNode",
    "ChangedNode",
    "ChangedRow",
    "RemovedNode",
    "SnapshotDiff",
    "render_diff",
    "ticking_keys",
]

TERSE_BLOCKS = 3
"""Entries a terse diff prints without its ``changes:`` counts line."""


@attrs.frozen
class AddedNode:
    """A node that is only in the new outline, with its subtree.

    Attributes:
        line: the node's outline line, without indentation.
        ref: its ref, if it has one.
        ancestor_ref: ref of the nearest enclosing node that has one (None at top level).
        ancestor_role: role of that enclosing node.
        path: child indices from the top of the new outline down to this node.
        node: the added subtree as in the new outline, or, when ``shallow``,
            the node without children.
        shallow: True when part of what is nested under the node existed
            before (it wraps moved nodes); its children then have entries of
            their own (added, or changed with ``moved``).
    """

    line: str
    ref: str | None
    ancestor_ref: str | None
    ancestor_role: str | None
    path: tuple[int, ...]
    node: Node
    shallow: bool = False


@attrs.frozen
class RemovedNode:
    """A node that is only in the old outline.

    Attributes:
        line: the node's outline line, without indentation.
        ref: its ref, if it had one.
        ancestor_ref: ref of the nearest enclosing node that has one, in the old outline.
        ancestor_role: role of that enclosing node.
        path: child indices from the top of the old outline down to this node.
        nested: nodes nested under it that went with it. When some of its
            descendants survive elsewhere (its content moved), this is 0 and
            its other children have entries of their own.
        row: for a table row that went whole, its one line (``- row [ref=e30]:
            58 | 4 minutes ago | …``, see ``_rows``), which the text prints.
    """

    line: str
    ref: str | None
    ancestor_ref: str | None
    ancestor_role: str | None
    path: tuple[int, ...]
    nested: int
    row: str | None = None


@attrs.frozen
class ChangedNode:
    """A node present in both outlines whose own line or properties changed, or that moved.

    Changes further down have entries of their own.

    Attributes:
        line: the new line, without indentation.
        old_line: the old line.
        ref: the new ref (an element renamed by the page gets a new ref).
        old_ref: the old ref.
        ancestor_ref: ref of the nearest enclosing node that has one, in the new outline.
        ancestor_role: role of that enclosing node.
        path: child indices down to the node in the new outline.
        old_path: child indices down to the node in the old outline.
        prop_lines: the new ``/url``, ``/placeholder`` ... lines.
        old_prop_lines: the old property lines.
        moved: True when it moved to another parent or its siblings were
            reordered around it.
        old_ancestor_ref: ``ancestor_ref`` in the old outline (differs when
            it moved to another part of the page).
        near: for a nameless node whose ref changed, what tells it from its
            like: ``holds "Add expense"`` (the words under it) or ``after
            "Description"`` (those before it); None otherwise.
    """

    line: str
    old_line: str
    ref: str | None
    old_ref: str | None
    ancestor_ref: str | None
    ancestor_role: str | None
    path: tuple[int, ...]
    old_path: tuple[int, ...]
    prop_lines: tuple[str, ...] = ()
    old_prop_lines: tuple[str, ...] = ()
    moved: bool = False
    old_ancestor_ref: str | None = None
    near: str | None = None


@attrs.frozen
class ChangedRow:
    """A table row, present in both outlines, with a change inside it: a diff
    prints it as its one row line (see ``_rows``) in place of its cells' entries.

    Attributes:
        head: the start of the row's line (``- row [ref=e45]``).
        cells: what each cell shows now.
        old_cells: what each cell showed before.
        ref: the row's ref.
        ancestor_ref: ref of the nearest enclosing node that has one, in the new outline.
        ancestor_role: role of that enclosing node.
        path: child indices down to the row in the new outline.
        old_path: child indices down to the row in the old outline.
        cut: a cell's words were cut; the row's snapshot shows them whole.
    """

    head: str
    cells: tuple[str, ...]
    old_cells: tuple[str, ...]
    ref: str | None
    ancestor_ref: str | None
    ancestor_role: str | None
    path: tuple[int, ...]
    old_path: tuple[int, ...]
    cut: bool = False


@attrs.frozen(repr=False)
class SnapshotDiff:
    """How an outline changed since a baseline snapshot.

    ``str(diff)`` is a compact text for a model to read (see
    :func:`~browserkit.snapshot.render_diff`);
    :func:`~browserkit.snapshot.apply` replays the diff on the baseline
    outline.

    Attributes:
        added: new subtrees, in document order of the new outline.
        removed: vanished subtrees, in document order of the old outline.
        changed: nodes whose own line or properties changed, or that moved,
            in document order of the new outline.
        unchanged: nodes found in both outlines with the same line and
            properties, in the same place.
        baseline_generation: page generation of the baseline snapshot.
        ticking: where the page is known to change on its own, its ticking
            regions (see ``ticking_keys``); changes there are one ``background:`` line
            of the text rather than listed. Empty unless the session set it.
        kept: ``(old ref, new ref)`` of elements the page rebuilt with the same
            content at the same place: the old ref keeps naming the element
            (a session acts on the new one), so the text does not list them.
        rows: the table rows with changes inside them, in document order of the
            new outline; the text prints each as its row line, in place of the
            entries inside it (which stay in ``added``, ``removed``, ``changed``).
        veiled: refs of elements a popup hid from assistive technology, or gave
            back, where the outline prints no ``[aria-hidden]`` (the veil is on a
            box it leaves out): their names only went blank or came back, and the
            text counts them in one line as it does printed veils. Empty unless
            the session set it.
    """

    added: tuple[AddedNode, ...]
    removed: tuple[RemovedNode, ...]
    changed: tuple[ChangedNode, ...]
    unchanged: int
    baseline_generation: int
    ticking: frozenset[str] = frozenset()
    kept: tuple[tuple[str, str], ...] = ()
    rows: tuple[ChangedRow, ...] = ()
    veiled: frozenset[str] = frozenset()

    __repr__ = summary  # counts, not every entry (str() is the text to read)

    @property
    def empty(self) -> bool:
        """True when nothing was added, removed or changed."""
        return not (self.added or self.removed or self.changed)

    def __str__(self) -> str:
        return render_diff(self)

    def _repr_markdown_(self) -> str:
        return f"```\n{self}\n```"


def ticking_keys(d: SnapshotDiff) -> frozenset[str]:
    """Where the changes of ``d``, a diff of the page changing on its own, happened
    (focus moving aside), for a later diff's ``ticking``."""
    entries: list[AddedNode | RemovedNode | ChangedNode] = [*d.added, *d.removed]
    entries.extend(c for c in d.changed if not _focus_only(c))
    return frozenset(key for key in map(ticking_key, entries) if key is not None)


# -- text form ---------------------------------------------------------------

_CONTEXT = 40
# Old → new refs printed on a re-rendered list's line; a snapshot shows the rest.
_REF_PAIRS = 12
_FOCUS = frozenset({"active"})
_POINTER = frozenset({"cursor"})


def render_diff(
    d: SnapshotDiff,
    *,
    max_lines: int = 80,
    max_subtree_lines: int = 60,
    max_subtree_chars: int = 2000,
    max_line_chars: int = 240,
    terse: bool = False,
) -> str:
    """Render a diff compactly for a model (this is ``str(diff)``).

    Args:
        d: the diff.
        max_lines: total line budget; entries past it are summarised in a
            last line that says how many were left out.
        max_subtree_lines: lines shown under each added node before
            ``… N more lines``.
        max_subtree_chars: characters shown under each added node. 2000
            (about 500 tokens) holds a typical dialog or menu whole; a longer
            block loses layout lines first, never the text and refs they
            hold (see ``_render``).
        max_line_chars: longer lines are shortened around what changed.
        terse: for an agent that has just acted (tool answers): the ``changes:``
            counts only when the diff has more than ``TERSE_BLOCKS`` (3) entries
            or some were left out, and a node that kept its ref is its new line
            and what it was (``~ textbox "Qty" [ref=e4]: "3"  # was "1"``),
            without its place (its ref names it); one that only moved goes; a
            node that went is its line, and one that came says where only when
            that is more than a layout box (``# in form e3``, not ``# in generic e9``).

    Focus moving is one ``focus: e7`` line rather than a change per node.
    Items the page rebuilt with the same content read as unchanged when their
    old refs keep working (``d.kept``), else as one ``re-rendered`` line with
    the new refs. An empty diff renders as ``no changes (N nodes unchanged)``.
    """
    if d.empty:
        return f"no changes ({d.unchanged} nodes unchanged)"
    focus = [c for c in d.changed if _focus_only(c)]
    moved_focus = {id(c) for c in focus}
    # Where the page changes on its own (a clock, a feed): one line, not a list.
    background = in_background((*d.added, *d.removed, *d.changed), d.ticking, moved_focus)
    # Rebuilt with the same content, their old refs still working: nothing to read.
    kept = {k for k in _kept(d) if k not in background}
    groups, absorbed = _rerendered(
        [
            c
            for c in d.changed
            if id(c) not in moved_focus and id(c) not in background and id(c) not in kept
        ],
        d,
    )
    absorbed |= kept
    changed = [
        c
        for c in d.changed
        if id(c) not in moved_focus and id(c) not in absorbed and id(c) not in background
    ]
    # A box put around nodes, or taken from around them, only moved them: the
    # nodes and their refs are the same, so the box and the moves go unsaid.
    boxes = {a.ref for a in d.added if a.shallow and a.ref and _bare_box(a.line)}
    boxes.update(r.ref for r in d.removed if not r.nested and r.ref and _bare_box(r.line))
    added = [a for a in d.added if not (a.shallow and a.ref in boxes) and id(a) not in background]
    removed = [
        r for r in d.removed if not (not r.nested and r.ref in boxes) and id(r) not in background
    ]
    # A ref that only came or went on something nothing acts on (a row, a
    # hover-revealed button losing its ref) is nothing to an agent either.
    quiet = [c for c in changed if _new_ref_only(c) or _boxed(c, boxes)]
    changed = [c for c in changed if not (_new_ref_only(c) or _boxed(c, boxes))]
    # A popup hid the rest of the page from assistive technology, or stopped:
    # what is inside only lost or got back its names, one line says so.
    veils = _veiled(changed, d.veiled)
    behind = {id(c) for veil in veils for c in veil.members}
    changed = [c for c in changed if id(c) not in behind]
    # A veiled link's words, printed as a text line under it while it has no name.
    named = {c.ref for veil in veils for c in veil.members}
    added = [a for a in added if not (a.ancestor_ref in named and _bare_text(a.line))]
    removed = [r for r in removed if not (r.ancestor_ref in named and _bare_text(r.line))]
    # Changes inside a table row read as that row's one line (see ``_rows``).
    rows, own = _rows_of(d.rows, changed, added, removed)
    changed = [c for c in changed if id(c) not in own]
    added = [a for a in added if id(a) not in own]
    removed = [r for r in removed if id(r) not in own]
    # A row whose line reads as before changed nothing the agent reads (a cell's name
    # computed from its content, which the line does not print).
    same = {id(r) for r in rows if r.own is None and r.row.cells == r.row.old_cells}
    rows = [r for r in rows if id(r) not in same]
    # A node that only gained or lost focus reads as unchanged; the focus line says where it went.
    unchanged = d.unchanged + len(focus) + len(quiet) + len(kept) + len(same)
    aside = background_line(background.values())
    if not (changed or added or removed or groups or rows):
        if not focus:
            return "\n".join([f"no changes ({unchanged} nodes unchanged)", *aside])
        return "\n".join(
            [f"{_focus_line(d)}; nothing else changed ({unchanged} nodes unchanged)", *aside]
        )
    counts = [
        f"{count} {label}"
        for count, label in (
            (len(changed) + len(rows), "changed"),
            (len(added), "added"),
            (len(removed), "removed"),
            (sum(len(g.items) for g in groups), "re-rendered"),
        )
        if count
    ]
    out = [f"changes: {', '.join(counts)}; {unchanged} unchanged"]
    # Terse: no focus line when the node that took focus is printed, [active] on it.
    printed = {c.ref for c in changed}
    # Nor when focus only left: nothing to act on there.
    if focus and not (terse and set(_focused(d)) <= printed):
        out.append(_focus_line(d))
    out.extend(aside)
    # Changes and additions in the new outline's order, then removals.
    here: list[tuple[tuple[int, ...], ChangedNode | AddedNode | _Rerendered | _InRow | _Veil]] = [
        *((c.path, c) for c in changed),
        *((a.path, a) for a in added),
        *((g.items[0].path, g) for g in groups),
        *((r.row.path, r) for r in rows),
        *((v.members[0].path, v) for v in veils),
    ]
    here.sort(key=lambda item: item[0])
    blocks: list[tuple[AddedNode | None, list[str]]] = []
    for _, e in here:
        if isinstance(e, AddedNode):
            blocks.append(
                (e, _added(e, max_subtree_lines, max_subtree_chars, max_line_chars, terse))
            )
        elif isinstance(e, ChangedNode):
            blocks.append((None, _changed(e, max_line_chars, terse)))
        elif isinstance(e, _Veil):
            blocks.append((None, [e.line()]))
        elif isinstance(e, _InRow):
            blocks.append((None, _row_change(e)))
        else:
            blocks.append((None, _rerendered_line(e)))
    blocks.extend((None, _removed(r, max_line_chars, terse)) for r in removed)
    blocks = [b for b in blocks if b[1]]  # a terse diff says nothing of a mere move
    for shown, (entry, block) in enumerate(blocks):
        # Keep one line free for the summary when something is cut.
        room = max_lines - len(out) - (shown < len(blocks) - 1)
        if len(block) > room and entry is not None and room >= 3:
            # A large new block shows what fits rather than nothing.
            block = _added(entry, room - 2, max_subtree_chars, max_line_chars, terse)
        if len(block) > room:
            left = len(blocks) - shown
            more = f"{left} more change{'s' if left > 1 else ''}"
            out.append(f"… {more} not shown; take a full snapshot")
            break
        out.extend(block)
    else:
        if terse and 0 < len(blocks) <= TERSE_BLOCKS:
            out.pop(0)  # every change is printed: the lines say what the counts would
    return "\n".join(out)


def _changed(c: ChangedNode, limit: int, terse: bool = False) -> list[str]:
    old, new = _bare(c.old_line), _bare(c.line)
    states = _states_only(c)
    if terse and c.ref is not None and c.ref == c.old_ref:
        # The same element, its ref naming it: the new line and what it was, not
        # where it is (nor that a wrapper came or went around it: the ref still acts).
        if c.line == c.old_line and c.prop_lines == c.old_prop_lines:
            return []  # it only moved
        if states:
            return [f"~ {clip(new, limit)}  # {states}"]
        was = _was(c)
        if was is not None:  # "" when it was empty: the line says it all
            return [_with_notes(f"~ {clip(new, limit)}", [was and f"was {was}"])]
    if states:
        # Only bracket states came or went ([expanded], [disabled], [checked]):
        # the line once, and what changed on it.
        text = f"~ {clip(new, limit)}"
    elif old != new:
        caused = _caused(c, limit)
        if caused is not None:
            text = f"~ {clip(old, limit)} → {caused}"
        else:
            old, new = _clip_pair(old, new, limit)
            text = f"~ {old} → {new}"
    else:
        text = f"~ {clip(new, limit)}"
    if c.prop_lines != c.old_prop_lines:
        text += "".join(
            f"; /{key}: {before} → {after}"
            for key, before, after in _prop_changes(c.old_prop_lines, c.prop_lines, limit)
        )
    notes = [states, c.near or "", _where(c.ancestor_role, c.ancestor_ref)]
    if c.moved and c.old_ancestor_ref != c.ancestor_ref:
        notes.append(
            f"moved from {'inside ' + c.old_ancestor_ref if c.old_ancestor_ref else 'top level'}"
        )
    elif c.moved:
        notes.append(f"moved to position {c.path[-1] + 1}")
    return [_with_notes(text, notes)]


_VEILS = ("aria-hidden", "inert")


def _veil_came(c: ChangedNode) -> bool | None:
    """True when ``c`` got ``aria-hidden`` or ``inert`` (a popup hid it from assistive
    technology), False when it lost it, None when neither changed."""
    old, new = _node(c.old_line, ()), _node(c.line, ())
    before = any(key in _VEILS for key, _ in old.attributes)
    after = any(key in _VEILS for key, _ in new.attributes)
    return None if before == after or old.role != new.role else after


def _filled(prop_lines: tuple[str, ...]) -> tuple[str, ...]:
    """The property lines that say something (a veil takes ``/placeholder: ""`` away)."""
    return tuple(line for line in prop_lines if not line.rstrip().endswith(': ""'))


def _only_named_anew(c: ChangedNode, *, moved: bool = False) -> bool:
    """Whether ``c`` is the same element (same ref, role, states and properties; a
    veil aside) whose name only went into its text or came back from it, as a veil
    makes Playwright print it (``button "Save"`` → ``button: Save``, ``spinbutton
    "Qty": "2"`` → ``spinbutton: "2"``). ``moved``: a move does not count (a box the
    popup's arrival put around the element it veils)."""
    if c.ref != c.old_ref or _filled(c.prop_lines) != _filled(c.old_prop_lines):
        return False
    if c.moved and not moved:
        return False
    old, new = _node(c.old_line, ()), _node(c.line, ())
    if old.opaque or new.opaque or old.role != new.role:
        return False
    aside = ("active", "cursor", *_VEILS)
    if [a for a in old.attributes if a[0] not in aside] != [
        a for a in new.attributes if a[0] not in aside
    ]:
        return False
    said, says = {old.name, old.text} - {None}, {new.name, new.text} - {None}
    return said <= says or says <= said


@attrs.define
class _Veil:
    """Elements a popup hid from assistive technology (``came``), or gave back: they
    were only named anew, and kept their refs."""

    came: bool
    members: list[ChangedNode]

    def line(self) -> str:
        count = len(self.members)
        things = f"{count} element{'s' if count > 1 else ''}"
        if self.came:
            return f"~ {things} behind a popup hidden from assistive technology, refs kept"
        return f"~ {things} behind the popup read again, refs as before"


def _under(path: tuple[int, ...], root: tuple[int, ...]) -> bool:
    return len(root) < len(path) and path[: len(root)] == root


def _bare_text(line: str) -> bool:
    return line.lstrip().startswith("- text:")


def _depth(veil: tuple[tuple[int, ...], bool]) -> int:
    return len(veil[0])


def _veiled(changed: list[ChangedNode], unprinted: frozenset[str]) -> list[_Veil]:
    """The changes that are a veil coming or going and nothing else: the elements
    that got or lost it, and the elements under them only named anew, and those of
    ``unprinted`` (refs the session knows a veil it does not print came or went on)
    only named anew; one :class:`_Veil` each way. A change that did more than that
    is printed as itself."""
    roots = [(c, _veil_came(c)) for c in changed]
    # Shallowest first, so the last that holds a node is its nearest.
    veils = sorted(((c.path, came) for c, came in roots if came is not None), key=_depth)
    if not veils and not unprinted:
        return []
    groups: dict[bool, list[ChangedNode]] = {True: [], False: []}
    # An unprinted veil came or went in this diff: a nameless element without a ref
    # whose name went blank or came back is one of those it covers too.
    live = any(c.ref in unprinted for c in changed)
    for c, came in roots:
        if not _only_named_anew(c, moved=came is not None):
            continue
        if came is None and live and (c.ref in unprinted or c.ref is c.old_ref is None):
            came = _node(c.line, ()).name is None  # its name went blank, or came back
        elif came is None:  # under a veil that came or went?
            holders = [
                was
                for path, was in veils
                if len(path) < len(c.path) and c.path[: len(path)] == path
            ]
            if not holders:
                continue
            came = holders[-1]
        groups[came].append(c)
    return [_Veil(came, members) for came, members in groups.items() if members]


def _was(c: ChangedNode) -> str | None:
    """What a node that kept its role and name showed before (its text; "" when it
    showed none), with the states it lost; None when more than that changed."""
    if c.prop_lines != c.old_prop_lines:
        return None
    old, new = _node(c.old_line, ()), _node(c.line, ())
    if old.opaque or new.opaque or (old.role, old.name) != (new.role, new.name):
        return None
    if old.text == new.text:
        return None  # only states: ``_states_only`` says it
    # The states it gained show on its line; the ones it lost do not.
    gone = [f"-{_state(a)}" for a in old.attributes if a not in new.attributes]
    before = [] if old.text is None else [clip(json.dumps(old.text, ensure_ascii=False), 60)]
    return " ".join([*before, *gone])


def _caused(c: ChangedNode, limit: int) -> str | None:
    """The new line of ``c`` with its text whole (up to WHOLE_TEXT), when the text is
    mostly new (a response that replaced a placeholder) and too long for a line;
    None for short lines and for edits, which read best around what changed."""
    if len(c.line) <= limit:
        return None
    old, new = _node(c.old_line, ()), _node(c.line, ())
    if new.text is None:
        return None
    before, after = old.text or "", new.text
    same = _common(before, after)
    same += _common(before[same:][::-1], after[same:][::-1])
    if len(after) - same <= limit:
        return None
    made, note = whole_text(new, c.ref or c.ancestor_ref)
    return _bare(made.line) + note


def _common(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` start with alike."""
    same = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        same += 1
    return same


def _added(
    a: AddedNode, max_subtree_lines: int, max_chars: int, limit: int, terse: bool = False
) -> list[str]:
    where = _where(a.ancestor_role, a.ancestor_ref)
    if terse and a.ancestor_role in LAYOUT:
        where = ""  # "in generic e110" names a box, not a place the agent knows
    if a.shallow:
        head = clip(_bare(a.line), limit)
        return [_with_notes(f"+ {head}", [where, "wraps nodes listed below"])]
    row = one_line(a.node) if a.node.role == "row" else None
    if row is not None:  # a new table row: its one line
        return [_with_notes("+ " + row[2:], [where])]
    below, omitted = subtree_lines(
        a.node, max_chars=max_chars, max_lines=max_subtree_lines, line_chars=limit
    )
    # A text the action caused (a response that appeared) reads whole, up to WHOLE_TEXT.
    made, note = whole_text(a.node, a.ref or a.ancestor_ref)
    line = _bare(made.line, keep_colon=True)
    shown = line + note if a.node.text is not None else clip(line, limit)
    head = _with_notes(f"+ {shown}", [where, omitted])
    return [head, *below]


# -- table rows ----------------------------------------------------------------


@attrs.define
class _InRow:
    """A changed row to print as its line, and its own entry if the row itself changed."""

    row: ChangedRow
    own: ChangedNode | None = None


def _rows_of(
    rows: tuple[ChangedRow, ...],
    changed: list[ChangedNode],
    added: list[AddedNode],
    removed: list[RemovedNode],
) -> tuple[list[_InRow], set[int]]:
    """The rows that hold one of these entries, and the ids of the entries they hold."""
    if not rows:
        return [], set()
    by_path = {r.path: _InRow(r) for r in rows}
    by_old_path = {r.old_path: by_path[r.path] for r in rows}
    held: set[int] = set()
    shown: dict[int, _InRow] = {}

    def holder(path: tuple[int, ...], paths: dict[tuple[int, ...], _InRow]) -> _InRow | None:
        for end in range(len(path), 0, -1):
            found = paths.get(path[:end])
            if found is not None:
                return found
        return None

    entries: list[ChangedNode | AddedNode] = [*changed, *added]
    for e in entries:
        row = holder(e.path, by_path)
        if row is not None:
            held.add(id(e))
            shown[id(row)] = row
            if isinstance(e, ChangedNode) and e.path == row.row.path:
                row.own = e
    for r in removed:
        row = holder(r.path, by_old_path)
        if row is not None:
            held.add(id(r))
            shown[id(row)] = row
    return list(shown.values()), held


# A run of options a select prints on its row's line, and the one of them chosen.
_OPTIONS = re.compile(r'(?: option(?: "(?:[^"\\]|\\.)*")?(?: \[[^\]\n]*\])*)+')
_SELECTED = re.compile(r'option(?: ("(?:[^"\\]|\\.)*"))?(?: \[[^\]\n]*\])* \[selected\]')


def _chosen(cell: str) -> str:
    """A cell's line with each select's options as the one it has chosen
    (``combobox "Type:" [ref=e5]: "defect"``)."""

    def choice(options: re.Match[str]) -> str:
        picked = [m[1] or '""' for m in _SELECTED.finditer(options[0])]
        return f": {', '.join(picked)}" if picked else ""

    return _OPTIONS.sub(choice, cell)


def _cell_change(old: str, new: str) -> str:
    """``old → new``, the words they start with alike said once (``combobox "Type:"
    [ref=e5]: "defect" → "task"``) where that is what ends in a colon."""
    head = old[: _common(old, new)]
    cut = head.rfind(": ") + 2
    if cut > 1 and old[cut:] and new[cut:]:
        return f"{old[:cut]}{old[cut:]} → {new[cut:]}"
    return f"{old} → {new}"


def _row_change(e: _InRow) -> list[str]:
    """``~ row [ref=e45]: 54 | open → done | carol``: the row's line, each changed cell
    as old → new."""
    row = e.row
    head = row.head[2:]
    notes = [_where(row.ancestor_role, row.ancestor_ref)]
    if len(row.cells) == len(row.old_cells):
        news, olds = list(row.cells), list(row.old_cells)
        # A select the row holds reads as what it has chosen: its options were read.
        chosen, was = [_chosen(c) for c in news], [_chosen(c) for c in olds]
        if chosen != was:
            news, olds = chosen, was
        cells = [
            new if new == old else _cell_change(old, new)
            for new, old in zip(news, olds, strict=True)
        ]
    else:
        cells = list(row.cells)
        notes.append(f"was: {' | '.join(row.old_cells)}")
    own = e.own
    if own is not None:
        notes.insert(0, _states_only(own))
        if own.moved and own.old_ancestor_ref != own.ancestor_ref:
            notes.append(f"moved from {own.old_ancestor_ref or 'top level'}")
        elif own.moved:
            notes.append(f"moved to position {own.path[-1] + 1}")
    line = row_line(head, cells)
    if row.cut and row.ref is not None:
        line += f" ({expand_hint(row.ref)})"
    return [_with_notes("~ " + line, notes)]


# -- focus and re-rendered lists ---------------------------------------------


def _states_only(c: ChangedNode) -> str:
    """``+expanded -disabled`` when a node kept its role, name, text and ref and only
    its bracket states changed (``+ref`` when it got a ref: it became something to
    act on); "" otherwise."""
    got_ref = c.old_ref is None and c.ref is not None
    if c.line == c.old_line or c.prop_lines != c.old_prop_lines:
        return ""
    if c.ref != c.old_ref and not got_ref:
        return ""
    old, new = _node(c.old_line, ()), _node(c.line, ())
    if old.opaque or new.opaque or (old.role, old.name, old.text) != (new.role, new.name, new.text):
        return ""
    gone = [a for a in old.attributes if a not in new.attributes]
    came = [a for a in new.attributes if a not in old.attributes]
    return " ".join(
        ["+ref"] * got_ref + [f"+{_state(a)}" for a in came] + [f"-{_state(a)}" for a in gone]
    )


def _state(attribute: tuple[str, str | None]) -> str:
    key, value = attribute
    return key if value is None else f"{key}={value}"


def _new_ref_only(c: ChangedNode) -> bool:
    """Only the ref changed, and the new one is nothing to act on: none at all, or
    one that is not printed, or one on an element nothing acts on."""
    if c.moved or c.prop_lines != c.old_prop_lines or c.ref == c.old_ref:
        return False
    old, new = _node(c.old_line, c.old_prop_lines), _node(c.line, c.prop_lines)
    if content_key(old) != content_key(new):
        return False
    return new.ref is None or not shows_ref(new) or not actionable(new)


def _bare_box(line: str) -> bool:
    """An unnamed layout box nothing acts on (``generic [ref=e119]``)."""
    node = _node(line, ())
    return node.role in LAYOUT and not node.name and node.text is None and not actionable(node)


def _boxed(c: ChangedNode, boxes: set[str]) -> bool:
    """Only moved, into a box that came or out of one that went."""
    if not c.moved or c.line != c.old_line or c.prop_lines != c.old_prop_lines:
        return False
    return c.ancestor_ref in boxes or c.old_ancestor_ref in boxes


def _focus_only(c: ChangedNode) -> bool:
    """Only the ``[active]`` marker came or went: focus moved, the node did not change."""
    if (
        c.moved
        or c.ref != c.old_ref
        or c.line == c.old_line
        or "[active]" not in c.line + c.old_line
    ):
        return False
    old, new = _node(c.old_line, c.old_prop_lines), _node(c.line, c.prop_lines)
    return has_focus(old) != has_focus(new) and content_key(old, _FOCUS) == content_key(new, _FOCUS)


def _focus_line(d: SnapshotDiff) -> str:
    """``focus: e7``: where focus is now (``none`` when it left without landing on a node)."""
    return f"focus: {', '.join(_focused(d)) or 'none'}"


def _focused(d: SnapshotDiff) -> list[str]:
    """The refs (else the lines) of the nodes that gained focus."""
    gained: list[str] = []
    for c in d.changed:
        new = _node(c.line, c.prop_lines)
        if has_focus(new) and not has_focus(_node(c.old_line, c.old_prop_lines)):
            gained.append(c.ref or clip(_bare(c.line), 60))
    for a in d.added:
        gained.extend(
            node.ref or clip(_bare(node.line), 60) for node in a.node.walk() if has_focus(node)
        )
    return list(dict.fromkeys(gained))


@attrs.define
class _Rerendered:
    """Siblings the page rebuilt with the same content; only their refs changed."""

    items: list[ChangedNode]  # the rebuilt siblings, in page order
    members: list[ChangedNode]  # they and the rebuilt nodes inside them
    added: int  # new siblings beside them
    removed: int  # siblings that went


def _ref_only(c: ChangedNode) -> bool:
    if c.moved or c.ref is None or c.old_ref is None or c.ref == c.old_ref:
        return False
    if c.prop_lines == c.old_prop_lines and c.line.replace(f" [ref={c.ref}]", "", 1) == (
        c.old_line.replace(f" [ref={c.old_ref}]", "", 1)
    ):
        return True  # the common case, without parsing the lines
    old, new = _node(c.old_line, c.old_prop_lines), _node(c.line, c.prop_lines)
    return content_key(old, _POINTER) == content_key(new, _POINTER)


def _rerendered(changes: list[ChangedNode], d: SnapshotDiff) -> tuple[list[_Rerendered], set[int]]:
    """Groups of two or more siblings whose only change is a new ref, and the ids of
    the entries each group stands for (the siblings and the same kind of change inside them).
    """
    rebuilt = [c for c in changes if _ref_only(c)]
    by_parent: dict[tuple[int, ...], list[ChangedNode]] = {}
    for c in rebuilt:
        by_parent.setdefault(c.path[:-1], []).append(c)
    owner: dict[tuple[int, ...], _Rerendered] = {}
    groups: list[_Rerendered] = []
    # Outer lists first: a rebuilt table's cells belong to its rows' line.
    for parent in sorted(by_parent, key=len):
        items = by_parent[parent]
        if len(items) < 2 or _owner(parent, owner) is not None:
            continue
        old_parent = items[0].old_path[:-1]
        group = _Rerendered(
            items=items,
            members=[],
            added=sum(a.path[:-1] == parent for a in d.added),
            removed=sum(r.path[:-1] == old_parent for r in d.removed),
        )
        groups.append(group)
        owner.update((c.path, group) for c in items)
    absorbed: set[int] = set()
    for c in rebuilt:
        holder = _owner(c.path, owner)
        if holder is not None:
            holder.members.append(c)
            absorbed.add(id(c))
    return groups, absorbed


def _kept(d: SnapshotDiff) -> set[int]:
    """The entries (by id) whose only change is a new ref while the old one keeps
    naming the element (``d.kept``): to the reader, unchanged."""
    if not d.kept:
        return set()
    kept = set(d.kept)
    return {id(c) for c in d.changed if (c.old_ref, c.ref) in kept and _ref_only(c)}


def _owner(path: tuple[int, ...], owner: dict[tuple[int, ...], _Rerendered]) -> _Rerendered | None:
    for end in range(len(path), 0, -1):
        group = owner.get(path[:end])
        if group is not None:
            return group
    return None


def _rerendered_line(g: _Rerendered) -> list[str]:
    roles = {c.line[2:].split(" ", 1)[0].rstrip(":") for c in g.items}
    what = roles.pop() if len(roles) == 1 else "items"
    # A wrapper's ref is rarely acted on; leaving it out keeps the pairs that matter in view.
    pairs = [f"{c.old_ref}→{c.ref}" for c in g.members if not _wrapper_line(c.line)]
    refs = " ".join(pairs[:_REF_PAIRS])
    if len(pairs) > _REF_PAIRS:
        refs += f" … +{len(pairs) - _REF_PAIRS} more (a snapshot shows them)"
    text = f"~ {len(g.items)} {what} re-rendered with the same content; new refs {refs}"
    first = g.items[0]
    notes = [_where(first.ancestor_role, first.ancestor_ref)]
    notes.extend(f"{n} {label}" for n, label in ((g.added, "added"), (g.removed, "removed")) if n)
    return [_with_notes(text, notes)]


def _wrapper_line(line: str) -> bool:
    if not line.endswith(":"):
        return False
    node = _node(line, ())
    return node.role in LAYOUT_ROLES and not node.name and node.text is None and line.endswith(":")


def _node(line: str, prop_lines: tuple[str, ...]) -> Node:
    return Node.from_line(line, prop_lines=prop_lines)


def _removed(r: RemovedNode, limit: int, terse: bool = False) -> list[str]:
    if r.row is not None:  # a table row: which one, by its cells
        return [_with_notes(f"- {r.row[2:]}", [_where(r.ancestor_role, r.ancestor_ref)])]
    # Terse: a node with a ref is named by it; where it was says nothing more.
    notes = [] if terse and r.ref else [_where(r.ancestor_role, r.ancestor_ref)]
    if r.nested and not (terse and r.ref):
        notes.append(f"{r.nested} nested node{'s' if r.nested > 1 else ''}")
    return [_with_notes(f"- {clip(_bare(r.line), limit)}", notes)]


def _bare(line: str, *, keep_colon: bool = False) -> str:
    """An outline line without its bullet (and without the colon that opens a block),
    and without the pointer hint on a link or button."""
    if not line.startswith("- "):
        return line.strip()
    if " [cursor=pointer]" in line:
        line = _uncursored(line)
    line = line[2:]
    if not keep_colon and line.endswith(":"):
        line = line[:-1]
    return line


def _uncursored(line: str) -> str:
    node = _node(line, ())
    if node.opaque or node.role not in ACTIONABLE:
        return line
    return line.replace(" [cursor=pointer]", "", 1)


def _where(role: str | None, ref: str | None) -> str:
    if ref is None:
        return ""
    return f"in {role} {ref}" if role else f"in {ref}"


def _with_notes(text: str, notes: list[str]) -> str:
    notes = [note for note in notes if note]
    return f"{text}  # {'; '.join(notes)}" if notes else text


def _prop_changes(
    old: tuple[str, ...], new: tuple[str, ...], limit: int
) -> list[tuple[str, str, str]]:
    """Each property that changed, with its old and new value as a diff prints them."""
    before = dict(_split_prop(line) for line in old)
    after = dict(_split_prop(line) for line in new)
    keys = list(after) + [key for key in before if key not in after]
    changes = []
    for key in keys:
        if before.get(key) == after.get(key):
            continue
        if key in before and key in after:
            was, now = _around_change(before[key], after[key])
        else:
            was, now = before.get(key, "(none)"), after.get(key, "(none)")
        changes.append((key, clip(was, limit), clip(now, limit)))
    return changes


# A pair of property values this long in all prints whole; longer ones (a link's
# address carrying the page's whole query) print around where they differ.
_WHOLE_PAIR = 60
# Characters kept either side of where two long values differ, and of what differs.
_AROUND = 16
_DIFFERING = 48
# Where a kept piece of an address may begin or end: at a word of it, not mid-word.
_JOINTS = frozenset("/?&=#%.:;, ")


def _around_change(before: str, after: str) -> tuple[str, str]:
    """``before`` and ``after`` cut to where they differ, a few characters either
    side and ``…`` for the rest, when they are too long to print whole: the
    addresses ``/shop/items?page=1&sort=price&filter=red&lang=en`` and
    ``…page=2…`` print as ``…/items?page=1&sort=price… → …/items?page=2&sort=price…``."""
    if len(before) + len(after) <= _WHOLE_PAIR:
        return before, after
    start = _common(before, after)
    end = _common(before[start:][::-1], after[start:][::-1])
    # The unchanged text kept in front, from a joint at most _AROUND characters back,
    lead = 0
    if start > _AROUND:
        window = range(start - _AROUND, start)
        lead = next((i for i in window if before[i] in _JOINTS), start - _AROUND)
    # and behind, up to a joint at most _AROUND characters on.
    same = before[len(before) - end :]
    tail = end
    if end > _AROUND:
        tail = next((i for i in range(_AROUND, 0, -1) if same[i] in _JOINTS), _AROUND)

    def piece(text: str) -> str:
        differing = text[start : len(text) - end]
        if len(differing) > _DIFFERING:
            differing = differing[:_DIFFERING] + "…"
        return "".join(
            [
                "…" if lead else "",
                text[lead:start],
                differing,
                same[:tail],
                "…" if tail < end else "",
            ]
        )

    return piece(before), piece(after)


def _split_prop(line: str) -> tuple[str, str]:
    body = line[3:] if line.startswith("- /") else line.strip()
    key, _, value = body.partition(": ")
    return key, value


def _clip_pair(old: str, new: str, limit: int) -> tuple[str, str]:
    """Shorten two long lines so the part that differs stays visible."""
    if len(old) <= limit and len(new) <= limit:
        return old, new
    same = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        same += 1
    start = max(0, same - _CONTEXT)
    # Keep the role, name and ref in view when eliding the start of long text.
    key_end = old.find(": ") + 2
    head = old[:key_end] if 1 < key_end <= min(start, limit // 2) else ""
    start = max(start, len(head))

    def cut(text: str) -> str:
        return clip(head + ("…" if start > len(head) else "") + text[start:], limit)

    return cut(old), cut(new)
