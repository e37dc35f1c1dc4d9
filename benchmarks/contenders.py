"""The three ways of driving Chromium that the benchmark puts side by side.

- :class:`RawPlaywright`: ``page.aria_snapshot(mode="ai")`` and
  ``page.locator("aria-ref=eN").click()``; a click returns nothing, so an
  agent would have to snapshot again to learn what changed.
- :class:`Browserkit`: ``AsyncSession.snapshot()`` / ``click()``, with
  ``observe`` on or off (two contenders sharing one session).
- :class:`PlaywrightMCP`: Playwright's own MCP server over stdio with the
  official ``mcp`` client. After an action it writes the page snapshot to a
  file and answers with a link; :meth:`PlaywrightMCP.account` counts both the
  inline text and every file the answer points to, because an agent has to
  read that file to learn the result.

Every contender answers the same small interface: ``goto`` and ``ref_text``
(untimed set-up), ``snapshot`` and ``click`` (timed by the caller), and
``account`` (tokens of a timed call's answer, computed after the clock stops).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any, TextIO

import attrs
from playwright.async_api import Browser as PWBrowser
from playwright.async_api import Page, Playwright, async_playwright

import browserkit as bk
from benchmarks import procs
from browserkit import _chromium

__all__ = [
    "CALL_TIMEOUT_S",
    "Answer",
    "Browserkit",
    "BrowserkitShared",
    "PlaywrightMCP",
    "RawPlaywright",
    "chromium_path",
    "find_ref",
    "is_error",
]

CALL_TIMEOUT_S = 60.0
"""No single awaited browser call may take longer than this."""

LAUNCH_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

VIEWPORT = {"width": 1280, "height": 800}
"""The viewport browserkit uses; raw Playwright gets the same."""


def chromium_path() -> tuple[str, str]:
    """The Chromium browserkit would launch (DESIGN §8 order) and its version string."""
    found = _chromium.find_chromium(os.environ.get("BROWSERKIT_CHROMIUM"))
    if found is None:
        raise SystemExit("no Chromium found; run: python -m browserkit install-browser")
    return found.path, found.version or "?"


def find_ref(outline: str, button: str) -> str:
    """The ref of the first button named ``button`` in an ai-mode outline."""
    m = re.search(r'button "' + re.escape(button) + r'"[^\n]*?\[ref=([^\]\s]+)\]', outline)
    if m is None:
        raise LookupError(f"no button {button!r} in the outline ({len(outline)} chars)")
    return m.group(1)


async def _bounded(aw: Any, seconds: float = CALL_TIMEOUT_S) -> Any:
    return await asyncio.wait_for(aw, seconds)


@attrs.frozen
class Answer:
    """What an agent receives from one call: the inline text and any files to read."""

    inline: str
    file_text: str = ""
    files: tuple[str, ...] = ()

    @property
    def full(self) -> str:
        """Everything the agent reads: inline text, then the files' text."""
        return self.inline + "\n" + self.file_text if self.file_text else self.inline


class RawPlaywright:
    """Playwright for Python with no wrapper."""

    name = "raw-playwright"

    def __init__(self, executable: str) -> None:
        self.executable = executable
        self._pw: Playwright | None = None
        self._browser: PWBrowser | None = None
        self._page: Page | None = None

    @property
    def page(self) -> Page:
        """The one page this contender drives."""
        assert self._page is not None, "start() first"
        return self._page

    async def start(self) -> None:
        """Start the driver, launch Chromium and open one page."""
        self._pw = await _bounded(async_playwright().start())
        args = LAUNCH_ARGS + (["--no-sandbox"] if _chromium.running_as_root() else [])
        self._browser = await _bounded(
            self._pw.chromium.launch(executable_path=self.executable, args=args)
        )
        context = await _bounded(self._browser.new_context(viewport=VIEWPORT))  # type: ignore[arg-type]
        self._page = await _bounded(context.new_page())

    @property
    def version(self) -> str:
        """Chromium's version as the browser reports it."""
        return self._browser.version if self._browser is not None else "?"

    async def goto(self, url: str) -> None:
        """Load ``url`` (untimed reset)."""
        await _bounded(self.page.goto(url, wait_until="load"))

    async def ref_text(self) -> str:
        """A fresh outline, so that ``aria-ref`` locators resolve (untimed)."""
        text: str = await _bounded(self.page.aria_snapshot(mode="ai"))
        return text

    async def snapshot(self) -> str:
        """The timed step: one ai-mode outline."""
        text: str = await _bounded(self.page.aria_snapshot(mode="ai"))
        return text

    async def click(self, ref: str) -> None:
        """The timed step: click the element a ref names; returns nothing."""
        await _bounded(self.page.locator(f"aria-ref={ref}").click())

    async def click_quietly(self, ref: str) -> None:
        """An untimed click (set-up for the after-click step)."""
        await self.click(ref)

    async def wait_text(self, text: str) -> None:
        """Wait until the main frame's text contains ``text`` (untimed)."""
        await _bounded(
            self.page.wait_for_function(
                "t => document.body.innerText.includes(t)", arg=text, timeout=5_000
            )
        )

    def account(self, answer: object) -> Answer:
        """Tokens an agent reads from a raw call's answer (a click answers nothing)."""
        return Answer(answer if isinstance(answer, str) else "")

    async def close(self) -> None:
        """Close Chromium and the driver."""
        if self._browser is not None:
            with contextlib.suppress(Exception):
                await _bounded(self._browser.close(), 20)
        if self._pw is not None:
            with contextlib.suppress(Exception):
                await _bounded(self._pw.stop(), 20)


class BrowserkitShared:
    """One browserkit browser and session, shared by the observe on/off contenders."""

    def __init__(self, executable: str) -> None:
        self.executable = executable
        self.browser: bk.AsyncBrowser | None = None
        self.session: Any = None

    async def start(self, url: str) -> None:
        """Launch Chromium (lazily, on the first session) and open one session."""
        self.browser = bk.AsyncBrowser(idle_stop_ms=0, executable_path=self.executable)
        self.session = await _bounded(self.browser.start(url=url))

    async def close(self) -> None:
        """Stop the session and close the browser."""
        if self.browser is not None:
            with contextlib.suppress(Exception):
                await _bounded(self.browser.close(), 30)


class Browserkit:
    """browserkit's async API; ``observe`` selects the click variant."""

    def __init__(self, shared: BrowserkitShared, *, observe: bool, name: str) -> None:
        self.shared = shared
        self.observe = observe
        self.name = name

    async def goto(self, url: str) -> None:
        """Navigate (untimed reset)."""
        await _bounded(self.shared.session.navigate(url))

    async def ref_text(self) -> str:
        """A fresh snapshot so refs of the current generation are known (untimed)."""
        snap = await _bounded(self.shared.session.snapshot())
        return str(snap.tree)

    async def snapshot(self, *, diff: bool = False) -> Any:
        """The timed step: ``snapshot()`` or ``snapshot(diff=True)``."""
        return await _bounded(self.shared.session.snapshot(diff=diff))

    async def click(self, ref: str) -> Any:
        """The timed step: ``click(ref, observe=...)``."""
        return await _bounded(self.shared.session.click(ref, observe=self.observe))

    async def click_quietly(self, ref: str) -> None:
        """An untimed, unobserved click (set-up for the after-click step)."""
        await _bounded(self.shared.session.click(ref, observe=False))

    async def wait_text(self, text: str) -> None:
        """Wait until the page's text contains ``text`` (untimed)."""
        await _bounded(self.shared.session.wait_for(text=text, timeout_ms=5_000))

    def account(self, answer: object) -> Answer:
        """What an agent reads: ``str(result)``."""
        return Answer(str(answer))


# Links and bare paths the MCP server prints for files it wrote.
_LINK_RE = re.compile(r"\]\(([^)\s]+)\)")
_PATH_RE = re.compile(r"(?<![\w/.(])((?:/|\.playwright-mcp/)[^\s)\]`'\"]+\.(?:ya?ml|md|txt|json))")


class PlaywrightMCP:
    """Playwright's MCP server (``python -m playwright mcp``) driven over stdio."""

    name = "playwright-mcp"

    def __init__(self, executable: str) -> None:
        self.executable = executable
        self.workdir = Path(tempfile.mkdtemp(prefix="bk-bench-mcp-"))
        self._stack = AsyncExitStack()
        self._session: Any = None
        self.click_arg = "target"
        self.tool_names: list[str] = []
        self.tool_args: dict[str, set[str]] = {}
        """Argument names of every tool the server lists."""
        self.formats: set[str] = set()
        self.args: list[str] = []
        self.pids: dict[int, str] = {}
        self.roots: set[int] = set()

    async def start(self) -> None:
        """Spawn the server, initialize the MCP session and read the tool schemas."""
        from mcp import ClientSession, StdioServerParameters
        from mcp.client.stdio import stdio_client

        self.args = [
            "-m",
            "playwright",
            "mcp",
            "--headless",
            "--executable-path",
            self.executable,
            "--isolated",
        ]
        if _chromium.running_as_root():
            self.args.append("--no-sandbox")
        params = StdioServerParameters(
            command=sys.executable, args=self.args, cwd=str(self.workdir)
        )
        errlog = self._stack.enter_context(_open_log(self.workdir / "server-stderr.log"))
        before = procs.children(os.getpid())
        read, write = await self._stack.enter_async_context(stdio_client(params, errlog=errlog))
        self.roots = procs.children(os.getpid()) - before
        self._session = await self._stack.enter_async_context(
            ClientSession(read, write, read_timeout_seconds=CALL_TIMEOUT_S)
        )
        try:
            await _bounded(self._session.initialize())
        except Exception as exc:
            raise RuntimeError(f"the MCP server did not initialize: {self._stderr_tail()}") from exc
        listed = await _bounded(self._session.list_tools())
        self.tool_names = [t.name for t in listed.tools]
        self.tool_args = {
            t.name: set((t.input_schema or {}).get("properties", {})) for t in listed.tools
        }
        for tool in listed.tools:
            if tool.name == "browser_click":
                props = (tool.input_schema or {}).get("properties", {})
                # Older servers call the ref argument "ref", newer ones "target".
                self.click_arg = "ref" if "ref" in props else "target"
        missing = {"browser_navigate", "browser_snapshot", "browser_click"} - set(self.tool_names)
        if missing:
            raise RuntimeError(f"Playwright MCP lacks tools {sorted(missing)}")

    def _stderr_tail(self, chars: int = 600) -> str:
        try:
            text = (self.workdir / "server-stderr.log").read_text(errors="replace")
        except OSError:
            return "(no stderr)"
        return text[-chars:].strip() or "(empty stderr)"

    def ref_arg(self, tool: str) -> str:
        """The name ``tool`` gives its element-ref argument (older servers: ``ref``)."""
        return "ref" if "ref" in self.tool_args.get(tool, set()) else "target"

    async def call(self, tool: str, arguments: dict[str, Any], *, check: bool = True) -> Any:
        """Call one tool; raises when the server answers with an error (unless not ``check``)."""
        result = await _bounded(
            self._session.call_tool(tool, arguments, read_timeout_seconds=CALL_TIMEOUT_S),
            CALL_TIMEOUT_S + 5,
        )
        if check and is_error(result):
            raise RuntimeError(f"{tool} failed: {_text_of(result)[:500]}")
        return result

    async def goto(self, url: str) -> None:
        """``browser_navigate`` (untimed reset)."""
        await self.call("browser_navigate", {"url": url})

    async def ref_text(self) -> str:
        """``browser_snapshot`` for fresh refs (untimed)."""
        return self.account(await self.call("browser_snapshot", {})).full

    async def snapshot(self) -> Any:
        """The timed step: ``browser_snapshot``."""
        return await self.call("browser_snapshot", {})

    async def click(self, ref: str) -> Any:
        """The timed step: ``browser_click`` with an element description and the ref."""
        return await self.call(
            "browser_click", {"element": "the button to press", self.click_arg: ref}
        )

    def account(self, answer: object) -> Answer:
        """Inline text plus the text of every file the answer points to."""
        inline = _text_of(answer)
        files: list[str] = []
        texts: list[str] = []
        for candidate in _LINK_RE.findall(inline) + _PATH_RE.findall(inline):
            path = Path(candidate)
            if not path.is_absolute():
                path = self.workdir / path
            if str(path) in files:
                continue
            text = _read_when_written(path)
            if text is not None:
                files.append(str(path))
                texts.append(text)
                self.formats.add("file:" + path.suffix)
        if "```yaml" in inline:
            self.formats.add("inline-yaml")
        return Answer(inline, "\n".join(texts), tuple(files))

    async def close(self) -> None:
        """Close the MCP session; the transport stops the server, then kill leftovers."""
        for pid in procs.descendants(self.roots):
            self.pids.setdefault(pid, procs.cmdline(pid))
        try:
            # Not wrapped in wait_for: the transport's cancel scopes must exit in the
            # task that entered them, and its shutdown is bounded already.
            await self._stack.aclose()
        except Exception:  # shutting down whatever state we are in
            pass
        finally:
            procs.kill_tree(self.pids)
            shutil.rmtree(self.workdir, ignore_errors=True)


def _open_log(path: Path) -> TextIO:
    """The file the server's stderr goes to (kept out of the benchmark's output)."""
    return path.open("w", encoding="utf-8")


def is_error(result: object) -> bool:
    """Whether an MCP tool result is an error answer."""
    return bool(getattr(result, "is_error", False) or getattr(result, "isError", False))


def _text_of(result: object) -> str:
    parts = []
    for item in getattr(result, "content", None) or []:
        text = getattr(item, "text", None)
        if isinstance(text, str):
            parts.append(text)
    return "\n".join(parts)


def _read_when_written(path: Path, wait_s: float = 1.0) -> str | None:
    """A file's text, waiting briefly in case the server is still writing it."""
    deadline = time.monotonic() + wait_s
    while True:
        try:
            if path.is_file():
                return path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            pass
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.02)
