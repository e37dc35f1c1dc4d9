"""Reaching Chromium for :class:`AsyncBrowser`: launching a local one, connecting to one over CDP.

Each turns Playwright's failure into the browserkit error that says what to do
next (install a browser, set a display, check the DevTools URL).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import BrowserContext, Playwright
from playwright.async_api import Error as PlaywrightError

from browserkit import _chromium
from browserkit._endpoints import redact, scrub
from browserkit.config import Config
from browserkit.errors import BrowserCrashedError, BrowserNotFoundError, InvalidArgumentError

__all__ = ["check_cdp_url", "connect_cdp", "launch", "launch_persistent"]


def _executable(config: Config) -> _chromium.Found:
    """The Chromium ``config`` names (see diagnostics), checked to exist."""
    found = _chromium.find_chromium(config.executable_path)
    if found is None:
        raise BrowserNotFoundError(
            "no Chromium found (config, BROWSERKIT_CHROMIUM, Playwright's browsers, PATH)",
            hint="run: python -m browserkit install-browser",
        )
    if not os.path.isfile(found.path):
        raise BrowserNotFoundError(
            f"Chromium at {found.path} ({found.source}) does not exist",
            hint="fix executable_path / BROWSERKIT_CHROMIUM, or run: "
            "python -m browserkit install-browser",
        )
    return found


def _options(
    config: Config, found: _chromium.Found, headless: bool, fenced: bool
) -> dict[str, Any]:
    return {
        "executable_path": found.path,
        "headless": headless,
        "args": list(_chromium.launch_args(config.extra_args, fenced=fenced)),
        "chromium_sandbox": False if _chromium.running_as_root() else None,
        # A terminal's Ctrl-C and Jupyter's interrupt signal the whole
        # process group, Playwright's driver included. By default the
        # driver answers SIGINT by closing every browser and exiting;
        # without that handler it ignores SIGINT (Chromium runs in a
        # group of its own), so Ctrl-C only cancels the Python call.
        # The driver still exits with Python: it watches its stdin pipe.
        "handle_sigint": False,
        "timeout": max(30_000, config.default_timeout_ms),
    }


def _failed(exc: PlaywrightError, found: _chromium.Found, headless: bool) -> Exception:
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else "launch failed"
    if "Executable doesn't exist" in str(exc) or "ENOENT" in str(exc):
        return BrowserNotFoundError(f"Chromium at {found.path} ({found.source}) does not exist")
    hint = "run python -m browserkit diagnostics"
    if not headless:
        hint = "headless=False needs a display (set DISPLAY or use Xvfb)"
    return BrowserCrashedError(f"Chromium failed to start: {first}", hint=hint)


async def launch(
    pw: Playwright, config: Config, headless: bool, *, fenced: bool = False
) -> PlaywrightBrowser:
    """A local Chromium, found as ``config`` says (see diagnostics), launched.

    ``fenced``: for domain-fenced sessions (the fence's switches, see _chromium).
    """
    found = _executable(config)
    try:
        return await pw.chromium.launch(**_options(config, found, headless, fenced))
    except PlaywrightError as exc:
        raise _failed(exc, found, headless) from None


async def launch_persistent(
    pw: Playwright,
    config: Config,
    headless: bool,
    profile: Path,
    context_options: Mapping[str, Any],
    *,
    fenced: bool = False,
) -> BrowserContext:
    """A Chromium of its own on the user-data directory ``profile``: its one context.

    ``context_options``: what ``new_context`` would take (a persistent
    context is made at launch, with the browser).
    """
    found = _executable(config)
    try:
        return await pw.chromium.launch_persistent_context(
            profile, **_options(config, found, headless, fenced), **context_options
        )
    except PlaywrightError as exc:
        raise _failed(exc, found, headless) from None


def check_cdp_url(cdp_url: object) -> None:
    """Refuse anything but an http(s):// or ws(s):// DevTools endpoint."""
    if not isinstance(cdp_url, str) or not cdp_url.startswith(
        ("http://", "https://", "ws://", "wss://")
    ):
        raise InvalidArgumentError(
            "cdp_url must be an http(s):// or ws(s):// DevTools endpoint, got "
            + (repr(redact(cdp_url)) if isinstance(cdp_url, str) else repr(cdp_url)),
            hint="start Chrome with --remote-debugging-port=9222 and pass http://127.0.0.1:9222",
        )


async def connect_cdp(pw: Playwright, cdp_url: str, ms: float) -> PlaywrightBrowser:
    """The Chrome answering at ``cdp_url``, connected within ``ms`` milliseconds."""
    try:
        return await pw.chromium.connect_over_cdp(cdp_url, timeout=ms)
    except PlaywrightError as exc:
        text = scrub(str(exc), cdp_url).strip()
        first = text.splitlines()[0] if text else "failed"
        raise BrowserNotFoundError(
            f"no browser answered at {redact(cdp_url)}: {first}",
            hint="check that Chrome runs with --remote-debugging-port and the URL",
        ) from None
