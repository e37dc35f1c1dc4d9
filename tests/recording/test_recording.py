"""Recording a session as a Playwright trace: one named group per action, holding its outcome."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import zipfile
from pathlib import Path

import pytest

import browserkit as bk
from tests.chrome import debugging_chromium
from tests.helpers import AnySession, aw

posix_only = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def groups(path: Path) -> list[tuple[str, list[str]]]:
    """The trace's top-level groups, in order, each with the titles of the groups inside it."""
    with zipfile.ZipFile(path) as archive:
        lines = archive.read("trace.trace").decode("utf-8").splitlines()
    events = [json.loads(line) for line in lines if line.strip()]
    begun = [e for e in events if e.get("type") == "before" and e.get("method") == "tracingGroup"]
    tops = [e for e in begun if not e.get("parentId")]
    return [
        (top["title"], [e["title"] for e in begun if e.get("parentId") == top["callId"]])
        for top in tops
    ]


def ref_of(tree: str, line_start: str) -> str:
    line = next(ln for ln in tree.splitlines() if ln.strip().startswith(line_start))
    return line.split("[ref=", 1)[1].split("]", 1)[0]


async def test_each_action_is_a_named_group_holding_its_outcome(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "run.zip"
    await aw(sess.record(path))
    await aw(sess.navigate(f"{base_url}/basic.html"))
    increment = ref_of((await aw(sess.snapshot())).tree, '- button "Increment"')
    await aw(sess.click(increment))
    await aw(sess.type(bk.css("#name"), "ada"))
    await aw(sess.press("Escape"))
    recording = await aw(sess.stop_recording())

    assert isinstance(recording, bk.Recording)
    assert recording.path == str(path)
    assert recording.size_bytes == path.stat().st_size > 0
    with zipfile.ZipFile(path) as archive:
        assert {"trace.trace", "trace.network"} <= set(archive.namelist())
    found = groups(path)
    assert [title for title, _ in found] == [
        f"navigate to {base_url}/basic.html",
        f'clicked {increment} (button "Increment")',
        "typed 3 chars into css=#name",
        "pressed Escape",
    ]
    assert recording.actions == len(found)
    outcomes = [inside for _, inside in found]
    assert all(len(inside) == 1 and inside[0].startswith("→ ") for inside in outcomes)
    assert outcomes[0][0].startswith(f"→ navigated to {base_url}/basic.html")
    assert "clicked 1" in outcomes[1][0]  # the diff's first change: the status text
    assert "escaped" in outcomes[3][0]


async def test_a_failed_action_is_recorded_with_its_error(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    await aw(sess.record(tmp_path / "failed.zip"))
    with pytest.raises(bk.TargetNotFoundError):
        await aw(sess.click(bk.css("#no-such-button"), timeout_ms=2_000))
    await aw(sess.click(bk.css("#inc")))
    recording = await aw(sess.stop_recording())
    found = groups(Path(recording.path))
    assert found[0][0] == "clicked css=#no-such-button"
    assert found[0][1] == ["→ failed: TargetNotFoundError: css=#no-such-button matched no element"]
    assert found[1][0] == "clicked css=#inc"  # the recording goes on after a failure
    assert recording.actions == 2


async def test_stopping_the_session_writes_the_trace(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "at-stop.zip"
    s = await abrowser.start(url=f"{base_url}/basic.html")
    await s.record(path)
    await s.click(bk.css("#inc"))
    assert not path.exists()  # written when the recording ends, not before
    await s.stop()
    assert [title for title, _ in groups(path)] == ["clicked css=#inc"]


async def test_recording_refuses_what_it_cannot_do(sess: AnySession, tmp_path: Path) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.stop_recording())
    assert "record(path)" in info.value.hint
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.record(tmp_path / "missing" / "trace.zip"))
    assert "does not exist" in info.value.message
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.record(tmp_path / "trace.json"))
    assert ".zip" in info.value.hint
    await aw(sess.record(tmp_path / "first.zip"))
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.record(tmp_path / "second.zip"))
    assert "stop_recording()" in info.value.hint
    recording = await aw(sess.stop_recording())
    assert recording.actions == 0 and Path(recording.path).name == "first.zip"
    assert not (tmp_path / "second.zip").exists()


async def test_a_read_only_session_may_record(
    ro_sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(ro_sess.navigate(f"{base_url}/basic.html"))
    await aw(ro_sess.record(tmp_path / "watch.zip"))
    with pytest.raises(bk.ReadOnlyError):
        await aw(ro_sess.click(bk.css("#inc")))
    recording = await aw(ro_sess.stop_recording())
    assert groups(Path(recording.path)) == [
        ("clicked css=#inc", [f"→ failed: ReadOnlyError: session {ro_sess.id} is read-only"])
    ]


@posix_only
async def test_the_trace_file_is_readable_by_its_owner_only(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "private.zip"
    path.write_bytes(b"older, world-readable")
    path.chmod(0o644)
    s = await abrowser.start(url=f"{base_url}/basic.html")
    try:
        await s.record(path)
        await s.click(bk.css("#inc"))
        await s.stop_recording()
    finally:
        await s.stop()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert zipfile.is_zipfile(path)  # replaced, not appended to
    assert [p.name for p in tmp_path.iterdir()] == ["private.zip"]  # no leftovers


async def test_an_attached_session_refuses_to_record(base_url: str, tmp_path: Path) -> None:
    with debugging_chromium(f"{base_url}/basic.html") as port:
        async with bk.AsyncBrowser(idle_stop_ms=0, allow_attach=True) as browser:
            s = await browser.attach(f"http://127.0.0.1:{port}")
            with pytest.raises(bk.InvalidArgumentError) as info:
                await s.record(tmp_path / "theirs.zip")
            assert "attached" in info.value.message
            assert "start()" in info.value.hint


async def test_a_trace_whose_folder_went_away_is_dropped_and_recording_can_start_again(
    sess: AnySession, tmp_path: Path
) -> None:
    folder = tmp_path / "gone"
    folder.mkdir()
    await aw(sess.record(folder / "lost.zip"))
    folder.rmdir()
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.stop_recording())
    assert "dropped" in info.value.hint
    await aw(sess.record(tmp_path / "again.zip"))
    assert (await aw(sess.stop_recording())).path == str(tmp_path / "again.zip")


async def test_actions_running_at_once_each_keep_their_title_and_outcome(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path
) -> None:
    s = await abrowser.start(url=f"{base_url}/basic.html")
    try:
        second = await s.new_tab(f"{base_url}/basic.html")
        await s.record(tmp_path / "both.zip")
        await asyncio.gather(
            s.click(bk.css("#inc"), tab_id="t1"),
            s.click(bk.css("#victim"), tab_id=second.tab_id),
        )
        recording = await s.stop_recording()
    finally:
        await s.stop()
    found = groups(Path(recording.path))
    every = [title for title, _ in found] + [t for _, inside in found for t in inside]
    assert recording.actions == 2
    for action in ("clicked css=#inc", "clicked css=#victim"):
        # A group holding its outcome; or, for the action that ran alongside
        # the other's, its title and an outcome naming it.
        own = [inside for title, inside in found if title == action]
        if own:
            assert any(t.startswith("→ ") for t in own[0])
        else:
            assert f"{action} (alongside another action)" in every
            assert any(t.startswith(f"{action} → ") for t in every)
