"""Parameter descriptions that many public methods share, written once.

An ``Args:`` entry whose whole text is ``{key}`` gets ``SHARED[key]``,
wrapped at the entry's indentation, when :func:`shared_args` runs on the
class or function at import. ``help()``, the Sphinx reference and the
generated sync twins (which copy ``__doc__``) all read the filled text, so a
change to a shared description is made here and nowhere else.
"""

from __future__ import annotations

import re
import textwrap
from typing import TypeVar

__all__ = ["SHARED", "fill", "shared_args"]

SHARED = {
    "tab_id": "The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.",
    "observe": (
        "Wait for the page to settle and report what changed in ``ActionResult.diff``; "
        "default ``config.observe_actions``."
    ),
    "timeout": (
        "Bound in milliseconds; default ``config.default_timeout_ms``, "
        "at most ``config.max_timeout_ms``."
    ),
    "action_timeout": (
        "Bound in milliseconds; default ``config.action_timeout_ms`` "
        "(unset: ``config.default_timeout_ms``), at most ``config.max_timeout_ms``."
    ),
    "navigation_timeout": (
        "Bound in milliseconds; default ``config.navigation_timeout_ms`` "
        "(unset: ``config.default_timeout_ms``), at most ``config.max_timeout_ms``."
    ),
    "nth": (
        "Which match to use when several match: 0-based, negative counts from the end; "
        "default: several matches are refused with :class:`~browserkit.InvalidArgumentError` "
        "(giving the count)."
    ),
    "frame": (
        "The iframe to look in: its name, a URL substring, its title, or a CSS selector "
        'of the ``<iframe>`` (``" >> "`` joins nested ones); default: the top document.'
    ),
    # The entry functions of browserkit.integrations.
    "tools_browser": (
        "An :class:`~browserkit.AsyncBrowser`, or a sync :class:`~browserkit.Browser`."
    ),
    "tools_caps": (
        'Opt-in groups to list too (keys of :data:`~browserkit.tools.CAPS`, or ``"all"``).'
    ),
    "tools_context": "The host's policy (output folder, read-only); default: allow everything.",
    "tools_session": (
        "A session the host started, which calls without ``session_id`` act on; "
        "default: the first one the agent starts."
    ),
}
"""The shared descriptions, by key."""

_ENTRY = re.compile(r"^(?P<indent> +)(?P<name>\w+): \{(?P<key>\w+)\}$", re.MULTILINE)
_WIDTH = 88
"""Where a filled entry wraps, counted from the docstring's own margin: Python 3.13
strips that margin when it compiles a docstring and older versions keep it, and the
generated sync module must come out the same on every version."""

T = TypeVar("T")


def fill(doc: str) -> str:
    """``doc`` with every ``name: {key}`` entry written out; an unknown key raises KeyError."""

    margin = _margin(doc)

    def entry(match: re.Match[str]) -> str:
        indent, name = match["indent"], match["name"]
        return textwrap.fill(
            f"{name}: {SHARED[match['key']]}",
            width=_WIDTH + margin,
            initial_indent=indent,
            subsequent_indent=indent + "    ",
            break_on_hyphens=False,
            break_long_words=False,
        )

    return _ENTRY.sub(entry, doc)


def _margin(doc: str) -> int:
    """The indentation common to the lines after the first (what ``inspect.cleandoc`` strips)."""
    widths = [len(line) - len(line.lstrip()) for line in doc.splitlines()[1:] if line.strip()]
    return min(widths, default=0)


def shared_args(obj: T) -> T:
    """Fill the shared entries of a function's docstring, or of every method and
    property of a class; returns ``obj``, so it works as a decorator."""
    members = vars(obj).values() if isinstance(obj, type) else [obj]
    for member in members:
        target = member.fget if isinstance(member, property) else member
        doc = getattr(target, "__doc__", None)
        if callable(target) and doc and "{" in doc:
            target.__doc__ = fill(doc)
    return obj
