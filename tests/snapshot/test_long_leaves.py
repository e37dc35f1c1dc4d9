"""A long text cut in an outline says how to read it whole, and that advice works.

An API console shows a JSON body in a ``code`` element: a compact outline
cuts it at ``TEXT_CAP`` and names the ref whose snapshot reads it all. A text
the agent's own action caused (the response that appeared after its click)
reads whole in the diff, up to ``WHOLE_TEXT`` characters, and past that is
cut with the same advice.
"""

from __future__ import annotations

import json
import re

import browserkit as bk
from browserkit import tools
from browserkit.snapshot import compact, diff, parse
from browserkit.snapshot._compact import TEXT_CAP
from browserkit.snapshot._render import WHOLE_TEXT
from tests.helpers import AnySession, aw

NOTE = re.compile(r'…"? (\d+) more chars \(expand: snapshot\(target="([^"]+)"\)\)')
# The same note in a tool's answer, which names the tool (tools/_hints.folds_for_tools).
TOOL_NOTE = re.compile(r'…"? (\d+) more chars \(expand: browser_snapshot ref=([^\s,)]+)\)')
BODY = json.dumps({"rows": [{"id": i, "name": f"row {i}"} for i in range(60)], "key": "needle"})


def _page(body: str) -> str:
    return (
        '- main [ref=e1]:\n  - button "Send" [ref=e2]\n'
        f"  - paragraph [ref=e3]: short words\n  - code [ref=e4]: {json.dumps(body)}"
    )


def test_a_cut_text_names_the_ref_whose_read_shows_it_whole() -> None:
    result = compact(_page(BODY))
    line = next(line for line in result.text.splitlines() if "code" in line)
    found = NOTE.search(line)
    assert found is not None, line
    assert found.group(2) == "e4" and int(found.group(1)) == len(BODY) - (TEXT_CAP - 1)
    assert "needle" not in result.text and "e4" in result.expansions
    # What the note advises: the element's own read, which shows its text whole.
    assert "needle" in compact("- code [ref=e4]: " + json.dumps(BODY), open_top=True).text
    # A text barely over the cap is not cut: the note would cost more than it saves.
    barely = "x" * (TEXT_CAP + 20)
    assert barely in compact(_page(barely)).text


def test_a_text_an_action_caused_reads_whole_up_to_its_bound() -> None:
    before = parse(_page("(no response yet)"))
    shown = str(diff(before, parse(_page(BODY)), baseline_generation=1))
    assert len(BODY) < WHOLE_TEXT and "needle" in shown and "more chars" not in shown
    huge = BODY + " " + "y" * WHOLE_TEXT + " tail"
    cut = str(diff(before, parse(_page(huge)), baseline_generation=1))
    found = NOTE.search(cut)
    assert found is not None and found.group(2) == "e4" and "tail" not in cut
    assert int(found.group(1)) == len(huge) - (WHOLE_TEXT - 1)
    # A new element holding it: the same.
    added = parse(_page("(no response yet)") + f"\n  - code [ref=e9]: {json.dumps(huge)}")
    found = NOTE.search(str(diff(before, added, baseline_generation=1)))
    assert found is not None and found.group(2) == "e9"
    # An edit in a long text still reads around what changed, not whole.
    edited = str(diff(parse(_page(huge)), parse(_page(huge + "!")), baseline_generation=1))
    assert len(edited) < 600


async def test_following_the_printed_advice_reads_the_whole_text(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/long_console.html"))
    assert nav.page is not None
    found = NOTE.search(nav.page)
    assert found is not None and "the-needle-42" not in nav.page, nav.page
    ref = found.group(2)
    whole = await aw(sess.snapshot(target=ref))
    assert "the-needle-42" in str(whole)
    assert "the-needle-42" in (await aw(sess.snapshot(target=ref, compact=True))).compact
    # A response the click caused reads whole in the click's answer...
    sent = await aw(sess.click(bk.css("#send")))
    assert "the-small-needle" in str(sent.diff), str(sent.diff)
    # ... and one past the bound says how to read it whole, which works.
    big = await aw(sess.click(bk.css("#big")))
    found = NOTE.search(str(big.diff))
    assert found is not None and "the-needle-42" not in str(big.diff), str(big.diff)
    assert "the-needle-42" in str(await aw(sess.snapshot(target=found.group(2))))


async def test_the_snapshot_tool_reads_a_cut_text_whole_by_the_printed_ref(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    start = await tools.call(abrowser, "browser_sessions_start", {})
    sid = start["session_id"]
    try:
        nav = await tools.call(
            abrowser,
            "browser_navigate",
            {"session_id": sid, "url": f"{base_url}/long_console.html"},
        )
        found = TOOL_NOTE.search("\n".join(str(v) for v in nav.values()))
        assert found is not None, nav
        for extra in ({}, {"full": True}):
            read = await tools.call(
                abrowser, "browser_snapshot", {"session_id": sid, "ref": found.group(2), **extra}
            )
            assert "the-needle-42" in read["snapshot"], read
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})
