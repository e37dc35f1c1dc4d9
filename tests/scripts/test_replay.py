"""Replay detects change: a renamed or removed button, a text that no longer shows."""

from __future__ import annotations

import attrs
import pytest

import browserkit as bk
from tests.helpers import AnySession, aw


async def _recorded(sess: AnySession, base_url: str) -> bk.Script:
    """A short run on script_app.html: add a task, then Save (whose text becomes Saved)."""
    await aw(sess.navigate(f"{base_url}/script_app.html"))
    await aw(sess.snapshot())
    await aw(sess.type(bk.placeholder("A short note"), "groceries"))
    await aw(sess.click("e16"))  # the Save button, by its ref
    script = sess.script(reset=True)
    assert script.steps[-1].locator == bk.role("button", "Save")
    assert script.steps[-1].expect_text == "Saved"
    return script


def _on(script: bk.Script, variant: str) -> bk.Script:
    """The same script against a new release of the app (``?variant=``)."""
    first = script.steps[0]
    moved = attrs.evolve(first, url=f"{first.url}?variant={variant}", expect_url=None)
    return attrs.evolve(script, steps=(moved, *script.steps[1:]))


async def test_replay_runs_a_script_and_stops_with_the_page_near_a_renamed_button(
    sess: AnySession, base_url: str
) -> None:
    script = await _recorded(sess, base_url)
    assert (await aw(bk.replay(script, sess))).healed == ()
    with pytest.raises(bk.ReplayStepFailedError) as failed:
        await aw(bk.replay(_on(script, "renamed"), sess))
    error = failed.value
    assert error.code == "replay_step_failed" and error.step == 3
    assert 'bk.role("button", "Save")' in error.expected
    assert 'button "Store"' in error.outline  # what the page shows there now
    assert error.candidates[0].split()[1:3] == ["button", '"Store"']
    # A rename is healed only by a rule the caller gives (issue 41, item 4).
    with pytest.raises(bk.ReplayStepFailedError) as unruled:
        await aw(bk.replay(_on(script, "renamed"), sess, heal=True))
    assert "named 'Store', not 'Save'" in unruled.value.message
    rules = {"Save": "Store"}
    healed = await aw(bk.replay(_on(script, "renamed"), sess, heal=True, renames=rules))
    assert [(h.step, h.new) for h in healed.healed] == [(3, bk.role("button", "Store"))]
    assert healed.healed[0].why == "renamed 'Save' to 'Store' by renames"
    assert healed.script.steps[-1].locator == bk.role("button", "Store")
    with pytest.raises(bk.InvalidArgumentError, match="heal=True"):
        await aw(bk.replay(script, sess, renames=rules))


@pytest.mark.parametrize("rules", [None, {"Save": "Store"}])
async def test_heal_never_moves_a_step_onto_a_control_with_another_name(
    sess: AnySession, base_url: str, rules: dict[str, str] | None
) -> None:
    # Issue 41, item 4: "Delete account" standing where Save was got the click,
    # since healing matched role and place, never the name.
    script = await _recorded(sess, base_url)
    extra = {} if rules is None else {"renames": rules}
    with pytest.raises(bk.ReplayStepFailedError) as refused:
        await aw(bk.replay(_on(script, "swapped"), sess, heal=True, **extra))
    assert refused.value.step == 3
    assert "named 'Delete account', not 'Save'" in refused.value.message
    assert "never acted on" in refused.value.message
    assert 'button "Delete account"' in refused.value.outline
    assert await aw(sess.evaluate("document.body.dataset.deleted ?? 'no'")) == "no"


async def test_replay_never_heals_a_removed_button_or_a_missing_text(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    sess = await abrowser.start()  # the async API only: the test above runs both
    script = await _recorded(sess, base_url)
    with pytest.raises(bk.ReplayStepFailedError) as removed:
        await aw(bk.replay(_on(script, "removed"), sess, heal=True))
    assert removed.value.step == 3
    with pytest.raises(bk.ReplayStepFailedError) as mute:
        await aw(bk.replay(_on(script, "mute"), sess))
    assert mute.value.step == 3 and mute.value.expected == "the text 'Saved'"
    assert 'button "Save"' in mute.value.outline
    await sess.stop()


async def test_the_code_tools_locate_export_and_replay(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    from browserkit import tools

    url = f"{base_url}/script_app.html"
    sid = (await tools.call(abrowser, "browser_sessions_start", {"url": url}))["session_id"]
    other = (await abrowser.start()).id
    try:
        await tools.call(abrowser, "browser_snapshot", {"session_id": sid})
        found = await tools.call(abrowser, "browser_locator", {"session_id": sid, "ref": "e16"})
        assert found == {"locator": 'bk.role("button", "Save")'}
        click = {"session_id": sid, "action": "click", "ref": "e16", "detail": "save"}
        assert "locator" in await tools.call(abrowser, "browser_act", click)
        export = {"session_id": sid, "kind": "json"}
        script = (await tools.call(abrowser, "browser_script_export", export))["code"]
        replay = {"session_id": other, "script": script}
        assert (await tools.call(abrowser, "browser_replay", replay))["steps"] == 2
        broken = script.replace("script_app.html", "script_app.html?variant=removed")
        failed = await tools.call(abrowser, "browser_replay", {**replay, "script": broken})
        assert failed["error"]["code"] == "replay_step_failed"
        assert "could stand in" in failed["error"]["message"]
        renamed = script.replace("script_app.html", "script_app.html?variant=renamed")
        rules = {**replay, "script": renamed, "heal": True, "renames": ["Save => Store"]}
        healed = await tools.call(abrowser, "browser_replay", rules)
        assert healed["healed"] == [
            {
                "step": 2,
                "old": 'bk.role("button", "Save")',
                "new": 'bk.role("button", "Store")',
                "why": "renamed 'Save' to 'Store' by renames",
            }
        ]
        bad = await tools.call(abrowser, "browser_replay", {**rules, "renames": ["Save"]})
        assert bad["error"]["code"] == "invalid_argument"
    finally:
        await abrowser.stop(sid)
        await abrowser.stop(other)
