"""Source files stay small enough to read in one sitting.

A module past 600 lines is usually several modules; split it by capability.
That holds for the page scripts in ``_async/js`` as much as for Python. The
generated sync mirror is exempt: nobody reads or edits it by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

# Source checks: run on every Python.
pytestmark = pytest.mark.every_python

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "browserkit"
MAX_LINES = 600
EXEMPT = {PACKAGE / "_sync" / "_generated.py"}


def test_no_source_file_is_over_600_lines() -> None:
    sizes = {
        path: len(path.read_text(encoding="utf-8").splitlines())
        for pattern in ("*.py", "*.js")
        for path in sorted(PACKAGE.rglob(pattern))
        if path not in EXEMPT
    }
    assert sizes, f"no source files under {PACKAGE}"
    over = {path: lines for path, lines in sizes.items() if lines > MAX_LINES}
    if over:
        listing = "\n".join(
            f"  {path.relative_to(PACKAGE.parent)}: {lines} lines"
            for path, lines in sorted(over.items(), key=lambda item: -item[1])
        )
        pytest.fail(f"{len(over)} file(s) over {MAX_LINES} lines:\n{listing}", pytrace=False)
