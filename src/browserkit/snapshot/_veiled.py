"""Refs that outlast a popup: the page hid the rest of itself from assistive technology.

A popover select, a menu or a modal dialog (Radix, MUI, react-aria, Base
Web...) sets ``aria-hidden`` (or ``inert``) on everything outside it while it
is open. Playwright then prints those elements without their accessible names
(``button [ref=e10]: Save`` for ``button "Save" [ref=e5]``), and a new name is
a new ref: every element outside the popup is renamed when it opens, and again
when it closes. Nothing about those elements changed.

:func:`veil_pairs` pairs each element of such a subtree in a new outline with
the same element in the outline before, so the new one can carry the old ref.
It pairs only where nothing is a guess: the subtree's root is the same element
(the same ref) on both sides, its ``aria-hidden`` state is what changed, and
the elements under it, in reading order, have the same roles one for one.
Otherwise it pairs nothing there, and the refs are Playwright's.

Some libraries veil each element outside the popup rather than one subtree
(Streamlit's BaseWeb marks the elements themselves): :func:`veil_renames`
pairs those through the diff's own matching, where an element of the same role
kept its place and only lost or got back its name as its veil came or went.
Where the veil sits on a box the outline does not print (Streamlit wraps each
widget in one), the outline shows only names gone blank; the reading world then
says what is veiled (:class:`Veils`, read beside the outline), and a name that
went blank counts as veiled when a veil holds its words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from browserkit.snapshot._diff import diff
from browserkit.snapshot._parse import Node, Outline

__all__ = ["VEILS", "Veils", "veil_count", "veil_pairs", "veil_renames", "veiled"]

VEILS = ("aria-hidden", "inert")
"""The attributes that hide a subtree from assistive technology, as Playwright prints them."""


_SPACE = re.compile(r"\s+")


class Veils(NamedTuple):
    """What the reading world found veiled beside one outline (``veils()`` in
    ``js/reading_world_seen.js``): how many elements lie under a veil, and the words
    of the outermost veils that hold any (each capped)."""

    under: int
    words: tuple[str, ...]

    @classmethod
    def of(cls, value: object) -> Veils | None:
        """The reading world's answer, or None when it is not one."""
        if not isinstance(value, list) or len(value) != 2:
            return None
        under, words = value
        if not isinstance(under, int) or not isinstance(words, list):
            return None
        return cls(under, tuple(_SPACE.sub("", str(w)) for w in words))

    def hold(self, texts: set[str]) -> bool:
        """Whether a veil holds each of ``texts`` (spacing aside: a veil's words are
        its elements' text run together)."""
        wanted = [_SPACE.sub("", t) for t in texts]
        return all(any(w in words for words in self.words) for w in wanted if w)


def veiled(node: Node) -> bool:
    """Whether the outline prints ``node`` as hidden from assistive technology."""
    return any(key in VEILS for key, _ in node.attributes)


def _walk(nodes: tuple[Node, ...]) -> Iterator[Node]:
    for node in nodes:
        yield node
        yield from _walk(node.children)


def veil_pairs(before: Outline, after: Outline) -> dict[str, str]:
    """``{ref in after: ref in before}`` for the elements of each subtree whose veil
    (``aria-hidden``) came or went between the two outlines, where the refs differ."""
    roots = {node.ref: node for node in _walk(before.children) if node.ref is not None}
    printed = {node.ref for node in _walk(after.children) if node.ref is not None}
    pairs: dict[str, str] = {}
    for node in _walk(after.children):
        old = roots.get(node.ref) if node.ref is not None else None
        if old is None or veiled(old) == veiled(node):
            continue
        olds = [n for n in _walk(old.children) if n.ref is not None]
        news = [n for n in _walk(node.children) if n.ref is not None]
        if [n.role for n in olds] != [n.role for n in news]:
            continue  # more than the veil changed: no pair is certain
        for was, now in zip(olds, news, strict=True):
            # An old ref the new outline prints for another element is not carried.
            if was.ref not in printed and now.ref is not None and was.ref is not None:
                pairs[now.ref] = was.ref
    return pairs


def veil_count(text: str) -> int:
    """How many veils an outline's text prints (a cheap test that one came or went)."""
    return sum(text.count(f"[{veil}") for veil in VEILS)


def _at(outline: Outline, path: tuple[int, ...]) -> list[Node]:
    """The nodes from the top of ``outline`` down to the one at ``path``."""
    nodes: list[Node] = []
    children = outline.children
    for at in path:
        nodes.append(children[at])
        children = children[at].children
    return nodes


def _says(node: Node) -> set[str]:
    return {word for word in (node.name, node.text) if word is not None}


def _content(node: Node) -> str:
    """The texts under ``node`` (not names: a veil takes those), run together."""
    return "".join(n.text for n in _walk(node.children) if n.text is not None)


def veil_renames(
    before: Outline, after: Outline, live: tuple[Veils, Veils] | None = None
) -> dict[str, str]:
    """``{ref in after: ref in before}`` for elements the diff pairs by their place
    whose ref changed only because a veil on them (or above them) came or went:
    the same role and states, and only their name lost or given back.

    The veil shows in the outlines (``[aria-hidden]`` over the element on one side
    only), or, given ``live`` (what was veiled beside each outline), the words the
    element lost are under a veil now, or the words it got back were under one."""
    printed = {node.ref for node in _walk(after.children) if node.ref is not None}
    aside = {"active", "cursor", *VEILS}
    pairs: dict[str, str] = {}
    for c in diff(before, after, baseline_generation=0).changed:
        if c.ref is None or c.old_ref is None or c.ref == c.old_ref or c.old_ref in printed:
            continue
        olds, news = _at(before, c.old_path), _at(after, c.path)
        if not olds or not news:
            continue
        old, new = olds[-1], news[-1]
        states = [[a for a in n.attributes if a[0] not in aside] for n in (old, new)]
        if old.role != new.role or states[0] != states[1]:
            continue
        said, says = _says(old), _says(new)
        if any(map(veiled, olds)) != any(map(veiled, news)):
            shown = said <= says or says <= said
        elif live is None:
            shown = False
        elif old.name and not new.name:  # its name went into a veil (or into its text)
            shown = new.text in (None, old.text, old.name) and live[1].hold({old.name})
        elif new.name and not old.name:  # and came back from one
            shown = old.text in (None, new.text, new.name) and live[0].hold({new.name})
        else:  # a name not printed (its content's): a veil holds the content on one side
            content = {_content(old)} if _content(old) == _content(new) else set()
            shown = bool(content - {""}) and live[0].hold(content) != live[1].hold(content)
        if shown:
            pairs[c.ref] = c.old_ref
    return pairs
