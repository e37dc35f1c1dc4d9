"""Sphinx configuration (MyST markdown, API reference from docstrings)."""

from __future__ import annotations

import sys
from pathlib import Path

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
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True}
myst_enable_extensions = ["colon_fence"]
html_theme = "alabaster"
suppress_warnings = ["myst.header"]
napoleon_use_ivar = True
