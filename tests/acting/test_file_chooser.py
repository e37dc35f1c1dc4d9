"""File inputs and file choosers: upload sets files; a chooser is a modal state."""

from __future__ import annotations

from pathlib import Path

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, out


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    a = tmp_path / "a.txt"
    a.write_text("hello")
    b = tmp_path / "b.png"
    b.write_bytes(b"\x89PNG" + b"0" * 10)
    return [str(a), str(b)]


@pytest.mark.every_python
async def test_upload_sets_a_file_input(sess: AnySession, base_url: str, files: list[str]) -> None:
    await aw(sess.navigate(f"{base_url}/chooser.html"))
    r = await aw(sess.upload(files[0], target=bk.label("Avatar")))
    assert r.target_verified is True
    assert await out(sess) == "a.txt:5"
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.upload("/no/such/file.txt", target=bk.label("Avatar")))


async def test_click_that_opens_a_chooser_is_answered_by_upload(
    sess: AnySession, base_url: str, files: list[str]
) -> None:
    await aw(sess.navigate(f"{base_url}/chooser.html"))
    r = await aw(sess.click(bk.role("button", "Choose files")))
    assert r.dialog is not None and r.dialog.type == "filechooser"
    with pytest.raises(bk.ModalStateBlockedError) as info:
        await aw(sess.click(bk.role("button", "Choose files")))
    assert "upload" in info.value.hint
    await aw(sess.upload(files))
    assert await out(sess) == "a.txt:5, b.png:14"
    await aw(sess.snapshot())  # the modal state is over
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.upload(files))  # nothing to answer now
