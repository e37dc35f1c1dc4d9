"""Selector targets: exact matches, counts instead of silent picks, frames."""

from __future__ import annotations

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, out


async def test_ambiguous_selector_reports_the_count(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/targets.html"))
    with pytest.raises(bk.InvalidArgumentError) as info:
        await aw(sess.click(bk.role("button", "Published")))
    assert "matched 2 elements" in info.value.message
    assert "nth=" in info.value.hint
    assert await out(sess) == "none"
    await aw(sess.click(bk.role("button", "Published", nth=1)))
    assert await out(sess) == "filter button"
    await aw(sess.click(bk.role("link", "Published")))
    assert await out(sess) == "filtered by published"
    await aw(sess.click(bk.text("Published", nth=0)))
    assert await out(sess) == "sorted by published"


@pytest.mark.every_python
async def test_every_selector_kind_finds_its_element(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/targets.html"))
    await aw(sess.type(bk.label("Email"), "a@b.c"))
    await aw(sess.type(bk.placeholder("you@example.org"), "x@y.z", clear=False))
    assert await aw(sess.evaluate("document.getElementById('email').value")) == "a@b.cx@y.z"
    await aw(sess.click(bk.css("aside button")))
    assert await out(sess) == "filter button"
    await aw(sess.click(bk.xpath("//thead//button")))
    assert await out(sess) == "sorted by published"
    await aw(sess.click(bk.css("button", nth=-1)))  # the last one: the aside's button
    assert await out(sess) == "filter button"


@pytest.mark.timeout(30)
async def test_no_match_fails_at_once(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/targets.html"))
    # Waiting for a match would outlast the test's own 30 s timeout.
    with pytest.raises(bk.TargetNotFoundError):
        await aw(sess.click(bk.role("button", "Nope"), timeout_ms=60_000))
    with pytest.raises(bk.TargetNotFoundError):
        await aw(sess.click(bk.css("aside button", nth=5), timeout_ms=60_000))


async def test_frames_by_name_url_title_and_css_path(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/targets.html"))
    frame_text = (
        "document.querySelector('iframe').contentDocument.getElementById('fout').textContent"
    )
    for spec in ("inner", "targets_frame.html", "Frame page", "iframe[name=inner]"):
        await aw(
            sess.evaluate(
                "document.querySelector('iframe').contentDocument"
                ".getElementById('fout').textContent = 'frame idle'"
            )
        )
        await aw(sess.click(bk.role("button", "Inside", frame=spec)))
        assert await aw(sess.evaluate(frame_text)) == "frame clicked", spec
    await aw(sess.click(bk.role("button", "Deep", frame="iframe[name=inner] >> #deeper")))
    deep = await aw(
        sess.evaluate(
            "document.querySelector('iframe').contentDocument.getElementById('deeper')"
            ".contentDocument.querySelector('button').textContent"
        )
    )
    assert deep == "deep clicked"
    with pytest.raises(bk.FrameNotFoundError) as info:
        await aw(sess.click(bk.role("button", "Inside", frame="#no-such-frame")))
    assert info.value.code == "frame_not_found"


async def test_a_malformed_selector_is_an_invalid_argument(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/targets.html"))
    for bad in (bk.css("0"), bk.xpath("//[")):
        with pytest.raises(bk.InvalidArgumentError) as info:
            await aw(sess.click(bad))
        assert "not a valid" in info.value.message
