"""Compact outlines: what is distinct on a page, not every repeated row.

:func:`compact` rewrites an ai-mode outline (pure code, no browser) so that
its size follows what is distinct on the page:

- a run of :data:`MIN_RUN` or more similar siblings (same role and the same
  shape two levels down: list items, table rows, cards; never the cells of a
  row) keeps its first :data:`KEEP` items (fewer when they print more than
  :data:`KEPT_CHARS`) and says how many it hid and which ref expands them::

      - … 297 more listitem like the above (expand: snapshot(target="e4"))

  The ref is the element holding the run or, when that has none, its nearest
  ancestor with one. A run folds only when it hides more than :data:`FOLD_PAYS`
  characters (reading a fold back costs a whole answer; a table's rows:
  :data:`ROWS_FOLD_PAYS`), and a landmark the
  last page showed only when it hides more than twice its fold line;
- table rows the agent was shown before, word for word and in the same
  order (``read_rows``), fold where two or more stand together, so a list
  it returns to prints what is new in it (a list sorted anew prints whole)::

      - … 9 rows read before, unchanged (expand: snapshot(target="e214"))

- neither fold hides an item that holds what the agent typed or chose last
  (``wanted``): the ticket it just filed is printed in the list it opens next,
  and the note counts the rest (up to three such items per fold: a search word
  every result holds picks nothing out);

- a ref-less ``generic`` with no name, text or properties is dropped and its
  children take its place, and so is a bare ``generic [ref=eN]`` or
  ``listitem`` around a single child (a layout box: the child says what it
  holds), and an element with nothing in it to read or act on (an empty
  ``list`` or ``status``);
- a wrapper whose only child repeats its name (``generic "Save": - button
  "Save"``) becomes that child, keeping the ref of the element one acts on,
  and a label text beside the field it names goes;
- inline pieces of text (``strong``, ``code``, ``emphasis``, spans) join the
  line of the element holding them, with a space between them only where the
  page shows one (``glued`` names the word pairs it runs together), and links and buttons lose the
  ``[cursor=pointer]`` hint, which says nothing more there;
- a table row is one line, its cells in order between bars (``_rows``)::

      - row: 54 | 8 minutes ago | link "Wrong total (#54)" [ref=e46] |  | carol

  (the row's own ref only when one acts on the row: a pointer cursor);

- names, texts and property values are capped at :data:`TEXT_CAP` characters;
  a cut text ends with how to read it whole, ``… 2034 more chars (expand:
  snapshot(target="e7"))``, and an open-top outline of that ref (``open_top``)
  prints the texts of the element it asked for uncut;
- link URLs (``/url:``) and empty properties (``/placeholder: ""``) go: the
  link's ref follows it, and the full outline keeps the address.

Every ref of an element one can act on (buttons, links, fields, options,
tabs, menu items, anything with ``[cursor=pointer]``) stays, unless it is in a
collapsed run, whose line names the ref that shows it; so do the refs of
regions a read can be scoped to (:data:`SCOPES`: landmarks, dialogs, forms,
tables, lists). Other elements (rows, cells, headings, paragraphs, wrappers)
are printed without their refs: nothing acts on them, and the full outline
keeps them.

With ``max_tokens`` (a token counts as 4 characters) the text always fits,
and the outline gives up detail in this order: runs keep 1 item (and runs of
2 collapse), texts are capped at 80 then 40 characters, the
biggest subtrees the excess calls for are folded into one line with the ref
that expands them, and at last the text is cut with a note saying how to read
the rest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping
from itertools import groupby

import attrs

from browserkit.snapshot._compacted import Compacted, expand_hint, quote_ref
from browserkit.snapshot._focus import focus_section
from browserkit.snapshot._parse import Node, parse
from browserkit.snapshot._roles import (
    ACTIONABLE,
    BOXES,
    CHROME,
    INLINE,
    LAYOUT,
    SCOPES,
    content_named,
    landmark_signature,
    shows_ref,
    without_refs,
)
from browserkit.snapshot._roles import actionable as _actionable
from browserkit.snapshot._rows import join_words as _join
from browserkit.snapshot._rows import own_name, row_cells, row_head, row_line

__all__ = [
    "FOLD_PAYS",
    "KEEP",
    "KEPT_CHARS",
    "MIN_RUN",
    "ROWS_FOLD_PAYS",
    "TEXT_CAP",
    "Compacted",
    "compact",
]

KEEP = 3
"""Items of a collapsed run that stay in the outline."""
MIN_RUN = 6
"""Similar siblings in a row that make a run worth collapsing."""
TEXT_CAP = 160
"""Characters a name, a text or a property value keeps (``…`` included)."""

FOLD_PAYS = 600
"""Characters (about 150 tokens) a run must hide to be folded.

An agent that needs what a fold hid reads it back: one more answer, which
prints the lines kept and the container again. A fold hiding less than that
costs more than it saves whenever it is followed, and little when it is not.
Under ``max_tokens`` the outline folds whatever it must."""

ROWS_FOLD_PAYS = 2_000
"""Characters (about 500 tokens) a run of table rows must hide to be folded.

A table is read for its rows, each one different: an agent looking for one
row of a folded table mostly reads the table back whole, so a mid-size table
costs least printed once."""

KEPT_CHARS = 600
"""Characters the items a folded run keeps may print: fewer than :data:`KEEP` items
when they are long (a table row of six controls), never fewer than one. They show
what the run is like; the fold's ref shows them all."""

# Where every item is a control the agent may want: never folded.
_CONTROL_BARS = frozenset({"toolbar", "menubar", "menu", "tablist"})
# The shortest ``wanted`` text a fold keeps items for: "a", "10" are in every row.
_WANTED_MIN = 3
# Items among siblings a ``wanted`` text may keep out of a fold: more, and it picks
# nothing out.
_WANTED_SHOWN = 3

# (items kept, shortest run collapsed, text cap), tried in this order under a budget.
_LEVELS = ((KEEP, MIN_RUN, TEXT_CAP), (1, 2, TEXT_CAP), (1, 2, 80), (1, 2, 40))
_MAX_FOLDS = 64

# A text is cut only when that saves more than the note saying how to read it costs.
_CUT_NOTE = 50
_WHOLE = 1 << 30  # a cap nothing reaches
# Never a run: text lines, and the cells of one row (its columns, not repeats).
_NOT_RUNS = frozenset({"", "text", "cell", "gridcell", "columnheader", "rowheader"})


def compact(
    outline_text: str,
    *,
    max_tokens: int | None = None,
    open_top: bool = False,
    seen: Collection[str] = (),
    read_rows: Mapping[str, int] | None = None,
    focus: str | None = None,
    glued: Collection[tuple[str, str]] = (),
    wanted: Collection[str] = (),
) -> Compacted:
    """A compact version of an ai-mode outline (see the module docs for the rules).

    ``max_tokens`` bounds the result (``len(text) <= 4 * max_tokens``),
    giving up detail gracefully. ``open_top=True`` is for the outline of one
    element (``snapshot(target=ref)``): the runs that element's ref expands
    are shown in full, since that is what the agent asked to see; deeper
    runs still collapse. ``seen`` holds the :attr:`Compacted.landmarks` of
    the page the agent was shown last: a banner, navigation, sidebar or
    footer that reads the same is folded into one line naming its ref.
    ``read_rows`` maps the rows the agent was shown before
    (:attr:`Compacted.read_rows`) to their places in what it read, numbered
    in reading order: two or more of them side by side, in the order it read
    them, fold into one line naming the ref that shows them (never in an
    ``open_top`` read).
    ``focus`` names the heading of the section a ``page#section`` link asks
    for: the other sections of its container fold to their headings (see
    ``snapshot._focus``).
    ``glued`` holds the pairs (last word before, first word after) that the
    page runs together across an element boundary (``logs.<mark>retention</mark>``):
    the outline prints such pieces on lines of their own and without the
    whitespace between them, so joined they get no space.
    ``wanted`` holds what the agent typed or chose last: an item of a run, or a
    row read before, whose lines hold one of them (case aside) is printed,
    never folded.

    >>> line = "  - listitem [ref=e{0}]: Item {0}, as the page says it"
    >>> items = "\\n".join(line.format(i) for i in range(2, 22))
    >>> print(compact("- list [ref=e1]:\\n" + items))
    - list [ref=e1]:
      - listitem: Item 2, as the page says it
      - listitem: Item 3, as the page says it
      - listitem: Item 4, as the page says it
      - … 17 more listitem like the above (expand: snapshot(target="e1"))
    """
    if max_tokens is not None and (
        isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1
    ):
        raise ValueError(f"max_tokens must be an integer >= 1 or None, got {max_tokens!r}")
    roots = parse(outline_text).children
    shown: tuple[str, ...] = ()
    if focus:
        roots, _, shown = focus_section(roots, focus)
    known = _Known(
        frozenset(seen),
        {} if open_top or read_rows is None else read_rows,
        tuple(w.casefold() for w in wanted if len(w.strip()) >= _WANTED_MIN),
    )
    joins = frozenset(glued)
    top = frozenset(node.ref for node in roots if node.ref is not None) if open_top else None
    budget = None if max_tokens is None else 4 * max_tokens
    first = _Pass(*_LEVELS[0], top, roots, known, shown, joins)
    if budget is None or len(first.render()) <= budget:
        return first.finish()
    # The tersest level first: when even it does not fit, the levels between
    # cannot, and a large page is built twice rather than once per level.
    result = _Pass(*_LEVELS[-1], top, roots, known, shown, joins)
    if len(result.render()) <= budget:
        for keep, min_run, cap in _LEVELS[1:-1]:
            between = _Pass(keep, min_run, cap, top, roots, known, shown, joins)
            if len(between.render()) <= budget:
                return between.finish()
        return result.finish()
    result.fold(budget)
    if len(result.render()) <= budget:
        return result.finish()
    # Even folded it does not fit: the first lines of the content itself,
    # rather than a cut through a skeleton of fold lines.
    result.unfold()
    return result.hard_cut(budget)


@attrs.frozen
class _Known:
    """What the agent was shown before: the last page's landmark signatures, and
    the rows it read (their lines without refs)."""

    landmarks: frozenset[str] = frozenset()
    rows: Mapping[str, int] = attrs.field(factory=dict)
    # What it typed or chose last, case folded (see compact()'s ``wanted``).
    wanted: tuple[str, ...] = ()
    # The landmark signatures of this outline's nodes, by ``id``: each rendered once,
    # however many passes a budget takes.
    signatures: dict[int, str] = attrs.field(factory=dict)


_MENU_LINKS = 2
"""Links a list holds at least, one per item, to read as a menu (see ``_menu``)."""


def _menu(out: _Out) -> bool:
    """Whether ``out`` is a list each of whose items is a link (a site's menu)."""
    if out.role != "list":
        return False
    items = [kid for node in out.src for kid in node.children]
    return len(items) >= _MENU_LINKS and all(
        item.role == "link" or (item.role == "listitem" and _links(item)) for item in items
    )


def _links(node: Node) -> bool:
    return any(kid.role == "link" or _links(kid) for kid in node.children)


@attrs.define(eq=False)
class _Out:
    """One line of the compact outline, and what is under it."""

    line: str
    props: list[str]
    kids: list[_Out]
    role: str
    name: str | None
    ref: str | None
    # The ref that shows this line's content: its own, else its nearest
    # ancestor's in the original outline (None when there is none).
    anchor: str | None
    actionable: bool = False
    text: str | None = None
    # The original nodes this line shows (for a note: the nodes it hides).
    src: tuple[Node, ...] = ()
    shape: int = -1  # equal shapes make a run; -1 never matches
    shape2: int = -1
    # A body row printed as one line: its words without refs (the same words on
    # another page, or after a re-render, read the same).
    signature: str | None = None
    # A fold of rows read before: their signatures, in order.
    folded_rows: tuple[str, ...] = ()
    lines: int = 1
    chars: int = 0  # rendered size at indentation 0

    def measure(self) -> None:
        self.lines = 1 + len(self.props) + sum(kid.lines for kid in self.kids)
        self.chars = (
            len(self.line)
            + 1
            + sum(len(prop) + 3 for prop in self.props)
            + sum(kid.chars + 2 * kid.lines for kid in self.kids)
        )


class _Frame:
    __slots__ = ("anchor", "kids", "node", "parent", "row", "whole")

    def __init__(self, node: Node, anchor: str | None, parent: _Frame | None) -> None:
        self.node = node
        self.anchor = anchor
        self.parent = parent
        self.kids: list[_Out] = []
        # The row's cells when it is printed as one line (see ``_rows``).
        self.row: tuple[list[str], bool] | None = None
        # Inside the element an open-top read asked for: its texts are shown whole.
        self.whole = False


class _Pass:
    """One compaction of an outline with one level of detail."""

    def __init__(
        self,
        keep: int,
        min_run: int,
        cap: int,
        top: frozenset[str] | None,
        roots: Iterable[Node],
        known: _Known | None = None,
        shown: Iterable[str] = (),
        glued: frozenset[tuple[str, str]] = frozenset(),
    ) -> None:
        self.keep, self.min_run, self.cap, self.top = keep, min_run, cap, top
        known = _Known() if known is None else known
        self.seen, self.read_rows, self.wanted = known.landmarks, known.rows, known.wanted
        self._signatures = known.signatures
        # The least a fold hides: FOLD_PAYS at full detail, anything that helps under a budget.
        self.pays = FOLD_PAYS if (keep, min_run, cap) == _LEVELS[0] else 0
        self.glued = glued
        self.runs = self.collapsed = self.wrappers = self.merged = self.inlined = 0
        self.capped = self.folded = self.repeated = self.rows = 0
        # Refs whose snapshot shows what was left out: the notes' own, and
        # ``shown`` (what a focus folded).
        self.expansions: list[str] = list(shown)
        self.landmarks: list[str] = []
        self._shapes: dict[tuple[object, ...], int] = {}
        # Row names printed, by the table that holds the rows (see ``own_name``).
        self._row_names: set[tuple[int, str]] = set()
        self._text: str | None = None
        # What each fold replaced (see unfold).
        self._folds: list[tuple[_Out, list[_Out]]] = []
        self.roots = self._build(roots)

    # ------------------------------------------------------------ building

    def _build(self, roots: Iterable[Node]) -> list[_Out]:
        # Post-order without recursion: outlines can nest deeper than
        # Python's recursion limit.
        top = _Frame(Node(role=""), None, None)
        stack: list[tuple[Node, _Frame | None, _Frame]] = [
            (node, None, top) for node in reversed(tuple(roots))
        ]
        while stack:
            node, frame, parent = stack.pop()
            if frame is None:
                frame = _Frame(node, node.ref or parent.anchor, parent)
                frame.whole = parent.whole or self._asked(node)
                stack.append((node, frame, parent))
                frame.row = self._row_cells(frame)
                if frame.row is None:  # a row read as one line holds no lines
                    stack.extend((kid, None, frame) for kid in reversed(node.children))
            else:
                parent.kids.extend(self._close(frame, parent.anchor))
        return self._same_edges(self._collapse(self._unlabel(top.kids), None))

    def _same_edges(self, roots: list[_Out]) -> list[_Out]:
        """On a page without landmarks, the stretches of top-level items at its start
        and at its end that read as on the last page (a header's menus, a footer)
        folded into one line each; the whole outline shows them.

        A page with landmarks has their own folds (``_same_chrome``)."""
        if self.top is not None or any(out.role in CHROME for out in roots):
            return roots
        signatures = [self._top_signature(out) for out in roots]
        self.landmarks.extend(sig for sig in signatures if sig is not None)
        if not self.seen:
            return roots

        def same(at: int) -> bool:
            sig = signatures[at]
            return sig is not None and sig in self.seen and not self._holds_wanted(roots[at])

        head = next((at for at in range(len(roots)) if not same(at)), len(roots))
        if head == len(roots):
            return roots  # the same page again: shown as it is
        tail = next(at for at in range(len(roots) - 1, -1, -1) if not same(at)) + 1
        return self._edge(roots[:head]) + roots[head:tail] + self._edge(roots[tail:])

    def _edge(self, run: list[_Out]) -> list[_Out]:
        """``run`` with its stretches between menus of links folded (see ``_fold_edge``):
        a menu (a header's) is what an agent follows to the next page, and folded it
        cost a whole read to find there."""
        out: list[_Out] = []
        start = 0
        for at, item in enumerate(run):
            if _menu(item):
                out += [*self._fold_edge(run[start:at]), item]
                start = at + 1
        return out + self._fold_edge(run[start:])

    def _landmark(self, node: Node) -> str:
        """``landmark_signature(node)``, rendered once per outline."""
        found = self._signatures.get(id(node))
        if found is None:
            found = self._signatures[id(node)] = landmark_signature(node)
        return found

    def _top_signature(self, out: _Out) -> str | None:
        """What a top-level item shows, refs left out (see ``landmark_signature``)."""
        if not out.src or out.role == "":
            return None
        return "top " + "|".join(self._landmark(node) for node in out.src)

    def _fold_edge(self, run: list[_Out]) -> list[_Out]:
        """``run`` as one line saying it reads as on the last page, where that pays."""
        count = len(run)
        note = f"- … {count} item{'s' if count != 1 else ''} the same as on the last page"
        note += " (expand: snapshot(compact=False))"
        if count < 2 or sum(out.chars + 2 * out.lines for out in run) <= 2 * len(note):
            return run
        self.repeated += 1
        return [self._note(note, None, run)]

    def _asked(self, node: Node) -> bool:
        """Whether ``node`` is an element (not a region) an open-top read asked for,
        whose texts are then printed whole."""
        return (
            self.top is not None
            and self.cap == TEXT_CAP
            and node.ref in self.top
            and node.role not in SCOPES
        )

    def _whole(self, frame: _Frame) -> bool:
        """Whether ``frame``'s texts are shown whole: the element an open-top read asked
        for and what it holds, and the texts a region it asked for holds itself."""
        return frame.whole or (
            self.top is not None and self.cap == TEXT_CAP and frame.anchor in self.top
        )

    def _close(self, frame: _Frame, above: str | None) -> list[_Out]:
        """The lines a node becomes once its children are compacted."""
        if frame.row is not None:
            return [self._row(frame)]
        node, kids = frame.node, self._unlabel(frame.kids)
        if node.opaque:
            out = _Out(_cap(node.line.lstrip(" "), 2 * self.cap), [], kids, "", None, None, above)
            out.src = (node,)
            out.kids = self._collapse(kids, above)
            out.measure()
            return [out]
        bare = node.name is None and node.text is None and not node.props
        actionable = _actionable(node)
        if bare and not actionable and _dissolves(node, len(kids)):
            self.wrappers += 1
            return kids
        if (
            bare
            and node.role in LAYOUT
            and kids
            and not any(k not in ("cursor", "active") for k, _ in node.attributes)
        ):
            # A clickable box around one control (a select's whole field, its
            # floating label and value beside it): the control is what one acts
            # on, and its line says what it is.
            inner = self._unlabel(self._join_runs(kids, frame)) if len(kids) > 1 else kids
            if len(inner) == 1 and inner[0].actionable:
                self.wrappers += 1
                return inner
        if not (actionable or kids) and any(k == "aria-hidden" for k, _ in node.attributes):
            # Hidden from assistive tech and nothing to act on: an icon's ligature
            # ("arrow_drop_down"), decoration a screen reader skips too.
            self.wrappers += 1
            return []
        if len(kids) == 1 and node.name:
            only = kids[0]
            if (
                not (only.kids or only.props or only.actionable)
                and only.role not in SCOPES
                and (only.text if only.name is None else only.name) == node.name
            ):
                # The name is its only child's words (a header holding a
                # paragraph that says the same): one line.
                self.merged += 1
                kids = []
            elif only.name == node.name and only.role != "text":
                if not actionable and node.role not in SCOPES:
                    self.merged += 1
                    return kids
                if actionable and not only.actionable and not only.kids and not only.props:
                    self.merged += 1
                    kids = []
                elif actionable and only.actionable and node.role in LAYOUT and not node.props:
                    # A clickable box around the control of its name (a toolbar's
                    # item): the control is what one acts on, and says it all.
                    self.merged += 1
                    return kids
        text = None if node.text == node.name else node.text  # a heading's words, twice
        if node.name and kids:
            kids = self._unrepeat(node.name, kids)
        if actionable and any(map(_inline, kids)) and all(_inline(k) or _picture(k) for k in kids):
            # A link or button that says what it is in words: an image beside them
            # (a logo, an icon named as the words) is decoration there.
            words = [kid for kid in kids if _inline(kid)]
            self.merged += len(kids) - len(words)
            kids = words
        if kids and not node.props and text is None and all(map(_inline, kids)):
            # Words split over spans and emphasis: one line, as a reader sees them.
            joined = _join((kid.text or kid.name or "" for kid in kids), self.glued)
            if joined:
                self.inlined += len(kids)
                text, kids = joined, []
        elif len(kids) > 2:
            kids = self._unlabel(self._join_runs(kids, frame))  # a label whole again
        if node.role == "combobox":
            kids = self._closed_options(node, kids)
        line, props = self._line(node, text, bool(kids), frame)
        out = _Out(line, props, kids, node.role, node.name, node.ref, frame.anchor, actionable)
        out.text, out.src = text, (node,)
        out.shape2 = self._intern((node.role, tuple(kid.role for kid in kids)))
        out.shape = self._intern((node.role, tuple(kid.shape2 for kid in kids)))
        # A toolbar's or a menu's items are what one acts on there: printed, not folded.
        if node.role not in _CONTROL_BARS or not all(kid.actionable for kid in kids):
            out.kids = self._collapse(kids, frame.anchor)
        if node.role in CHROME and node.children:
            self._same_chrome(node, out)
        out.measure()
        return [out]

    def _row_cells(self, frame: _Frame) -> tuple[list[str], bool] | None:
        """A row's cells when it reads as one line (see ``_rows``), else None."""
        if frame.node.role != "row":
            return None
        cap = _WHOLE if frame.whole else self.cap
        return row_cells(frame.node, cap, self.glued)

    def _row(self, frame: _Frame) -> _Out:
        """A table row as one line: its cells in order, controls with their refs."""
        node = frame.node
        assert frame.row is not None
        cells, cut = frame.row
        # A row is nothing to act on unless it says so (a pointer cursor): printed
        # without its ref, as a heading is; its cells' controls keep theirs, and a
        # cut cell's note names the row's ref.
        named = row_head(node, ref=_actionable(node))
        line = named
        name = own_name(node)
        if name is not None:
            table = _table_of(frame)
            if (table, name) in self._row_names:
                line = row_head(node, ref=_actionable(node), named=False)
            self._row_names.add((table, name))
        line = row_line(line, cells)
        if cut:  # a cell's words were cut: the row's own read shows them whole
            line += f" ({expand_hint(frame.anchor)})"
            if frame.anchor is not None:
                self.expansions.append(frame.anchor)
            self.capped += 1
        self.rows += 1
        out = _Out(line, [], [], node.role, node.name, node.ref, frame.anchor, _actionable(node))
        out.src = (node,)
        if not line.startswith("- columns"):
            # Its name counts, printed or not: a row reads the same wherever it stands.
            out.signature = without_refs(row_line(named, cells))
        # Rows whose cells hold the same kinds of things make a run, as before.
        cells_shape = tuple((c.role, tuple(k.role for k in c.children)) for c in node.children)
        out.shape2 = self._intern(("row line", len(cells)))
        out.shape = self._intern(("row line", cells_shape))
        out.measure()
        return out

    def _same_chrome(self, node: Node, out: _Out) -> None:
        """Fold a landmark the agent was shown on the last page (``seen``) into one line."""
        signature = self._landmark(node)
        self.landmarks.append(signature)
        note = f"- … the same as on the last page ({expand_hint(node.ref)})"
        if (
            signature in self.seen
            and node.ref is not None
            and out.kids
            # Worth a line of its own only when it hides more than twice that line.
            and sum(kid.chars + 2 * kid.lines for kid in out.kids) > 2 * len(note) * bool(self.pays)
        ):
            out.kids = [self._note(note, node.ref, out.kids)]
            self.repeated += 1

    def _closed_options(self, node: Node, kids: list[_Out]) -> list[_Out]:
        """A closed select (a combobox holding its options) shows only its selected
        option and how many others it has, named by the ref that lists them.

        One picks an option by its label (``select``), never by a ref of its
        own, so the list is only read when the agent asks for it; the outline of
        the select itself (``snapshot(target=ref)``) lists them all.
        """
        if (
            node.ref is None
            or any(key == "expanded" for key, _ in node.attributes)
            or (self.top is not None and node.ref in self.top)
            or len(kids) < 2
            or any(kid.role != "option" or kid.kids for kid in kids)
        ):
            return kids
        chosen = [kid for kid in kids if any(k == "selected" for k, _ in kid.src[0].attributes)]
        kept = chosen or kids[:1]
        hidden = [kid for kid in kids if kid not in kept]
        other = "other option" + "s" * (len(hidden) > 1)
        note = f"- … {len(hidden)} {other} ({expand_hint(node.ref)})"
        if sum(kid.chars for kid in hidden) <= len(note):
            return kids
        self.runs += 1
        self.collapsed += len(hidden)
        return [*kept, self._note(note, node.ref, hidden)]

    def _join_runs(self, kids: list[_Out], frame: _Frame) -> list[_Out]:
        """Consecutive inline pieces between other children (a sentence around a
        link) as one text line each."""
        out: list[_Out] = []
        for inline, group in groupby(kids, key=_inline):
            run = list(group)
            pieces = (piece.text or piece.name or "" for piece in run)
            joined = _join(pieces, self.glued) if inline else ""
            if len(run) < 2 or not joined:
                out.extend(run)
                continue
            self.inlined += len(run)
            text, note = self._cut(joined, frame)
            line = Node.create("text", text=text).line + note
            piece = _Out(line, [], [], "text", None, None, frame.anchor, text=text)
            piece.src = tuple(node for item in run for node in item.src)
            piece.measure()
            out.append(piece)
        return out

    def _unrepeat(self, name: str, kids: list[_Out]) -> list[_Out]:
        """``kids`` without the pieces of text its parent's ``name`` already says
        (a button named "GET /items List items" holding "GET" and "List items")."""
        kept = []
        for kid in kids:
            words = kid.text if kid.name is None else None
            if (
                words
                and kid.role in ("generic", "text")
                and not (kid.kids or kid.props or kid.actionable)
                and words in name
            ):
                self.merged += 1
                continue
            kept.append(kid)
        return kept

    def _unlabel(self, kids: list[_Out]) -> list[_Out]:
        """``kids`` without the label texts that repeat the name of the control beside them
        (and its value: a floating label over a select, ``Product Brass telescope``)."""
        if len(kids) < 2:
            return kids
        kept: list[_Out] = []
        for at, kid in enumerate(kids):
            if _label_words(kid):
                around = kids[max(at - 1, 0) : at + 2]
                if any(o.actionable and _labels(kid.text, o) for o in around):
                    self.merged += 1
                    continue
            kept.append(kid)
        return kept

    def _cut(self, text: str, frame: _Frame) -> tuple[str, str]:
        """``text`` capped, and the note that says how to read it whole ("" if not cut).

        A text is cut only where the cut saves more than the note costs, and
        never where an open-top read asked for it (``_whole``).
        """
        if len(text) <= self.cap + _CUT_NOTE or self._whole(frame):
            return text, ""
        short = _cap(text, self.cap)
        if frame.anchor is not None:
            self.expansions.append(frame.anchor)
        more = len(text) - len(short) + 1
        return short, f" {more} more chars ({expand_hint(frame.anchor)})"

    def _line(
        self, node: Node, text: str | None, kids: bool, frame: _Frame
    ) -> tuple[str, list[str]]:
        """The node's line and property lines, capped, with ``text`` inline
        (cut with a note naming the ref that reads it whole)."""
        cap = self.cap
        name = node.name if node.name is None else _cap(node.name, cap)
        if kids and content_named(node):
            name = None  # its children say it
        short, note = (None, "") if text is None else self._cut(text, frame)
        # A link's URL goes: its ref follows it, and the full outline (or
        # find(urls=True)) has it for the rare agent that needs the address.
        # An empty placeholder says nothing either.
        kept = [(k, v) for k, v in node.props if k != "url" and v not in ('""', "''", "")]
        props = [(key, _cap(value, cap)) for key, value in kept]
        self.capped += (short != text) + sum(a != b for a, b in zip(props, kept, strict=True))
        self.capped += name != node.name
        attributes = node.attributes
        if node.role in ACTIONABLE and ("cursor", "pointer") in attributes:
            # A link or button is something to click: the cursor hint says nothing more.
            attributes = tuple(a for a in attributes if a != ("cursor", "pointer"))
        ref = node.ref if shows_ref(node, text) else None
        if (short, name, props, attributes, ref) == (
            node.text,
            node.name,
            list(node.props),
            node.attributes,
            node.ref,
        ):
            if kids or props or not node.children or not node.line.endswith(":"):
                return node.line, list(node.prop_lines)
            return node.line[:-1], []  # every child was dropped
        if node.role == "text":
            made = Node.create("text", text=short)
        else:
            try:
                made = Node.create(
                    node.role,
                    name,
                    attributes=attributes,
                    ref=ref,
                    props=props,
                    text=short,
                    children=node.children if kids else (),
                )
            except ValueError:  # inline text and children: not what Playwright prints
                return _cap(node.line, 2 * cap), [_cap(p, 2 * cap) for p in node.prop_lines]
        return made.line + note, list(made.prop_lines)

    def _intern(self, key: tuple[object, ...]) -> int:
        return self._shapes.setdefault(key, len(self._shapes))

    def _read_before(self, kids: list[_Out], anchor: str | None, picked: set[int]) -> list[_Out]:
        """``kids`` with each stretch of rows the agent read before (``read_rows``)
        folded into one line naming ``anchor``, whose read shows them (never those in
        ``picked``, by ``id``: see :meth:`_picked`)."""
        if anchor is None or not self.read_rows:
            return kids
        out: list[_Out] = []
        for run in self._stretches(kids, picked):
            note = f"- … {len(run)} rows read before, unchanged ({expand_hint(anchor)})"
            # Worth a line of its own only when it hides more than twice that line.
            if len(run) > 1 and sum(kid.chars for kid in run) > 2 * len(note):
                folded = self._note(note, anchor, run)
                folded.folded_rows = tuple(kid.signature or "" for kid in run)
                out.append(folded)
                self.repeated += 1
            else:
                out.extend(run)
        return out

    def _stretches(self, kids: list[_Out], picked: set[int]) -> Iterator[list[_Out]]:
        """``kids`` in stretches: rows that follow one another as the agent read them
        (each one place after the last), and everything else one at a time."""
        run: list[_Out] = []
        after = -1  # the place the run's next row had when the agent read it
        for kid in kids:
            place = None
            if kid.signature is not None and id(kid) not in picked:
                place = self.read_rows.get(kid.signature)
            if run and place != after:
                yield run
                run = []
            if place is None:
                yield [kid]
                continue
            run.append(kid)
            after = place + 1
        if run:
            yield run

    def _collapse(self, kids: list[_Out], anchor: str | None) -> list[_Out]:
        """``kids`` with each long run of similar siblings cut to its first items
        (and the rows read before folded first)."""
        picked = self._picked(kids)
        kids = self._read_before(kids, anchor, picked)
        if len(kids) < self.min_run or (
            self.top is not None and (anchor is None or anchor in self.top)
        ):
            return kids
        out: list[_Out] = []
        start = 0
        while start < len(kids):
            first = kids[start]
            end = start + 1
            if first.role not in _NOT_RUNS:
                while end < len(kids) and kids[end].shape == first.shape:
                    end += 1
            keep = self._kept(kids[start:end])
            hidden = kids[start + keep : end]
            # What the agent typed or chose is printed, and the note counts the rest.
            shown = [kid for kid in hidden if id(kid) in picked]
            hidden = [kid for kid in hidden if id(kid) not in picked] if shown else hidden
            if end - start >= self.min_run and hidden:
                note = f"- … {len(hidden)} more {first.role} like the above ({expand_hint(anchor)})"
                pays = ROWS_FOLD_PAYS if self.pays and first.role == "row" else self.pays
                if sum(kid.chars for kid in hidden) > max(len(note), pays):
                    out.extend(kids[start : start + keep])
                    out.extend(shown)
                    out.append(self._note(note, anchor, hidden))
                    self.runs += 1
                    self.collapsed += len(hidden)
                    start = end
                    continue
            out.extend(kids[start:end])
            start = end
        return out

    def _picked(self, kids: list[_Out]) -> set[int]:
        """The ``id`` of each of ``kids`` that holds a text the agent typed or chose
        last which at most :data:`_WANTED_SHOWN` of them hold: a word every item holds
        (a search word in its results, a component many tickets share) picks none out."""
        if not self.wanted or len(kids) < 2:
            return set()
        texts = [(id(kid), _words(kid)) for kid in kids]
        picked: set[int] = set()
        for wanted in self.wanted:
            holders = [at for at, text in texts if wanted in text]
            if len(holders) <= _WANTED_SHOWN:
                picked.update(holders)
        return picked

    def _holds_wanted(self, out: _Out) -> bool:
        """Whether ``out``'s lines (its own and those under it) hold what the agent
        typed or chose last."""
        return bool(self.wanted) and any(w in _words(out) for w in self.wanted)

    def _kept(self, run: list[_Out]) -> int:
        """How many of ``run``'s first items a fold keeps: up to ``keep``, and at full
        detail no more than print in KEPT_CHARS (at least one)."""
        if not self.pays:
            return self.keep
        kept, size = 1, run[0].chars
        while kept < min(self.keep, len(run)) and size + run[kept].chars <= KEPT_CHARS:
            size += run[kept].chars
            kept += 1
        return kept

    def _note(self, line: str, anchor: str | None, hidden: list[_Out]) -> _Out:
        if anchor is not None:
            self.expansions.append(anchor)
        out = _Out(line, [], [], "", None, None, anchor)
        out.src = tuple(node for item in hidden for node in item.src)
        out.measure()
        return out

    # ------------------------------------------------------------- output

    def render(self) -> str:
        if self._text is None:
            self._text = "\n".join(line for line, _ in self._lines())
        return self._text

    def _lines(self) -> list[tuple[str, str | None]]:
        """Each printed line, with the ref that shows what follows it in its parent."""
        out: list[tuple[str, str | None]] = []
        stack: list[tuple[_Out, int, str | None]] = [(r, 0, None) for r in reversed(self.roots)]
        while stack:
            node, depth, holder = stack.pop()
            pad = "  " * depth
            out.append((pad + node.line, holder))
            out.extend((pad + "  " + prop, node.anchor) for prop in node.props)
            stack.extend((kid, depth + 1, node.anchor) for kid in reversed(node.kids))
        return out

    def finish(self, cut: int = 0, text: str | None = None) -> Compacted:
        text = self.render() if text is None else text
        # Only the notes still printed: a fold or a cut can hide earlier ones.
        named = (ref for ref in self.expansions if f"target={quote_ref(ref)}" in text)
        return Compacted(
            text=text,
            runs=self.runs,
            collapsed=self.collapsed,
            wrappers=self.wrappers,
            merged=self.merged,
            inlined=self.inlined,
            capped=self.capped,
            folded=self.folded,
            cut=cut,
            expansions=tuple(dict.fromkeys(named)),
            repeated=self.repeated,
            rows=self.rows,
            landmarks=tuple(self.landmarks),
            read_rows=tuple(self._printed_rows(text)),
        )

    def _printed_rows(self, text: str) -> Iterator[str]:
        """The signatures of the body rows ``text`` prints or folds as read before, in
        reading order (all of the tree's, unless a hard cut left some out)."""
        printed = None if text is self._text else {line.lstrip(" ") for line in text.split("\n")}
        stack = list(reversed(self.roots))
        while stack:
            node = stack.pop()
            stack.extend(reversed(node.kids))
            if printed is not None and node.line not in printed:
                continue
            if node.signature is not None:
                yield node.signature
            yield from node.folded_rows

    # ------------------------------------------------------------- budget

    def fold(self, budget: int) -> None:
        """Fold subtrees into one line each until the outline fits ``budget`` characters.

        Each step folds the biggest subtree whose saving does not exceed
        what is still over (so a page loses its largest blocks, not its
        landmarks); when only much smaller ones are left, the smallest
        subtree that fixes the excess on its own.
        """
        for _ in range(_MAX_FOLDS):
            excess = len(self.render()) - budget
            if excess <= 0:
                return
            fits: tuple[int, _Out] | None = None
            over: tuple[int, _Out] | None = None
            for node, depth in self._foldable():
                inner = sum(kid.chars + 2 * (depth + 1) * kid.lines for kid in node.kids)
                saving = inner - (2 * (depth + 1) + 100)
                if saving <= 0:
                    continue
                if saving <= excess:
                    if fits is None or saving > fits[0]:
                        fits = (saving, node)
                elif over is None or saving < over[0]:
                    over = (saving, node)
            if fits is not None and (over is None or fits[0] * 8 >= excess):
                chosen = fits[1]
            elif over is not None:
                chosen = over[1]
            elif fits is not None:
                chosen = fits[1]
            else:
                return
            self._fold(chosen)

    def _foldable(self) -> list[tuple[_Out, int]]:
        found: list[tuple[_Out, int]] = []
        stack = [(root, 0) for root in self.roots]
        while stack:
            node, depth = stack.pop()
            if node.kids:
                found.append((node, depth))
                stack.extend((kid, depth + 1) for kid in node.kids)
        return found

    def _fold(self, node: _Out) -> None:
        counts: Counter[str] = Counter()
        total = 0
        for src in node.kids:
            for item in (n for top in src.src for n in top.walk()):
                total += 1
                if _actionable(item):
                    counts[item.role] += 1
        what = "".join(f", {n} {role}" for role, n in counts.most_common(3))
        hint = f"{total} nodes folded" + (f", incl. {what[2:]}" if what else "")
        self._folds.append((node, node.kids))
        node.kids = [self._note(f"- … {hint} ({expand_hint(node.anchor)})", node.anchor, node.kids)]
        self.folded += 1
        self._text = None
        self._remeasure()

    def unfold(self) -> None:
        """Undo every fold, newest first (their notes' refs are dropped by ``finish``
        once no line names them)."""
        for node, kids in reversed(self._folds):
            node.kids = kids
        self._folds.clear()
        self.folded = 0
        self._text = None
        self._remeasure()

    def _remeasure(self) -> None:
        order: list[_Out] = []
        stack = list(self.roots)
        while stack:
            node = stack.pop()
            order.append(node)
            stack.extend(node.kids)
        for node in reversed(order):  # children before their parents
            node.measure()

    def hard_cut(self, budget: int) -> Compacted:
        """The first lines that fit ``budget``, and a note on how to read the rest."""
        lines = self._lines()
        best: tuple[int, str] | None = None  # lines kept, note
        size = 0  # the kept lines, each with its newline
        for at in range(len(lines)):
            line, holder = lines[at]
            pad = " " * (len(line) - len(line.lstrip(" ")))
            rest = len(lines) - at
            where = f"expand: snapshot(target={quote_ref(holder)}), or " if holder else ""
            note = f"{pad}- … {rest} more line{'s' * (rest > 1)} cut ({where}raise max_tokens)"
            if size + len(note) <= budget:
                best = (at, note)
            size += len(line) + 1
            if size > budget:
                break
        if best is None:
            short = [note for note in ("- … cut (raise max_tokens)", "…") if len(note) <= budget]
            best = (0, short[0] if short else "")
        kept, note = best
        text = "\n".join([line for line, _ in lines[:kept]] + ([note] if note else []))
        self.expansions = [
            *self.expansions,
            *(ref for _, ref in lines[kept : kept + 1] if ref is not None),
        ]
        return self.finish(cut=len(lines) - kept, text=text)


def _words(out: _Out) -> str:
    """``out``'s lines, its own and those under it, case folded."""
    stack, words = [out], []
    while stack:
        item = stack.pop()
        words.append(item.line)
        words.extend(item.props)
        stack.extend(item.kids)
    return "\n".join(words).casefold()


def _labels(words: str | None, control: _Out) -> bool:
    """Whether ``words`` only say ``control``'s name, or its name and then its value."""
    if not control.name or not words:
        return False
    shown = control.text or ""
    return words == control.name or (bool(shown) and words == f"{control.name} {shown}")


def _label_words(out: _Out) -> bool:
    """Whether ``out`` is only words that may label a field: a text line, or a
    ``generic`` showing them (a ``<label>`` element, with its ref or without)."""
    if out.kids or out.props or not out.text:
        return False
    return out.role == "text" or (out.role == "generic" and out.name is None)


def _inline(out: _Out) -> bool:
    return out.role in INLINE and not (out.actionable or out.kids or out.props)


def _picture(out: _Out) -> bool:
    return out.role == "img" and not (out.actionable or out.kids or out.props)


def _dissolves(node: Node, kids: int) -> bool:
    """Whether a bare element nothing acts on is only layout: a wrapper or row group,
    or a cell or caption around one child (its children take its place)."""
    if any(key != "active" for key, _ in node.attributes):
        return False
    if kids == 0 and node.role != "iframe":
        return True  # an empty list or status line: nothing to read, nothing to act on
    return node.role in LAYOUT or (kids == 1 and node.role in BOXES)


def _cap(value: str, cap: int) -> str:
    return value if len(value) <= cap else value[: cap - 1] + "…"


_TABLES = frozenset({"grid", "table", "treegrid"})


def _table_of(frame: _Frame) -> int:
    """The identity of the table (grid, treegrid) holding a row's ``frame``: its
    nearest such ancestor, else the row's parent."""
    up = frame.parent
    while up is not None and up.node.role not in _TABLES:
        up = up.parent
    return id((up or frame.parent or frame).node)
