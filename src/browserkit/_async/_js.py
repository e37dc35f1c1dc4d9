"""The JavaScript browserkit runs in pages, read from the ``.js`` files beside this module.

Each file in ``js/`` is one function expression that Playwright or CDP
evaluates with its arguments, or, for ``pristine.js``, an init script. The
reading world is the exception: ``reading_world.js`` is its core and the
``reading_world_*.js`` parts add to it; :data:`READING_WORLD` joins them into
one expression. They are real source files so that they are linted and
syntax-checked as JavaScript (``nox -s lint``) and read as such; they ship in
the wheel.
"""

from __future__ import annotations

from importlib.resources import files

__all__ = [
    "BOUND_ENGINE",
    "BOUND_ENGINE_NAME",
    "CHANGE_STAMP",
    "DOM_CHANGE",
    "DOM_QUIET",
    "ELEMENT_PATH",
    "EXECUTE",
    "EXECUTE_STASH",
    "FRAGMENT_HEADING",
    "HANDOFF_BANNER",
    "HIT_CHECK",
    "INPUT_GUARD",
    "KIND",
    "METRICS",
    "OPTIONS",
    "PINS",
    "PRISTINE",
    "READING_WORLD",
    "SECRET_VALUES",
    "SET_STYLE",
    "STYLES",
    "WAIT_CONDITIONS",
    "load",
]


def load(name: str) -> str:
    """The source of ``js/<name>.js``."""
    return (files(__package__ or "browserkit._async") / "js" / f"{name}.js").read_text("utf-8")


PRISTINE = load("pristine")
CHANGE_STAMP = load("change_stamp")
METRICS = load("metrics")
HIT_CHECK = load("hit_check")
OPTIONS = load("options")
KIND = load("kind")
HANDOFF_BANNER = load("handoff_banner")
ELEMENT_PATH = load("element_path")
PINS = load("pins")
"""``() => pins``: the utility world's pin map and its one rule for what a pin is now."""
BOUND_ENGINE = "(" + load("bound_engine") + ")(" + PINS + ")"
BOUND_ENGINE_NAME = "browserkit-bound"
"""The name ``BOUND_ENGINE`` is registered under (``browserkit-bound=<key>`` locators)."""
INPUT_GUARD = load("input_guard")
STYLES = load("styles")
SET_STYLE = load("set_style")
EXECUTE = load("execute")
EXECUTE_STASH = load("execute_stash")
SECRET_VALUES = load("secret_values")
FRAGMENT_HEADING = load("fragment_heading")
# The reading library of the isolated world (_world.py) is one expression,
# ``(base, generation) => library``, composed from ``reading_world.js`` (the
# core: refs and ids) and its parts ``reading_world_<part>.js``. The core takes
# the parts as a third argument and installs them in this order, each using
# what the core and the parts before it added; once a world has the library, it
# only re-enters it. Each file stays one function expression of its own, so
# each is linted and syntax-checked alone.
_READING_PARTS = ("paths", "dom", "controls", "scan")
READING_WORLD = (
    "(base, generation) => ("
    + load("reading_world")
    + ")(base, generation, ["
    + ", ".join(f"({load(f'reading_world_{part}')})" for part in _READING_PARTS)
    + "])"
)
DOM_QUIET = load("dom_quiet")
DOM_CHANGE = load("dom_change")
WAIT_CONDITIONS = load("wait_conditions")
