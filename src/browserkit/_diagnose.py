"""Diagnostics: which Chromium would be used, what is degraded, how the endpoints are.

Found without starting a browser: shared by ``AsyncBrowser.diagnostics()``
and ``python -m browserkit diagnostics``.
"""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Callable

from browserkit import _chromium
from browserkit._endpoints import client_playwright, label, on_this_machine
from browserkit.config import Config
from browserkit.results import DiagnosticIssue, Diagnostics, EndpointStatus

__all__ = ["diagnose"]


def diagnose(
    config: Config,
    *,
    active_sessions: int = 0,
    version: str | None = None,
    endpoints: Callable[[], tuple[EndpointStatus, ...]] | None = None,
) -> Diagnostics:
    """Diagnostics for ``config``: finds Chromium on disk, never launches it.

    With endpoints configured, each is probed (at most about 2 s, all at
    once): by ``endpoints`` when a browser knows its load, else afresh.
    """
    issues: list[DiagnosticIssue] = []
    statuses: tuple[EndpointStatus, ...] = ()
    if config.endpoints:
        from browserkit._async.core.pool import statuses as fresh_statuses

        statuses = (endpoints or (lambda: fresh_statuses(config)))()
        issues.extend(
            DiagnosticIssue(
                "endpoints",
                f"{label(status.url)}: {status.error}",
                "start the server, or take it out of Config.endpoints / BROWSERKIT_ENDPOINTS",
            )
            for status in statuses
            if status.error is not None
        )
    found = None if config.endpoints else _chromium.find_chromium(config.executable_path)
    if config.endpoints:
        executable, source = None, "endpoints"
    elif found is None:
        executable, source = None, None
        issues.append(
            DiagnosticIssue(
                "browser",
                "no Chromium found in config, BROWSERKIT_CHROMIUM, Playwright's browsers or PATH",
                "run: python -m browserkit install-browser",
            )
        )
    else:
        executable, source = found.path, found.source
        if not os.access(found.path, os.X_OK):
            issues.append(
                DiagnosticIssue(
                    "browser",
                    f"{found.path} is not an executable file",
                    "fix BROWSERKIT_CHROMIUM / executable_path, or unset it to discover one",
                )
            )
    if not config.headless and sys.platform.startswith("linux"):
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            issues.append(
                DiagnosticIssue(
                    "window",
                    "headless=False but no DISPLAY is set",
                    "run under a desktop session or Xvfb (xvfb-run), or set BROWSERKIT_HEADLESS=1",
                )
            )
    try:
        import mcp  # noqa: F401
    except ImportError:
        issues.append(
            DiagnosticIssue(
                "mcp",
                "the MCP server needs the optional 'mcp' package",
                "pip install 'browserkit[mcp]'",
            )
        )
    if not config.allow_attach:
        issues.append(
            DiagnosticIssue(
                "attach",
                "attaching to a running Chrome over CDP is disabled",
                "set BROWSERKIT_ALLOW_ATTACH=1 (or Config(allow_attach=True))",
            )
        )
    fenced = bool(config.allowed_domains or config.blocked_domains)
    if fenced and config.endpoints:
        remote = [s.url for s in statuses if not on_this_machine(s.url)]
        if remote:
            issues.append(
                DiagnosticIssue(
                    "domains",
                    f"the domain fence cannot be enforced on {label(remote[0])}: its proxy "
                    "listens on 127.0.0.1, out of a remote browser's reach; sessions placed "
                    "there are refused",
                    "use endpoints on this machine with a domain fence",
                )
            )
    pw_version = client_playwright()
    blocking = any(i.capability == "browser" for i in issues)
    if config.endpoints:
        # A pool works while one endpoint can take sessions.
        blocking = not any(s.reachable and s.error is None for s in statuses)
    return Diagnostics(
        ok=not blocking,
        executable=executable,
        executable_source=source,
        version=version or (found.version if found else None),
        headless=config.headless,
        max_sessions=config.max_sessions,
        active_sessions=active_sessions,
        allowed_schemes=config.allowed_schemes,
        launch_args=_chromium.launch_args(config.extra_args, fenced=fenced),
        playwright_version=pw_version,
        python_version=platform.python_version(),
        platform=sys.platform,
        issues=tuple(issues),
        endpoints=statuses,
        allowed_domains=config.allowed_domains,
        blocked_domains=config.blocked_domains,
    )
