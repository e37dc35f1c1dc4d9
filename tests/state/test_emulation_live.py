"""Media features and network and CPU conditions changed on a running session."""

from __future__ import annotations

import pytest

import browserkit as bk
from browserkit import tools
from browserkit._async.network.throttle import cpu_rate, network_conditions
from tests.helpers import AnySession, aw, until

FEATURES = """() => ({
  dark: matchMedia("(prefers-color-scheme: dark)").matches,
  reduce: matchMedia("(prefers-reduced-motion: reduce)").matches,
  forced: matchMedia("(forced-colors: active)").matches,
  print: matchMedia("print").matches,
  shown: document.getElementById("scheme")?.textContent ?? null,
})"""


async def test_emulated_media_flips_match_media_in_open_and_later_tabs(
    sess: AnySession, base_url: str
) -> None:
    page = f"{base_url}/media_emulation.html"
    await aw(sess.navigate(page))
    before = await aw(sess.evaluate(FEATURES))
    assert before == {
        "dark": False,
        "reduce": False,
        "forced": False,
        "print": False,
        "shown": "light",
    }

    await aw(sess.emulate_media(color_scheme="dark", reduced_motion="reduce"))
    after = await aw(sess.evaluate(FEATURES))
    assert after["dark"] and after["reduce"]
    shown = "() => document.getElementById('scheme').textContent === 'dark'"
    assert await until(lambda: sess.evaluate(shown), "the page's own change event")

    await aw(sess.emulate_media(forced_colors="active", media="print"))
    both = await aw(sess.evaluate(FEATURES))
    assert both["dark"] and both["reduce"] and both["forced"] and both["print"]  # kept, added

    later = await aw(sess.new_tab(page))
    assert later.tab_id != "t1"
    assert await until(
        lambda: _dark_in(sess, later.tab_id), "the later tab emulating the dark scheme"
    )

    with pytest.raises(bk.InvalidArgumentError, match="color_scheme"):
        await aw(sess.emulate_media(color_scheme="sepia"))  # type: ignore[arg-type]
    with pytest.raises(bk.InvalidArgumentError, match="at least one"):
        await aw(sess.emulate_media())


async def _dark_in(sess: AnySession, tab_id: str) -> bool:
    found = await aw(sess.evaluate(FEATURES, tab_id=tab_id))
    return bool(found["dark"])


async def test_throttle_offline_fails_requests_until_cleared(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/media_emulation.html"))
    fetch = "() => timedFetch('media_payload.txt').then(r => r.bytes, e => 'failed')"
    await aw(sess.throttle("offline", cpu=2))
    assert await aw(sess.evaluate(fetch)) == "failed"
    await aw(sess.throttle())
    assert await aw(sess.evaluate(fetch)) == 49152


async def test_slow_3g_download_takes_five_times_longer(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(f"{base_url}/media_emulation.html")
    try:
        # 500 KB, as the issue asks: at slow-3g about 12 s.
        fetch = "() => timedFetch('/bytes?size=500000')"
        fast = await s.evaluate(fetch)
        await s.throttle("slow-3g")
        slow = await s.evaluate(fetch, timeout_ms=40_000)
        await s.throttle()
    finally:
        await s.stop()
    assert fast["bytes"] == slow["bytes"] == 500_000
    # The page's own clock: 2 s of latency plus about 10 s at 400 kbit/s.
    assert slow["ms"] >= 5 * max(fast["ms"], 1), (fast, slow)


async def test_read_only_sessions_refuse_media_and_throttling(ro_sess: AnySession) -> None:
    with pytest.raises(bk.ReadOnlyError):
        await aw(ro_sess.emulate_media(color_scheme="dark"))
    with pytest.raises(bk.ReadOnlyError):
        await aw(ro_sess.throttle("slow-3g", cpu=4))


def test_network_presets_and_custom_conditions_as_cdp_asks() -> None:
    assert network_conditions("slow-3g") == {
        "offline": False,
        "latency": 2000.0,
        "downloadThroughput": 50_000.0,
        "uploadThroughput": 50_000.0,
    }
    assert network_conditions({"latency_ms": 100, "download_kbps": 8})["downloadThroughput"] == 1000
    assert network_conditions({"latency_ms": 100})["uploadThroughput"] == -1  # not capped
    assert network_conditions("offline")["offline"] is True
    assert network_conditions(None)["latency"] == 0
    for bad in ("3g", {"latency": 5}, {"latency_ms": -1}, 12):
        with pytest.raises(bk.InvalidArgumentError):
            network_conditions(bad)  # type: ignore[arg-type]
    assert cpu_rate(4) == 4.0
    for rate in (0.5, float("nan"), True, 1000):
        with pytest.raises(bk.InvalidArgumentError, match="cpu"):
            cpu_rate(rate)


async def test_emulation_tools_apply_and_refuse_read_only(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    s = await abrowser.start(f"{base_url}/media_emulation.html")
    ro = await abrowser.start(read_only=True)
    try:
        out = await tools.call(
            abrowser, "browser_emulate_media", {"session_id": s.id, "color_scheme": "dark"}
        )
        assert out == {"color_scheme": "dark"}
        assert await s.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") is True
        custom = {"session_id": s.id, "latency_ms": 50, "download_kbps": 8000, "cpu": 2}
        out = await tools.call(abrowser, "browser_throttle", custom)
        assert out == {"network": {"latency_ms": 50, "download_kbps": 8000}, "cpu": 2}
        both = {"session_id": s.id, "network": "fast-3g", "latency_ms": 5}
        out = await tools.call(abrowser, "browser_throttle", both)
        assert out["error"]["code"] == "invalid_argument"
        out = await tools.call(abrowser, "browser_throttle", {"session_id": s.id})
        assert out == {"network": None, "cpu": 1}
        for name, args in (
            ("browser_emulate_media", {"media": "print"}),
            ("browser_throttle", {"network": "offline"}),
        ):
            out = await tools.call(abrowser, name, {"session_id": ro.id, **args})
            assert out["error"]["code"] == "read_only"
    finally:
        await s.stop()
        await ro.stop()
