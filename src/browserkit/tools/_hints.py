"""Hints in the words of the tools: a model calls tools, not Python methods.

The SDK's errors say what to do next in the SDK's terms ("call
handle_dialog(accept=True|False)"). A tool answer says the same in terms of
tools ("call browser_handle_dialog (accept true or false)"), so the model is
told the call it can actually make. :func:`for_tools` rewrites a hint; every
hint the SDK can give is checked by the tests to leave no method call behind.

Outlines carry hints of their own: a fold or a cut names the call that shows
what it hid (``(expand: snapshot(target="e14"))``). :func:`folds_for_tools`
names the tool instead (``(expand: browser_snapshot ref=e14)``), in every
string of a tool's answer.
"""

from __future__ import annotations

import re

__all__ = ["folds_for_tools", "for_tools"]

# Most specific first: a phrase is rewritten once, by the first pattern it matches.
_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (
            r"\bhandle_dialog \(or upload for a file chooser\)",
            "browser_handle_dialog (or browser_upload for a file chooser)",
        ),
        (r"\bhandle_dialog\(accept=True\|False\)", "browser_handle_dialog (accept true or false)"),
        (r"\bhandle_dialog\(accept=False\)", "browser_handle_dialog with accept=false"),
        (r"\bupload\(paths\)", "browser_upload with paths"),
        (r"\bclose_tab\(\) it", "close it (browser_tabs, action=close)"),
        (r"\btabs\(cdp_url\)", "browser_tabs_list"),
        (r"\btabs\(\)", "browser_tabs"),
        (r"\bsessions\(\)", "browser_sessions_list"),
        (r"\bdom\(\) or scan\(\)", "browser_dom_read or browser_scan"),
        (r"\bsnapshot\(target=\.\.\.\)", "browser_snapshot with a ref"),
        (r"\bcall execute again", "call browser_execute again"),
        (r"\bcall pick\(\) again", "call browser_pick again"),
        (r"a selector such as bk\.css\('#id'\), or bk\.point\(x, y\)", "a selector, or x and y"),
        (r"\bpass target= \(a file input's ref\)", "pass ref (a file input's)"),
        (r"\bpass nth= ", "pass nth "),
        (r"\(target=\)", "(ref)"),
        (r"\bscroll\(delta_y=\.\.\.\)", "browser_act with action=scroll"),
        (
            r"set allow_attach=True \(BROWSERKIT_ALLOW_ATTACH=1\)",
            "start the server with BROWSERKIT_ALLOW_ATTACH=1",
        ),
        (r"\bread the downloads buffer\b", "read browser_downloads_read"),
        (r"\bwait_for\b", "browser_wait_for"),
        (r"\btake a (?:new )?snapshot\b", "call browser_snapshot"),
        (r"\b[Aa] snapshot shows\b", "browser_snapshot shows"),
        (r"\bstart a new session\b", "start a new session (browser_sessions_start)"),
    )
)


def for_tools(hint: str) -> str:
    """``hint`` with the SDK's calls named as the tools that make them."""
    for pattern, replacement in _REWRITES:
        hint = pattern.sub(replacement, hint)
    return hint


# What the snapshot engine's folds and cuts say (snapshot/_compacted.expand_hint,
# snapshot/_compact's hard cut): the ref is a quoted Python string there.
_FOLD = re.compile(r'expand: snapshot\(target="((?:[^"\\]|\\.)*)"\)')
_WHOLE = "expand: snapshot(compact=False)"
_HIDDEN = "expand: snapshot(include_hidden=True)"


def _fold(text: str) -> str:
    if "expand: snapshot(" not in text:
        return text
    text = _FOLD.sub(lambda m: "expand: browser_snapshot ref=" + _unquoted(m.group(1)), text)
    text = text.replace(_WHOLE, "expand: browser_snapshot full=true")
    return text.replace(_HIDDEN, "expand: browser_snapshot include_hidden=true")


def _unquoted(ref: str) -> str:
    return ref.replace('\\"', '"').replace("\\\\", "\\")


def folds_for_tools(answer: object) -> object:
    """``answer`` (a tool's JSON) with every outline fold naming ``browser_snapshot``."""
    if isinstance(answer, str):
        return _fold(answer)
    if isinstance(answer, dict):
        return {key: folds_for_tools(value) for key, value in answer.items()}
    if isinstance(answer, list):
        return [folds_for_tools(value) for value in answer]
    return answer
