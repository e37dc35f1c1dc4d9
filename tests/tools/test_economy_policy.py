"""The economy benchmark's pure parts: finding refs in both contenders' outlines, counting
what an agent read, and the policy's choices (read what you have, else snapshot).

No browser and no app server: the agent here is a script of canned answers.
"""

from __future__ import annotations

from typing import Any

import pytest
from benchmarks.economy.agents import BrowserkitAgent, render_answer
from benchmarks.economy.apps import section_sentence
from benchmarks.economy.policy import (
    LOOKS,
    Click,
    Ledger,
    Open,
    Read,
    Reply,
    Step,
    Target,
    Type,
    drive,
    find_ref,
    fold_refs,
    outline_nodes,
    tokens,
)
from benchmarks.economy.run import summarise

import browserkit as bk

MCP_YAML = """\
### Page
- Page URL: http://127.0.0.1:8000/admin/login/
### Snapshot
```yaml
- generic [ref=e1]:
  - banner [ref=e4]:
    - link "Django administration" [ref=e7] [cursor=pointer]:
      - /url: /admin/
    - 'button "Toggle theme (current theme: auto)" [ref=e8] [cursor=pointer]'
  - main [ref=e13]:
    - textbox "Username:" [active] [ref=e19]
    - textbox "Password:" [ref=e22]
    - button "Log in" [ref=e24] [cursor=pointer]
    - 'link "Bob''s page" [ref=e30]'
    - button "Say \\"hi\\"" [ref=e31]
```"""

BROWSERKIT_DIFF = """\
{"url":"http://127.0.0.1:8000/#/items/getItem","navigated":false}
clicked e156
changes: 2 changed, 1 added; 116 unchanged
~ button "Try it out" [ref=e156] [cursor=pointer] → button "Cancel" [active] [ref=e216]
~ textbox "item_id" [disabled] [ref=e173] → textbox "item_id" [ref=e173]  # in cell e170
+ button "Execute" [ref=e217] [cursor=pointer]  # in generic e149
~ 'button "GET /a Read: one" [ref=e121]' → 'button "GET /a Read: one" [expanded] [ref=e221]'
"""


def test_ref_lookup_reads_playwright_mcp_yaml_by_role_and_name() -> None:
    assert find_ref(MCP_YAML, Target("textbox", "Username:")) == "e19"
    assert find_ref(MCP_YAML, Target("button", "Log in")) == "e24"
    assert find_ref(MCP_YAML, Target("link", "Django administration")) == "e7"


def test_ref_lookup_unquotes_yaml_single_quoted_and_escaped_names() -> None:
    assert find_ref(MCP_YAML, Target("button", "Toggle theme (current theme: auto)")) == "e8"
    assert find_ref(MCP_YAML, Target("link", "Bob's page")) == "e30"
    assert find_ref(MCP_YAML, Target("button", 'Say "hi"')) == "e31"


def test_ref_lookup_needs_the_role_and_the_whole_name_unless_asked_to_contain() -> None:
    assert find_ref(MCP_YAML, Target("link", "Log in")) is None
    assert find_ref(MCP_YAML, Target("button", "Log")) is None
    assert find_ref(MCP_YAML, Target("button", "Log", contains=True)) == "e24"
    assert find_ref(MCP_YAML, Target("generic", "")) == "e1"


def test_ref_lookup_in_a_browserkit_diff_takes_the_new_side_of_a_change() -> None:
    assert find_ref(BROWSERKIT_DIFF, Target("button", "Execute")) == "e217"
    assert find_ref(BROWSERKIT_DIFF, Target("button", "Cancel")) == "e216"
    assert find_ref(BROWSERKIT_DIFF, Target("textbox", "item_id")) == "e173"
    named = Target("button", "GET /a Read: one")
    assert find_ref(BROWSERKIT_DIFF, named) == "e221"


def test_outline_nodes_skip_nodes_without_a_ref_and_prose() -> None:
    nodes = list(outline_nodes('- text: a button "X" here\n  - /url: /a\n  - button "Go"'))
    assert nodes == []
    assert list(outline_nodes('  - link "A" [ref=f2e9] [cursor=pointer]:')) == [
        ("link", "A", "f2e9")
    ]


def test_tokens_are_characters_over_four_rounded_up() -> None:
    assert tokens("") == 0
    assert tokens("abcd") == 1
    assert tokens("abcde") == 2


def test_ledger_counts_every_read_and_forgets_the_page_it_left() -> None:
    ledger = Ledger()
    ledger.read(Reply('- button "Old" [ref=e1]'))
    ledger.read(Reply('- button "Next" [ref=e2]'), snapshot=True)
    assert ledger.find_ref(Target("button", "Old")) == "e1"
    ledger.read(Reply('- button "New" [ref=f1e1]', navigated=True))
    assert ledger.find_ref(Target("button", "Old")) is None
    assert ledger.find_ref(Target("button", "New")) == "f1e1"
    assert (ledger.reads, ledger.snapshots) == (3, 1)
    read = ['- button "Old" [ref=e1]', '- button "Next" [ref=e2]', '- button "New" [ref=f1e1]']
    assert ledger.tokens == sum(tokens(t) for t in read)


def test_ledger_finds_the_newest_ref_and_reads_text_across_escapes_and_wrapping() -> None:
    ledger = Ledger()
    ledger.read(Reply('- button "Save" [ref=e5]'))
    ledger.read(Reply('~ button "Save" [ref=e5] → button "Save" [ref=e9]'))
    assert ledger.find_ref(Target("button", "Save")) == "e9"
    ledger.read(Reply('- paragraph [ref=e3]: "The book \\"X\\"   was\n  added"'))
    assert ledger.saw('The book "X" was added')
    assert not ledger.saw("was deleted")


class ScriptedAgent:
    """An agent whose answers are canned: a snapshot per call, fixed action answers."""

    name = "scripted"

    def __init__(self, snapshots: list[str], acts: dict[str, list[Reply]]) -> None:
        self.snapshots = snapshots
        self.acts = acts
        self.calls: list[tuple[Any, ...]] = []

    async def open(self, url: str) -> Reply:
        self.calls.append(("open", url))
        return Reply('{"session_id":"s1"}')

    async def goto(self, url: str) -> Reply:
        self.calls.append(("goto", url))
        return Reply("{}")

    async def snapshot(self) -> Reply:
        self.calls.append(("snapshot",))
        return Reply(self.snapshots.pop(0) if self.snapshots else "- generic [ref=e1]")

    async def expand(self, ref: str) -> Reply:
        self.calls.append(("expand", ref))
        return self.acts[ref].pop(0)

    async def click(self, ref: str, target: Target) -> Reply:
        self.calls.append(("click", ref))
        return self.acts[ref].pop(0)

    async def type(self, ref: str, target: Target, text: str, submit: bool) -> Reply:
        self.calls.append(("type", ref, text))
        return self.acts[ref].pop(0)

    async def select(self, ref: str, target: Target, option: str) -> Reply:
        self.calls.append(("select", ref, option))
        return self.acts[ref].pop(0)

    async def search(self, text: str) -> Reply | None:
        self.calls.append(("search", text))
        found = self.acts.get(f"search {text}")
        return found.pop(0) if found else None


async def test_policy_snapshots_only_when_the_target_was_not_read() -> None:
    agent = ScriptedAgent(
        snapshots=['- textbox "Name" [ref=e1]\n- button "Save" [ref=e2]'],
        acts={
            "e1": [Reply("typed")],
            "e2": [Reply('{"navigated":true}\n- status [ref=f1e3]: Saved', navigated=True)],
        },
    )
    steps: list[Step] = [
        Open("http://x/"),
        Type(Target("textbox", "Name"), "Ada"),
        Click(Target("button", "Save")),
        Read(("Saved",)),
    ]
    out = await drive(agent, steps)
    assert out.completed, out.failure
    assert [c[0] for c in agent.calls] == ["open", "snapshot", "type", "click"]
    assert (out.ledger.reads, out.ledger.snapshots) == (4, 1)


async def test_policy_follows_an_outline_expansion_before_another_snapshot() -> None:
    collapsed = (
        '- list "Items" [ref=e4]:\n  - link "Item 1" [ref=e5]\n'
        '  - … 97 more listitem like the above (expand: snapshot(target="e4"))'
    )
    agent = ScriptedAgent(
        snapshots=[collapsed],
        acts={
            "e4": [Reply('- link "Item 1" [ref=e5]\n- link "Item 90" [ref=e94]')],
            "e94": [Reply("clicked")],
        },
    )
    out = await drive(agent, [Open("http://x/"), Click(Target("link", "Item 90"))])
    assert out.completed, out.failure
    assert [c[0] for c in agent.calls] == ["open", "snapshot", "expand", "click"]
    assert agent.calls[-1] == ("click", "e94")
    assert (out.ledger.reads, out.ledger.snapshots) == (4, 2)


def test_folds_are_read_in_the_words_of_the_sdk_the_tools_and_the_command_line() -> None:
    text = (
        '- … 97 more listitem like the above (expand: snapshot(target="e4"))\n'
        "- … 12 rows read before, unchanged (expand: browser_snapshot ref=e9)\n"
        "- … 3 more link (expand: browserkit snapshot f1e7, or browserkit snapshot --full)\n"
        "- … the rest (expand: browser_snapshot full=true)\n"
        "- … again (expand: browser_snapshot ref=e9)"
    )
    assert fold_refs(text) == ["e4", "e9", "f1e7"]
    assert fold_refs('- link "expand: snapshot" [ref=e2]') == []
    # Page text that shows a fold (these docs do) is quoted in the outline: not a fold.
    page = (
        '- cell "each fold says so: (expand: browser_snapshot ref=e14); full" [ref=e30]\n'
        "- code [ref=e31]: '- … 29 other options (expand: snapshot(target=\"e6\"))'\n"
        "- '- … 3 more (expand: browserkit snapshot e7)'\n"
        '- code: "{ \\"a\\": …" 2034 more chars (expand: browser_snapshot ref=e8)'
    )
    assert fold_refs(page) == ["e8"]


@pytest.mark.parametrize(
    "fold", ["(expand: browser_snapshot ref=e4)", "(expand: browserkit snapshot e4)"]
)
async def test_policy_follows_a_fold_as_a_tool_or_the_command_line_words_it(fold: str) -> None:
    collapsed = f'- list "Items" [ref=e4]:\n  - … 97 more listitem like the above {fold}'
    agent = ScriptedAgent(
        snapshots=[collapsed],
        acts={"e4": [Reply('- link "Item 90" [ref=e94]')], "e94": [Reply("clicked")]},
    )
    out = await drive(agent, [Open("http://x/"), Click(Target("link", "Item 90"))])
    assert out.completed, out.failure
    assert [c[0] for c in agent.calls] == ["open", "snapshot", "expand", "click"]


def test_a_nameless_control_is_found_by_the_text_it_shows_in_both_contenders() -> None:
    # Wagtail's buttons and Draftail's editor have no accessible name.
    browserkit = (
        "- button [ref=e21]: Sign in\n"
        "+ tooltip [ref=e5]:\n    - button [ref=e9]:\n      - emphasis: Publish"
    )
    mcp = "- button [ref=e21] [cursor=pointer]:\n  - emphasis [ref=e22]: Sign in"
    assert find_ref(browserkit, Target("button", "Sign in")) == "e21"
    assert find_ref(browserkit, Target("button", "Publish")) == "e9"
    assert find_ref(mcp, Target("button", "Sign in")) == "e21"
    # A named node wins; a nameless node of another role or text is not taken.
    assert find_ref(mcp + '\n- button "Sign in" [ref=e30]', Target("button", "Sign in")) == "e30"
    assert find_ref(mcp, Target("link", "Sign in")) is None
    assert find_ref(mcp, Target("button", "Sign")) is None


async def test_policy_follows_expand_lines_it_already_read_before_a_snapshot() -> None:
    arrived = (
        '{"navigated":true}\n- banner [ref=e4]:\n'
        '  - … the same as on the last page (expand: snapshot(target="e4"))'
    )
    agent = ScriptedAgent(
        snapshots=[],
        acts={
            "e2": [Reply(arrived, navigated=True)],
            "e4": [Reply('- banner [ref=e4]:\n  - link "Orders" [ref=e6]')],
            "e6": [Reply("clicked")],
        },
    )
    agent.snapshots = ['- link "Go" [ref=e2]']
    steps: list[Step] = [
        Open("http://x/"),
        Click(Target("link", "Go")),
        Click(Target("link", "Orders")),
    ]
    out = await drive(agent, steps)
    assert out.completed, out.failure
    assert [c[0] for c in agent.calls] == ["open", "snapshot", "click", "expand", "click"]


async def test_a_read_that_names_what_to_search_for_searches_before_reading_the_page() -> None:
    key = '"id": 137,'
    found = Reply('{"matches": ["code [ref=e9]: … { \\"id\\": 137, \\"sku\\": \\"SX-5903\\" …"]}')
    searcher = ScriptedAgent(snapshots=[], acts={f"search {key}": [found]})
    out = await drive(searcher, [Open("http://x/"), Read(("SX-5903",), search=key)])
    assert out.completed, out.failure
    assert [c[0] for c in searcher.calls] == ["open", "search"]
    # A contender with no search reads the page as before.
    reader = ScriptedAgent(snapshots=['- code [ref=e9]: "SX-5903"'], acts={})
    out = await drive(reader, [Open("http://x/"), Read(("SX-5903",), search=key)])
    assert out.completed, out.failure
    assert [c[0] for c in reader.calls] == ["open", "search", "snapshot"]


async def test_policy_retries_a_failed_action_once_after_a_new_snapshot() -> None:
    agent = ScriptedAgent(
        snapshots=['- button "Go" [ref=e1]', '- button "Go" [ref=e7]'],
        acts={"e1": [Reply("stale_ref: e1", error="stale_ref")], "e7": [Reply("clicked")]},
    )
    out = await drive(agent, [Open("http://x/"), Click(Target("button", "Go"))])
    assert out.completed, out.failure
    assert [c for c in agent.calls if c[0] == "click"] == [("click", "e1"), ("click", "e7")]
    assert out.ledger.retries == 1


async def test_a_target_that_never_appears_is_a_failed_step_not_a_crash() -> None:
    agent = ScriptedAgent(snapshots=[], acts={})
    out = await drive(agent, [Open("http://x/"), Click(Target("button", "Missing"))])
    assert not out.completed
    assert out.failure is not None and "step 2" in out.failure and "Missing" in out.failure
    assert out.ledger.snapshots == LOOKS


async def test_a_contender_that_raises_is_a_failed_step() -> None:
    class Broken(ScriptedAgent):
        async def snapshot(self) -> Reply:
            raise TimeoutError("no answer")

    out = await drive(Broken([], {}), [Open("http://x/"), Read(("anything",))])
    assert not out.completed
    assert out.failure is not None and "TimeoutError" in out.failure


def test_ratio_is_browserkit_over_mcp_median_tokens_against_the_target() -> None:
    def contender(name: str, tokens: int, successes: int) -> dict[str, Any]:
        return {"contender": name, "tokens": tokens, "n": 3, "successes": successes}

    rows = [
        {
            "task": "t",
            "contenders": [
                contender("browserkit", 1_000, 3),
                contender("playwright-mcp", 10_000, 2),
            ],
        }
    ]
    (ratio,) = summarise(rows)
    assert ratio["ratio"] == pytest.approx(0.1)
    assert ratio["met"] is True
    assert ratio["success_not_lower"] is True


def test_the_command_line_summary_compares_tokens_and_success_and_reports_every_failure() -> None:
    from benchmarks.economy import cli
    from benchmarks.economy.report import cli_markdown

    def run(tokens: int, success: bool) -> dict[str, Any]:
        return {
            "tag": "x",
            "success": success,
            "tokens": tokens,
            "reads": 4,
            "commands": 5,
            "median_command_s": 0.2,
            "wall_s": 3.0,
            "failure": None if success else 'step 3 (click button "Go"): no button',
        }

    browserkit = [run(900, True), run(1_000, True), run(1_100, True)]
    playwright = [run(9_000, True), run(10_000, False), run(11_000, True)]
    tasks = [
        {
            "task": "t",
            "app": "a",
            "contenders": [
                cli._contender("browserkit-cli", browserkit),
                cli._contender("playwright-cli", playwright),
            ],
        }
    ]
    (ratio,) = cli.summarise(tasks)
    assert ratio["ratio"] == pytest.approx(0.1)
    assert ratio["met"] is True
    assert ratio["same_success"] is False  # 3/3 against 2/3: not the same
    data = {
        "runs": 3,
        "policy": "p",
        "tasks": tasks,
        "ratios": [ratio],
        "overhead": None,
        "errors": ["NiceGUI could not start: no port"],
    }
    text = "\n".join(cli_markdown(data))
    assert "| t | browserkit-cli | 1,000 | 4 | 5 | 0.20 | 3/3 | 3.0 |" in text
    assert "| t | 1,000 | 10,000 | 0.100 | ≤ 0.3 | **met** | no |" in text
    assert "- NiceGUI could not start: no port" in text
    assert "no button" in text


def test_docs_sentence_is_plain_text_from_a_later_paragraph_of_the_section() -> None:
    html = (
        '<section id="other"><p>Not this one, it is in another section.</p></section>'
        '<section id="g"><h2>G</h2>'
        "<p>The snippet shows this first sentence of the section.</p>"
        "<p><code>x</code> opens with code, so it is not plain text.</p>"
        "<p>A plain sentence that is long enough. Then <b>more</b>.</p></section>"
    )
    assert section_sentence(html, "g") == "A plain sentence that is long enough."
    with pytest.raises(LookupError):
        section_sentence(html, "missing")


def test_a_browserkit_answer_reads_as_json_then_its_multiline_texts() -> None:
    answer = {
        "url": "http://x/",
        "diff": 'clicked e2\n+ button "Next" [ref=e9]',
        "extra": {"outline": '- link "A" [ref=e3]\n- link "B" [ref=e4]', "n": 2},
    }
    text = render_answer(answer)
    assert text.splitlines()[0] == '{"url":"http://x/","extra":{"n":2}}'
    assert find_ref(text, Target("button", "Next")) == "e9"
    assert find_ref(text, Target("link", "B")) == "e4"


async def test_browserkit_agent_starts_its_session_outside_the_clock_as_mcp_does(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    # Playwright MCP's begin() makes its fresh context untimed; browserkit's must
    # too, so open() (the first timed step) is a navigation in a ready tab, whose
    # answer carries the page's outline (no snapshot needed on top).
    agent = BrowserkitAgent(abrowser)
    await agent.begin()
    try:
        assert agent.session_id is not None
        assert agent.session_id in {s.id for s in abrowser.sessions()}
        reply = await agent.open(f"{base_url}/basic.html")
        assert reply.navigated and reply.error is None
        assert find_ref(reply.text, Target("button", "Increment")) is not None
    finally:
        await agent.end()
    assert agent.session_id is None
