"""Outlines drawn for property tests: mutable drafts, random trees, page-like edits.

The diff's property tests and the diff rules' tests build outlines from
these, and check every diff with :func:`check_invariants`.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator

import attrs
from hypothesis import strategies as st

from browserkit.snapshot import Node, Outline, SnapshotDiff, apply, count_nodes, render, render_diff


def check_invariants(old: Outline, new: Outline, d: SnapshotDiff) -> None:
    """What every diff must satisfy: it applies back, and every node is accounted for once."""
    rebuilt = apply(old, d)
    assert render(rebuilt) == render(new)
    assert rebuilt == new
    matched = d.unchanged + len(d.changed)
    added = sum(1 if a.shallow else count_nodes(a.node) for a in d.added)
    removed = sum(1 + r.nested for r in d.removed)
    assert matched + added == count_nodes(new)
    assert matched + removed == count_nodes(old)
    assert render_diff(d)


ROLES = ["generic", "button", "link", "listitem", "list", "heading", "paragraph", "dialog"]
NAMES = st.sampled_from([None, "Add", "Cart", "OK", "a: b", 'say "hi"', "#1", "- x", "yes", "é"])
TEXTS = st.sampled_from([None, "one", "two", "a: b", "", " pad ", "12"])


@attrs.define
class Draft:
    """A mutable node, to build outlines and edit them the way pages change."""

    role: str
    name: str | None = None
    attributes: list[tuple[str, str | None]] = attrs.Factory(list)
    ref: str | None = None
    url: str | None = None
    text: str | None = None
    kids: list[Draft] = attrs.Factory(list)

    def freeze(self) -> Node:
        if self.role == "text":
            return Node.create("text", text=self.text or "")
        props = [("url", self.url)] if self.url is not None else []
        kids = [kid.freeze() for kid in self.kids]
        return Node.create(
            self.role,
            self.name,
            attributes=self.attributes,
            ref=self.ref,
            props=props,
            text=None if kids or props else self.text,
            children=kids,
        )


def freeze(roots: list[Draft]) -> Outline:
    return Outline(tuple(root.freeze() for root in roots))


def spots(roots: list[Draft]) -> list[tuple[Draft, list[Draft]]]:
    """Every draft with the list that holds it, in document order."""
    out: list[tuple[Draft, list[Draft]]] = []
    stack = [(node, roots) for node in reversed(roots)]
    while stack:
        node, holder = stack.pop()
        out.append((node, holder))
        stack.extend((kid, node.kids) for kid in reversed(node.kids))
    return out


def inside(node: Draft) -> list[list[Draft]]:
    return [node.kids] + [d.kids for d, _ in spots(node.kids)]


@st.composite
def drafts(draw: st.DrawFn, fresh: Iterator[str]) -> Draft:
    kind = draw(st.sampled_from(["element", "element", "element", "text", "refless"]))
    if kind == "text":
        return Draft("text", text=draw(TEXTS) or "t")
    draft = Draft(draw(st.sampled_from(ROLES)), draw(NAMES), text=draw(TEXTS))
    if kind == "element":
        draft.ref = next(fresh)
    if draw(st.booleans()):
        draft.attributes = [draw(st.sampled_from([("level", "1"), ("checked", None)]))]
    if draft.role == "link" and draw(st.booleans()):
        draft.url = draw(st.sampled_from(["/a", "/b", "#x"]))
    return draft


@st.composite
def trees(draw: st.DrawFn, fresh: Iterator[str]) -> list[Draft]:
    roots: list[Draft] = []
    holders = [roots]
    for _ in range(draw(st.integers(0, 25))):
        holder = holders[draw(st.integers(0, len(holders) - 1))]
        node = draw(drafts(fresh))
        holder.insert(draw(st.integers(0, len(holder))), node)
        if node.role != "text":
            holders.append(node.kids)
    return roots


def pick(draw: st.DrawFn, roots: list[Draft]) -> tuple[Draft, list[Draft]] | None:
    found = spots(roots)
    return found[draw(st.integers(0, len(found) - 1))] if found else None


@st.composite
def edited(draw: st.DrawFn, roots: list[Draft], fresh: Iterator[str]) -> list[Draft]:
    """The tree after a few page updates: renames, toggles, inserts, removals, moves."""
    roots = copy.deepcopy(roots)
    ops = ["rename", "attr", "text", "url", "insert", "remove", "shuffle", "move", "wrap", "unwrap"]
    for op in draw(st.lists(st.sampled_from(ops), max_size=6)):
        spot = pick(draw, roots)
        if spot is None or op == "insert":
            holders = [roots, *(d.kids for d, _ in spots(roots) if d.role != "text")]
            holder = holders[draw(st.integers(0, len(holders) - 1))]
            holder.insert(draw(st.integers(0, len(holder))), draw(drafts(fresh)))
            continue
        node, holder = spot
        if op == "rename" and node.role != "text":
            node.name = draw(NAMES)
            if node.ref is not None and draw(st.booleans()):
                node.ref = next(fresh)  # Playwright re-refs a renamed element
        elif op == "attr" and node.role != "text":
            node.attributes = [] if node.attributes else [("active", None)]
        elif op == "text":
            node.text = draw(TEXTS) if node.role != "text" else (draw(TEXTS) or "edited")
        elif op == "url" and node.role == "link":
            node.url = None if node.url else "/new"
        elif op == "remove":
            holder.remove(node)
        elif op == "shuffle":
            holder[:] = draw(st.permutations(holder))
        elif op == "move":
            targets = [roots, *(d.kids for d, _ in spots(roots) if d.role != "text")]
            targets = [t for t in targets if not any(t is own for own in inside(node))]
            holder.remove(node)
            target = targets[draw(st.integers(0, len(targets) - 1))]
            target.insert(draw(st.integers(0, len(target))), node)
        elif op == "wrap":
            at = next(i for i, d in enumerate(holder) if d is node)
            holder[at] = Draft("generic", ref=next(fresh), kids=[node])
        elif op == "unwrap" and node.role != "text":
            at = next(i for i, d in enumerate(holder) if d is node)
            holder[at : at + 1] = node.kids
    return roots


@st.composite
def outline_pairs(draw: st.DrawFn, duplicates: bool = False) -> tuple[Outline, Outline]:
    prefix = draw(st.sampled_from(["", "f1", "f3"]))
    # Playwright never prints a ref twice; the duplicates case checks robustness.
    fresh = (f"{prefix}e{i % 4 if duplicates else i}" for i in itertools.count(1))
    old = draw(trees(fresh))
    new = draw(edited(old, fresh))
    return freeze(old), freeze(new)
