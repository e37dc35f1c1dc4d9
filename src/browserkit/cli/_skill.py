"""The skill file: SKILL.md for coding agents, generated from the command table.

``browserkit skill`` prints it and ``browserkit skill --install DIR`` writes
it to ``DIR/browserkit/SKILL.md``. It is made from the same commands the
command line has (:func:`~browserkit.cli._commands.commands`), so every
command it names exists with the arguments it shows, and a test runs every
example it gives.
"""

from __future__ import annotations

import os
from pathlib import Path

import attrs

from browserkit._paths import write_file
from browserkit.cli._commands import Command, commands, for_terminal
from browserkit.cli._output import CLASSES
from browserkit.tools import CAPS

__all__ = ["DESCRIPTION", "examples", "install", "skill"]

DESCRIPTION = (
    "Drive a real Chromium from the shell: open a page, read it as an outline with element "
    "refs, click and type on refs and read what changed, check console and network. Use it "
    "to test or debug a web app, fill forms, or read pages that need a browser."
)

_QUICK_START = """\
```bash
browserkit open http://127.0.0.1:8000/        # start the session; prints the page's outline
browserkit click e13                          # act on a ref: prints what the click changed
browserkit type e18 "kettle" --submit         # type into e18, press Enter: the new page's outline
browserkit snapshot --diff                    # only what changed since your last read
browserkit close                              # end the session (and its browser)
```
"""

_READING = """\
## Reading the answers

- **Refs.** Outline lines end in `[ref=e3]`: pass `e3` to the commands that act
  (`click e3`, `type e3 TEXT`). A ref belongs to the page that printed it: after
  a navigation the old refs are refused (`error stale_ref`) and the answer
  already holds the new page's outline with its own refs. `f1e2` is inside an
  iframe; `d12` comes from `dom` and `scan`.
- **Diffs.** An action answers with what it changed, not the whole page:
  `+` lines appeared, `-` lines went, `~` lines changed (old → new), each under
  the nearest ancestor with a ref so you know where it is. Nothing printed
  after an action means nothing visible changed. `snapshot --diff` does the
  same against your last snapshot of the page.
- **Folds.** Long pages come folded: a run of similar rows shows three and a
  line such as `… 47 more [ref=e40]`, a long text is cut. `snapshot e40` shows
  the folded part whole; `snapshot --full` shows every line; `find TEXT` finds
  one thing on a big page without reading it all.
- **Metadata.** A line of compact JSON comes before the page text when there is
  something to say besides it (`url`, `title`, `status`, `navigated`,
  `settled:false`, `dialog`, `new_tabs`, `downloads`).
- **Errors** go to stderr as `error <code>: message` and `hint: what to do next`,
  with an exit status per class of error:
"""

_SESSIONS = """\
## Sessions

Each session is one browser with its own cookies and storage, in a background
process that outlives each command: `-s NAME` (or `BROWSERKIT_SESSION=NAME`)
picks one, `default` otherwise. `browserkit sessions` lists them; `close`
ends one, `close --all` every one. A session also ends after 30 minutes with
no command (`open --idle-stop-ms MS`) or when its browser dies (the next
command says so; `open` starts it again). Flags of `open` that set up the
session (`--allowed-domains`, `--secrets FILE`, `--read-only`, `--endpoint`,
`--headless/--no-headless`, `--profile DIR`) apply when it starts.
Ctrl-C stops the command in flight, not the session. Secrets from `--secrets`
are typed with `type REF --secret NAME` and every answer shows `<secret:NAME>`.
`browserkit COMMAND --help` lists every flag of a command.
"""


_SHOWN = {"expression": "EXPR", "values": "VALUE...", "paths": "PATH...", "tab_id": "TAB"}


def _usage(command: Command) -> str:
    parts = [command.name]
    for field in command.fields:
        if field.name in command.spec.positionals:
            meta = command.spec.metavars.get(field.name) or _SHOWN.get(
                field.name, field.name.upper()
            )
            required = field.default is attrs.NOTHING
            parts.append(meta if required else f"[{meta}]")
    return " ".join(parts)


def skill() -> str:
    """The SKILL.md text."""
    lines = [
        "---",
        "name: browserkit",
        f"description: {DESCRIPTION}",
        "allowed-tools: Bash(browserkit:*)",
        "---",
        "",
        "# Browser automation with browserkit",
        "",
        "## Quick start",
        "",
        _QUICK_START,
        _SESSIONS,
        "## Commands",
        "",
        "Start and end:",
        "",
        "```bash",
        "browserkit open http://127.0.0.1:8000/   # start a session, or reuse it, at a URL",
        "browserkit sessions                      # the open sessions",
        "browserkit close                         # end the session (-s NAME, or --all)",
        "```",
        "",
    ]
    groups: dict[str | None, list[Command]] = {}
    for command in commands():
        groups.setdefault(command.tool.cap, []).append(command)
    for cap, members in groups.items():
        title = "On the session:" if cap is None else f"More ({cap}: {for_terminal(CAPS[cap])}):"
        lines += [title, "", "```bash"]
        for command in members:
            lines.append(f"# {_usage(command)}: {command.summary}")
            if command.example:
                lines.append(command.example)
        lines += ["```", ""]
    lines.append(_READING)
    lines += ["| exit | class | codes | meaning |", "|---|---|---|---|"]
    lines.append("| 0 | ok | | the command did what it says |")
    for c in CLASSES:
        lines.append(f"| {c.status} | {c.name} | {', '.join(c.codes)} | {c.meaning} |")
    lines.append("")
    return "\n".join(lines)


def examples(text: str | None = None) -> list[str]:
    """Every command line the skill file gives (comments and blank lines left out)."""
    out = []
    inside = False
    for line in (text or skill()).splitlines():
        if line.startswith("```"):
            inside = line.strip() == "```bash"
            continue
        if inside:
            code = line.split("  #", 1)[0].strip()
            if code and not code.startswith("#"):
                out.append(code)
    return out


def install(directory: str) -> str:
    """Write the skill to ``directory/browserkit/SKILL.md``; the path written."""
    target = Path(os.path.abspath(directory)) / "browserkit" / "SKILL.md"
    target.parent.mkdir(parents=True, exist_ok=True)
    write_file(target, skill(), private=False)
    return str(target)
