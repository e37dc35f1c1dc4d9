"""Page scripts are installed once per world and document, then called by name (issue 26)."""

from __future__ import annotations

import pytest

from browserkit._async.core import page_scripts
from tests.helpers import AnySession, aw, ref_of


@pytest.mark.every_python
def test_shipped_scripts_leave_out_comment_lines_only() -> None:
    source = "\n".join(
        [
            "// @ts-check",
            "/** @param {number} n */",
            "(n) => {",
            "  /**",
            "   * @type {string}",
            "   */",
            "  const s = '// not a comment';",
            "  return /** @type {number} */ (n) + s.length; // kept: code on the line",
            "}",
        ]
    )
    assert page_scripts.shipped(source) == (
        "(n) => {\n"
        "  const s = '// not a comment';\n"
        "  return /** @type {number} */ (n) + s.length; // kept: code on the line\n"
        "}\n"
    )


@pytest.mark.every_python
def test_a_call_by_name_is_short_and_says_when_the_script_is_missing() -> None:
    call = page_scripts.HIT.call('("disarm", {})')
    assert len(call) < 200
    assert page_scripts.MISSING in call and "Symbol.for" in call
    assert page_scripts.HIT_CHECK.strip() in page_scripts.HIT.install('("disarm", {})')


async def test_a_page_cannot_replace_the_scripts_kept_in_its_world(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/scripts_hostile.html"))
    # The init script defined them before any page script ran: every attempt failed.
    assert await aw(sess.evaluate("window.attempts")) == []
    tree = (await aw(sess.snapshot())).tree
    r = await aw(sess.click(ref_of(tree, 'button "Change"')))
    assert r.settled is True
    assert r.diff is not None and "changed" in str(r.diff)
