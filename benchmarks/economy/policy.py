"""The agent policy both contenders follow, and the steps a task is scripted in.

A task is a list of steps written once: open a page, click / type into / select
in an element named by its role and accessible name, read a text. A generic
driver (:func:`drive`) plays the steps through any :class:`Agent` under one
policy, the issue's:

- Before acting on a target, look for its ref in what the agent has already read
  since the last navigation, newest answer first. If it is not there, take a full
  snapshot (default arguments) and look again; a page still rendering gets up to
  :data:`LOOKS` snapshots, :data:`LOOK_PAUSE_S` apart.
- Every answer is read and counts: navigations, snapshots, every action (browserkit
  observes every action), errors.
- An action that fails (a stale or vanished ref) is answered the way an agent
  would: read the error, take a snapshot, try once more.
- A ``Read`` step passes when its texts are in what was read since the last
  navigation, taking snapshots as above when they are not. A ``Read`` that says
  what to search for (a record's id) first searches the page's text with the
  contender's search tool, where it has one (browserkit's ``browser_find``;
  Playwright MCP has none, and reads the page as before).
- A ``Wait`` step is an agent's answer to a page that renders for seconds (a
  loading shell): one wait-for-text call, bounded by :data:`WAIT_S`, its answer
  read like any other.
- An outline that says how to see what it left out (browserkit's compact
  outline: ``(expand: snapshot(target="e12"))``, in a tool's answer ``(expand:
  browser_snapshot ref=e12)``, at the command line ``(expand: browserkit snapshot
  e12)``) is followed the way it says,
  up to :data:`EXPANDS` times per look, before another full snapshot. That
  includes what was read since the last navigation: before its first snapshot
  for a target or a text, the agent follows the expand lines it already has,
  newest answer first, each at most once per page. Playwright MCP's answers
  never carry such lines.

Everything here is plain Python over strings; the contenders live in
:mod:`benchmarks.economy.agents`.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator
from typing import Protocol

import attrs

from benchmarks.stats import tokens

__all__ = [
    "EXPANDS",
    "LOOKS",
    "LOOK_PAUSE_S",
    "WAIT_S",
    "Agent",
    "Click",
    "Goto",
    "Ledger",
    "Open",
    "Outcome",
    "Read",
    "Reply",
    "Select",
    "Step",
    "StepFailed",
    "Target",
    "Type",
    "Wait",
    "describe",
    "drive",
    "find_ref",
    "fold_refs",
    "outline_nodes",
    "tokens",
]

LOOKS = 3
"""Full snapshots an agent takes for one target before it gives up."""
LOOK_PAUSE_S = 0.5
"""Pause before a second or third snapshot: the page may still be rendering."""
EXPANDS = 3
"""Collapsed parts of one outline an agent expands while looking for something."""
WAIT_S = 30.0
"""Bound on one ``Wait`` step: how long the agent lets a page render."""
# A fold names the call that shows what it hid, in the words of whoever answered: the
# SDK's outline (`(expand: snapshot(target="e12"))`), a tool's answer (`(expand:
# browser_snapshot ref=e12)`) or the command line's (`(expand: browserkit snapshot e12)`).
# Only folds of one element are followed; a whole-page one (`full=true`) is not a ref.
_EXPAND = re.compile(
    r'\(expand: (?:snapshot\(target="([^"]+)"\)'
    r"|browser_snapshot ref=([^\s,)]+)"
    r"|browserkit snapshot (?!-)([^\s,)]+))"
)


# A quoted name or text in an outline line: double-quoted with escapes, or a YAML
# single-quoted scalar (a whole entry, or a value after ": ").
_QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*"' + r"|(?:^|(?<=: )|(?<=- ))'(?:[^'\n]|'')*'")


def fold_refs(text: str) -> list[str]:
    """The refs the fold lines in ``text`` say to expand, in reading order, once each.

    A fold is the outline's own note, never inside a quoted name or text: a page
    that shows fold-like words (these docs do) is not asking to be expanded.
    """
    refs: list[str] = []
    for line in text.splitlines():
        quoted = [m.span() for m in _QUOTED.finditer(line)]
        for m in _EXPAND.finditer(line):
            if not any(a < m.start() < b for a, b in quoted):
                refs.append(next(g for g in m.groups() if g))
    return list(dict.fromkeys(refs))


@attrs.frozen
class Target:
    """An element as a person names it: its role and accessible name.

    ``contains``: the name only has to contain ``name`` (for names that carry
    generated parts, such as a search result's "Concepts > Generations").
    """

    role: str
    name: str
    contains: bool = False

    def matches(self, role: str, name: str) -> bool:
        """Whether an outline node with this role and name is the target."""
        if role != self.role:
            return False
        return self.name in name if self.contains else name == self.name

    def __str__(self) -> str:
        return f'{self.role} "{self.name}"' + (" (contains)" if self.contains else "")


@attrs.frozen
class Open:
    """Open ``url`` in a fresh session: the task's first step."""

    url: str


@attrs.frozen
class Goto:
    """Load ``url`` in the session."""

    url: str


@attrs.frozen
class Click:
    """Click the target."""

    target: Target


@attrs.frozen
class Type:
    """Type ``text`` into the target (replacing its value); ``submit`` presses Enter."""

    target: Target
    text: str
    submit: bool = False


@attrs.frozen
class Select:
    """Choose the option labelled ``option`` in a select (combobox) target."""

    target: Target
    option: str


@attrs.frozen
class Read:
    """The agent has read every one of ``texts`` (the task's answer).

    ``search`` is what an agent that knows where the answer is would look for
    (the id of the record whose field it wants), for a contender that can search
    the page's text (see :meth:`Agent.search`)."""

    texts: tuple[str, ...]
    search: str | None = None


@attrs.frozen
class Wait:
    """Wait until ``text`` is visible on the page: a page that shows a loading shell
    for seconds, longer than :data:`LOOKS` snapshots cover."""

    text: str


Step = Open | Goto | Click | Type | Select | Read | Wait


@attrs.frozen
class Reply:
    """One tool answer as the agent reads it."""

    text: str
    """Everything the agent reads: the answer and any file it points to."""
    navigated: bool = False
    """The answer is about a new document: what was read before is out of date."""
    error: str | None = None
    """The call failed; ``text`` holds the error the agent reads."""


class Agent(Protocol):
    """One contender, as the driver sees it. Every method answers what the agent reads."""

    name: str

    async def open(self, url: str) -> Reply: ...

    async def goto(self, url: str) -> Reply: ...

    async def snapshot(self) -> Reply: ...

    async def expand(self, ref: str) -> Reply:
        """Read the part of the page an outline collapsed under ``ref``."""
        ...

    async def search(self, text: str) -> Reply | None:
        """Search the page's text for ``text``; None when the contender has no such
        tool (then it reads the page as it would without one)."""
        ...

    async def click(self, ref: str, target: Target) -> Reply: ...

    async def type(self, ref: str, target: Target, text: str, submit: bool) -> Reply: ...

    async def select(self, ref: str, target: Target, option: str) -> Reply: ...

    async def wait_for(self, text: str, timeout_s: float) -> Reply:
        """Wait (at most ``timeout_s``) until ``text`` is visible."""
        ...


# ----------------------------------------------------------------------------- outlines

# One outline node: role, optional quoted name, then bracketed attributes. Both
# contenders print Playwright's ai-mode lines (`- button "Save" [ref=e12]`),
# browserkit's diffs the same lines behind `+ `/`~ `/`- ` markers.
_NODE = re.compile(
    r'(?<![\w"])(?P<role>[a-z][a-z-]*)'
    r'(?: "(?P<name>(?:[^"\\]|\\.)*)")?'
    r"(?P<attrs>(?: \[[^\]\n]*\])*)"
)
_REF = re.compile(r"\[ref=([^\]\s]+)\]")
_ESCAPE = re.compile(r"\\(.)")


def _unescape(name: str, single_quoted: bool) -> str:
    name = _ESCAPE.sub(r"\1", name)
    # A YAML single-quoted line doubles its apostrophes.
    return name.replace("''", "'") if single_quoted else name


def outline_nodes(text: str) -> Iterator[tuple[str, str, str]]:
    """Every ``(role, name, ref)`` printed in ``text``, in reading order.

    Within a changed line (``old → new``) the new node comes last, so a caller that
    keeps the last match of a line gets the current ref.
    """
    for line in text.splitlines():
        body = line.lstrip(" +~-")
        single = body.startswith("'")
        for m in _NODE.finditer(line):
            found = _REF.search(m.group("attrs"))
            if found is None:
                continue
            yield m.group("role"), _unescape(m.group("name") or "", single), found.group(1)


def find_ref(text: str, target: Target) -> str | None:
    """The ref of the target in ``text``: the first line naming it (the new side of a change).

    When no node has the target's name, a node of its role with no name at all
    is taken by the text it shows, as a person reads it: a button printed as
    ``button [ref=e21]: Sign in``, or with its text on a child line
    (``- emphasis: Sign in``), as both contenders print Wagtail's buttons.
    """
    lines = text.splitlines()
    for line in lines:
        hits = [ref for role, name, ref in outline_nodes(line) if target.matches(role, name)]
        if hits:
            return hits[-1]
    for i, line in enumerate(lines):
        for role, name, ref in outline_nodes(line):
            if not name and role == target.role and target.matches(role, _shown_text(lines, i)):
                return ref
    return None


_INLINE = re.compile(r"\]: (.+)$|^- [a-z][a-z-]*: (.+)$")
_SKIP = ("/url:", "/placeholder:")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" +~-"))


def _inline_text(line: str) -> str | None:
    body = line.strip().lstrip("+~ ")
    m = _INLINE.search(body.split("  # ", 1)[0])
    if m is None or body.lstrip("- ").startswith(_SKIP):
        return None
    shown = (m.group(1) or m.group(2)).strip()
    if len(shown) > 1 and shown[0] == shown[-1] and shown[0] in "\"'":
        shown = shown[1:-1]
    return _ESCAPE.sub(r"\1", shown)


def _shown_text(lines: list[str], i: int) -> str:
    """The text a nameless node on line ``i`` shows: on its own line, else its first child's."""
    own = _inline_text(lines[i])
    if own is not None:
        return own
    depth = _indent(lines[i])
    for line in lines[i + 1 :]:
        if _indent(line) <= depth:
            break
        child = _inline_text(line)
        if child is not None:
            return child
    return ""


def _flat(text: str) -> str:
    """Text with escapes undone and whitespace collapsed, for looking up read text."""
    return " ".join(_ESCAPE.sub(r"\1", text).split())


# ----------------------------------------------------------------------------- reading


@attrs.define
class Ledger:
    """What the agent read: totals for the whole task, texts since the last navigation."""

    current: list[str] = attrs.field(factory=list)
    expanded: set[str] = attrs.field(factory=set)
    """Refs expanded since the last navigation."""
    tokens: int = 0
    reads: int = 0
    snapshots: int = 0
    retries: int = 0

    def read(self, reply: Reply, *, snapshot: bool = False) -> None:
        """Count one answer; a navigation makes everything read before it out of date."""
        self.reads += 1
        self.tokens += tokens(reply.text)
        if snapshot:
            self.snapshots += 1
        if reply.navigated:
            self.current.clear()
            self.expanded.clear()
        self.current.append(reply.text)

    def find_ref(self, target: Target) -> str | None:
        """The target's ref in what was read since the last navigation, newest first."""
        for text in reversed(self.current):
            ref = find_ref(text, target)
            if ref is not None:
                return ref
        return None

    def saw(self, text: str) -> bool:
        """Whether ``text`` was read since the last navigation."""
        want = _flat(text)
        return any(want in _flat(t) for t in self.current)


# ----------------------------------------------------------------------------- driving


@attrs.define
class Outcome:
    """How one run of a task went for one contender."""

    ledger: Ledger = attrs.field(factory=Ledger)
    completed: bool = False
    failure: str | None = None
    """Which step failed and why (None when every step passed)."""
    wall_s: float = 0.0


class StepFailed(Exception):
    """A step could not be done; the run stops there and counts as failed."""


async def _snapshot(agent: Agent, ledger: Ledger) -> None:
    reply = await agent.snapshot()
    ledger.read(reply, snapshot=True)
    if reply.error is not None:
        raise StepFailed(f"snapshot failed: {reply.error}")


async def _locate(agent: Agent, ledger: Ledger, target: Target, *, fresh: bool = False) -> str:
    """The target's ref: from what was read, else from up to LOOKS snapshots."""
    if not fresh:
        ref = ledger.find_ref(target)
        if ref is not None:
            return ref
        for expansion in _unread(ledger):
            if await _expand(agent, ledger, expansion, strict=False):
                ref = find_ref(ledger.current[-1], target)
                if ref is not None:
                    return ref
    for look in range(LOOKS):
        if look:
            await asyncio.sleep(LOOK_PAUSE_S)
        await _snapshot(agent, ledger)
        ref = find_ref(ledger.current[-1], target)
        if ref is not None:
            return ref
        for expansion in _expansions(ledger.current[-1]):
            await _expand(agent, ledger, expansion)
            ref = find_ref(ledger.current[-1], target)
            if ref is not None:
                return ref
    raise StepFailed(f"no {target} after {LOOKS} snapshots")


def _expansions(text: str) -> list[str]:
    """The refs an outline says expand what it collapsed, at most EXPANDS of them."""
    return fold_refs(text)[:EXPANDS]


def _unread(ledger: Ledger) -> list[str]:
    """Expand lines in what was read since the last navigation, newest answer first,
    not followed yet: at most EXPANDS of them."""
    found: list[str] = []
    for text in reversed(ledger.current):
        found += [r for r in fold_refs(text) if r not in ledger.expanded and r not in found]
    return found[:EXPANDS]


async def _expand(agent: Agent, ledger: Ledger, ref: str, *, strict: bool = True) -> bool:
    """Follow one expand line; False when it failed and ``strict`` is off."""
    ledger.expanded.add(ref)
    reply = await agent.expand(ref)
    ledger.read(reply, snapshot=True)
    if reply.error is not None:
        if strict:
            raise StepFailed(f"expanding {ref} failed: {reply.error}")
        return False
    return True


async def _act(agent: Agent, ledger: Ledger, step: Click | Type | Select) -> None:
    async def once(ref: str) -> Reply:
        if isinstance(step, Click):
            return await agent.click(ref, step.target)
        if isinstance(step, Type):
            return await agent.type(ref, step.target, step.text, step.submit)
        return await agent.select(ref, step.target, step.option)

    reply = await once(await _locate(agent, ledger, step.target))
    ledger.read(reply)
    if reply.error is None:
        return
    # What an agent does with a failed action: read the error, look again, retry once.
    ledger.retries += 1
    reply = await once(await _locate(agent, ledger, step.target, fresh=True))
    ledger.read(reply)
    if reply.error is not None:
        raise StepFailed(f"{type(step).__name__.lower()} {step.target} failed: {reply.error}")


async def _read(agent: Agent, ledger: Ledger, step: Read) -> None:
    missing = [t for t in step.texts if not ledger.saw(t)]
    if missing and step.search is not None:
        found = await agent.search(step.search)
        if found is not None:  # cheaper than reading the page: it is tried first
            ledger.read(found)
            missing = [t for t in missing if not ledger.saw(t)]
    if missing:
        for expansion in _unread(ledger):
            await _expand(agent, ledger, expansion, strict=False)
            missing = [t for t in missing if not ledger.saw(t)]
            if not missing:
                return
    for look in range(LOOKS):
        if not missing:
            return
        if look:
            await asyncio.sleep(LOOK_PAUSE_S)
        await _snapshot(agent, ledger)
        for expansion in _expansions(ledger.current[-1]):
            if not [t for t in missing if not ledger.saw(t)]:
                break
            await _expand(agent, ledger, expansion)
        missing = [t for t in missing if not ledger.saw(t)]
    if missing:
        raise StepFailed(f"never read {missing[0]!r} ({LOOKS} snapshots)")


async def _navigate(agent: Agent, ledger: Ledger, step: Open | Goto) -> None:
    reply = await (agent.open(step.url) if isinstance(step, Open) else agent.goto(step.url))
    ledger.read(attrs.evolve(reply, navigated=True))
    if reply.error is not None:
        raise StepFailed(f"opening {step.url} failed: {reply.error}")


async def _wait(agent: Agent, ledger: Ledger, step: Wait) -> None:
    reply = await agent.wait_for(step.text, WAIT_S)
    ledger.read(reply)
    if reply.error is not None:
        raise StepFailed(f"waiting for {step.text!r} failed: {reply.error}")


def describe(step: Step) -> str:
    """A short label of a step, for failure messages."""
    if isinstance(step, Open | Goto):
        return f"{type(step).__name__.lower()} {step.url}"
    if isinstance(step, Read):
        return f"read {', '.join(repr(t) for t in step.texts)}"
    if isinstance(step, Wait):
        return f"wait for {step.text!r}"
    return f"{type(step).__name__.lower()} {step.target}"


async def drive(agent: Agent, steps: list[Step], outcome: Outcome | None = None) -> Outcome:
    """Play ``steps`` through ``agent`` under the policy; never raises for a failed step.

    Pass ``outcome`` to keep what was counted when the caller cancels the run
    (a time bound): the ledger is filled in place.
    """
    out = outcome if outcome is not None else Outcome()
    start = time.monotonic()
    try:
        for i, step in enumerate(steps, 1):
            try:
                if isinstance(step, Open | Goto):
                    await _navigate(agent, out.ledger, step)
                elif isinstance(step, Read):
                    await _read(agent, out.ledger, step)
                elif isinstance(step, Wait):
                    await _wait(agent, out.ledger, step)
                else:
                    await _act(agent, out.ledger, step)
            except StepFailed as exc:
                out.failure = f"step {i} ({describe(step)}): {exc}"
                return out
            except Exception as exc:  # a contender that raised: a failed step, not a crash
                first = (str(exc).strip().splitlines() or [""])[0][:300]
                out.failure = f"step {i} ({describe(step)}): {type(exc).__name__}: {first}"
                return out
        out.completed = True
        return out
    finally:
        out.wall_s = time.monotonic() - start
