"""What a session starts with: the ``open`` command's flags and the config they make.

``open`` (and ``attach``) take the session tool's own arguments
(``browser_sessions_start``: URL, ``--read-only``, ``--storage-state``,
``--device``, ``--timeout-ms``), and the flags that only apply when a
session's process starts: the domain fence, the secrets file, remote
endpoints, a profile folder, headless or not, and the idle timeout. They
become one :class:`Options`, sent to the new session process; a later
``open`` of the same session must not ask for different ones (it would
silently not get them).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

import attrs

from browserkit.cli._commands import add_field, session_option
from browserkit.config import Config
from browserkit.tools import get

__all__ = ["Options", "add_attach", "add_open", "options_of"]

# The session tool's arguments `open` takes (the rest are the command's own, below).
_START_FIELDS = ("url", "read_only", "storage_state", "device", "timeout_ms")
_ATTACH_FIELDS = ("cdp_url", "adopt_url_substring", "url", "read_only", "timeout_ms")


@attrs.frozen(kw_only=True)
class Options:
    """A session process's start: its name and what its browser and session start with.

    Paths are absolute (the process does not run in the caller's folder).
    """

    name: str
    headless: bool | None = None
    allowed_domains: str | None = None
    blocked_domains: str | None = None
    allowed_schemes: str | None = None
    secrets: str | None = None
    endpoints: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    profile: str | None = None
    read_only: bool = False
    storage_state: str | None = None
    device: str | None = None
    idle_stop_ms: int | None = None
    allow_attach: bool = False
    cdp_url: str | None = None
    adopt_url_substring: str | None = None

    def config(self) -> Config:
        """The browser's config: ``BROWSERKIT_*`` variables, then these flags on top.

        The browser's own idle reaper is off: the process ends on idle as a whole.
        """
        overrides: dict[str, Any] = {"idle_stop_ms": 0}
        for name in ("headless", "allowed_domains", "blocked_domains", "allowed_schemes"):
            value = getattr(self, name)
            if value is not None:
                overrides[name] = value
        if self.secrets is not None:
            overrides["secrets"] = self.secrets
        if self.endpoints:
            overrides["endpoints"] = self.endpoints
        if self.allow_attach or self.cdp_url is not None:
            overrides["allow_attach"] = True
        return Config.from_env(**overrides)

    def idle_ms(self) -> int:
        """How long the session may sit unused before its process ends (0: never)."""
        if self.idle_stop_ms is not None:
            return self.idle_stop_ms
        return Config.from_env().idle_stop_ms

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> Options:
        return cls(**value)


def _start_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--headless",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="run without a window (the default); --no-headless shows it [BROWSERKIT_HEADLESS]",
    )
    parser.add_argument(
        "--allowed-domains",
        metavar="LIST",
        help="comma-separated hosts the session may reach, as globs (*.example.com also "
        "matches example.com); default: any [BROWSERKIT_ALLOWED_DOMAINS]",
    )
    parser.add_argument(
        "--blocked-domains",
        metavar="LIST",
        help="comma-separated hosts the session may not reach, as globs "
        "[BROWSERKIT_BLOCKED_DOMAINS]",
    )
    parser.add_argument(
        "--allowed-schemes",
        metavar="LIST",
        help="comma-separated URL schemes the session may load (default http,https,about,data) "
        "[BROWSERKIT_ALLOWED_SCHEMES]",
    )
    parser.add_argument(
        "--secrets",
        metavar="FILE",
        help="named secrets to type with --secret NAME, never shown: a dotenv file (NAME=value "
        "lines), or .json to bind them to domains; output shows <secret:NAME> "
        "[BROWSERKIT_SECRETS_FILE]",
    )
    parser.add_argument(
        "--endpoint",
        metavar="URL",
        action="append",
        default=[],
        help="run the session on this remote browser instead of a local one: a Playwright "
        "server (ws://host:port/) or a DevTools endpoint (http://host:port); repeat for a pool "
        "[BROWSERKIT_ENDPOINTS]",
    )
    parser.add_argument(
        "--profile",
        metavar="DIR",
        help="keep the browser's profile (logins, caches) in this folder, across sessions",
    )
    parser.add_argument(
        "--idle-stop-ms",
        type=int,
        metavar="MS",
        help="end the session after this long without a command (default 1800000, 30 min; "
        "0: never) [BROWSERKIT_IDLE_STOP_MS]",
    )


def _add_tool_fields(parser: argparse.ArgumentParser, tool: str, names: tuple[str, ...]) -> None:
    fields = {f.name: f for f in attrs.fields(get(tool).arguments)}
    for name in names:
        add_field(parser, fields[name], positional=name in ("url", "cdp_url"))


def add_open(sub: argparse._SubParsersAction[argparse.ArgumentParser], prog: str) -> None:
    """The ``open`` command: start (or reuse) a session, answered with the page's outline."""
    parser = sub.add_parser(
        "open",
        help="start a session (or reuse it) in a background process, at URL; "
        "answers with the page's outline",
        description="Start the session NAME (default: default) in a background process, or\n"
        "reuse it when it runs, and load URL; the answer is the page's outline with\n"
        "refs to act on. Without URL a new session shows about:blank and a running\n"
        "one its page. The flags below the session tool's own apply when the\n"
        "session starts. It ends with close, after --idle-stop-ms unused, or when\n"
        "its browser dies (the next command says so; open starts it again).",
        epilog="examples:\n"
        f"  {prog} open http://127.0.0.1:8000/\n"
        f"  {prog} open http://127.0.0.1:8000/ -s work --allowed-domains 127.0.0.1\n"
        f"  {prog} open --no-headless --profile ~/.cache/bk-profile https://example.org/",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_tool_fields(parser, "browser_sessions_start", _START_FIELDS)
    _start_flags(parser)
    session_option(parser)
    parser.set_defaults(opening="open")


def add_attach(sub: argparse._SubParsersAction[argparse.ArgumentParser], prog: str) -> None:
    """The ``attach`` command: a session in the user's running Chrome, over CDP."""
    parser = sub.add_parser(
        "attach",
        help="start a session in your running Chrome (its DevTools endpoint), "
        "in a background process",
        description="Start the session NAME in the Chrome whose DevTools endpoint is CDP_URL\n"
        "(started with --remote-debugging-port): a tab of its own, or the one tab\n"
        "whose URL contains --adopt-url-substring, handed back untouched at close.\n"
        "Other commands then work on it as on an opened session.",
        epilog=f"examples:\n  {prog} attach http://127.0.0.1:9222 -s mine",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_tool_fields(parser, "browser_sessions_attach", _ATTACH_FIELDS)
    _start_flags(parser)
    session_option(parser)
    parser.set_defaults(opening="attach")


def _absolute(path: str | None) -> str | None:
    return None if path is None else os.path.abspath(os.path.expanduser(path))


def options_of(ns: argparse.Namespace, name: str, cwd: str) -> Options:
    """The start options of a parsed ``open`` or ``attach`` command line run in ``cwd``."""

    def here(path: str | None) -> str | None:
        return None if path is None else _absolute(str(Path(cwd, os.path.expanduser(path))))

    return Options(
        name=name,
        headless=ns.headless,
        allowed_domains=ns.allowed_domains,
        blocked_domains=ns.blocked_domains,
        allowed_schemes=ns.allowed_schemes,
        secrets=here(ns.secrets),
        endpoints=tuple(ns.endpoint),
        profile=here(ns.profile),
        read_only=bool(ns.read_only),
        storage_state=here(getattr(ns, "storage_state", None)),
        device=getattr(ns, "device", None),
        idle_stop_ms=ns.idle_stop_ms,
        cdp_url=getattr(ns, "cdp_url", None),
        adopt_url_substring=getattr(ns, "adopt_url_substring", None),
    )
