"""The scripted model every framework test drives: one task, written once, as a generator.

A framework's fake model hands the :class:`Brain` the text of the last tool
result and gets back the next tool call or the final answer. The task is what
issue 30 asks each framework to show: start a session, read the outline,
click "Add" by the ref it read, read the diff, take a screenshot, reload, click
the old ref (stale: the hint says to take a new snapshot), take one, click the
new ref. ``seen`` keeps every result text, for the test to assert on.
"""

from __future__ import annotations

import json
import re
from collections.abc import Generator
from typing import Any

import attrs

PAGE = "/integration_counter.html"
_ADD = re.compile(r'button "Add" \[ref=(\w+)\]')


@attrs.frozen
class Call:
    name: str
    arguments: dict[str, Any]
    id: str


Script = Generator["Call | str", str, None]


def counter_task(url: str, *, start: bool = True, tag: str = "") -> Script:
    """The model's side of the task on ``url``; ``start=False``: the host gave the session,
    so the model never names one."""
    n = iter(range(1000))

    def call(name: str, **arguments: Any) -> Call:
        return Call(name, arguments, f"call_{tag}{next(n)}")

    sid: dict[str, Any] = {}
    if start:
        out = yield call("browser_sessions_start", url=url)
        sid = {"session_id": json.loads(out.splitlines()[0])["session_id"]}
    out = yield call("browser_snapshot", **sid)
    old = _ADD.search(out)
    assert old, out
    out = yield call("browser_act", action="click", ref=old[1], detail="add one", **sid)
    out = yield call("browser_screenshot", **sid)
    out = yield call("browser_navigate", url=url, **sid)
    out = yield call("browser_act", action="click", ref=old[1], detail="add again", **sid)
    assert "stale_ref" in out, out
    out = yield call("browser_snapshot", **sid)
    new = _ADD.search(out)
    assert new, out
    out = yield call("browser_act", action="click", ref=new[1], detail="add again", **sid)
    yield f"done: {out.splitlines()[-1]}"


@attrs.define
class Brain:
    """Drives a script: ``step(text)`` sends the last result in and returns what comes next."""

    script: Script
    seen: list[str] = attrs.field(factory=list)
    images: list[Any] = attrs.field(factory=list)
    _started: bool = False

    def step(self, text: str | None) -> Call | str:
        if not self._started:
            self._started = True
            return next(self.script)
        assert text is not None
        self.seen.append(text)
        return self.script.send(text)

    def check(self) -> None:
        """What the model received: the outline, the click's diff, the stale hint, an image."""
        snapshot, click, shot, _nav, stale, again, last = self.seen[-7:]
        assert _ADD.search(snapshot), snapshot
        assert "Count: 1" in click and "Count: 0" in click, click  # the diff: now, and before
        assert '"mime":"image/' in shot, shot
        assert "stale_ref" in stale and "snapshot" in stale, stale
        assert _ADD.search(again), again
        assert "Count: 1" in last, last
        assert len(self.images) == 1, self.images
