"""Sphinx configuration (MyST markdown, API reference from docstrings)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

project = "browserkit"
author = "browserkit developers"
copyright = "2026, browserkit developers"
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
# Nitpicky: every cross-reference must resolve. The standard library's types
# cannot be linked without its inventory (the build runs offline), and
# private names (type variables, internal modules) are not documented.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(collections\.abc|pathlib|typing|asyncio|concurrent\.futures|os)\..*"),
    (r"py:.*", r"(.*\.)?_[A-Za-z]\w*"),
]
# Type aliases of signatures (the tool registry's, start()'s emulation, a
# cookie's SameSite) and the type Config.secrets holds, each spelled out in
# the docs of what uses it.
nitpick_ignore = [
    ("py:class", name)
    for name in (
        "Runner",
        "Effect",
        "StateSource",
        "Geolocation",
        "ColorScheme",
        "HarContent",
        "UrlFilter",
        "Path",
        "SameSite",
        "Path",  # start(profile=): left unresolved with StateSource's "os.PathLike"
        "browserkit._secrets.Secrets",
    )
]

# Classes a user gets from the library, never builds: their constructors take
# internals, so the reference shows no constructor for them.
_BUILT_FOR_YOU = {
    "browserkit.AsyncSession",
    "browserkit.Session",
    "browserkit.AsyncDownloads",
    "browserkit.Downloads",
    "browserkit.AsyncNetwork",
    "browserkit.Network",
    "browserkit.LiveView",
}


def _no_constructor(
    app: Any, what: str, name: str, obj: Any, options: Any, signature: Any, annotation: Any
) -> tuple[str, None] | None:
    if what != "class" or name not in _BUILT_FOR_YOU:
        return None
    # sphinx.ext.autodoc.typehints recorded the constructor's parameter types
    # just before (same event, connected earlier): forget them too.
    app.env.temp_data.get("annotations", {}).pop(name, None)
    return "", None


def setup(app: Any) -> None:
    app.connect("autodoc-process-signature", _no_constructor)


myst_enable_extensions = ["colon_fence"]
html_theme = "alabaster"
suppress_warnings = ["myst.header"]
napoleon_use_ivar = True
