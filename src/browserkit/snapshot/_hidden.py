"""Leaving out of an outline the texts a person cannot see.

The page's isolated world says which texts are hidden from people
(``js/reading_world_seen.js``): each as its words, and whether a text a
person sees holds them too. Words no visible text holds are left out
wherever the outline prints them as text, as whole words (never a piece of
a longer word or number). Words a visible text holds as well are kept: a
person reads them on the page anyway, and where the outline prints the
hidden copy cannot be told from where it prints the visible one (a notebook's
hidden ``-`` is in every line that holds a dash).

Accessible names (``button "Pay now"``) stay as the browser computes
them: locators match on them, and a screen reader announces them. The one
exception is a name the browser computed from what an element holds (a
table cell's, a list item's, which repeat their content's words): the hidden
words go from it too, as they go from the content it repeats, or the hidden
text would still reach the reader through the name. Values
of fields, and the lines a field holds (a code editor's), are the user's
input, not page text, and are never touched.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from browserkit.snapshot._parse import _KEY_RE, _split_line, _yaml_key, _yaml_unquote, _yaml_value

__all__ = ["hidden_note", "leave_out"]

# Lines whose text is a value the user typed or picked, not text of the page.
_VALUE_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider"})
# Roles whose name Playwright computes from what they hold (when they hold something).
_NAMED_BY_CONTENT = frozenset({"cell", "gridcell", "columnheader", "rowheader", "listitem"})
# Lines that say nothing once their text is gone, when they have no name or children.
_EMPTY_WITHOUT_TEXT = frozenset({"text", "generic", "paragraph", "strong", "emphasis", "mark"})


class _Line:
    """One outline line split into its indent, raw key and text."""

    def __init__(self, raw: str) -> None:
        self.raw = raw
        body = raw.lstrip(" ")
        self.indent = raw[: len(raw) - len(body)]
        self.key: str | None = None
        self.attrs = ""
        self.role = ""
        self.name: str | None = None
        self.text: str | None = None
        if body.startswith("- /"):
            return  # a property line (/url: ...): not page text
        split = _split_line(body)
        if split is None:
            return
        key, raw_text = split
        match = _KEY_RE.fullmatch(key)
        if match is None:
            return
        self.key = body[: len(body) - len(raw_text) - 2] if raw_text is not None else body
        self.role = match["role"]
        self.attrs = match["attrs"]
        if match["name"] is not None:
            self.name = _yaml_unquote(match["name"])
        if raw_text is not None:
            self.text = _yaml_unquote(raw_text)


def _occurrences(text: str, words: str) -> list[int]:
    """Where ``words`` stand whole in ``text``: not a piece of a longer word or number."""
    at, found = text.find(words), []
    while at >= 0:
        end = at + len(words)
        if not (at and text[at - 1].isalnum()) and not (end < len(text) and text[end].isalnum()):
            found.append(at)
        at = text.find(words, end)
    return found


def leave_out(outline: str, hidden: Sequence[tuple[str, bool]]) -> tuple[str, int]:
    """``outline`` without the ``hidden`` texts, and how many it left out.

    ``hidden`` holds ``(words, shown elsewhere)`` per hidden text, as the
    reading world answers them; words shown elsewhere are kept.
    """
    if not hidden or not outline:
        return outline, 0
    lines = [_Line(raw) for raw in outline.split("\n")]
    # Page text: not a field's value, nor what a field holds (a code editor's lines).
    texts: list[int] = []
    field: str | None = None  # the indent of the field whose lines these are
    for number, line in enumerate(lines):
        if field is not None and len(line.indent) > len(field):
            continue
        field = line.indent if line.role in _VALUE_ROLES else None
        if line.text is not None and field is None:
            texts.append(number)
    cuts: dict[int, set[tuple[int, int]]] = {}
    for words in {words for words, shown in hidden if words and not shown}:
        for number in texts:
            for offset in _occurrences(lines[number].text or "", words):
                cuts.setdefault(number, set()).add((offset, len(words)))
    words_out = {words for words, shown in hidden if words and not shown}
    names: dict[int, str] = {}
    for number, line in enumerate(lines):
        if line.name and line.text is None and line.role in _NAMED_BY_CONTENT:
            holds = number + 1 < len(lines) and len(lines[number + 1].indent) > len(line.indent)
            name = _without(line.name, words_out) if holds else line.name
            if name != line.name:
                names[number] = name
    left_out = 0
    for number, spans in cuts.items():
        line = lines[number]
        text = line.text or ""
        end = len(text) + 1
        for offset, length in sorted(spans, reverse=True):
            if offset + length > end:
                continue  # overlaps a longer cut already made
            text = text[:offset] + " " + text[offset + length :]
            end = offset
            left_out += 1
        line.text = " ".join(text.split())
    kept = []
    for number, line in enumerate(lines):
        if number in names:
            key = line.role + (
                f" {json.dumps(names[number], ensure_ascii=False)}" if names[number] else ""
            )
            kept.append(f"{line.indent}- {_yaml_key(key + line.attrs)}:")
            continue
        if number not in cuts:
            kept.append(line.raw)
            continue
        if line.text:
            kept.append(f"{line.indent}{line.key}: {_yaml_value(line.text)}")
            continue
        children = number + 1 < len(lines) and len(lines[number + 1].indent) > len(line.indent)
        if line.role in _EMPTY_WITHOUT_TEXT and line.name is None and not children:
            continue
        kept.append(f"{line.indent}{line.key}")
    return "\n".join(kept), left_out


def _without(name: str, words_out: set[str]) -> str:
    """``name`` without the whole-word occurrences of ``words_out``."""
    for words in sorted(words_out, key=len, reverse=True):
        for offset in reversed(_occurrences(name, words)):
            name = name[:offset] + " " + name[offset + len(words) :]
    return " ".join(name.split())


def hidden_note(count: int) -> str:
    """The line a reading ends with when it left out ``count`` texts no person sees."""
    texts = "text" if count == 1 else "texts"
    return (
        f"- hidden: {count} {texts} no person can see left out"
        " (expand: snapshot(include_hidden=True))"
    )
