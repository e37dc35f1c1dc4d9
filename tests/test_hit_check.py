"""Hit-checked clicks: a covered target is refused, named, and never clicked."""

from __future__ import annotations

from typing import Any

import pytest

import browserkit as bk
from tests.conftest import aw
from tests.test_targets import out


async def test_cookie_banner_covering_the_target_is_named(sess: Any, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/hitcheck.html"))
    with pytest.raises(bk.TargetCoveredError) as info:
        await aw(sess.click(bk.css("#under-banner")))
    err = info.value
    assert err.code == "target_covered"
    assert "div#banner.cookie-banner.notice" in err.message
    assert "We use cookies" in err.message
    assert await out(sess) == "none"
    await aw(sess.click(bk.role("button", "Accept cookies")))
    r = await aw(sess.click(bk.css("#under-banner")))
    assert r.target_verified is True
    assert await out(sess) == "covered clicked"


async def test_transparent_full_page_layer_blocks_clicks(sess: Any, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/hitcheck.html"))
    await aw(sess.click(bk.role("button", "Accept cookies")))
    await aw(sess.click(bk.css("#show-layer")))
    with pytest.raises(bk.TargetCoveredError) as info:
        await aw(sess.click(bk.css("#open")))
    assert "div#layer.inset-0.overlay" in info.value.message
    assert await out(sess) == "none"


async def test_far_off_screen_target_is_scrolled_to_and_clicked(sess: Any, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/hitcheck.html"))
    await aw(sess.click(bk.role("button", "Accept cookies")))
    r = await aw(sess.click(bk.css("#far")))
    assert r.target_verified is True
    assert await out(sess) == "far clicked"


async def test_target_under_a_sticky_header_is_cleared_and_clicked(
    sess: Any, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/hitcheck.html"))
    await aw(sess.click(bk.role("button", "Accept cookies")))
    # Scroll so #open sits exactly under the 60px sticky header.
    await aw(
        sess.evaluate(
            "window.scrollTo(0, document.getElementById('open').getBoundingClientRect().top"
            " + scrollY - 20)"
        )
    )
    top = await aw(sess.evaluate("document.getElementById('open').getBoundingClientRect().top"))
    assert 0 <= top < 60
    r = await aw(sess.click(bk.css("#open")))
    assert r.target_verified is True
    assert await out(sess) == "open clicked"


async def test_custom_checkbox_painted_over_by_its_label_is_checked(
    sess: Any, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/hitcheck.html"))
    await aw(sess.click(bk.role("button", "Accept cookies")))
    await aw(sess.check(bk.css("#terms")))
    assert await aw(sess.evaluate("document.getElementById('terms').checked")) is True
    await aw(sess.check(bk.css("#terms"), checked=False))
    assert await aw(sess.evaluate("document.getElementById('terms').checked")) is False


async def test_an_element_still_moving_is_clicked_once_it_settles(sess: Any, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/moving.html"))
    r = await aw(sess.click(bk.role("button", "Sliding")))
    assert r.target_verified is True
    assert await out(sess) == "moving clicked"


async def test_a_disabled_button_is_not_clicked_and_the_wait_is_bounded(
    sess: Any, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/moving.html"))
    with pytest.raises(bk.TimeoutError):
        await aw(sess.click(bk.role("button", "Disabled"), timeout_ms=800))
    assert await out(sess) == "none"
