"""Console entries from CDP payloads: a message, an uncaught exception, a browser log line.

Pure functions over the JSON Chromium sends, so the console buffer keeps
plain strings and never a handle to the page's objects.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["console_fields", "exception_fields", "log_fields"]

_LEVELS = {
    "warning": "warning",
    "error": "error",
    "assert": "error",
    "info": "info",
    "debug": "debug",
}
_STACK_SOURCE = re.compile(r"\(?((?:https?|file|data|blob|about):[^\s()]+?):(\d+)(?::\d+)?\)?$")


def console_fields(event: dict[str, Any]) -> dict[str, Any]:
    """``Runtime.consoleAPICalled`` as console entry fields (level, text, source)."""
    text = " ".join(_remote_text(arg) for arg in event.get("args", ()))
    frames = (event.get("stackTrace") or {}).get("callFrames") or ()
    source = _frame_source(frames[0]) if frames else None
    level = _LEVELS.get(event.get("type", "log"), "log")
    return {"level": level, "text": text, "source": source}


def exception_fields(event: dict[str, Any]) -> dict[str, Any]:
    """``Runtime.exceptionThrown`` as console entry fields, with its stack."""
    details = event.get("exceptionDetails") or {}
    exception = details.get("exception") or {}
    stack = exception.get("description") or details.get("text") or "exception"
    frames = (details.get("stackTrace") or {}).get("callFrames") or ()
    source = _frame_source(frames[0]) if frames else None
    if source is None and details.get("url"):
        source = f"{details['url']}:{int(details.get('lineNumber', 0)) + 1}"
    return {
        "level": "exception",
        "text": stack.splitlines()[0] if stack else "exception",
        "source": source or _source_from_stack(stack),
        "stack": stack,
    }


def log_fields(event: dict[str, Any]) -> dict[str, Any]:
    """``Log.entryAdded`` (failed loads, security and intervention notes) as entry fields."""
    entry = event.get("entry") or {}
    level = {"verbose": "debug", "info": "info", "warning": "warning"}.get(
        entry.get("level", ""), "error"
    )
    url = entry.get("url")
    source = f"{url}:{int(entry.get('lineNumber', 0)) + 1}" if url else None
    return {"level": level, "text": str(entry.get("text", "")), "source": source}


def _source_from_stack(stack: str | None) -> str | None:
    for line in (stack or "").splitlines()[1:]:
        match = _STACK_SOURCE.search(line.strip())
        if match:
            return f"{match.group(1)}:{match.group(2)}"
    return None


def _frame_source(frame: dict[str, Any]) -> str | None:
    url = frame.get("url")
    if not url:
        return None
    return f"{url}:{int(frame.get('lineNumber', 0)) + 1}"  # CDP lines are 0-based


def _remote_text(arg: dict[str, Any]) -> str:
    """A logged argument as the console would print it."""
    if "value" in arg:
        value = arg["value"]
        if isinstance(value, str):
            return value
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "true" if value else "false"
        return json.dumps(value) if isinstance(value, (dict, list)) else str(value)
    if "unserializableValue" in arg:
        return str(arg["unserializableValue"])
    if arg.get("type") == "undefined":
        return "undefined"
    return str(arg.get("description") or arg.get("className") or arg.get("type", ""))
