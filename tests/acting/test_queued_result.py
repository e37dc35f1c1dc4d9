"""An action whose result comes over a stream after settling: the answer waits for it.

``tests/pages/queued_result.html`` runs a job as Gradio does: the click joins a
queue, the page shows "processing | 0.3s" ticking and draws the result when the
event stream's second event comes, 1.2 s later. The pure part,
:func:`~browserkit._async.acting.settle.started_busy`, on written diffs.
"""

from __future__ import annotations

import pytest

import browserkit as bk
from browserkit._async.acting.settle import started_busy
from browserkit.snapshot import diff, parse
from tests.helpers import AnySession, aw

BEFORE = '- main [ref=e1]:\n  - button "Calculate" [ref=e2]'


def _change(after: str) -> bk.SnapshotDiff:
    return diff(parse(BEFORE), parse(after), baseline_generation=1)


@pytest.mark.every_python
def test_a_busy_indicator_the_action_put_up_is_found_by_its_words_or_its_role() -> None:
    ticking = BEFORE + "\n  - generic [ref=e5]: processing | 0.2s"
    assert started_busy(_change(ticking)) == ("e5", True)
    bar = BEFORE + "\n  - progressbar [ref=e6]"
    assert started_busy(_change(bar)) == ("e6", False)
    # A status that stays for good, or a paragraph that begins with the word: no wait.
    assert started_busy(_change(BEFORE + "\n  - cell [ref=e7]: Running")) is None
    long = "Loading bays are open from six in the morning until ten at night, every day."
    assert started_busy(_change(BEFORE + f"\n  - paragraph [ref=e8]: {long}")) is None


async def test_the_click_answers_with_the_queued_result_not_the_spinner(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/queued_result.html"))
    result = await aw(sess.click(bk.role("button", "Calculate")))
    told = str(result.diff)
    assert "Dose for Ada: 320 mg" in told, told
    assert "processing" not in told, told
