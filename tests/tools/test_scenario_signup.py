"""A whole sign-up, driven only by refs from snapshots, as an agent would."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import AnySession, aw, ref_of

# An end-to-end smoke of the whole API: runs on every Python.
pytestmark = pytest.mark.every_python


async def test_sign_up_through_a_multi_step_form(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    avatar = tmp_path / "me.png"
    avatar.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 32)

    await aw(sess.navigate(f"{base_url}/signup.html"))
    step1 = (await aw(sess.snapshot())).tree
    await aw(sess.type(ref_of(step1, 'textbox "Full name"'), "Ada Lovelace"))
    await aw(sess.type(ref_of(step1, 'textbox "Email"'), "ada@example.org"))
    r = await aw(sess.click(ref_of(step1, 'button "Next"')))
    assert r.navigated is True

    step2 = (await aw(sess.snapshot())).tree
    assert "Signing up Ada Lovelace <ada@example.org>" in step2
    await aw(sess.select(ref_of(step2, 'combobox "Country"'), "Japan"))
    await aw(sess.check(ref_of(step2, 'checkbox "I accept the terms"')))
    await aw(sess.upload(str(avatar), target=ref_of(step2, 'button "Avatar"')))
    r = await aw(sess.click(ref_of(step2, 'button "Create account"')))
    assert r.dialog is not None
    assert r.dialog.type == "confirm"
    assert r.dialog.message == "Create an account for Ada Lovelace?"
    done = await aw(sess.handle_dialog(accept=True))
    assert done.dialog is not None and done.dialog.handled == "accepted"

    after = await aw(sess.snapshot(diff=True))
    assert after.diff is not None
    assert "Account created" in str(after)
    r = await aw(sess.click(ref_of(after.tree, 'link "Open your profile"')))
    assert len(r.new_tabs) == 1
    popup = r.new_tabs[0]
    assert sess.tab_id != popup  # the current tab does not switch by itself
    await aw(sess.wait_for(text="Welcome", tab_id=popup, timeout_ms=5000))
    profile = await aw(sess.snapshot(tab_id=popup))
    assert 'heading "Welcome, Ada Lovelace"' in profile.tree
    assert "Country: Japan · Avatar: me.png" in profile.tree
