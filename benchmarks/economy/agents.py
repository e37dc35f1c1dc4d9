"""The two contenders as :class:`~benchmarks.economy.policy.Agent` s.

- :class:`BrowserkitAgent` calls browserkit's tool layer in-process
  (``browserkit.tools.call``) and reads each answer the way browserkit's MCP
  server sends it: the small fields as one line of JSON, multi-line text (an
  outline, what an action observed) as plain text. It uses only tool names and
  the arguments it needs, so new optional arguments or answer fields change
  nothing here (a new multi-line field is read like the others).
- :class:`MCPAgent` drives Playwright's MCP server through
  :class:`benchmarks.contenders.PlaywrightMCP`, whose ``account`` also reads
  every snapshot file an answer points to.

Both start each run of a task in a fresh browser context (no cookies), outside
what is counted or timed: browserkit's session (its context and tab) is started
by ``begin``, and the task's first page is loaded with ``browser_navigate``, as
Playwright MCP's is.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import attrs

import browserkit as bk
from benchmarks.contenders import CALL_TIMEOUT_S, PlaywrightMCP, is_error
from benchmarks.economy.policy import Reply, Target
from browserkit import tools
from browserkit.tools._answers import PAGE_TEXT

__all__ = ["BrowserkitAgent", "MCPAgent", "render_answer"]

BROWSERKIT = "browserkit"
MCP = "playwright-mcp"
SERVER = tools.ToolContext(caps=())
"""The policy of ``browserkit mcp`` started without flags: the core tools only."""


def _split(value: Any, texts: list[str]) -> Any:
    """``value`` without its multi-line strings, which are appended to ``texts`` in order."""
    if isinstance(value, dict):
        return {k: _split(v, texts) for k, v in value.items() if not _multiline(v, texts)}
    if isinstance(value, list):
        return [_split(v, texts) for v in value if not _multiline(v, texts)]
    return value


def _multiline(value: Any, texts: list[str]) -> bool:
    if isinstance(value, str) and "\n" in value:
        texts.append(value)
        return True
    return False


def render_answer(answer: dict[str, Any]) -> str:
    """A tool answer as an agent reads it: one-line JSON, then its page text as is.

    This is how browserkit's MCP server sends an outline or an action's observed
    change (:func:`browserkit.tools._answers.parts`: plain text, not a JSON string
    full of ``\\n`` escapes, even when it is one line); any other multi-line
    string, wherever a tool puts it, is read the same way.
    """
    rest = dict(answer)
    page = next((rest.pop(k) for k in PAGE_TEXT if isinstance(rest.get(k), str)), None)
    texts: list[str] = [] if page is None else [page]
    head = json.dumps(_split(rest, texts), separators=(",", ":"), ensure_ascii=False)
    return "\n".join([head, *texts])


def _error_of(answer: dict[str, Any]) -> str | None:
    err = answer.get("error")
    if err is None:
        return None
    if isinstance(err, dict):
        return f"{err.get('code')}: {err.get('message')}"
    return str(err)


class BrowserkitAgent:
    """browserkit's tool layer, one session per task run."""

    name = BROWSERKIT

    def __init__(self, browser: bk.AsyncBrowser) -> None:
        self.browser = browser
        self.session_id: str | None = None

    async def _call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        call = tools.call(self.browser, tool, arguments, SERVER)
        return await asyncio.wait_for(call, CALL_TIMEOUT_S)

    def _reply(self, answer: dict[str, Any], navigated: bool | None = None) -> Reply:
        moved = bool(answer.get("navigated")) if navigated is None else navigated
        return Reply(render_answer(answer), navigated=moved, error=_error_of(answer))

    async def begin(self) -> None:
        """Start the run's session in a fresh browser context, outside the clock, as
        :class:`MCPAgent` does (Chromium is launched by the first run's start)."""
        answer = await self._call("browser_sessions_start", {})
        if "session_id" not in answer:
            raise RuntimeError(f"browser_sessions_start failed: {_error_of(answer)}")
        self.session_id = str(answer["session_id"])

    async def end(self) -> None:
        """Stop the run's session (untimed)."""
        if self.session_id is not None:
            await self._call("browser_sessions_stop", {"session_id": self.session_id})
            self.session_id = None

    async def open(self, url: str) -> Reply:
        """``browser_navigate`` in the session :meth:`begin` started."""
        return await self.goto(url)

    async def goto(self, url: str) -> Reply:
        """``browser_navigate``."""
        answer = await self._call("browser_navigate", {"session_id": self.session_id, "url": url})
        return self._reply(answer, navigated=True)

    async def snapshot(self) -> Reply:
        """``browser_snapshot`` with default arguments."""
        return self._reply(await self._call("browser_snapshot", {"session_id": self.session_id}))

    async def expand(self, ref: str) -> Reply:
        """``browser_snapshot`` of the element a compact outline collapsed (``ref``)."""
        arguments = {"session_id": self.session_id, "ref": ref}
        return self._reply(await self._call("browser_snapshot", arguments))

    async def search(self, text: str) -> Reply | None:
        """``browser_find``: the lines of the page's outline that hold ``text``."""
        arguments = {"session_id": self.session_id, "text": text}
        return self._reply(await self._call("browser_find", arguments))

    async def _act(self, action: str, ref: str, detail: str, **more: Any) -> Reply:
        arguments = {
            "session_id": self.session_id,
            "action": action,
            "ref": ref,
            "detail": detail,
            **more,
        }
        return self._reply(await self._call("browser_act", arguments))

    async def click(self, ref: str, target: Target) -> Reply:
        """``browser_act`` click (observed: browserkit always answers what changed)."""
        return await self._act("click", ref, f"Click {target}")

    async def type(self, ref: str, target: Target, text: str, submit: bool) -> Reply:
        """``browser_act`` type, pressing Enter when ``submit``."""
        return await self._act("type", ref, f"Type into {target}", text=text, submit=submit)

    async def select(self, ref: str, target: Target, option: str) -> Reply:
        """``browser_act`` select by the option's label."""
        return await self._act("select", ref, f"Choose {option!r} in {target}", values=[option])

    async def wait_for(self, text: str, timeout_s: float) -> Reply:
        """``browser_wait_for`` the text; an answer of met=false is a failed wait."""
        arguments = {
            "session_id": self.session_id,
            "text": text,
            "timeout_ms": round(timeout_s * 1000),
        }
        answer = await self._call("browser_wait_for", arguments)
        reply = self._reply(answer)
        if reply.error is None and answer.get("met") is False:
            return attrs.evolve(reply, error=f"{text!r} did not show within {timeout_s:.0f} s")
        return reply


_PAGE_URL = re.compile(r"^- Page URL: (\S+)", re.MULTILINE)


def _document(url: str) -> str:
    """A URL without its fragment: what changes when a new document loads."""
    return url.split("#", 1)[0]


class MCPAgent:
    """Playwright's MCP server; ``--isolated``, so closing the browser forgets cookies."""

    name = MCP

    def __init__(self, mcp: PlaywrightMCP) -> None:
        self.mcp = mcp
        self._url = ""

    async def _call(self, tool: str, arguments: dict[str, Any]) -> Reply:
        result = await self.mcp.call(tool, arguments, check=False)
        text = self.mcp.account(result).full
        urls = _PAGE_URL.findall(text)
        moved = False
        if urls:
            moved = _document(urls[-1]) != _document(self._url)
            self._url = urls[-1]
        error = text[:500] if is_error(result) else None
        return Reply(text, navigated=moved, error=error)

    async def begin(self) -> None:
        """A fresh browser context: close the browser; the next call starts a new one."""
        if "browser_close" in self.mcp.tool_names:
            await self.mcp.call("browser_close", {}, check=False)
        # Launch Chromium now, so the run's first step does not pay for it.
        await self.mcp.call("browser_navigate", {"url": "about:blank"})
        self._url = "about:blank"

    async def end(self) -> None:
        """Nothing to stop: the next ``begin`` closes the browser."""

    async def open(self, url: str) -> Reply:
        """``browser_navigate`` (the server has one tab)."""
        return await self.goto(url)

    async def goto(self, url: str) -> Reply:
        """``browser_navigate``."""
        reply = await self._call("browser_navigate", {"url": url})
        return Reply(reply.text, navigated=True, error=reply.error)

    async def snapshot(self) -> Reply:
        """``browser_snapshot`` with default arguments."""
        return await self._call("browser_snapshot", {})

    async def expand(self, ref: str) -> Reply:
        """Never asked: Playwright MCP's outlines collapse nothing."""
        raise NotImplementedError("Playwright MCP prints no expansion lines")

    async def search(self, text: str) -> Reply | None:
        """None: Playwright MCP has no tool that searches the page's text."""
        return None

    def _element(self, tool: str, ref: str, target: Target) -> dict[str, Any]:
        return {"element": str(target), self.mcp.ref_arg(tool): ref}

    async def click(self, ref: str, target: Target) -> Reply:
        """``browser_click``."""
        return await self._call("browser_click", self._element("browser_click", ref, target))

    async def type(self, ref: str, target: Target, text: str, submit: bool) -> Reply:
        """``browser_type`` (it fills the field, replacing its value)."""
        arguments = {**self._element("browser_type", ref, target), "text": text}
        if submit:
            arguments["submit"] = True
        return await self._call("browser_type", arguments)

    async def select(self, ref: str, target: Target, option: str) -> Reply:
        """``browser_select_option`` by the option's label."""
        arguments = {**self._element("browser_select_option", ref, target), "values": [option]}
        return await self._call("browser_select_option", arguments)

    async def wait_for(self, text: str, timeout_s: float) -> Reply:
        """``browser_wait_for`` the text (its own timeout, at most the call's bound)."""
        return await self._call("browser_wait_for", {"text": text})
