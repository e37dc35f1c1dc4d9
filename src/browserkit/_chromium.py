"""Finding, describing and installing Chromium, without ever launching it."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import attrs

from browserkit.errors import BrowserNotFoundError

__all__ = ["Found", "find_chromium", "install_browser", "launch_args", "running_as_root"]

# Without these Chromium keeps dialling Google's hosts; on a closed network it
# stalls on them (and they leak traffic on an open one).
BASE_ARGS = (
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

# A fenced session's traffic goes through its SOCKS5 proxy (see _fence_proxy);
# these close what a proxy does not see. WebRTC may then use UDP only through
# the proxy, and a SOCKS5 proxy carries no UDP: no STUN/TURN packet leaves.
FENCE_ARGS = ("--webrtc-ip-handling-policy=disable_non_proxied_udp",)

_SYSTEM_NAMES = (
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
)


@attrs.frozen
class Found:
    """A Chromium executable and where the choice came from."""

    path: str
    source: str  # "config", "env", "playwright", "system"
    version: str | None


def running_as_root() -> bool:
    """True when Chromium's sandbox would refuse to start (euid 0)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def launch_args(extra: tuple[str, ...] = (), *, fenced: bool = False) -> tuple[str, ...]:
    """The switches every launch gets: network quieting, no sandbox as root, then ``extra``.

    ``fenced``: a browser for domain-fenced sessions, which also gets :data:`FENCE_ARGS`.
    """
    args = list(BASE_ARGS)
    if fenced:
        args.extend(FENCE_ARGS)
    if running_as_root():
        args.append("--no-sandbox")
    args.extend(extra)
    return tuple(args)


def _playwright_browsers_dir() -> Path:
    env = os.environ.get("PLAYWRIGHT_BROWSERS_PATH")
    if env and env != "0":
        return Path(env)
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "ms-playwright"
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA", str(Path.home()))) / "ms-playwright"
    return Path(os.environ.get("XDG_CACHE_HOME", str(Path.home() / ".cache"))) / "ms-playwright"


def _playwright_managed() -> str | None:
    root = _playwright_browsers_dir()
    patterns = (
        "chromium-*/chrome-linux*/chrome",
        "chromium-*/chrome-win*/chrome.exe",
        "chromium-*/chrome-mac*/Chromium.app/Contents/MacOS/Chromium",
        "chromium_headless_shell-*/chrome-*/headless_shell",
        "chromium_headless_shell-*/chrome-*/chrome-headless-shell",
    )
    for pattern in patterns:
        hits = sorted(glob.glob(str(root / pattern)), reverse=True)
        for hit in hits:
            if os.access(hit, os.X_OK):
                return hit
    return None


def _system() -> str | None:
    for name in _SYSTEM_NAMES:
        hit = shutil.which(name)
        if hit:
            return hit
    return None


def read_version(path: str) -> str | None:
    """The browser's version, read from package metadata, never by running it.

    Running ``chromium --version`` would start a Chromium process, which
    ``diagnostics()`` promises not to do; the exact version is known after the
    first launch anyway.
    """
    real = os.path.realpath(path)
    dpkg = shutil.which("dpkg-query")
    if dpkg and (real.startswith("/usr/") or path.startswith("/usr/")):
        for package in ("chromium", "google-chrome-stable", "chromium-browser"):
            try:
                out = subprocess.run(
                    [dpkg, "-W", "-f", "${Version}", package],
                    capture_output=True,
                    text=True,
                    timeout=5,
                    check=False,
                )
            except (OSError, subprocess.SubprocessError):
                return None
            if out.returncode == 0 and out.stdout.strip():
                return out.stdout.strip()
    parent = Path(real).parent
    # Playwright's and Google's builds keep a folder named after the version.
    for child in parent.iterdir() if parent.is_dir() else ():
        name = child.name
        if child.is_dir() and name[:1].isdigit() and name.count(".") == 3:
            return name
    return None


def find_chromium(configured: str | None) -> Found | None:
    """The Chromium to launch, in DESIGN order: config/env, Playwright's, then PATH."""
    if configured:
        source = "env" if configured == os.environ.get("BROWSERKIT_CHROMIUM") else "config"
        return Found(
            configured, source, read_version(configured) if os.path.exists(configured) else None
        )
    managed = _playwright_managed()
    if managed:
        return Found(managed, "playwright", read_version(managed))
    system = _system()
    if system:
        return Found(system, "system", read_version(system))
    return None


def install_command() -> list[str] | None:
    """The system package manager command that installs Chromium here, if any."""
    if sys.platform.startswith("linux") and shutil.which("apt-get"):
        return ["apt-get", "install", "-y", "chromium"]
    return None


_SOURCE_WORDS = {"playwright": "Playwright's browser", "system": "found on PATH"}


def _check_env_chromium() -> None:
    """Raise when ``BROWSERKIT_CHROMIUM`` is set but names no executable file.

    The variable wins over every other Chromium, so installing one would not
    help: launches would still fail on the variable. The error says which
    Chromium discovery finds once the variable is unset.
    """
    path = os.environ.get("BROWSERKIT_CHROMIUM")
    if not path or (os.path.isfile(path) and os.access(path, os.X_OK)):
        return
    problem = "is not an executable file" if os.path.exists(path) else "does not exist"
    fallback = find_chromium(None)
    if fallback is None:
        hint = (
            "unset BROWSERKIT_CHROMIUM (no other Chromium is found either) and run "
            "python -m browserkit install-browser again, or point it at a Chromium executable"
        )
    else:
        where = _SOURCE_WORDS[fallback.source]
        hint = (
            f"unset BROWSERKIT_CHROMIUM to use {fallback.path} ({where}), "
            "or point it at a Chromium executable"
        )
    raise BrowserNotFoundError(
        f"BROWSERKIT_CHROMIUM={path} {problem}; it takes precedence over every other "
        "Chromium, so launches would fail even after an install (nothing was installed)",
        hint=hint,
    )


def install_browser(*, out: object = None) -> int:
    """Install a Chromium: Playwright's installer first, then Debian/Ubuntu's apt as root.

    Returns a process exit code; prints what it did and, when it could not,
    exactly what to run. Raises :class:`~browserkit.BrowserNotFoundError`,
    before installing anything, when ``BROWSERKIT_CHROMIUM`` names no executable.
    """

    def say(msg: str) -> None:
        print(msg, file=sys.stderr if out is None else out)  # type: ignore[arg-type]

    _check_env_chromium()
    found = find_chromium(os.environ.get("BROWSERKIT_CHROMIUM"))
    if found is not None:
        say(f"Chromium already available: {found.path} ({found.source})")
        return 0
    say("trying Playwright's installer: python -m playwright install chromium")
    try:
        code = subprocess.run(
            [sys.executable, "-m", "playwright", "install", "chromium"], timeout=900, check=False
        ).returncode
    except (OSError, subprocess.SubprocessError) as exc:
        say(f"Playwright's installer failed to run: {exc}")
        code = 1
    if code == 0:
        say("installed Chromium with Playwright's installer")
        return 0
    apt = install_command()
    if apt and running_as_root():
        say("Playwright's installer failed; trying: apt-get update && " + " ".join(apt))
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        try:
            subprocess.run(["apt-get", "update"], env=env, timeout=900, check=False)
            code = subprocess.run(apt, env=env, timeout=1800, check=False).returncode
        except (OSError, subprocess.SubprocessError) as exc:
            say(f"apt-get failed to run: {exc}")
            code = 1
        if code == 0 and _system():
            say(f"installed Chromium from the system packages: {_system()}")
            return 0
    if apt:
        say("Could not install Chromium. Run: sudo apt-get update && sudo " + " ".join(apt))
    else:
        say(
            "Could not install Chromium. Install Chrome or Chromium with your system's "
            "package manager, or set BROWSERKIT_CHROMIUM to its executable."
        )
    return 1
