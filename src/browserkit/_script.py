"""A session's successful actions as a script: steps a program can rerun without a model.

:class:`Script` holds :class:`Step` values: the action, the stable locator of
its element, its arguments (a secret stays its name), and one small
expectation taken from what the action changed (the new URL after a
navigation, a text that appeared, a checkbox's new state, a control that
became disabled or enabled). It turns into a readable Python file for
browserkit's sync API or for plain Playwright (:meth:`Script.to_python`),
and into JSON (:meth:`Script.save`, :meth:`Script.load`) that
:func:`~browserkit.replay` runs. Pure: no browser here; each step's code is
its kind's (``_steps``), ``_async/recording/step_recorder`` records steps,
``_async/replay`` runs them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import attrs

from browserkit._convert import converter
from browserkit._paths import output_file, write_file
from browserkit._reprs import record_markdown, summary, text_markdown
from browserkit._steps import Step, kind_of, pw_locator, quoted
from browserkit.errors import InvalidArgumentError
from browserkit.results import ActionResult, HistoryMove, Navigation
from browserkit.snapshot import Node, SnapshotDiff
from browserkit.targets import Selector

__all__ = [
    "Healed",
    "ReplayResult",
    "Script",
    "disabled_change",
    "expectation",
    "shows_disabled",
    "with_start",
]

ScriptKind = Literal["browserkit", "playwright"]
_FORMAT = 1
# Roles whose new text is the value the step typed, not something it caused.
_FIELDS = {"textbox", "searchbox", "combobox", "spinbutton", "slider"}
# Roles whose outline text is a CSS glyph (TodoMVC's ::after "✔"), which no page
# text holds and so no check can find; their name still counts.
_TICKS = {"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"}
_LONGEST_EXPECTED = 80
# Roles that are no control: a state change there is layout, nothing to check.
_LAYOUT = {"generic", "none", "presentation", "text", ""}


@attrs.frozen(repr=False)
class Script:
    """A session's successful actions, ready to run again (see :meth:`AsyncSession.script`)."""

    steps: tuple[Step, ...] = ()
    start_url: str | None = None

    __repr__ = summary
    _repr_markdown_ = text_markdown

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __str__(self) -> str:
        steps = enumerate(with_start(self), 1)
        return "\n".join(f"{i}. {step.describe()}" for i, step in steps)

    def to_json(self) -> str:
        """The script as JSON (what :meth:`save` writes)."""
        data = {"format": _FORMAT, **converter.unstructure(self)}
        return json.dumps(data, indent=2, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Script:
        """The script :meth:`to_json` wrote.

        Args:
            text: The JSON text; anything else raises
                :class:`~browserkit.InvalidArgumentError`.
        """
        try:
            data = json.loads(text)
            data.pop("format", None)
            return converter.structure(data, cls)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise InvalidArgumentError(f"not a browserkit script: {exc}") from None
        except Exception as exc:  # cattrs' grouped errors
            raise InvalidArgumentError(f"not a browserkit script: {exc}") from None

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the script as JSON to ``path`` (replaced whole, never half-written).

        Args:
            path: The file to write, e.g. ``"login.script.json"``; its folder must exist.
        """
        target = output_file(path, "'login.script.json'")
        write_file(target, self.to_json(), private=False)
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Script:
        """The script :meth:`save` wrote to ``path``.

        Args:
            path: The JSON file :meth:`save` wrote.
        """
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidArgumentError(
                f"cannot read the script {os.fspath(path)!r}: {exc}"
            ) from None
        return cls.from_json(text)

    def to_python(self, kind: ScriptKind = "browserkit") -> str:
        """A runnable, readable Python file that does the steps and checks each one.

        ``"browserkit"``: the sync API, each expectation an ``expect(...)``
        check; ``"playwright"``: plain async Playwright with
        ``expect(locator).to_...`` from ``playwright.async_api``, which runs
        without browserkit (Chromium from ``$BROWSERKIT_CHROMIUM`` if set).
        Secrets are read from the environment, never written in the file.

        Args:
            kind: ``"browserkit"`` (default) or ``"playwright"``.
        """
        if kind not in ("browserkit", "playwright"):
            raise InvalidArgumentError(f"kind must be 'browserkit' or 'playwright', got {kind!r}")
        _check_runnable(self)
        return _browserkit_file(self) if kind == "browserkit" else _playwright_file(self)


@attrs.frozen(repr=False)
class Healed:
    """A step a healing replay ran on a stand-in: its number, old and new locator, and
    ``why`` it was taken (the same name at the element's place, or a rename rule)."""

    step: int
    old: Selector | None
    new: Selector
    why: str = ""

    __repr__ = summary
    _repr_markdown_ = record_markdown


@attrs.frozen
class ReplayResult:
    """What :func:`~browserkit.replay` did: every step ran and met its check.

    ``healed`` lists the steps that ran on a stand-in (only with
    ``heal=True``); ``script`` is the script with their new locators, to
    save in place of the old one.
    """

    steps: int
    url: str
    healed: tuple[Healed, ...] = ()
    script: Script = Script()

    __repr__ = summary
    _repr_markdown_ = record_markdown


def _check_runnable(script: Script) -> None:
    """Refuse a script with a step that no code could run: an action on an element that
    has no locator (and no point), or a drag with nowhere to drop."""
    for number, step in enumerate(with_start(script), 1):
        missing = None
        if kind_of(step.action).target == "element" and step.locator is None:
            missing = None if step.point is not None else "a locator for its element"
        if missing is None and step.action == "drag" and step.to is None:
            missing = "a locator for where it dropped"
        if missing is not None:
            raise InvalidArgumentError(
                f"step {number} ({step.action}) has no {missing}: no stable locator could "
                "be made when it ran (the element left, or the page did not answer in time)",
                hint="record the step again on an element the page shows, or give the "
                "step a locator of your own before exporting",
            )


def with_start(script: Script) -> tuple[Step, ...]:
    """The script's steps, led by a navigation to where it started when it began mid-page."""
    if script.start_url is None or (script.steps and script.steps[0].action == "navigate"):
        return script.steps
    return (Step("navigate", url=script.start_url, expect_url=script.start_url), *script.steps)


def expectation(
    result: ActionResult | Navigation | HistoryMove, step: Step, url_before: str | None = None
) -> Step:
    """``step`` with what its result showed it changed, as its one small check
    (a control that became disabled or enabled: see :func:`disabled_change`).

    A URL the action changed without loading a page (a single-page app's route,
    ``#/completed``) is as much its doing as a navigation's.
    """
    if isinstance(result, (Navigation, HistoryMove)):
        return attrs.evolve(step, expect_url=result.url)
    if result.navigated or (url_before is not None and result.url != url_before):
        return attrs.evolve(step, expect_url=result.url)
    if step.action == "check":
        return attrs.evolve(step, expect_checked=step.checked)
    text = _appeared(result.diff) if result.diff is not None else None
    return attrs.evolve(step, expect_text=text)


def disabled_change(diff: SnapshotDiff | None) -> tuple[str, bool] | None:
    """The first control the change disabled or enabled: its ref and whether it is
    disabled now. A control that came or went changed no state."""
    if diff is None:
        return None
    for changed in diff.changed:
        new, old = Node.from_line(changed.line), Node.from_line(changed.old_line)
        now = shows_disabled(new)
        if now != shows_disabled(old) and changed.ref is not None and new.role not in _LAYOUT:
            return changed.ref, now
    return None


def shows_disabled(node: Node) -> bool:
    """Whether the outline line of ``node`` says it is disabled."""
    return any(key == "disabled" and value in (None, "true") for key, value in node.attributes)


def _appeared(diff: SnapshotDiff) -> str | None:
    """A short text the change brought: an added node's, else a changed node's new one.

    A text a removed node had did not appear: an element rebuilt as another
    (Django's icon that became a link when a select changed) keeps its name,
    which may be a title no page text shows.
    """
    gone: set[str] = set()
    for removed in diff.removed:
        old = Node.from_line(removed.line)
        gone.update(t for t in (old.name, old.text) if t)
    seen: list[str] = []
    for added in diff.added:
        for node in added.node.walk():
            if node.role not in _FIELDS:
                seen.extend(t for t in (node.name, _text(node)) if t and t not in gone)
    if not seen:
        for changed in diff.changed:
            new, old = Node.from_line(changed.line), Node.from_line(changed.old_line)
            if new.role in _FIELDS:
                continue
            for text in (_text(new), new.name):
                if text and text != old.text and text != old.name:
                    seen.append(text)
    fit = [t.strip() for t in seen if 0 < len(t.strip()) <= _LONGEST_EXPECTED]
    # A word before a lone glyph: glyphs are mostly CSS content (a "✖" button's).
    worded = [t for t in fit if any(c.isalnum() for c in t)]
    return next(iter(worded or fit), None)


def _text(node: Node) -> str | None:
    """The text ``node`` shows that a check could look for (a tick's is a CSS glyph)."""
    return None if node.role in _TICKS else node.text


# -- browserkit code ----------------------------------------------------------


def _bk_checks(step: Step, number: int) -> list[str]:
    out = []
    if step.expect_url is not None:
        out.append(f"expect(s.wait_for(url={quoted(step.expect_url)}).met, {number}, 'the URL')")
    if step.expect_text is not None:
        out.append(f"expect(s.wait_for(text={quoted(step.expect_text)}).met, {number}, 'the text')")
    if step.expect_checked is not None and step.locator is not None:
        mark = "'[checked]' in" if step.expect_checked else "'[checked]' not in"
        out.append(
            f"expect({mark} s.snapshot(target={step.locator!r}).tree, {number}, 'the state')"
        )
    if step.expect_disabled is not None and step.control is not None:
        shown = f"disabled(s, {step.control!r}, {step.expect_disabled!r})"
        out.append(f"expect({shown}, {number}, 'the state')")
    return out


# A control a request re-enables comes back a moment after the step: waited for,
# as a replay and Playwright's expect() wait.
_DISABLED_HELPER = [
    "def disabled(s: bk.Session, control: bk.Selector, now: bool) -> bool:",
    '    """Whether ``control`` is disabled (``now=True``) or enabled, within 5 s."""',
    "    deadline = time.monotonic() + 5",
    '    while ("[disabled]" in s.snapshot(target=control).tree.splitlines()[0]) != now:',
    "        if time.monotonic() > deadline:",
    "            return False",
    "        time.sleep(0.1)",
    "    return True",
    "",
    "",
]


def _browserkit_file(script: Script) -> str:
    body: list[str] = []
    for number, step in enumerate(with_start(script), 1):
        body.append(f"    {step.describe()}")
        body.extend(f"    {line}" for line in _bk_checks(step, number))
    states = any(step.expect_disabled is not None for step in script.steps)
    lines = [
        '"""Made by browserkit from a session (session.script()): the same steps, checked."""',
        "",
        *(["import time", ""] if states else []),
        "import browserkit as bk",
        "",
        "",
        "def expect(met: bool, step: int, what: str) -> None:",
        "    if not met:",
        '        raise SystemExit(f"step {step}: {what} is not as recorded")',
        "",
        "",
        *(_DISABLED_HELPER if states else []),
        "with bk.Browser() as browser:",
        "    s = browser.start()",
        *(body or ["    pass"]),
        '    print("done:", s.url)',
        "",
    ]
    return "\n".join(lines)


# -- plain Playwright code ----------------------------------------------------


def _pw_lines(step: Step) -> list[str]:
    """The step as Playwright lines (its kind's declaration, ``_steps``)."""
    return kind_of(step.action).playwright(step)


def _pw_checks(step: Step) -> list[str]:
    out = []
    if step.expect_url is not None:
        out.append(f"await expect(page).to_have_url({quoted(step.expect_url)})")
    if step.expect_text is not None:
        out.append(
            f'await expect(page.locator("body")).to_contain_text({quoted(step.expect_text)})'
        )
    if step.expect_checked is not None and step.locator is not None:
        state = "to_be_checked()" if step.expect_checked else "not_to_be_checked()"
        out.append(f"await expect({pw_locator(step.locator)}).{state}")
    if step.expect_disabled is not None and step.control is not None:
        state = "to_be_disabled()" if step.expect_disabled else "to_be_enabled()"
        out.append(f"await expect({pw_locator(step.control)}).{state}")
    return out


def _chooser(step: Step | None) -> bool:
    """Whether ``step`` answers the file chooser the step before it opened."""
    return step is not None and step.action == "upload" and step.locator is None


def _pw_body(steps: tuple[Step, ...]) -> list[str]:
    """The steps as Playwright lines. A step that opened a file chooser runs inside
    ``expect_file_chooser`` (Playwright answers only a chooser it waits for), and the
    upload after it answers that chooser."""
    out: list[str] = []
    for i, step in enumerate(steps):
        if _chooser(step) and i > 0:
            continue  # written with the step that opened it
        following = steps[i + 1] if i + 1 < len(steps) else None
        if not _chooser(following):
            out.extend((*_pw_lines(step), *_pw_checks(step)))
            continue
        assert following is not None
        out.append("async with page.expect_file_chooser() as chooser:")
        out.extend(f"    {line}" for line in _pw_lines(step))
        out.extend((*_pw_lines(following), *_pw_checks(step), *_pw_checks(following)))
    return out


def _playwright_file(script: Script) -> str:
    body = [f"        {line}" for line in _pw_body(with_start(script))]
    lines = [
        '"""Made by browserkit from a session (session.script()): plain Playwright."""',
        "",
        "import asyncio",
        "import os",
        "",
        "from playwright.async_api import async_playwright, expect",
        "",
        "",
        "async def main() -> None:",
        "    async with async_playwright() as pw:",
        '        chromium = os.environ.get("BROWSERKIT_CHROMIUM") or None',
        "        browser = await pw.chromium.launch(executable_path=chromium)",
        "        page = await browser.new_page()",
        *body,
        '        print("done:", page.url)',
        "        await browser.close()",
        "",
        "",
        "asyncio.run(main())",
        "",
    ]
    return "\n".join(lines)
