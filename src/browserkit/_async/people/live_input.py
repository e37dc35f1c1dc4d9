"""What the live view's page sends as input, checked and turned into CDP ``Input`` commands.

The view posts ``{"events": [...]}``, in order. Points are fractions of the
frame (``fx``, ``fy`` in 0..1), so the page needs no idea of the session's
viewport; the server maps them with the frame's own size. Kinds:

- ``{"kind": "mouse", "type": "down"|"up"|"move"|"wheel", "fx", "fy", "button",
  "buttons", "clicks", "dx", "dy", "mods"}``
- ``{"kind": "key", "type": "down"|"up", "key", "code", "keyCode", "location", "mods"}``
- ``{"kind": "text", "text"}`` (a paste, or text an input method composed)
- ``{"kind": "pick", "fx", "fy"}`` and ``{"kind": "pick_move", "fx", "fy"}``: sent
  only in pick mode; handed to the pick callback, never to the page.

``mods`` is CDP's modifier bit set: Alt 1, Control 2, Meta 4, Shift 8.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

__all__ = ["MAX_EVENTS", "InputEvent", "key_command", "mouse_command", "parse_events"]

MAX_EVENTS = 200
"""Events one POST may carry."""
_MAX_TEXT = 10_000
_MOUSE = {
    "down": "mousePressed",
    "up": "mouseReleased",
    "move": "mouseMoved",
    "wheel": "mouseWheel",
}
_BUTTONS = ("none", "left", "middle", "right", "back", "forward")
_CONTROL_OR_META = 2 | 4
# Keys whose press types something though their name is not the text itself.
_KEY_TEXT = {"Enter": "\r"}


@attrs.frozen
class InputEvent:
    """One checked event of the view."""

    kind: str
    type: str = ""
    fx: float = 0.0
    fy: float = 0.0
    button: str = "none"
    buttons: int = 0
    clicks: int = 0
    dx: float = 0.0
    dy: float = 0.0
    mods: int = 0
    key: str = ""
    code: str = ""
    key_code: int = 0
    location: int = 0
    text: str = ""

    @property
    def takes_control(self) -> bool:
        """A press, a wheel turn or a key: moving the pointer over the view takes nothing."""
        return self.kind in ("key", "text") or (self.kind == "mouse" and self.type != "move")


def parse_events(body: bytes) -> list[InputEvent]:
    """The events of a POST body; ValueError naming the first thing wrong."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
        raise ValueError("the body is not JSON") from None
    events = data.get("events") if isinstance(data, dict) else None
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise ValueError(f"expected {{'events': [...]}} with at most {MAX_EVENTS} events")
    return [_event(raw) for raw in events]


def _event(raw: Any) -> InputEvent:
    if not isinstance(raw, dict):
        raise ValueError("an event is an object")
    kind = raw.get("kind")
    if kind in ("pick", "pick_move"):
        return InputEvent(kind, fx=_fraction(raw, "fx"), fy=_fraction(raw, "fy"))
    if kind == "mouse":
        kind_type = raw.get("type")
        if kind_type not in _MOUSE:
            raise ValueError(f"mouse type must be one of {sorted(_MOUSE)}")
        button = raw.get("button", "none")
        if button not in _BUTTONS:
            raise ValueError(f"button must be one of {_BUTTONS}")
        return InputEvent(
            kind,
            kind_type,
            _fraction(raw, "fx"),
            _fraction(raw, "fy"),
            button=button,
            buttons=_int(raw, "buttons", 0, 31),
            clicks=_int(raw, "clicks", 0, 3),
            dx=_number(raw, "dx"),
            dy=_number(raw, "dy"),
            mods=_int(raw, "mods", 0, 15),
        )
    if kind == "key":
        if raw.get("type") not in ("down", "up"):
            raise ValueError("key type must be down or up")
        return InputEvent(
            kind,
            raw["type"],
            mods=_int(raw, "mods", 0, 15),
            key=_string(raw, "key", 40),
            code=_string(raw, "code", 40),
            key_code=_int(raw, "keyCode", 0, 255),
            location=_int(raw, "location", 0, 3),
        )
    if kind == "text":
        return InputEvent(kind, text=_string(raw, "text", _MAX_TEXT))
    raise ValueError("kind must be mouse, key, text, pick or pick_move")


def _number(raw: dict[str, Any], name: str) -> float:
    value = raw.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise ValueError(f"{name} must be a number")
    return float(max(-100_000.0, min(100_000.0, value)))


def _fraction(raw: dict[str, Any], name: str) -> float:
    return min(max(_number(raw, name), 0.0), 1.0)


def _int(raw: dict[str, Any], name: str, low: int, high: int) -> int:
    value = raw.get(name, low)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an integer from {low} to {high}")
    return value


def _string(raw: dict[str, Any], name: str, limit: int) -> str:
    value = raw.get(name, "")
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(f"{name} must be a string of at most {limit} characters")
    return value


def mouse_command(event: InputEvent, x: float, y: float) -> dict[str, Any]:
    """``Input.dispatchMouseEvent``'s parameters for a mouse event at CSS point (x, y)."""
    params: dict[str, Any] = {
        "type": _MOUSE[event.type],
        "x": x,
        "y": y,
        "modifiers": event.mods,
        "buttons": event.buttons,
        "button": "none" if event.type in ("move", "wheel") else event.button,
    }
    if event.type in ("down", "up"):
        params["clickCount"] = max(1, event.clicks)
    if event.type == "wheel":
        params["deltaX"], params["deltaY"] = event.dx, event.dy
    return params


def key_command(event: InputEvent) -> dict[str, Any]:
    """``Input.dispatchKeyEvent``'s parameters for a key event.

    A key that types (a character, or Enter) goes down as ``keyDown`` with
    its text, so the page gets keydown, keypress and input like from a
    keyboard; any other key (and a shortcut with Control or Meta) as
    ``rawKeyDown``.
    """
    text = ""
    if not event.mods & _CONTROL_OR_META:
        text = event.key if len(event.key) == 1 else _KEY_TEXT.get(event.key, "")
    params: dict[str, Any] = {
        "type": "keyUp" if event.type == "up" else ("keyDown" if text else "rawKeyDown"),
        "modifiers": event.mods,
        "key": event.key,
        "code": event.code,
        "windowsVirtualKeyCode": event.key_code,
        "nativeVirtualKeyCode": event.key_code,
        "location": event.location,
    }
    if text and event.type == "down":
        params["text"] = params["unmodifiedText"] = text
    return params
