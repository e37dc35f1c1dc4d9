"""The page outline as a tree, and what changed between two outlines.

Pure code over strings (no browser): :func:`parse` reads Playwright's ai-mode
accessibility outline (``[ref=e3]`` ids included) into frozen :class:`Node`
trees, :func:`render` prints them back byte for byte, :func:`diff` says what
changed in terms of refs, :func:`apply` replays a diff, and ``str(diff)`` is
the compact text an agent reads after an action. :func:`compact` shortens an
outline to what is distinct on the page (repeated rows collapse into one line
that names the ref expanding them).

>>> from browserkit.snapshot import parse, diff
>>> before = parse('- list [ref=e7]:\\n  - listitem [ref=e8]: a')
>>> after = parse('- list [ref=e7]:\\n  - listitem [ref=e8]: b')
>>> print(diff(before, after, baseline_generation=1))
changes: 1 changed; 1 unchanged
~ listitem [ref=e8]: a → listitem [ref=e8]: b  # in list e7
"""

from browserkit.snapshot._apply import apply
from browserkit.snapshot._changes import (
    AddedNode,
    ChangedNode,
    ChangedRow,
    RemovedNode,
    SnapshotDiff,
    render_diff,
)
from browserkit.snapshot._compact import Compacted, compact
from browserkit.snapshot._diff import diff
from browserkit.snapshot._parse import Node, Outline, count_nodes, parse, render

# Documented here, where they are imported from (their modules are private).
for _public in (AddedNode, ChangedNode, ChangedRow, RemovedNode, Compacted, Node, Outline):
    _public.__module__ = __name__
del _public

__all__ = [
    "AddedNode",
    "ChangedNode",
    "ChangedRow",
    "Compacted",
    "Node",
    "Outline",
    "RemovedNode",
    "SnapshotDiff",
    "apply",
    "compact",
    "count_nodes",
    "diff",
    "parse",
    "render",
    "render_diff",
]
