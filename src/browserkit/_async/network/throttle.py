"""Network and CPU throttling of a running session (``throttle``), over CDP.

Each tab gets ``Network.emulateNetworkConditions`` (latency added to every
request, download and upload capped) and ``Emulation.setCPUThrottlingRate``
(the renderer runs N times slower) on the tab's own CDP session, as it is
now and as tabs open later (see :class:`~browserkit._async.state.emulation.EveryTab`).
The presets are Chrome DevTools' own: what a web developer means by
"slow 3G".

These conditions are the session's, beside the offline switch of
``offline()`` (Playwright's, on its own CDP session): Chromium keeps both, so
a tab is offline while either says so, and clearing the throttle never
brings an ``offline(True)`` session back online.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab
from browserkit._async.state.emulation import EveryTab
from browserkit._checks import number
from browserkit.errors import InvalidArgumentError
from browserkit.types import NetworkConditions

__all__ = ["PRESETS", "Throttle", "cpu_rate", "network_conditions"]

PRESETS: dict[str, dict[str, float]] = {
    # Chrome DevTools' presets: latency in ms, throughput in kilobits a second.
    "slow-3g": {"latency_ms": 2000, "download_kbps": 400, "upload_kbps": 400},
    "fast-3g": {"latency_ms": 562.5, "download_kbps": 1440, "upload_kbps": 675},
}
"""The named networks of :meth:`~browserkit.AsyncSession.throttle` (``"offline"`` aside)."""

MAX_CPU_RATE = 100.0
"""The most a CPU may be slowed down (Chromium takes more; nothing useful runs then)."""

UNTHROTTLED: dict[str, Any] = {
    "offline": False,
    "latency": 0,
    "downloadThroughput": -1,
    "uploadThroughput": -1,
}
"""``Network.emulateNetworkConditions`` with nothing emulated."""

_KEYS = ("latency_ms", "download_kbps", "upload_kbps")
_EXAMPLE = 'e.g. network="slow-3g", or {"latency_ms": 300, "download_kbps": 1600}'


def network_conditions(network: NetworkConditions | None) -> dict[str, Any]:
    """The CDP parameters of ``network``: a preset's name, a mapping, ``"offline"`` or None.

    A mapping has ``latency_ms``, ``download_kbps`` and ``upload_kbps``
    (each optional; a throughput left out or 0 is not capped).
    """
    if network is None:
        return dict(UNTHROTTLED)
    if network == "offline":
        return {**UNTHROTTLED, "offline": True}
    if isinstance(network, str):
        preset = PRESETS.get(network)
        if preset is None:
            raise InvalidArgumentError(
                f"network: no preset {network!r}; the presets are "
                f"{', '.join([*PRESETS, 'offline'])}",
                hint=_EXAMPLE,
            )
        network = preset
    if not isinstance(network, Mapping):
        raise InvalidArgumentError(
            f"network: must be a preset's name, a mapping or None, got {network!r}", hint=_EXAMPLE
        )
    unknown = set(network) - set(_KEYS)
    if unknown:
        raise InvalidArgumentError(
            f"network: unknown key(s) {', '.join(sorted(map(str, unknown)))}",
            hint=f"use {', '.join(_KEYS)}",
        )
    values = {}
    for key in _KEYS:
        values[key] = float(
            number(f"network: {key}", network.get(key, 0), at_least=0, hint=_EXAMPLE)
        )
    return {
        "offline": False,
        "latency": values["latency_ms"],
        # kilobits a second to bytes a second; -1: not capped.
        "downloadThroughput": values["download_kbps"] * 125 or -1,
        "uploadThroughput": values["upload_kbps"] * 125 or -1,
    }


def cpu_rate(cpu: float) -> float:
    """``cpu`` checked as a slowdown factor: 1 (none) up to :data:`MAX_CPU_RATE`."""
    hint = "a slowdown factor, 1 for none: e.g. cpu=4 for a mid-range phone"
    return float(number("cpu", cpu, at_least=1, at_most=MAX_CPU_RATE, hint=hint))


class Throttle(EveryTab):
    """The network and CPU a session's tabs emulate (``throttle``)."""

    what = "throttle"

    def __init__(self, core: SessionCore) -> None:
        super().__init__(core)
        self._network: dict[str, Any] = dict(UNTHROTTLED)
        self._cpu = 1.0

    async def throttle(
        self, network: NetworkConditions | None, cpu: float, timeout_ms: float | None
    ) -> None:
        conditions = network_conditions(network)
        rate = cpu_rate(cpu)
        core = self._core
        core.check(mutating=True)
        core.own_context_only(
            "throttle",
            "its tabs belong to the user's Chrome",
            "start a session of its own to throttle it",
        )
        self._network, self._cpu = conditions, rate
        await self.apply_all(timeout_ms)

    async def apply(self, tab: Tab) -> None:
        cdp = await tab.cdp_session()
        await cdp.send("Network.emulateNetworkConditions", self._network)
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": self._cpu})
