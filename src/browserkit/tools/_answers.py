"""A tool's answer as a front end hands it out: its JSON, its page text, its image.

The MCP server and the framework integrations show a registry answer the same
way: the result's fields as compact JSON, the outline or diff it carries as
plain text after it (JSON would escape every newline), and a screenshot's
image apart. :func:`parts` splits an answer so; each front end wraps the
parts in its own types.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import attrs

from browserkit._text import well_formed

__all__ = ["PAGE_TEXT", "Parts", "dumps", "parts"]

PAGE_TEXT = ("snapshot", "diff", "dom", "content", "page")
"""Result fields that are page text, in the order the first present one is taken."""


@attrs.frozen
class Parts:
    """An answer split for showing: ``json`` of the rest, ``text`` and a screenshot's image."""

    json: str
    text: str | None = None
    image: str | None = None
    """The screenshot, base64 as the registry answers it."""
    mime: str = "image/jpeg"
    """The screenshot's type (the registry names it; JPEG when it does not)."""
    error: dict[str, Any] | None = None
    """The envelope's ``{"code", "message", "hint"}`` when the call failed (``json`` is it)."""


def dumps(value: Any) -> str:
    """``value`` as compact JSON, non-ASCII kept."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def parts(name: str, result: dict[str, Any], text_fields: Sequence[str] = PAGE_TEXT) -> Parts:
    """Tool ``name``'s ``result`` split for showing; the first of ``text_fields`` it holds
    as a string is the text.

    The registry already answers in valid Unicode; :func:`well_formed` is the
    last line of defence, since one lone surrogate on stdout kills an MCP server.
    """
    result = well_formed(result)
    if "error" in result:
        return Parts(dumps(result), error=result["error"])
    rest = dict(result)
    data = rest.pop("data", None) if name == "browser_screenshot" else None
    text = next((rest.pop(k) for k in text_fields if isinstance(rest.get(k), str)), None)
    if not isinstance(data, str):
        return Parts(dumps(rest), text)
    return Parts(dumps(rest), text, data, str(rest.get("mime", "image/jpeg")))
