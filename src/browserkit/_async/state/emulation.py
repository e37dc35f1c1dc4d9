"""Emulation: the browser-context options a session starts with, and resizing a live session.

:class:`ContextSpec` checks what ``AsyncBrowser.start`` was given (viewport,
device, locale, ..., the storage state to start from) before anything is
launched, and turns it into Playwright's ``new_context`` options. A device is
one of Playwright's descriptors; what the caller gives explicitly wins over
the device's own settings. :class:`Resizer` changes the viewport of every tab
of a running session, and of the tabs it opens afterwards; :class:`Media`
does the same with the CSS media features (``emulate_media``), through
:class:`EveryTab`, which the network and CPU throttle uses too.
"""

from __future__ import annotations

import asyncio
import difflib
import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import BrowserContext, Page, Playwright
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core.events import Observer, TabOpened
from browserkit._async.core.session_core import SessionCore
from browserkit._async.core.tab import Tab
from browserkit._checks import integer, number
from browserkit.errors import InvalidArgumentError
from browserkit.results import StorageState
from browserkit.types import (
    ColorScheme,
    ForcedColors,
    Geolocation,
    MediaType,
    ReducedMotion,
    StateSource,
)

__all__ = [
    "VIEWPORT",
    "ColorScheme",
    "ContextSpec",
    "EveryTab",
    "Geolocation",
    "Media",
    "Resizer",
    "StateSource",
    "viewport_of",
]

VIEWPORT = {"width": 1280, "height": 800}
"""The viewport of a session that asks for none."""

MAX_SIDE = 10_000
"""The widest and tallest viewport accepted, in CSS pixels."""


_COLOR_SCHEMES = ("light", "dark", "no-preference")
# What emulate_media takes for each feature (Playwright's names and values).
_MEDIA_FEATURES: dict[str, tuple[str, ...]] = {
    "color_scheme": _COLOR_SCHEMES,
    "reduced_motion": ("reduce", "no-preference"),
    "forced_colors": ("active", "none"),
    "media": ("screen", "print"),
}
NEW_TAB_BOUND_S = 5.0
"""The longest applying a session's emulation to a tab that just opened may take."""
_LOCALE = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$")
_HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
# Device descriptor keys that new_context does not take.
_NOT_CONTEXT_OPTIONS = ("default_browser_type",)


def viewport_of(width: object, height: object, what: str = "viewport") -> dict[str, int]:
    """``{"width", "height"}`` after checking both are whole numbers from 1 to :data:`MAX_SIDE`."""
    hint = "give the size as (width, height) in CSS pixels, e.g. (390, 844) for a phone"
    size = {}
    for name, value in (("width", width), ("height", height)):
        size[name] = integer(f"{what}: {name}", value, hint=hint)
        if not 1 <= size[name] <= MAX_SIDE:
            raise InvalidArgumentError(
                f"{what}: {name} must be from 1 to {MAX_SIDE}, got {value}", hint=hint
            )
    return size


def _text(value: object, what: str, example: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidArgumentError(
            f"{what}: must be a non-empty string, got {value!r}", hint=f"e.g. {example}"
        )
    return value


def _viewport(value: object) -> dict[str, int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 2:
        raise InvalidArgumentError(
            f"viewport: must be (width, height), got {value!r}", hint="e.g. viewport=(1280, 800)"
        )
    return viewport_of(value[0], value[1])


def _geolocation(value: object) -> dict[str, float]:
    if isinstance(value, Mapping):
        unknown = set(value) - {"latitude", "longitude", "accuracy"}
        if unknown:
            raise InvalidArgumentError(
                f"geolocation: unknown key(s) {', '.join(sorted(map(str, unknown)))}",
                hint="use latitude, longitude and (optionally) accuracy",
            )
        parts = dict(value)
    elif isinstance(value, Sequence) and not isinstance(value, (str, bytes)) and len(value) == 2:
        parts = {"latitude": value[0], "longitude": value[1]}
    else:
        raise InvalidArgumentError(
            f"geolocation: must be (latitude, longitude) or a mapping, got {value!r}",
            hint="e.g. geolocation=(48.8584, 2.2945)",
        )
    out: dict[str, float] = {}
    for key, low, high in (("latitude", -90, 90), ("longitude", -180, 180), ("accuracy", 0, None)):
        if key not in parts:
            if key == "accuracy":
                continue
            raise InvalidArgumentError(f"geolocation: {key} is missing")
        out[key] = float(number(f"geolocation: {key}", parts[key], at_least=low, at_most=high))
    return out


def _headers(value: object) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise InvalidArgumentError(
            f"extra_headers: must be a mapping of header names to values, got {value!r}",
            hint='e.g. extra_headers={"X-Test": "1"}',
        )
    out: dict[str, str] = {}
    for name, text in value.items():
        if not isinstance(name, str) or not _HEADER_NAME.match(name):
            raise InvalidArgumentError(f"extra_headers: {name!r} is not a valid header name")
        if not isinstance(text, str) or "\r" in text or "\n" in text:
            raise InvalidArgumentError(
                f"extra_headers: the value of {name} must be a string on one line, got {text!r}"
            )
        out[name] = text
    return out


def _storage_state(value: object) -> StorageState:
    if isinstance(value, StorageState):
        return value
    if isinstance(value, Mapping):
        return StorageState.from_playwright(value)
    if isinstance(value, (str, os.PathLike)):
        path = Path(value)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise InvalidArgumentError(
                f"storage_state: no file {str(path)!r}",
                hint="save one first: storage_state with a path",
            ) from None
        except (OSError, UnicodeError, ValueError) as exc:
            raise InvalidArgumentError(
                f"storage_state: cannot read {str(path)!r} as JSON ({exc})",
                hint="give a file that storage_state wrote (with a path)",
            ) from None
        return StorageState.from_playwright(data)
    raise InvalidArgumentError(
        f"storage_state: must be a path, a dict or a StorageState, got {type(value).__name__}"
    )


@attrs.define
class ContextSpec:
    """What a new session's browser context is made with, checked at the edge.

    :meth:`check` looks the device up (Playwright has to run for that) and
    keeps its settings for :meth:`new_context`.
    """

    storage_state: StorageState | None = None
    viewport: dict[str, int] | None = None
    device: str | None = None
    locale: str | None = None
    timezone_id: str | None = None
    geolocation: dict[str, float] | None = None
    permissions: tuple[str, ...] = ()
    color_scheme: ColorScheme | None = None
    user_agent: str | None = None
    extra_headers: dict[str, str] | None = None
    _device_options: dict[str, Any] | None = attrs.field(default=None, init=False)

    @classmethod
    def from_arguments(cls, arguments: Mapping[str, Any]) -> ContextSpec:
        """A spec from ``start``'s arguments (its other arguments are ignored); raises
        ``InvalidArgumentError`` on the first bad one, before anything starts."""
        given = {f.name: arguments.get(f.name) for f in attrs.fields(cls)}
        permissions = given["permissions"] or ()
        if isinstance(permissions, str) or not all(isinstance(p, str) for p in permissions):
            raise InvalidArgumentError(
                f"permissions: must be a list of permission names, got {permissions!r}",
                hint='e.g. permissions=["geolocation", "clipboard-read"]',
            )
        scheme = given["color_scheme"]
        if scheme is not None and scheme not in _COLOR_SCHEMES:
            raise InvalidArgumentError(
                f"color_scheme: must be one of {', '.join(_COLOR_SCHEMES)}, got {scheme!r}"
            )
        locale = given["locale"]
        if locale is not None and not (isinstance(locale, str) and _LOCALE.match(locale)):
            raise InvalidArgumentError(
                f"locale: {locale!r} is not a language tag", hint='e.g. "de-DE" or "en-GB"'
            )
        text = {
            k: _text(given[k], k, e) if given[k] is not None else None
            for k, e in (
                ("device", '"iPhone 15"'),
                ("timezone_id", '"Europe/Berlin"'),
                ("user_agent", "a browser's User-Agent string"),
            )
        }
        geolocation = None if given["geolocation"] is None else _geolocation(given["geolocation"])
        if geolocation is not None and "geolocation" not in permissions:
            # Without the permission, pages are refused the position they were given.
            permissions = (*permissions, "geolocation")
        headers, state = given["extra_headers"], given["storage_state"]
        return cls(
            storage_state=None if state is None else _storage_state(state),
            viewport=None if given["viewport"] is None else _viewport(given["viewport"]),
            device=text["device"],
            locale=locale,
            timezone_id=text["timezone_id"],
            geolocation=geolocation,
            permissions=tuple(permissions),
            color_scheme=scheme,
            user_agent=text["user_agent"],
            extra_headers=None if headers is None else _headers(headers),
        )

    def check(self, playwright: Playwright) -> None:
        """Raise ``InvalidArgumentError`` when the device is not one Playwright knows."""
        self._device_options = self._device(playwright.devices)

    def _device(self, devices: Mapping[str, Any]) -> dict[str, Any]:
        if self.device is None:
            return {}
        found = devices.get(self.device)
        if found is None:
            folded = [n for n in devices if n.casefold() == self.device.casefold()]
            if len(folded) == 1:
                found = devices[folded[0]]
        if found is None:
            by_fold = {n.casefold(): n for n in devices}
            close = difflib.get_close_matches(self.device.casefold(), by_fold, n=6, cutoff=0.5)
            names = ", ".join(repr(by_fold[c]) for c in close)
            raise InvalidArgumentError(
                f"device: no device named {self.device!r}"
                + (f"; close matches: {names}" if names else ""),
                hint="give one of Playwright's device names (playwright.devices), e.g. 'iPhone 15'",
            )
        return {k: v for k, v in found.items() if k not in _NOT_CONTEXT_OPTIONS}

    def options(self) -> dict[str, Any]:
        """Keyword arguments for Playwright's ``new_context`` (after :meth:`check`)."""
        if self._device_options is None:
            raise RuntimeError("ContextSpec.check() must run before options()")
        out: dict[str, Any] = {"viewport": VIEWPORT, "accept_downloads": True}
        out.update(self._device_options)
        given = {
            "viewport": self.viewport,
            "locale": self.locale,
            "timezone_id": self.timezone_id,
            "geolocation": self.geolocation,
            "permissions": list(self.permissions) or None,
            "color_scheme": self.color_scheme,
            "user_agent": self.user_agent,
            "extra_http_headers": self.extra_headers,
        }
        out.update({k: v for k, v in given.items() if v is not None})
        if self.storage_state is not None:
            out["storage_state"] = self.storage_state.to_playwright()
        return out

    async def new_context(
        self, browser: PlaywrightBrowser, proxy: str | None = None
    ) -> BrowserContext:
        """A new context of ``browser`` made to this spec.

        What Chromium refuses (an unknown permission or time zone) is
        ``InvalidArgumentError``. Not bounded by the call's timeout, like the
        launch before it: that timeout is the first page load's, and a
        context abandoned half-made would outlive the session that never
        started.
        """
        try:
            options = self.options()
            if proxy is not None:
                options["proxy"] = {"server": proxy}
            return await browser.new_context(**options)
        except PlaywrightError as exc:
            text = str(exc.message if hasattr(exc, "message") else exc).strip()
            first = text.splitlines()[0] if text else "refused"
            raise InvalidArgumentError(
                f"Chromium refused the session's settings: {first}",
                hint="check permissions, timezone_id, locale and storage_state",
            ) from None


class Resizer:
    """Resizes a session's tabs, now and as they open later."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core
        self._size: dict[str, int] | None = None
        self._listening = False

    async def resize(self, width: int, height: int, timeout_ms: float | None) -> None:
        core = self._core
        size = viewport_of(width, height, "resize")
        core.check(mutating=True)
        core.own_context_only(
            "resize",
            "its tabs belong to the user's Chrome",
            "start a session of its own, with the viewport it needs",
        )
        self._size = size
        if not self._listening:
            # Tabs opened later (new_tab, popups) start at the size asked for.
            core.context.on("page", self._on_page)
            self._listening = True
        ms = core.timeout(timeout_ms)
        for tab in list(core.tabs.values()):
            if not tab.page.is_closed():
                await core.bounded(tab.page.set_viewport_size(size), "resize", ms)  # type: ignore[arg-type]

    async def _on_page(self, page: Page) -> None:
        if self._size is None or self._core.closed:
            return
        try:
            await page.set_viewport_size(self._size)  # type: ignore[arg-type]
        except PlaywrightError:
            pass  # closed at once: nothing to resize


class EveryTab(Observer):
    """A setting applied to every tab of a session: those open now, and each one opened later.

    Subclasses say how to apply it to one tab (:meth:`apply`). The first
    :meth:`apply_all` subscribes to the session's events, so a tab opened
    afterwards (``new_tab``, a popup) gets the setting as it opens; its first
    requests may go out before that, as the page exists before it is seen.
    """

    what = "emulation"

    def __init__(self, core: SessionCore) -> None:
        self._core = core
        self._listening = False
        self._pending: set[asyncio.Future[None]] = set()

    async def apply(self, tab: Tab) -> None:
        raise NotImplementedError

    async def apply_all(self, timeout_ms: float | None) -> None:
        core = self._core
        if not self._listening:
            core.events.subscribe(self)
            self._listening = True
        ms = core.timeout(timeout_ms)
        for tab in list(core.tabs.values()):
            if not tab.page.is_closed():
                await core.bounded(self.apply(tab), self.what, ms)

    def tab_opened(self, event: TabOpened) -> None:
        if self._core.closed:
            return
        later = asyncio.ensure_future(self._apply_new(event.tab))
        self._pending.add(later)
        later.add_done_callback(self._pending.discard)

    async def _apply_new(self, tab: Tab) -> None:
        try:
            await asyncio.wait_for(self.apply(tab), NEW_TAB_BOUND_S)
        except (PlaywrightError, asyncio.TimeoutError):
            pass  # closed at once, or its browser went: nothing to emulate


class Media(EveryTab):
    """The CSS media features a session's tabs emulate (``emulate_media``)."""

    what = "emulate_media"

    def __init__(self, core: SessionCore) -> None:
        super().__init__(core)
        self.features: dict[str, str] = {}

    async def emulate(
        self,
        color_scheme: ColorScheme | None,
        reduced_motion: ReducedMotion | None,
        forced_colors: ForcedColors | None,
        media: MediaType | None,
        timeout_ms: float | None,
    ) -> None:
        asked: dict[str, str | None] = {
            "color_scheme": color_scheme,
            "reduced_motion": reduced_motion,
            "forced_colors": forced_colors,
            "media": media,
        }
        given = {k: v for k, v in asked.items() if v is not None}
        for name, value in given.items():
            if value not in _MEDIA_FEATURES[name]:
                raise InvalidArgumentError(
                    f"{name}: must be one of {', '.join(_MEDIA_FEATURES[name])}, got {value!r}"
                )
        if not given:
            raise InvalidArgumentError(
                "emulate_media: give at least one of color_scheme, reduced_motion, "
                "forced_colors and media",
                hint='for example color_scheme="dark"',
            )
        core = self._core
        core.check(mutating=True)
        core.own_context_only(
            "emulate_media",
            "its tabs belong to the user's Chrome",
            "start a session of its own (start(color_scheme=...) also sets the scheme)",
        )
        self.features.update(given)
        await self.apply_all(timeout_ms)

    async def apply(self, tab: Tab) -> None:
        await tab.page.emulate_media(**self.features)  # type: ignore[arg-type]
