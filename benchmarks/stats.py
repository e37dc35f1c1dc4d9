"""Small numeric helpers: timing series, percentiles, token estimates."""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Awaitable
from typing import Any, TypeVar

import attrs

__all__ = ["Series", "TimeoutBudget", "p90", "timed", "tokens"]

T = TypeVar("T")


def tokens(text: str) -> int:
    """Estimated tokens of ``text``: characters / 4, rounded up (no tokenizer)."""
    return math.ceil(len(text) / 4)


def p90(values: list[float]) -> float:
    """The 90th percentile (nearest-rank) of ``values``; 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(0.9 * len(ordered)))
    return ordered[rank - 1]


async def timed(aw: Awaitable[T]) -> tuple[T, float]:
    """Await ``aw`` and return its result with the elapsed wall time in ms."""
    start = time.perf_counter()
    result = await aw
    return result, (time.perf_counter() - start) * 1000.0


@attrs.define
class Series:
    """Samples of one step for one contender: latencies (ms) and token counts."""

    page: str
    step: str
    contender: str
    ms: list[float] = attrs.field(factory=list)
    tokens: list[int] = attrs.field(factory=list)
    tokens_inline: list[int] = attrs.field(factory=list)
    tokens_file: list[int] = attrs.field(factory=list)
    notes: set[str] = attrs.field(factory=set)
    shows_change: list[bool] = attrs.field(factory=list)

    def add(self, ms: float, inline: int, file: int = 0, shows: bool | None = None) -> None:
        """Record one repetition (``shows``: whether the answer contains the change)."""
        if shows is not None:
            self.shows_change.append(shows)
        self.ms.append(ms)
        self.tokens_inline.append(inline)
        self.tokens_file.append(file)
        self.tokens.append(inline + file)

    @property
    def median_ms(self) -> float:
        """Median latency in ms (0.0 when there are no samples)."""
        return statistics.median(self.ms) if self.ms else 0.0

    @property
    def p90_ms(self) -> float:
        """90th percentile latency in ms."""
        return p90(self.ms)

    @property
    def median_tokens(self) -> int:
        """Median tokens an agent reads for this step (inline + files it must open)."""
        return round(statistics.median(self.tokens)) if self.tokens else 0

    def to_json(self) -> dict[str, Any]:
        """Plain-data summary (and the raw samples) for ``latest.json``."""
        inline = round(statistics.median(self.tokens_inline)) if self.tokens_inline else 0
        file = round(statistics.median(self.tokens_file)) if self.tokens_file else 0
        return {
            "page": self.page,
            "step": self.step,
            "contender": self.contender,
            "n": len(self.ms),
            "median_ms": round(self.median_ms, 2),
            "p90_ms": round(self.p90_ms, 2),
            "tokens": self.median_tokens,
            "tokens_inline": inline,
            "tokens_file": file,
            "shows_change": (
                f"{sum(self.shows_change)}/{len(self.shows_change)}" if self.shows_change else None
            ),
            "samples_ms": [round(v, 2) for v in self.ms],
            "notes": sorted(self.notes),
        }


@attrs.define
class TimeoutBudget:
    """A wall-clock deadline shared by the whole run."""

    seconds: float
    start: float = attrs.field(factory=time.monotonic)

    @property
    def left(self) -> float:
        """Seconds left before the deadline (never negative)."""
        return max(0.0, self.start + self.seconds - time.monotonic())

    @property
    def expired(self) -> bool:
        """True once the deadline has passed."""
        return self.left <= 0.0


def load_average() -> list[float] | None:
    """The machine's 1-, 5- and 15-minute load averages, or None where it has none."""
    try:
        return [round(v, 2) for v in os.getloadavg()]
    except OSError:
        return None
