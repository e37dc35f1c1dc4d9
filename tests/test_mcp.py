"""The MCP server end to end: ``python -m browserkit mcp`` driven by the official client."""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browserkit.tools import REGISTRY

pytest.importorskip("mcp")

from mcp import Client, StdioServerParameters

pytestmark = pytest.mark.timeout(90)

SERVER = [sys.executable, "-m", "browserkit", "mcp"]
REF_RE = re.compile(r'button "Increment" \[ref=(\w+)\]')


def _env() -> dict[str, str]:
    """What the server needs of our environment (the client passes only a safe few)."""
    return {k: v for k, v in os.environ.items() if k.startswith(("BROWSERKIT_", "PLAYWRIGHT_"))}


def _json(result: Any) -> dict[str, Any]:
    return json.loads(result.content[0].text)  # type: ignore[no-any-return]


async def _drive(client: Client, base_url: str, output_dir: Path) -> None:
    """The agent loop the issue asks for: list, start, snapshot, act, console, screenshot, stop."""
    listed = await client.list_tools()
    assert {t.name for t in listed.tools} == set(REGISTRY)
    act_schema = next(t for t in listed.tools if t.name == "browser_act").input_schema
    assert act_schema == REGISTRY["browser_act"].input_schema  # passed through unchanged

    started = await client.call_tool("browser_sessions_start", {"url": f"{base_url}/basic.html"})
    assert not started.is_error, started.content
    sid = _json(started)["session_id"]

    snap = await client.call_tool("browser_snapshot", {"session_id": sid})
    assert not snap.is_error
    assert _json(snap)["title"] == "Basic"
    outline = snap.content[1].text
    ref = REF_RE.search(outline)
    assert ref, outline

    acted = await client.call_tool(
        "browser_act",
        {"session_id": sid, "action": "click", "ref": ref[1], "detail": "Click Increment"},
    )
    assert not acted.is_error, acted.content
    observed = acted.content[1].text
    assert "clicked 1" in observed and "idle" in observed  # the diff: old and new status text

    await client.call_tool(
        "browser_navigate", {"session_id": sid, "url": f"{base_url}/evidence.html"}
    )
    waited = await client.call_tool(
        "browser_wait_for", {"session_id": sid, "text": "Evidence", "timeout_ms": 5000}
    )
    assert _json(waited)["met"] is True
    console = await client.call_tool("browser_console_read", {"session_id": sid, "level": "error"})
    entries = _json(console)["entries"]
    assert any("kaboom from evidence.js" in e["text"] for e in entries), entries

    shot = await client.call_tool("browser_screenshot", {"session_id": sid, "path": "page.jpg"})
    assert not shot.is_error, shot.content
    image = next(c for c in shot.content if c.type == "image")
    assert image.mime_type == "image/jpeg"
    assert base64.b64decode(image.data)[:2] == b"\xff\xd8"
    assert (output_dir / "page.jpg").read_bytes()[:2] == b"\xff\xd8"

    outside = await client.call_tool(
        "browser_screenshot", {"session_id": sid, "path": "../escape.jpg"}
    )
    assert outside.is_error
    assert _json(outside)["error"]["code"] == "invalid_argument"
    assert not (output_dir.parent / "escape.jpg").exists()

    wrong = await client.call_tool("browser_snapshot", {"session_id": sid, "bogus": 1})
    assert wrong.is_error
    assert "bogus" in _json(wrong)["error"]["message"]

    stopped = await client.call_tool("browser_sessions_stop", {"session_id": sid})
    assert _json(stopped) == {"stopped": True}
    listed_sessions = await client.call_tool("browser_sessions_list", {})
    assert _json(listed_sessions) == {"sessions": []}


async def test_stdio_server_drives_a_page_end_to_end(base_url: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "browserkit", "mcp", "--output-dir", str(out)],
        env=_env(),
    )
    async with Client(params) as client:
        await _drive(client, base_url, out)


@pytest.fixture
def http_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``python -m browserkit mcp --http --port 0``; yields its URL once it listens."""
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [*SERVER, "--http", "--port", "0", "--output-dir", str(out)],
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    found: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            match = re.search(r"serving (http://127\.0\.0\.1:\d+/mcp)", line)
            if match and not found:
                found.append(match[1])
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        assert ready.wait(30), "the HTTP server did not announce its URL"
        yield found[0], out
    finally:
        proc.terminate()
        try:
            assert proc.wait(20) == 0
        finally:
            if proc.poll() is None:
                proc.kill()


async def test_http_server_drives_a_page_end_to_end(
    base_url: str, http_server: tuple[str, Path]
) -> None:
    url, out = http_server
    assert url.startswith("http://127.0.0.1:")
    async with Client(url) as client:
        await _drive(client, base_url, out)


def test_mcp_without_the_extra_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['mcp'] = None\n"
        "from browserkit.__main__ import main\n"
        "sys.exit(main(['mcp']))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=False
    )
    assert proc.returncode == 2
    assert "pip install 'browserkit[mcp]'" in proc.stderr


@pytest.mark.parametrize("command", ["mcp", "tools", "demo", "diagnostics", "install-browser"])
def test_every_subcommand_has_help(command: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "browserkit", command, "--help"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert proc.returncode == 0
    assert f"python -m browserkit {command}" in proc.stdout
