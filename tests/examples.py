"""How many examples a property test tries.

Every example runs on the first Python. The other Pythons repeat the pure
modules to catch what changes with the interpreter (a string method, a
regex, dict order), which a handful of examples shows as well as hundreds;
``nox -s tests`` sets ``BROWSERKIT_TEST_REPEAT=1`` for them, and they try a
fifth.
"""

from __future__ import annotations

import os

__all__ = ["REPEAT", "examples"]

REPEAT = os.environ.get("BROWSERKIT_TEST_REPEAT") == "1"


def examples(n: int) -> int:
    """``n`` on the first Python, a fifth of it (at least 10) on a repeat run."""
    return max(10, n // 5) if REPEAT else n
