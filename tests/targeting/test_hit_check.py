"""Hit-checked clicks: a covered target is refused, named, and never clicked."""

from __future__ import annotations

import asyncio

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, out, ref_of


@pytest.mark.every_python
async def test_cookie_banner_covering_the_target_is_named(sess: AnySession, base_url: str) -> None:
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


async def test_transparent_full_page_layer_blocks_clicks(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/hitcheck.html"))
    await aw(sess.click(bk.role("button", "Accept cookies")))
    await aw(sess.click(bk.css("#show-layer")))
    with pytest.raises(bk.TargetCoveredError) as info:
        await aw(sess.click(bk.css("#open")))
    assert "div#layer.inset-0.overlay" in info.value.message
    assert await out(sess) == "none"


async def test_far_off_screen_target_is_scrolled_to_and_clicked(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/hitcheck.html"))
    await aw(sess.click(bk.role("button", "Accept cookies")))
    r = await aw(sess.click(bk.css("#far")))
    assert r.target_verified is True
    assert await out(sess) == "far clicked"


async def test_target_under_a_sticky_header_is_cleared_and_clicked(
    sess: AnySession, base_url: str
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
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/hitcheck.html"))
    await aw(sess.click(bk.role("button", "Accept cookies")))
    await aw(sess.check(bk.css("#terms")))
    assert await aw(sess.evaluate("document.getElementById('terms').checked")) is True
    await aw(sess.check(bk.css("#terms"), checked=False))
    assert await aw(sess.evaluate("document.getElementById('terms').checked")) is False


async def test_an_element_still_moving_is_clicked_once_it_settles(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/moving.html"))
    r = await aw(sess.click(bk.role("button", "Sliding")))
    assert r.target_verified is True
    assert await out(sess) == "moving clicked"


async def test_a_disabled_button_is_not_clicked_and_the_wait_is_bounded(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/moving.html"))
    with pytest.raises(bk.TargetNotActionableError) as info:
        await aw(sess.click(bk.role("button", "Disabled"), timeout_ms=2000))
    assert info.value.reason == "disabled"
    assert await out(sess) == "none"


async def test_button_inside_a_web_component_is_not_covered_by_its_host(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/hit_composed.html"))
    tree = (await aw(sess.snapshot())).tree
    r = await aw(sess.click(ref_of(tree, 'button "Save"')))
    assert r.target_verified is True
    assert await out(sess) == "save clicked"
    r = await aw(sess.click(bk.role("button", "Bold choice")))
    assert r.target_verified is True
    assert await out(sess) == "rich clicked"
    # Two shadow roots deep, labelled by light DOM slotted through both.
    r = await aw(sess.click(bk.role("button", "Deep label")))
    assert r.target_verified is True
    assert await out(sess) == "toolbar clicked"


async def test_wrapping_link_is_aimed_inside_its_first_line_box(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/hit_wrap.html"))
    rects = await aw(sess.evaluate("document.querySelector('a').getClientRects().length"))
    assert rects == 2  # the page really wraps the link
    r = await aw(sess.click(bk.role("link", "Browserkit book")))
    assert r.target_verified is True
    assert await out(sess) == "link clicked"


async def test_overlay_fading_out_after_a_dialog_closes_is_waited_out(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/hit_fade.html"))
    for close in ("#close", "#close-passive"):
        await aw(sess.click(bk.css("#open")))
        await aw(sess.click(bk.css(close), observe=False))
        r = await aw(sess.click(bk.css("#target")))
        assert r.target_verified is True
        assert await out(sess) == "target clicked", close  # never the overlay
        await aw(sess.evaluate("out('none')"))


async def test_cover_that_leaves_on_its_own_is_waited_for_within_bounds(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/hit_fade.html"))
    # The shield leaves 400 ms after #blink; unobserved clicks reach the
    # check well before that, and the check waits up to 1 s for a cover. The
    # 600 ms between the two absorb a page's timers firing late on a busy
    # machine (at 800 ms, a CI run under full load once saw the cover stay).
    await aw(sess.click(bk.css("#blink"), observe=False))
    r = await aw(sess.click(bk.css("#target"), observe=False))
    assert r.target_verified is True
    assert await out(sess) == "target clicked"
    # One that stays is refused, and the refusal ends well within the timeout.
    await aw(sess.click(bk.css("#open")))
    with pytest.raises(bk.TargetCoveredError):
        await aw(sess.click(bk.css("#target"), timeout_ms=20_000))
    assert await out(sess) == "target clicked"


@pytest.mark.parametrize(
    ("cover", "named", "hint"),
    [
        ("modal", "div#modal", "dialog"),
        ("shield", "div#shield", "invisible"),
        ("consent", "div#consent", "cookie"),
        ("bar", "nav#bar", "scroll"),
    ],
)
async def test_covered_hint_names_the_cover_and_fits_it(
    sess: AnySession, base_url: str, cover: str, named: str, hint: str
) -> None:
    await aw(sess.navigate(f"{base_url}/hit_covers.html"))
    await aw(sess.evaluate(f"show('{cover}')"))
    with pytest.raises(bk.TargetCoveredError) as info:
        await aw(sess.click(bk.css("#target")))
    assert named in info.value.message
    assert hint in info.value.hint.lower()
    others = {"dialog", "invisible", "cookie"} - {hint}
    assert not any(word in info.value.hint.lower() for word in others), info.value.hint
    assert await out(sess) == "none"


@pytest.mark.parametrize("mode", ["patch", "move"])
async def test_clickjacking_page_cannot_steer_a_verified_click_onto_a_trap(
    sess: AnySession, base_url: str, mode: str
) -> None:
    await aw(sess.navigate(f"{base_url}/hit_clickjack.html?mode={mode}"))
    with pytest.raises(bk.TargetCoveredError) as info:
        await aw(sess.click(bk.role("button", "Buy")))
    assert "div#trap" in info.value.message
    assert await out(sess) != "trap clicked"


async def test_page_that_nominates_its_trap_as_the_target_gets_no_click(
    sess: AnySession, base_url: str
) -> None:
    # The page's world lies about which element the locator found; the
    # check tests the trap, but the trap is not the locator's element, so
    # nothing is trusted and Playwright's own checks (out of the page's
    # reach) refuse to click through the trap.
    await aw(sess.navigate(f"{base_url}/hit_clickjack.html?mode=nominate"))
    with pytest.raises(bk.BrowserkitError):
        await aw(sess.click(bk.role("button", "Buy"), timeout_ms=3000))
    assert await out(sess) == "none"


async def test_a_cover_the_target_is_still_moving_out_from_under_is_waited_out(
    sess: AnySession, base_url: str
) -> None:
    # The list opens under the next field's block and moves clear over about two
    # seconds: longer than a still cover is given, so only a moving scene is waited for.
    await aw(sess.navigate(f"{base_url}/hit_placing_popup.html"))
    await aw(sess.click(bk.role("button", "Country"), observe=False))

    result = await aw(sess.click(bk.role("option", "Norway")))

    assert result.target_verified is True
    assert "Chose Norway" in str(result.diff)


async def test_an_option_that_picks_itself_on_mousedown_is_not_refused(
    sess: AnySession, base_url: str
) -> None:
    # The press lands on the option, which closes its list: the rest of the click
    # lands on the field beneath, as a person's does. Not a cover.
    await aw(sess.navigate(f"{base_url}/hit_mousedown_pick.html"))
    await aw(sess.click(bk.role("combobox", "Medicine"), observe=False))
    await asyncio.sleep(0.4)  # the pause after which the whole click was refused
    result = await aw(sess.click(bk.role("option", "Ibuprofen")))
    assert result.target_verified is True
    assert await out(sess) == "picked Ibuprofen"


async def test_a_click_the_page_moved_away_from_before_its_press_is_tried_again(
    sess: AnySession, base_url: str
) -> None:
    # A banner pushes the button down between the check and the press: the guard
    # stops that press (none of it reached the page) and the click is checked anew.
    await aw(sess.navigate(f"{base_url}/hit_shift.html"))
    result = await aw(sess.click(bk.role("button", "Buy")))
    assert result.target_verified is True
    assert await out(sess) == "buy clicked"
