"""Every file browserkit writes replaces what is at the path, never writes through it.

Each writer meets four things planted at its path: a symlink to a file
outside the folder (that file is untouched, its mode too), a dangling
symlink (nothing is created where it points), a FIFO (the call returns; a
writer opening it would wait for a reader for ever) and a directory
(refused with ``InvalidArgumentError`` before anything runs).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import stat
import threading
import time
import zipfile
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import browserkit as bk
from browserkit._paths import copy_file, output_file, write_file, written_by
from browserkit.buffers import ConsoleEntry, EventBuffer, export
from browserkit.errors import InvalidArgumentError
from browserkit.tools import ToolContext
from tests.helpers import AnySession, aw, ref_of, until

pytestmark = pytest.mark.skipif(os.name != "posix", reason="symlinks and FIFOs are POSIX")

KINDS = ("symlink", "dangling", "fifo", "directory")
UNTOUCHED = b"the outside file, untouched"
FIFO_RESCUE_S = 15.0
"""How long a FIFO may stay unread before the test opens it to free a blocked writer."""


@attrs.define
class Planted:
    """What a test planted at ``path``, in a folder of its own, and where a link points."""

    kind: str
    path: Path
    outside: Path  # the file a symlink points to (dangling: where it points, absent)
    rescued: bool = False  # a writer blocked on the FIFO until the test opened it

    @property
    def folder(self) -> Path:
        return self.path.parent


def plant(kind: str, tmp_path: Path, name: str) -> Planted:
    folder, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    path = folder / name
    outside = elsewhere / ("kept.txt" if kind == "symlink" else "never-made.txt")
    if kind == "symlink":
        outside.write_bytes(UNTOUCHED)
        outside.chmod(0o644)
        path.symlink_to(outside)
    elif kind == "dangling":
        path.symlink_to(outside)
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    return Planted(kind, path, outside)


@contextlib.contextmanager
def fifo_freed(planted: Planted) -> Iterator[None]:
    """Bound a call that might open the planted FIFO: after ``FIFO_RESCUE_S`` the
    FIFO (if still there) is opened and drained, so a writer blocked on it goes
    on, and ``planted.rescued`` says it happened. Never hangs the test run."""
    done = threading.Event()

    def rescue() -> None:
        if done.wait(FIFO_RESCUE_S):
            return
        with contextlib.suppress(OSError):
            if not stat.S_ISFIFO(os.lstat(planted.path).st_mode):
                return
            fd = os.open(planted.path, os.O_RDONLY | os.O_NONBLOCK)
            planted.rescued = True
            try:  # drain what the writer sends, until it closes or the call is over
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    ready, _, _ = select.select([fd], [], [], 0.2)
                    if (ready and not os.read(fd, 1 << 16)) or (not ready and done.is_set()):
                        return
            finally:
                os.close(fd)

    watcher = threading.Thread(target=rescue, daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join(timeout=15)


async def check(
    planted: Planted,
    call: Callable[[], Awaitable[Any]],
    content: Callable[[Path], bool],
    *,
    private: bool = False,
) -> None:
    """Run ``call`` against ``planted`` and check the path went the safe way."""
    if planted.kind == "directory":
        with pytest.raises(InvalidArgumentError, match="is a directory"):
            await call()
        assert planted.path.is_dir() and not any(planted.path.iterdir())
        assert [p.name for p in planted.folder.iterdir()] == [planted.path.name]
        return
    with fifo_freed(planted):
        await call()
    assert not planted.rescued, "the writer opened the FIFO and waited for a reader"
    mode = os.lstat(planted.path).st_mode
    assert stat.S_ISREG(mode), f"{planted.path} is not a regular file: {stat.filemode(mode)}"
    assert content(planted.path), f"{planted.path} does not hold what was written"
    if private:
        assert stat.S_IMODE(mode) == 0o600
    if planted.kind == "symlink":
        assert planted.outside.read_bytes() == UNTOUCHED
        assert stat.S_IMODE(planted.outside.stat().st_mode) == 0o644
    else:
        assert not planted.outside.exists()
    assert [p.name for p in planted.folder.iterdir()] == [planted.path.name]  # no leftovers


def is_json_with(key: str) -> Callable[[Path], bool]:
    return lambda path: key in json.loads(path.read_text(encoding="utf-8"))


def starts_with(magic: bytes) -> Callable[[Path], bool]:
    return lambda path: path.read_bytes().startswith(magic)


# ------------------------------------------------------------- the writer itself


@pytest.mark.parametrize("kind", KINDS)
async def test_write_file_replaces_what_is_at_the_path(kind: str, tmp_path: Path) -> None:
    planted = plant(kind, tmp_path, "data.bin")

    async def call() -> None:
        write_file(output_file(planted.path, "x.bin"), b"new bytes", private=False)

    await check(planted, call, lambda p: p.read_bytes() == b"new bytes")


@pytest.mark.parametrize("kind", KINDS)
async def test_copy_file_streams_a_file_into_place(kind: str, tmp_path: Path) -> None:
    source = tmp_path / "source.bin"
    source.write_bytes(os.urandom(3 << 20))  # several chunks
    planted = plant(kind, tmp_path, "copy.bin")

    async def call() -> None:
        size = copy_file(source, output_file(planted.path, "x.bin"), private=False)
        assert size == 3 << 20

    await check(planted, call, lambda p: p.read_bytes() == source.read_bytes())


@pytest.mark.parametrize("kind", KINDS)
async def test_a_file_made_by_another_writer_is_moved_into_place(kind: str, tmp_path: Path) -> None:
    planted = plant(kind, tmp_path, "trace.zip")

    async def make(made: Path) -> None:
        assert made.parent.parent == planted.folder
        assert stat.S_IMODE(made.parent.stat().st_mode) == 0o700
        made.write_bytes(b"made elsewhere")
        made.chmod(0o644)  # as a copy by Playwright's driver may leave it

    async def call() -> None:
        assert await written_by(output_file(planted.path, "x.zip"), make, private=True) == 14

    await check(planted, call, starts_with(b"made elsewhere"), private=True)


@pytest.mark.parametrize("kind", KINDS)
async def test_a_buffer_export_replaces_what_is_at_the_path(kind: str, tmp_path: Path) -> None:
    planted = plant(kind, tmp_path, "console.json")
    page = EventBuffer(ConsoleEntry).read()

    async def call() -> None:
        export(planted.path, page)

    await check(planted, call, is_json_with("entries"), private=True)


def test_a_private_file_is_the_owners_only_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        write_file(tmp_path / "private.json", "{}", private=True)
        write_file(tmp_path / "shared.png", b"png", private=False)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "private.json").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "shared.png").stat().st_mode) == 0o666


def test_a_failed_write_leaves_the_path_and_the_folder_as_they_were(tmp_path: Path) -> None:
    target = tmp_path / "kept.txt"
    target.write_bytes(b"before")

    def chunks() -> Iterator[bytes]:
        yield b"half"
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        write_file(target, chunks(), private=False)
    assert target.read_bytes() == b"before"
    assert [p.name for p in tmp_path.iterdir()] == ["kept.txt"]


@pytest.mark.parametrize("dangling", [False, True])
def test_with_an_output_dir_a_link_out_of_it_is_refused(dangling: bool, tmp_path: Path) -> None:
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    outside = elsewhere / "kept.txt"
    if not dangling:
        outside.write_bytes(UNTOUCHED)
    (out / "page.png").symlink_to(outside)
    ctx = ToolContext(output_dir=out)
    with pytest.raises(InvalidArgumentError, match="outside the output directory"):
        ctx.output_path("page.png")
    with pytest.raises(InvalidArgumentError, match="outside the output directory"):
        ctx.output_path(str(out / "page.png"))
    (out / "inside.png").symlink_to(out / "real.png")  # a link within: followed, stays inside
    assert ctx.output_path("inside.png") == str(out.resolve() / "real.png")


# ------------------------------------------------------------- each session writer


@pytest.mark.parametrize("kind", KINDS)
async def test_storage_state_replaces_what_is_at_the_path(
    sess: AnySession, base_url: str, kind: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    planted = plant(kind, tmp_path, "state.json")

    async def call() -> None:
        await aw(sess.storage_state(str(planted.path)))

    await check(planted, call, is_json_with("cookies"), private=True)


@pytest.mark.parametrize("kind", KINDS)
async def test_a_screenshot_replaces_what_is_at_the_path(
    sess: AnySession, base_url: str, kind: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    planted = plant(kind, tmp_path, "page.png")

    async def call() -> None:
        await aw(sess.screenshot(format="png", path=str(planted.path)))

    await check(planted, call, starts_with(b"\x89PNG"))


@pytest.mark.parametrize("kind", KINDS)
async def test_a_pdf_replaces_what_is_at_the_path(
    sess: AnySession, base_url: str, kind: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/extras_print.html"))
    planted = plant(kind, tmp_path, "page.pdf")

    async def call() -> None:
        await aw(sess.pdf(str(planted.path)))

    await check(planted, call, starts_with(b"%PDF-"))


@pytest.mark.parametrize("kind", KINDS)
async def test_a_saved_download_replaces_what_is_at_the_path(
    sess: AnySession, base_url: str, kind: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/evidence.html"))
    await aw(sess.click(ref_of((await aw(sess.snapshot())).tree, 'link "Download report"')))
    await until(lambda: any(e.available for e in sess.downloads.read().entries), "the download")
    download_id = sess.downloads.read().entries[-1].download_id
    planted = plant(kind, tmp_path, "report.csv")

    async def call() -> None:
        await aw(sess.downloads.save(download_id, str(planted.path)))

    await check(planted, call, lambda p: p.read_text().startswith("id,name"))


@pytest.mark.parametrize("kind", KINDS)
async def test_a_console_export_replaces_what_is_at_the_path(
    sess: AnySession, base_url: str, kind: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/quiet.html"))
    await aw(sess.evaluate("console.log('exported')"))
    await until(lambda: sess.console.read(pattern="exported").entries, "the console entry")
    planted = plant(kind, tmp_path, "console.json")

    async def call() -> None:
        sess.console.export(str(planted.path))

    await check(planted, call, is_json_with("entries"), private=True)


@pytest.mark.parametrize("kind", KINDS)
async def test_a_recording_replaces_what_is_at_the_path(
    sess: AnySession, base_url: str, kind: str, tmp_path: Path
) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    planted = plant(kind, tmp_path, "trace.zip")

    async def call() -> None:
        await aw(sess.record(str(planted.path)))
        await aw(sess.click(bk.css("#inc")))
        await aw(sess.stop_recording())

    await check(planted, call, zipfile.is_zipfile, private=True)
