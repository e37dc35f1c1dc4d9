"""Videos of a session's tabs: a valid .webm per tab, as long as it ran, beside the live view."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import time
from pathlib import Path

import pytest
from playwright.async_api import Browser as PlaywrightBrowser

import browserkit as bk
from browserkit._async.recording.video import ensure_ffmpeg
from tests.helpers import AnySession, aw, until
from tests.live_person import WAIT_MS, frames, watch


def _ffmpeg_found() -> bool:
    try:
        ensure_ffmpeg()
    except bk.BrowserNotFoundError:
        return False
    return True


pytestmark = pytest.mark.skipif(
    not _ffmpeg_found(), reason="no ffmpeg for Playwright to encode video (apt-get install ffmpeg)"
)

WEBM_MAGIC = b"\x1a\x45\xdf\xa3"  # EBML, the container WebM is


def duration_s(path: Path) -> float | None:
    """The video's length by ffprobe (None: no ffprobe), after checking it decodes as VP8/9."""
    assert path.read_bytes()[:4] == WEBM_MAGIC
    assert b"webm" in path.read_bytes()[:64]
    probe = shutil.which("ffprobe")
    if probe is None:
        return None
    shown = subprocess.run(
        [
            probe,
            "-v",
            "error",
            "-show_entries",
            "format=start_time,duration:stream=codec_name",
            "-of",
            "json",
            str(path),
        ],
        capture_output=True,
        check=True,
        timeout=30,
        text=True,
    ).stdout
    info = json.loads(shown)
    assert info["streams"][0]["codec_name"] in ("vp8", "vp9")
    print("probe", info["format"])
    # The timeline starts when recording did: a page that drew nothing yet starts it later.
    return float(info["format"].get("start_time", 0)) + float(info["format"]["duration"])


async def test_a_recording_films_each_tab_for_as_long_as_it_ran(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(sess.record(tmp_path / "run.zip", video=True))
    began = time.monotonic()
    # The page moves for 1.2 s, then stays still for 1 s: Playwright holds a
    # video's last frame a second at least, so the film ends as the recording.
    await aw(sess.navigate(f"{base_url}/media_motion.html?ms=1200&idle=1000"))
    await until(lambda: sess.evaluate("document.body.dataset.done === '1'"), "the page's end")
    later = await aw(sess.new_tab(f"{base_url}/media_motion.html?ms=0"))  # filmed too
    length = time.monotonic() - began
    recording = await aw(sess.stop_recording())

    assert recording.videos == (
        str(tmp_path / "run-t1.webm"),
        str(tmp_path / f"run-{later.tab_id}.webm"),
    )
    assert Path(recording.videos[1]).read_bytes()[:4] == WEBM_MAGIC
    video = Path(recording.videos[0])
    assert video.stat().st_size > 0
    if os.name == "posix":
        assert stat.S_IMODE(video.stat().st_mode) == 0o600
    seconds = duration_s(video)
    if seconds is not None:
        print(f"video {seconds:.2f} s of a {length:.2f} s recording")
        assert abs(seconds - length) <= 0.2 * length, (seconds, length)


async def test_a_session_started_with_video_dir_films_beside_the_live_view(
    abrowser: bk.AsyncBrowser, base_url: str, tmp_path: Path, people: PlaywrightBrowser
) -> None:
    s = await abrowser.start(video_dir=tmp_path)
    try:
        await s.navigate(f"{base_url}/media_motion.html?ms=0")
        view = await s.live()
        page = await watch(people, view)
        seen = await frames(page)
        await s.navigate(f"{base_url}/media_motion.html?ms=1500")  # moves for 1.5 s
        await page.wait_for_function(
            f"() => document.getElementById('frame').dataset.frames > {seen + 3}", timeout=WAIT_MS
        )  # the live view's screencast runs on
        await s.wait_for(text="done", timeout_ms=10_000)
        await page.close()
    finally:
        await s.stop()
    video = tmp_path / f"{s.id}-t1.webm"
    assert video.stat().st_size > 0
    seconds = duration_s(video)
    assert seconds is None or seconds > 1.0
    other = await abrowser.start(video_dir=tmp_path)
    try:
        with pytest.raises(bk.InvalidArgumentError, match="already records videos"):
            await other.record(tmp_path / "again.zip", video=True)
    finally:
        await other.stop()
