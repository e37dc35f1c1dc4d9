"""Videos of a session's tabs: one ``.webm`` per tab, through Playwright's page screencast.

``page.screencast.start(path=...)`` records a tab from any moment on (a
running session too, unlike the context's ``record_video_dir``), headless
or not; Playwright pipes the frames to ffmpeg, which encodes VP9. It runs
beside the live view's own CDP screencast: Chromium serves each.

Playwright looks for its own ffmpeg build in its browsers folder (``playwright
install ffmpeg`` downloads it). Where that build is missing and an ffmpeg is on
PATH (``apt-get install ffmpeg``), :func:`ensure_ffmpeg` links that one into
the place Playwright looks: Playwright passes it only standard options
(Matroska in, ``libvpx-vp9`` out).

:class:`Videos` records every tab of a session, the tabs that open later
too, into a private folder; :meth:`Videos.finish` stops each screencast and
moves the files into place, owner-only (they show what the pages showed).
A tab closed before that keeps no video: Playwright drops a screencast whose
page closed.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import tempfile
import weakref
from pathlib import Path

import playwright
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core.events import Observer, TabOpened
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab
from browserkit._chromium import _playwright_browsers_dir
from browserkit._paths import copy_file
from browserkit.errors import BrowserNotFoundError

__all__ = ["Videos", "ensure_ffmpeg", "playwright_ffmpeg"]

SCREENCAST_BOUND_S = 10.0
"""The longest starting or stopping (and saving) one tab's screencast may take."""


def playwright_ffmpeg() -> Path | None:
    """Where Playwright runs ffmpeg from (None: a platform it has no ffmpeg for)."""
    names = {"linux": "ffmpeg-linux", "darwin": "ffmpeg-mac", "win32": "ffmpeg-win64.exe"}
    name = next((n for p, n in names.items() if sys.platform.startswith(p)), None)
    manifest = Path(playwright.__file__).parent / "driver" / "package" / "browsers.json"
    try:
        browsers = json.loads(manifest.read_text(encoding="utf-8"))["browsers"]
        revision = next(b["revision"] for b in browsers if b["name"] == "ffmpeg")
    except (OSError, ValueError, KeyError, StopIteration):
        return None
    return None if name is None else _playwright_browsers_dir() / f"ffmpeg-{revision}" / name


def ensure_ffmpeg() -> Path:
    """The ffmpeg Playwright will run, after linking the system's there if it has none.

    Raises :class:`~browserkit.BrowserNotFoundError` when neither exists.
    """
    wanted = playwright_ffmpeg()
    if wanted is not None and wanted.exists():
        return wanted
    system = shutil.which("ffmpeg")
    if wanted is not None and system is not None:
        try:
            wanted.parent.mkdir(parents=True, exist_ok=True)
            wanted.unlink(missing_ok=True)  # a dangling link of an ffmpeg removed since
            wanted.symlink_to(system)
            return wanted
        except OSError:
            pass
    raise BrowserNotFoundError(
        "recording video needs ffmpeg, and neither Playwright's nor one on PATH was found",
        hint="install ffmpeg (apt-get install ffmpeg, brew install ffmpeg), "
        "or run: python -m playwright install ffmpeg",
    )


class Videos(Observer):
    """One screencast video per tab of a session, from now until :meth:`finish`.

    ``name(tab_id)`` is the file each tab's video is moved to.
    """

    def __init__(self, core: SessionCore, folder: Path, name: str) -> None:
        self._core = core
        self.folder = folder  # where the videos go
        self._name = name  # the file name of each, with {tab} for the tab id
        self._temp = Path(tempfile.mkdtemp(prefix="browserkit-video-"))  # mode 0o700
        # Also when the session never finishes them (its browser died).
        weakref.finalize(self, shutil.rmtree, self._temp, True)
        self._tabs: dict[str, Tab] = {}
        self._starting: set[asyncio.Future[None]] = set()

    def target(self, tab_id: str) -> Path:
        return self.folder / self._name.format(tab=tab_id)

    async def start(self) -> None:
        """Record every tab open now, and each that opens later. Raises when the first can't."""
        ensure_ffmpeg()
        self._core.events.subscribe(self)
        try:
            for tab in list(self._core.tabs.values()):
                await self._start(tab)
        except BaseException:
            await self.finish()
            raise

    def tab_opened(self, event: TabOpened) -> None:
        later = asyncio.ensure_future(self._start_quietly(event.tab))
        self._starting.add(later)
        later.add_done_callback(self._starting.discard)

    async def _start_quietly(self, tab: Tab) -> None:
        try:
            await self._start(tab)
        except (PlaywrightError, asyncio.TimeoutError):
            pass  # closed at once: no video of it

    async def _start(self, tab: Tab) -> None:
        if tab.tab_id in self._tabs or tab.page.is_closed():
            return
        self._tabs[tab.tab_id] = tab
        path = self._temp / f"{tab.tab_id}.webm"
        try:
            await asyncio.wait_for(tab.page.screencast.start(path=path), SCREENCAST_BOUND_S)
        except BaseException:
            self._tabs.pop(tab.tab_id, None)
            raise

    async def finish(self) -> tuple[str, ...]:
        """Stop every tab's screencast and move each video into place; their paths."""
        self._core.events.unsubscribe(self)
        if self._starting:  # a tab that opened just now: its video has begun, or never will
            await asyncio.wait(set(self._starting), timeout=SCREENCAST_BOUND_S)
        written: list[str] = []
        try:
            for tab_id, tab in list(self._tabs.items()):
                try:
                    await asyncio.wait_for(tab.page.screencast.stop(), SCREENCAST_BOUND_S)
                except (PlaywrightError, asyncio.TimeoutError):
                    continue  # the tab closed (or its browser went): its video went with it
                made = self._temp / f"{tab_id}.webm"
                if not made.is_file() or made.stat().st_size == 0:
                    continue
                target = self.target(tab_id)
                try:
                    await asyncio.to_thread(copy_file, made, target, private=True)
                except OSError:
                    continue  # its folder went away or refuses writes: dropped
                written.append(str(target))
        finally:
            self._tabs.clear()
            shutil.rmtree(self._temp, ignore_errors=True)
        return tuple(written)
