"""Test-id targets (``bk.test_id``) and the separate action and navigation timeouts."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

import browserkit as bk
from browserkit import tools
from tests.helpers import AnySession, aw, out

PAGE = "testid_page.html"
ODD_ID = "quote \"q\" 'a' back\\slash a >> b [x] ünïcødé ✓ 日本"


# ------------------------------------------------------------- test-id targets


async def test_a_test_id_target_clicks_types_and_reads_its_element(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/{PAGE}"))
    await aw(sess.click(bk.test_id("save")))
    assert await out(sess) == "saved"
    await aw(sess.type(bk.test_id("email"), "ada@example.org"))
    value = await aw(sess.evaluate("document.querySelector('[data-testid=email]').value"))
    assert value == "ada@example.org"
    await aw(sess.click(bk.test_id("row-edit", nth=1)))
    assert await out(sess) == "edit 2"
    node = await aw(sess.dom(bk.test_id("save")))
    assert (node.tag, node.text) == ("button", "Save")
    snap = await aw(sess.snapshot(target=bk.test_id("email")))
    assert "textbox" in snap.tree
    styles = await aw(sess.styles(bk.test_id("shadow-go"), ["display"]))
    assert styles.properties["display"] == "inline-block"


async def test_a_test_id_inside_an_open_shadow_root_or_an_iframe_is_found(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/{PAGE}"))
    await aw(sess.click(bk.test_id("shadow-go")))
    assert await out(sess) == "shadow clicked"
    await aw(sess.click(bk.test_id("pay", frame="pay")))
    paid = await aw(
        sess.evaluate(
            "document.querySelector('iframe').contentDocument.getElementById('fout').textContent"
        )
    )
    assert paid == "paid"


async def test_a_test_id_with_quotes_backslashes_and_unicode_matches_exactly(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/{PAGE}"))
    await aw(sess.click(bk.test_id(ODD_ID)))
    assert await out(sess) == "odd clicked"
    # Exact, not a prefix: "quote" names only the element whose id is "quote".
    await aw(sess.click(bk.test_id("quote")))
    assert await out(sess) == "prefix clicked"


@pytest.mark.timeout(30)
async def test_a_missing_test_id_fails_at_once_naming_the_attribute(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/{PAGE}"))
    # Waiting for a match would outlast the test's own 30 s timeout.
    with pytest.raises(bk.TargetNotFoundError) as info:
        await aw(sess.click(bk.test_id("nope"), timeout_ms=60_000))
    assert "nope" in info.value.message
    assert "data-testid" in info.value.hint and "snapshot" in info.value.hint
    with pytest.raises(bk.InvalidArgumentError) as ambiguous:
        await aw(sess.click(bk.test_id("row-edit")))
    assert "matched 2 elements" in ambiguous.value.message
    assert await out(sess) == "none"


async def test_a_configured_test_id_attribute_is_honoured_per_browser(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    own = bk.AsyncBrowser(bk.Config.from_env(idle_stop_ms=0, test_id_attribute="data-qa"))
    try:
        s = await own.start(url=f"{base_url}/{PAGE}")
        await s.click(bk.test_id("save"))
        assert await out(s) == "qa saved"
        # The default attribute is not read any more.
        with pytest.raises(bk.TargetNotFoundError) as info:
            await s.click(bk.test_id("email"))
        assert "data-qa" in info.value.hint
        # Nothing process-global changed: a browser with the default still reads data-testid.
        other = await abrowser.start(url=f"{base_url}/{PAGE}")
        try:
            await other.click(bk.test_id("save"))
            assert await out(other) == "saved"
        finally:
            await other.stop()
    finally:
        await own.close()


async def test_the_tool_layer_takes_test_id_selectors(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    start = await tools.call(abrowser, "browser_sessions_start", {"url": f"{base_url}/{PAGE}"})
    sid = start["session_id"]
    session = abrowser.session(sid)
    base = {"session_id": sid, "detail": "d"}
    try:
        clicked = await tools.call(
            abrowser, "browser_act", {**base, "action": "click", "selector": "test_id=save"}
        )
        assert "error" not in clicked, clicked
        assert await out(session) == "saved"
        spelled = await tools.call(
            abrowser,
            "browser_act",
            {**base, "action": "click", "selector": "testid=row-edit", "nth": 1},
        )
        assert "error" not in spelled, spelled
        assert await out(session) == "edit 2"
        typed = await tools.call(
            abrowser,
            "browser_act",
            {
                **base,
                "action": "type",
                "selector": "email",
                "selector_type": "test_id",
                "text": "x@y.z",
            },
        )
        assert "error" not in typed, typed
        value = await session.evaluate("document.querySelector('[data-testid=email]').value")
        assert value == "x@y.z"
        missing = await tools.call(
            abrowser, "browser_act", {**base, "action": "click", "selector": "test_id=nope"}
        )
        assert missing["error"]["code"] == "target_not_found", missing
        assert "data-testid" in missing["error"]["hint"]
    finally:
        await tools.call(abrowser, "browser_sessions_stop", {"session_id": sid})


# -------------------------------------------------------------------- timeouts


@pytest.mark.every_python
def test_action_and_navigation_timeouts_fall_back_to_the_default() -> None:
    plain = bk.Config(default_timeout_ms=9_000)
    assert plain.clamp_timeout(None) == 9_000
    assert plain.clamp_timeout(None, "action") == 9_000
    assert plain.clamp_timeout(None, "navigation") == 9_000
    split = bk.Config(
        default_timeout_ms=9_000, action_timeout_ms=2_000, navigation_timeout_ms=30_000
    )
    assert split.clamp_timeout(None) == 9_000
    assert split.clamp_timeout(None, "action") == 2_000
    assert split.clamp_timeout(None, "navigation") == 30_000
    # A timeout the call names wins, and is still clamped.
    assert split.clamp_timeout(500, "navigation") == 500
    assert split.clamp_timeout(10**9, "action") == split.max_timeout_ms


@pytest.mark.every_python
@pytest.mark.parametrize("field", ["action_timeout_ms", "navigation_timeout_ms"])
@pytest.mark.parametrize("bad", [0, -5, 1.5, True, "5000"])
def test_a_bad_timeout_value_is_refused(field: str, bad: Any) -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        bk.Config(**{field: bad})
    assert field in info.value.message


@pytest.mark.every_python
def test_timeouts_above_the_maximum_and_bad_attribute_names_are_refused() -> None:
    with pytest.raises(bk.InvalidArgumentError) as info:
        bk.Config(navigation_timeout_ms=200_000)
    assert "navigation_timeout_ms" in info.value.message and "max_timeout_ms" in info.value.hint
    with pytest.raises(bk.InvalidArgumentError):
        bk.Config().evolve(max_timeout_ms=1_000, action_timeout_ms=5_000)
    for bad in ("", "data test", 'data-"x"', "a=b", "data-qa]", 7):
        with pytest.raises(bk.InvalidArgumentError) as attr_info:
            bk.Config(test_id_attribute=bad)
        assert "test_id_attribute" in attr_info.value.message, bad
    assert bk.Config(test_id_attribute="data-test:id").test_id_attribute == "data-test:id"


@pytest.mark.every_python
def test_environment_variables_set_the_test_id_attribute_and_the_timeouts() -> None:
    config = bk.Config.from_env(
        {
            "BROWSERKIT_TEST_ID_ATTRIBUTE": "data-qa",
            "BROWSERKIT_ACTION_TIMEOUT_MS": "2_500",
            "BROWSERKIT_NAVIGATION_TIMEOUT_MS": "40000",
        }
    )
    assert (config.test_id_attribute, config.action_timeout_ms, config.navigation_timeout_ms) == (
        "data-qa",
        2_500,
        40_000,
    )
    assert bk.Config.from_env({}).action_timeout_ms is None
    with pytest.raises(bk.InvalidArgumentError) as info:
        bk.Config.from_env({"BROWSERKIT_ACTION_TIMEOUT_MS": "soon"})
    assert "BROWSERKIT_ACTION_TIMEOUT_MS" in info.value.message
    with pytest.raises(bk.InvalidArgumentError) as zero:
        bk.Config.from_env({"BROWSERKIT_NAVIGATION_TIMEOUT_MS": "0"})
    assert zero.value.message.startswith("BROWSERKIT_NAVIGATION_TIMEOUT_MS")
    assert "unset" in zero.value.hint


# A generous default, so that a call bounded by it instead of its kind's
# timeout would outlast the tests' own timeouts.
TIMED = {
    "idle_stop_ms": 0,
    "default_timeout_ms": 60_000,
    "action_timeout_ms": 1_000,
    "navigation_timeout_ms": 2_500,
}


@pytest.fixture(scope="module")
async def timed_async() -> AsyncIterator[bk.AsyncBrowser]:
    browser = bk.AsyncBrowser(bk.Config.from_env(**TIMED))
    yield browser
    await browser.close()


@pytest.fixture(scope="module")
def timed_sync() -> Iterator[bk.Browser]:
    browser = bk.Browser(bk.Config.from_env(**TIMED))
    yield browser
    browser.close()


@pytest.fixture(params=["async", pytest.param("sync", marks=pytest.mark.sync_twin)])
def timed(request: pytest.FixtureRequest) -> Any:
    """A browser whose actions, navigations and other calls have different default timeouts."""
    return request.getfixturevalue(f"timed_{request.param}")


@pytest.mark.timeout(60)
async def test_navigations_default_to_the_navigation_timeout(timed: Any, base_url: str) -> None:
    s = await aw(timed.start())
    try:
        # Slower than the action timeout, within the navigation one.
        nav = await aw(s.navigate(f"{base_url}/slow?ms=1300"))
        assert (nav.status, nav.timed_out) == (200, False)
        with pytest.raises(bk.TimeoutError) as info:
            await aw(s.navigate(f"{base_url}/slow?ms=9000"))
        assert "within 2500 ms" in info.value.message
        with pytest.raises(bk.TimeoutError) as tab_info:
            await aw(s.new_tab(f"{base_url}/slow?ms=9001"))
        assert "within 2500 ms" in tab_info.value.message
    finally:
        await aw(s.stop())
    with pytest.raises(bk.TimeoutError) as start_info:
        await aw(timed.start(url=f"{base_url}/slow?ms=9002"))
    assert "within 2500 ms" in start_info.value.message


@pytest.mark.timeout(30)
async def test_actions_default_to_the_action_timeout(timed: Any, base_url: str) -> None:
    s = await aw(timed.start(url=f"{base_url}/{PAGE}"))
    try:
        # A disabled button is waited for until the action's timeout: bounded
        # by default_timeout_ms (60 s) it would outlast the test's 30 s.
        with pytest.raises(bk.TargetNotActionableError) as info:
            await aw(s.click(bk.test_id("locked")))
        assert info.value.reason == "disabled"
        assert await out(s) == "none"
        # Scripts keep default_timeout_ms: this one outlasts the action timeout.
        slow = "new Promise(done => setTimeout(() => done(7), 1500))"
        assert await aw(s.evaluate(slow)) == 7
    finally:
        await aw(s.stop())
