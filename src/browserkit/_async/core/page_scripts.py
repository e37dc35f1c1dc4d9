"""The JavaScript browserkit runs in pages, read from the ``.js`` files beside this module.

Each file in ``js/`` is one function expression that Playwright or CDP
evaluates with its arguments. The reading world is the exception:
``reading_world.js`` is its core and the ``reading_world_*.js`` parts add to
it; :data:`READING` joins them into one expression. They are real source
files so that they are linted, type-checked (``// @ts-check``, JSDoc types,
``tsc --checkJs``; page globals are declared in ``js/globals.d.ts``) and read
as JavaScript (``nox -s lint``); they ship in the wheel.

**Installed once, called by name.** The larger scripts are not sent with
every call. Each is installed once per world and document, the first time it
is needed, and later calls send a short expression that finds it by name:

- the hit check and pins, in Playwright's utility world (:data:`HIT`),
  registered once per tab for that world of every new document
  (``utility_world.py``);
- the reading library, in browserkit's reading world (``isolated_world.py``);
- the DOM-quiet wait, in the page's own world. The init script
  (:data:`PRISTINE`) defines it at document start, before any page script,
  beside the natives it captures (:data:`DOM_QUIET_CALL`).

A world or document that lacks a script (a new document, a new execution
context, or a page that existed before an ``attach``) makes the short
expression answer :data:`MISSING`. The caller then sends the whole script
once: :meth:`Library.install` installs it and makes the call in the same
round trip.

**One convention for page-side globals.** Everything browserkit keeps in a
page world is a property of that world's global object keyed by
``Symbol.for('browserkit.<name>')`` (:func:`holder`). A symbol key never shows
in ``Object.keys`` or ``for ... in``; in the page's own world, where page code
runs, it is defined non-writable and non-configurable (and its value frozen)
so that page code can neither replace nor delete it.
The names in use are ``pristine``, ``changes`` and ``activeAt`` (the page's
world, from the init script); ``execute`` (the caller's script results);
``hit`` and ``pins`` (utility world); ``reading`` (reading world); ``guard``
(guard world); and ``handoff``. CDP bindings (``Runtime.addBinding``) must be
string names: they are ``__browserkit<Name>Hello`` and exist only in the
world they are added for.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib.resources import files
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from playwright.async_api import Frame, Page

__all__ = [
    "BOUND_ENGINE",
    "BOUND_ENGINE_NAME",
    "BUSY_GONE",
    "CHANGE_STAMP",
    "DOM_CHANGE",
    "DOM_QUIET",
    "DOM_QUIET_CALL",
    "ELEMENT_PATH",
    "EXECUTE",
    "EXECUTE_STASH",
    "FRAGMENT_HEADING",
    "GUARD_RELEASE",
    "HANDOFF_BANNER",
    "HIT",
    "HIT_CHECK",
    "INPUT_GUARD",
    "KIND",
    "METRICS",
    "MISSING",
    "OPTIONS",
    "PICK_LOOK",
    "PINS",
    "PRISTINE",
    "READING",
    "SECRET_VALUES",
    "SET_STYLE",
    "SILENCE_DIALOGS",
    "STYLES",
    "WAIT_CONDITIONS",
    "Library",
    "dom_quiet",
    "holder",
    "load",
    "shipped",
]


def load(name: str) -> str:
    """The source of ``js/<name>.js`` as it is sent: without its comment lines (see
    :func:`shipped`)."""
    path = files("browserkit._async") / "js" / f"{name}.js"
    return shipped(path.read_text("utf-8"))


def shipped(source: str) -> str:
    """``source`` without the lines that are only comments.

    Comments and JSDoc types are for the reader and ``tsc``; every byte of a
    script is sent to the page each time it is installed. A line is dropped
    only when it is a ``//`` comment or part of a ``/* ... */`` block that
    starts and ends a line of its own; code on a line stays whole.
    """
    out: list[str] = []
    in_block = False
    for line in source.splitlines():
        stripped = line.strip()
        if in_block:
            if "*/" in stripped:
                if not stripped.endswith("*/"):
                    raise ValueError(f"code after a block comment's end: {line!r}")
                in_block = False
            continue
        if stripped.startswith("//"):
            continue
        if stripped.startswith("/*") and stripped != "/*BODY*/":
            if "*/" not in stripped:
                in_block = True
                continue
            if stripped.endswith("*/") and stripped.index("*/") == len(stripped) - 2:
                continue
        out.append(line)
    return "\n".join(out) + "\n"


MISSING = "browserkit:missing"
"""What a call by name answers in a world or document that lacks the script."""


def holder(name: str) -> str:
    """The expression of browserkit's page-side global ``name`` in the world it runs in."""
    return f"globalThis[Symbol.for({json.dumps('browserkit.' + name)})]"


@attrs.frozen
class Library:
    """A page script installed once per world and document under ``name``, then called by it.

    ``source`` is an expression whose value is what gets installed (a
    function, or an object of functions). ``call(".check(args)")`` is the
    short expression of one call; in a world that lacks the library it
    answers :data:`MISSING`, and ``install(".check(args)")`` is then the
    expression that installs it and makes the same call.
    """

    name: str
    source: str

    def call(self, member: str) -> str:
        return (
            f"((lib) => lib === undefined ? {json.dumps(MISSING)} : lib{member})"
            f"({holder(self.name)})"
        )

    def install(self, member: str) -> str:
        key = f"Symbol.for({json.dumps('browserkit.' + self.name)})"
        # Defined only once: a concurrent call may have installed it meanwhile.
        return (
            f"((key) => (globalThis[key] || (Object.defineProperty(globalThis, key, "
            f"{{value: ({self.source})}}), globalThis[key])){member})({key})"
        )


CHANGE_STAMP = load("change_stamp")
METRICS = load("metrics")
HIT_CHECK = load("hit_check")
OPTIONS = load("options")
KIND = load("kind")
HANDOFF_BANNER = load("handoff_banner")
ELEMENT_PATH = load("element_path")
PICK_LOOK = load("pick_look")
SILENCE_DIALOGS = load("silence_dialogs")
"""``(top, x, y) => element``: what a person sees at a picked point (``picked_refs.py``)."""
PINS = load("pins")
"""``() => pins``: the utility world's pin map and its one rule for what a pin is now."""
HIT = Library("hit", f"({HIT_CHECK})(({PINS})())")
"""The hit check with the world's pins, installed in the utility world (``hit_test.py``)."""
BOUND_ENGINE = "(" + load("bound_engine") + ")(" + PINS + ")"
BOUND_ENGINE_NAME = "browserkit-bound"
"""The name ``BOUND_ENGINE`` is registered under (``browserkit-bound=<key>`` locators)."""
INPUT_GUARD = load("input_guard")
GUARD_RELEASE = f"{holder('guard')} && {holder('guard')}.release()"
"""Lets the input guard of the world it runs in take input again."""
STYLES = load("styles")
SET_STYLE = load("set_style")
EXECUTE = load("execute")
EXECUTE_STASH = load("execute_stash")
SECRET_VALUES = load("secret_values")
FRAGMENT_HEADING = load("fragment_heading")
# The reading library of the isolated world (isolated_world.py), composed from
# ``reading_world.js`` (the core: refs and ids) and its parts
# ``reading_world_<part>.js``. The core takes the parts and installs them in
# this order, each using what the core and the parts before it added. Each file
# stays one function expression of its own, so each is linted and checked alone.
_READING_PARTS = ("paths", "dom", "controls", "seen", "scan", "text", "markdown")
READING = Library(
    "reading",
    "("
    + load("reading_world")
    + ")(["
    + ", ".join(f"({load(f'reading_world_{part}')})" for part in _READING_PARTS)
    + "])",
)
"""The reading library behind dom(), scan() and styles(), installed in the reading world."""
DOM_QUIET = load("dom_quiet")
"""The DOM-quiet wait (``js/dom_quiet.js``); :data:`DOM_QUIET_CALL` calls the init script's copy."""
DOM_QUIET_CALL = "(args) => " + Library("pristine", "").call(".domQuiet(args)")
"""``(args) => ...``: the DOM-quiet wait the init script installed in the document,
by name; :data:`MISSING` in a document it did not run in (evaluate :data:`DOM_QUIET`)."""
# The init script of every session (js/pristine.js): it captures the natives
# before any page script and installs the scripts the page's own world calls
# by name.
PRISTINE = f"({load('pristine')})({{domQuiet: ({DOM_QUIET})}})"
DOM_CHANGE = load("dom_change")
BUSY_GONE = load("busy_gone")
"""``(element, {maxMs, words})``: resolves once a busy indicator is gone (``js/busy_gone.js``)."""


async def dom_quiet(where: Page | Frame, args: Mapping[str, float]) -> Any:
    """The answer of the DOM-quiet wait in ``where``'s document.

    Called by name; the whole script is sent only to a document the init
    script did not run in (one that was open before an ``attach``).
    """
    result = await where.evaluate(DOM_QUIET_CALL, args)
    if result == MISSING:
        result = await where.evaluate(DOM_QUIET, args)
    return result


WAIT_CONDITIONS = load("wait_conditions")
