"""Persistent profiles: start(profile=DIR) keeps a login; one browser per profile at a time."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import browserkit as bk
from browserkit._profile import LOCK_NAME, ProfileLock, chromium_holder
from tests.helpers import aw, raises_before_waiting, until

LOGIN = "profile_login.html"


async def _who(sess: Any) -> str:
    return str(await aw(sess.evaluate("document.getElementById('who').textContent")))


async def test_a_profile_keeps_a_login_across_browsers_and_admits_one_at_a_time(
    abrowser: bk.AsyncBrowser, sbrowser: bk.Browser, base_url: str, tmp_path: Path
) -> None:
    # Both APIs in one run: a profile launch costs seconds, so each is used once.
    profile = tmp_path / "profile"
    first = await abrowser.start(f"{base_url}/{LOGIN}", profile=profile)
    try:
        await until(lambda: _who_is(first, "cookie no, record none"), "the page read its storage")
        await first.click(bk.role("button", name="Log in"))
        # IndexedDB work is neither network nor a timer: the click's settle cannot see it.
        await until(lambda: _who_is(first, "cookie yes, record ada"), "the login was stored")
        assert (profile / LOCK_NAME).stat().st_mode & 0o077 == 0
        # A second browser on the held profile is refused before anything launches.
        again = raises_before_waiting(lambda: abrowser.start(profile=profile), bk.ProfileInUseError)
        assert again.code == "profile_in_use" and f"process {os.getpid()}" in again.message
        with pytest.raises(bk.ProfileInUseError):
            sbrowser.start(profile=profile)
    finally:
        await first.stop()
    # A new Chromium on the same profile: the cookie and the IndexedDB record are still there.
    second = sbrowser.start(f"{base_url}/{LOGIN}", profile=profile, read_only=True)
    try:
        assert await until(lambda: _who_is(second, "cookie yes, record ada"), "the login survived")
        with pytest.raises(bk.ReadOnlyError):  # a read-only session on a profile stays read-only
            second.click(bk.role("button", name="Log in"))
        # Its Chromium dies: the session says so, and the profile is free again.
        os.kill(chromium_holder(profile), signal.SIGKILL)
        await until(lambda: _crashed(second), "the session saw its browser die")
        await until(lambda: chromium_holder(profile) == 0, "the killed Chromium was reaped")
        ProfileLock.acquire(profile).release()  # the session let go of its lock
    finally:
        second.stop()


def _crashed(sess: bk.Session) -> bool:
    try:
        sess.snapshot()
    except bk.BrowserCrashedError:
        return True
    except bk.BrowserkitError:
        pass
    return False


async def _who_is(sess: Any, text: str) -> bool:
    return text in str(await aw(sess.snapshot()))  # a read: read-only sessions allow it


_HOLDER = textwrap.dedent(
    """
    import sys
    import browserkit as bk
    browser = bk.Browser(idle_stop_ms=0)
    browser.start(profile=sys.argv[1])
    print("ready", flush=True)
    sys.stdin.readline()
    """
)


async def test_a_profile_held_by_another_process_is_refused_and_freed_by_its_death(
    abrowser: bk.AsyncBrowser, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    holder = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _HOLDER,
        str(profile),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env=env,
    )
    try:
        assert holder.stdout is not None
        line = await asyncio.wait_for(holder.stdout.readline(), 60)
        assert line.strip() == b"ready"
        refused = raises_before_waiting(
            lambda: abrowser.start(profile=profile), bk.ProfileInUseError
        )
        assert f"process {holder.pid}" in refused.message
        os.kill(holder.pid, signal.SIGKILL)  # no clean-up: the lock file stays behind
        await asyncio.wait_for(holder.wait(), 30)
    finally:
        if holder.returncode is None:
            holder.kill()
            await asyncio.wait_for(holder.wait(), 30)
    assert (profile / LOCK_NAME).read_text().strip() == str(holder.pid)  # stale
    # Playwright's driver closes the dead holder's Chromium when its pipe closes.
    await until(lambda: chromium_holder(profile) == 0, "the holder's Chromium exited", 30)
    session = await abrowser.start(profile=profile)
    try:
        assert (profile / LOCK_NAME).read_text().strip() == str(os.getpid())
    finally:
        await session.stop()


async def test_profile_refuses_what_it_cannot_honour(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    async with bk.AsyncBrowser(idle_stop_ms=0) as browser:
        with pytest.raises(bk.InvalidArgumentError, match="profile or storage_state"):
            await browser.start(profile=profile, storage_state={"cookies": []})
        with pytest.raises(bk.InvalidArgumentError, match="not a directory"):
            await browser.start(profile=Path(__file__))
    async with bk.AsyncBrowser(endpoints=["http://127.0.0.1:9"], idle_stop_ms=0) as pool:
        with pytest.raises(bk.InvalidArgumentError, match="remote browser") as info:
            await pool.start(profile=profile)
        assert "endpoints" in info.value.hint
    # A symlink planted as the lock file is refused, never followed.
    profile.mkdir()
    target = tmp_path / "elsewhere"
    (profile / LOCK_NAME).symlink_to(target)
    with pytest.raises(bk.InvalidArgumentError, match="symlink"):
        ProfileLock.acquire(profile)
    assert not target.exists()


@pytest.mark.parametrize("api", ["async", "sync"])
async def test_a_profile_session_writes_its_har_and_its_video(
    api: str, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser, base_url: str, tmp_path: Path
) -> None:
    # Issue 41, item 2: start(profile=P, har_path=..., video_dir=...) wrote neither, silently.
    import json

    browser: Any = abrowser if api == "async" else sbrowser
    har, films = tmp_path / "profile.har", tmp_path / "films"
    films.mkdir()
    try:
        s = await aw(
            browser.start(
                f"{base_url}/basic.html",
                profile=tmp_path / "profile",
                har_path=har,
                video_dir=films,
            )
        )
    except bk.BrowserNotFoundError as exc:  # checked before anything starts
        pytest.skip(f"no ffmpeg for Playwright to encode video: {exc.message}")
    await aw(s.navigate(f"{base_url}/media_motion.html?ms=300"))
    await aw(s.wait_for(text="done", timeout_ms=10_000))
    await aw(s.stop())
    entries = json.loads(har.read_text(encoding="utf-8"))["log"]["entries"]
    urls = {e["request"]["url"].removeprefix(base_url) for e in entries}
    assert {"/basic.html", "/media_motion.html?ms=300"} <= urls
    video = films / f"{s.id}-t1.webm"
    assert video.read_bytes()[:4] == b"\x1a\x45\xdf\xa3"  # a WebM (Matroska) file
