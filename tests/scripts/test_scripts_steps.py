"""Every action a run can take becomes a step: scroll, drag, upload, history moves, and
the controls an action disabled or enabled, exported both ways, rerun and replayed."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import attrs
import pytest

import browserkit as bk
from browserkit import tools
from browserkit._async import replay as replaying
from browserkit._steps import STEP_ACTIONS
from tests.helpers import AnySession, aw
from tests.scripts_helpers import call, export_and_rerun


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    """Two files to upload, by absolute path (the exports run in other folders)."""
    report, photo = tmp_path / "report.txt", tmp_path / "photo.png"
    report.write_text("numbers", encoding="utf-8")
    photo.write_bytes(b"\x89PNG")
    return str(report), str(photo)


@contextlib.asynccontextmanager
async def _to_page_two_and_back(
    abrowser: bk.AsyncBrowser, base_url: str
) -> AsyncIterator[tuple[str, str, bk.AsyncSession]]:
    """A session the tools started on the steps page (its URL, id, and the session),
    which went to page two and back; stopped on leaving."""
    start = f"{base_url}/steps_all.html"
    sid = (await call(abrowser, "browser_sessions_start", url=start))["session_id"]
    try:
        s = abrowser.session(sid)
        await s.click(bk.role("link", "Page two"))
        await s.back()
        yield start, sid, s
    finally:
        await abrowser.stop(sid)


@pytest.mark.slow  # two exports run in processes of their own, each with a browser
async def test_a_run_using_every_kind_of_step_reruns_three_ways(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path, files: tuple[str, str]
) -> None:
    async with _to_page_two_and_back(abrowser, base_url) as (start, sid, s):
        await s.forward()
        await s.back()
        await s.reload()
        await s.check(bk.label("I agree"))
        await s.check(bk.label("I agree"), False)  # unticked: Send is disabled again
        await s.click(bk.role("button", "Submit"))
        await s.scroll(delta_y=1000, target=bk.role("list", "Results"))
        await s.drag(bk.text("Card A"), bk.role("list", "Done"))
        await s.upload(files[0], target=bk.label("Attachment"))
        await s.click(bk.role("button", "Choose files"))  # opens a file chooser
        await s.upload(list(files))
        script = s.script()
        assert [step.action for step in script] == [
            *("navigate", "click", "back", "forward", "back", "reload", "check", "check"),
            *("click", "scroll", "drag", "upload", "click", "upload"),
        ]
        history = script.steps[2:6]
        assert [step.expect_url for step in history] == [start, f"{base_url}/steps_two.html"] + [
            start
        ] * 2
        ticked, unticked, submitted = script.steps[6:9]
        send = bk.role("button", "Send")
        assert (ticked.expect_disabled, ticked.expect_control) == (False, send)
        assert (unticked.expect_checked, unticked.expect_disabled) == (False, True)
        # Submit disabled itself: the check is on the step's own element.
        assert (submitted.expect_disabled, submitted.expect_control) == (True, None)
        scrolled, dragged, attached, _, chosen = script.steps[9:]
        assert (scrolled.locator, scrolled.delta_y) == (bk.role("list", "Results"), 1000)
        assert (dragged.locator, dragged.to) == (bk.text("Card A"), bk.role("list", "Done"))
        assert dragged.expect_text == "Moved Card A to Done"
        assert (attached.locator, attached.files) == (bk.label("Attachment"), files[:1])
        assert (chosen.locator, chosen.files, chosen.expect_text) == (
            None,
            files,
            "Chose report.txt, photo.png",
        )
        assert bk.Script.from_json(script.to_json()) == script
        assert await export_and_rerun(abrowser, sid, tmp_path, {}) == (start,) * 3


async def test_a_box_that_enables_another_control_is_checked_on_that_control(
    sess: AnySession, base_url: str, files: tuple[str, str]
) -> None:
    # Neither a move at the edge of history nor a failed upload is a step.
    assert not (await aw(sess.back())).moved
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.upload(files[0]))  # no file chooser is open
    await aw(sess.navigate(f"{base_url}/steps_all.html"))
    # A file field of fill_form is an upload step, as upload() is.
    await aw(sess.fill_form([{"target": bk.label("Attachment"), "value": files[0]}]))
    await aw(sess.check(bk.label("I agree")))
    script = sess.script()
    assert [step.action for step in script] == ["navigate", "upload", "check"]
    attached, ticked = script.steps[-2:]
    assert (attached.action, attached.locator) == ("upload", bk.label("Attachment"))
    assert (attached.files, attached.expect_text) == (files[:1], "Attached report.txt")
    assert (ticked.expect_checked, ticked.expect_disabled) == (True, False)
    assert ticked.expect_control == ticked.control == bk.role("button", "Send")
    code = script.to_python()
    assert 'expect(disabled(s, bk.role("button", "Send"), False), 3, ' in code
    pw = script.to_python("playwright")
    assert 'get_by_role("button", name="Send", exact=True)).to_be_enabled()' in pw
    assert (await aw(bk.replay(script, sess))).steps == 3  # on the page loaded anew


async def test_a_replay_stops_where_a_control_no_longer_disables_itself(
    sess: AnySession, base_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replaying, "CHECK_MS", 500)  # the state never comes: wait less
    await aw(sess.navigate(f"{base_url}/steps_all.html"))
    await aw(sess.click(bk.role("button", "Submit")))
    script = sess.script()
    assert script.steps[-1].expect_disabled is True
    assert "to_be_disabled()" in script.to_python("playwright")
    # The next release forgot to disable Submit: the text still comes, the state does not.
    url = f"{base_url}/steps_all.html?variant=stays"
    first = attrs.evolve(script.steps[0], url=url, expect_url=url)
    changed = attrs.evolve(script, steps=(first, *script.steps[1:]))
    with pytest.raises(bk.ReplayStepFailedError) as failed:
        await aw(bk.replay(changed, sess))
    assert failed.value.step == 2
    assert failed.value.expected == 'bk.role("button", "Submit") disabled'
    assert 'button "Submit"' in failed.value.outline


def test_the_new_steps_read_as_code_both_ways() -> None:
    results = bk.role("list", "Results")
    steps = (
        bk.Step("scroll", delta_y=600),
        bk.Step("scroll", locator=results, delta_y=300, delta_x=-20.5),
        bk.Step("scroll", delta_y=200, point=(40, 80)),
        bk.Step("drag", locator=bk.text("Card A"), to=bk.role("list", "Done")),
        bk.Step("upload", locator=bk.label("Attachment"), files=("a.txt",)),
        bk.Step("click", locator=bk.role("button", "Choose files")),
        bk.Step("upload", files=("a.txt", "b.txt"), expect_text="Chose a.txt, b.txt"),
        bk.Step("back", expect_url="http://127.0.0.1/a"),
        bk.Step("forward"),
        bk.Step("reload"),
    )
    assert bk.Script.from_json(bk.Script(steps).to_json()) == bk.Script(steps)
    code = bk.Script(steps).to_python()
    for line in (
        "s.scroll(delta_y=600)",
        's.scroll(delta_y=300, delta_x=-20.5, target=bk.role("list", "Results"))',
        "s.scroll(delta_y=200, target=bk.point(40, 80))",
        's.drag(bk.text("Card A"), bk.role("list", "Done"))',
        's.upload(["a.txt"], target=bk.label("Attachment"))',
        's.upload(["a.txt", "b.txt"])',
        "s.back()",
        "s.forward()",
        "s.reload()",
    ):
        assert f"    {line}\n" in code
    pw = bk.Script(steps).to_python("playwright")
    compile(pw, "pw.py", "exec")
    for line in (
        'await page.evaluate("d => window.scrollBy(d[0], d[1])", [0, 600])',
        '.evaluate("(el, d) => el.scrollBy(d[0], d[1])", [-20.5, 300])',
        "await page.mouse.wheel(0, 200)",
        '.drag_to(page.get_by_role("list", name="Done", exact=True))',
        '.set_input_files(["a.txt"])',
        "await page.go_back()",
        "await page.reload()",
    ):
        assert line in pw
    # Playwright answers only a file chooser it waits for: the click runs inside the wait.
    assert (
        "async with page.expect_file_chooser() as chooser:\n"
        '            await page.get_by_role("button", name="Choose files", exact=True).click()\n'
        '        await (await chooser.value).set_files(["a.txt", "b.txt"])\n'
        '        await expect(page.locator("body")).to_contain_text("Chose a.txt, b.txt")\n'
    ) in pw


async def test_the_replay_tool_runs_the_new_steps_and_answers_an_unmet_state(
    abrowser: bk.AsyncBrowser, base_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replaying, "CHECK_MS", 500)
    async with _to_page_two_and_back(abrowser, base_url) as (start, sid, s):
        await s.drag(bk.text("Card A"), bk.role("list", "Done"))
        await s.click(bk.role("button", "Submit"))
        exported = await call(abrowser, "browser_script_export", session_id=sid, kind="json")
        assert exported["steps"] == 5
        done = await call(abrowser, "browser_replay", session_id=sid, script=exported["code"])
        assert (done["steps"], done["url"], done["healed"]) == (5, start, [])
        stays = exported["code"].replace("steps_all.html", "steps_all.html?variant=stays")
        failed = await tools.call(abrowser, "browser_replay", {"session_id": sid, "script": stays})
        assert failed["error"]["code"] == "replay_step_failed"
        assert 'step 5 (s.click(bk.role("button", "Submit")))' in failed["error"]["message"]


async def test_a_drag_whose_drop_target_is_gone_is_never_healed(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    start = f"{base_url}/steps_all.html"
    card = bk.text("Card A")
    drag = bk.Step("drag", locator=card, to=bk.role("list", "Archive"), role="listitem")
    s = await abrowser.start()
    try:
        with pytest.raises(bk.ReplayStepFailedError) as failed:
            await bk.replay(bk.Script((drag,), start), s, heal=True)
    finally:
        await abrowser.stop(s.id)
    assert failed.value.step == 2
    assert failed.value.expected == 'bk.role("list", "Archive") to match one element'


@pytest.mark.slow  # two exports run in processes of their own, each with a browser
async def test_a_recorded_run_holds_every_kind_of_step_and_reruns_three_ways(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path, files: tuple[str, str]
) -> None:
    async with _to_page_two_and_back(abrowser, base_url) as (start, sid, s):
        await s.forward()
        await s.back()
        await s.reload()
        await s.hover(bk.role("button", "Help"))
        await s.type(bk.label("Name"), "Ada")
        await s.press("Enter", target=bk.label("Name"))
        await s.select(bk.label("Size"), "M")
        await s.check(bk.label("I agree"))
        await s.scroll(delta_y=1000, target=bk.role("list", "Results"))
        await s.drag(bk.text("Card A"), bk.role("list", "Done"))
        await s.upload(files[0], target=bk.label("Attachment"))
        script = s.script()
        # Every kind a step can be, each declared once in browserkit._steps.
        assert sorted({step.action for step in script}) == sorted(STEP_ACTIONS)
        checks = {step.action: step.expect_text for step in script}
        assert (checks["hover"], checks["press"], checks["select"]) == (
            "Help shown",
            "Hello Ada",
            "Size M",
        )
        assert await export_and_rerun(abrowser, sid, tmp_path, {}) == (start,) * 3
