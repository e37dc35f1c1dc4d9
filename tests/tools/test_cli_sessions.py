"""The command line for coding agents: sessions that outlive each command, driven as an agent would.

Every command here runs in a fresh process (``python -m browserkit ...``),
the way a coding agent's shell runs it; the sessions live in background
processes, their sockets in a private folder under the test's ``tmp_path``.
Each test ends every session process it started (and its browser), even on
failure, and leaves no socket folder behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from browserkit.cli import _folder
from tests.server import Handler

ROOT = Path(__file__).resolve().parents[2]
SRC = str(ROOT / "src")
NOBODY = 65534

pytestmark = pytest.mark.xdist_group("cli_sessions")


def _until(check: object, what: str, timeout_s: float = 30) -> object:
    """Poll ``check()`` until truthy (bounded); fail naming ``what``."""
    assert callable(check)
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"not within {timeout_s:g} s: {what}")
        time.sleep(0.05)


class Shell:
    """An agent's shell: each command a new process, sessions under ``tmp_path/run``."""

    def __init__(self, tmp_path: Path, folder: Path | None = None) -> None:
        self.cwd = tmp_path
        self.folder = folder or tmp_path / "run"
        env = {k: v for k, v in os.environ.items() if k != "BROWSERKIT_SESSION"}
        env["PYTHONPATH"] = os.pathsep.join([SRC, *filter(None, [env.get("PYTHONPATH")])])
        env[_folder.DIR_ENV] = str(self.folder)
        env["BROWSERKIT_HEADLESS"] = "1"
        self.env = env

    def argv(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "browserkit", *args]

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            self.argv(*args),
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=self.cwd,
            env=self.env,
        )

    def ok(self, *args: str) -> str:
        """Run a command that must succeed; its stdout."""
        result = self.run(*args)
        assert result.returncode == 0, (args, result.returncode, result.stderr)
        return result.stdout

    def start(self, *args: str) -> subprocess.Popen[str]:
        """Start a command without waiting, in a process group of its own (as a
        terminal's foreground job is), so a test can Ctrl-C the whole group."""
        return subprocess.Popen(
            self.argv(*args),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=self.cwd,
            env=self.env,
            start_new_session=True,
        )

    def pids(self) -> list[int]:
        """Every process that carries this shell's sessions folder in its environment:
        the session processes, their Playwright drivers and browsers."""
        marker = f"{_folder.DIR_ENV}={self.folder}".encode()
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                environ = Path(f"/proc/{entry}/environ").read_bytes().split(b"\0")
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if marker in environ and b"browserkit.cli._server" in cmdline:
                found.append(int(entry))
        return found

    def session_pid(self, name: str = "default") -> int:
        for line in self.ok("sessions").splitlines():
            if line.startswith(f"{name} "):
                return int(re.search(r"pid=(\d+)", line).group(1))  # type: ignore[union-attr]
        pytest.fail(f"no session {name} in `browserkit sessions`")

    def end(self) -> None:
        """Close every session; kill whatever is left; remove the folder."""
        with contextlib.suppress(Exception):
            self.run("close", "--all", timeout=60)
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        _until(lambda: not self.pids(), "the session processes to end")
        if self.folder.exists():
            self.folder.chmod(0o700)
            shutil.rmtree(self.folder)


@pytest.fixture
def shell(tmp_path: Path) -> Iterator[Shell]:
    sh = Shell(tmp_path)
    yield sh
    sh.end()
    assert not sh.folder.exists()


@pytest.fixture
def reachable(tmp_path: Path) -> Iterator[Path]:
    """A folder another user can pass through (0711, under /tmp), for the uid tests:
    ``tmp_path``'s own parents keep every other user out already."""
    top = Path(tempfile.mkdtemp(prefix="bk-cli-", dir="/tmp"))
    top.chmod(0o711)
    yield top
    shutil.rmtree(top)


def ref_of(outline: str, line: str) -> str:
    """The ref of the outline line that contains ``line``, as an agent reads it."""
    for text in outline.splitlines():
        if line in text:
            found = re.search(r"\[ref=(\w+)\]", text)
            if found:
                return found.group(1)
    pytest.fail(f"no line with {line!r} and a ref in:\n{outline}")


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # A zombie is gone too: it only waits for its parent to read its status.
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    return True


# ------------------------------------------------------------------ an agent's run


def test_an_agent_drives_a_real_page_through_the_command_line_only(
    shell: Shell, base_url: str
) -> None:
    page = shell.ok("open", f"{base_url}/basic.html")
    first = page.splitlines()[0]
    assert json.loads(first)["url"] == f"{base_url}/basic.html"  # metadata: one line of JSON
    assert 'button "Increment"' in page and "[ref=e" in page  # then the outline, plain lines

    outline = shell.ok("snapshot")
    assert 'heading "Basic page"' in outline
    increment = ref_of(outline, 'button "Increment"')

    clicked = shell.ok("click", increment)
    assert "clicked 1" in clicked  # the diff of what the click changed
    assert 'heading "Basic page"' not in clicked  # ... not the whole page again

    query = ref_of(outline, 'textbox "Query"')
    submitted = shell.ok("type", query, "tea", "--submit")
    meta = json.loads(submitted.splitlines()[0])
    assert meta["navigated"] is True and "basic_done.html?q=tea" in meta["url"]

    stale = shell.run("click", increment)  # a ref of the page before
    assert stale.returncode == 5, stale.stderr
    assert stale.stderr.startswith("error stale_ref: ")
    assert "\nhint: use the refs of the latest snapshot" in stale.stderr

    back = shell.ok("navigate", f"{base_url}/basic.html")
    assert json.loads(back.splitlines()[0])["status"] == 200
    again = ref_of(back, 'button "Increment"')
    shell.ok("click", again)
    assert "clicked 1" in shell.ok("find", "clicked")  # the new page, clicked once

    pid = shell.session_pid()
    assert shell.ok("close") == "closed default\n"
    _until(lambda: _gone(pid), "the session process to end")
    assert not (shell.folder / "default.sock").exists()
    assert shell.ok("sessions") == "no sessions\n"


def test_a_second_named_session_is_isolated_from_the_first(shell: Shell, base_url: str) -> None:
    shell.ok("open", f"{base_url}/basic.html", "-s", "one")
    shell.ok("open", f"{base_url}/basic.html", "-s", "two")
    shell.ok("evaluate", "localStorage.setItem('who', 'one'), document.cookie = 'c=1'", "-s", "one")
    assert json.loads(shell.ok("evaluate", "localStorage.getItem('who')", "-s", "one")) == {
        "value": "one"
    }
    assert json.loads(shell.ok("evaluate", "localStorage.getItem('who')", "-s", "two")) == {
        "value": None
    }
    assert json.loads(shell.ok("evaluate", "document.cookie", "--session", "two")) == {"value": ""}
    listed = shell.ok("sessions")
    assert re.search(r"^one  .*basic\.html  pid=\d+$", listed, re.MULTILINE)
    assert re.search(r"^two  .*basic\.html  pid=\d+$", listed, re.MULTILINE)
    assert shell.session_pid("one") != shell.session_pid("two")
    # BROWSERKIT_SESSION names the session when -s does not.
    shell.env["BROWSERKIT_SESSION"] = "two"
    assert json.loads(shell.ok("evaluate", "localStorage.getItem('who')")) == {"value": None}
    del shell.env["BROWSERKIT_SESSION"]
    assert shell.ok("close", "--all") == "closed one\nclosed two\n"


# ------------------------------------------------------------------ missing and stale


def test_a_command_on_a_session_that_does_not_exist_says_so_and_exits_3(shell: Shell) -> None:
    result = shell.run("snapshot", "-s", "ghost")
    assert result.returncode == 3
    assert result.stdout == ""
    assert result.stderr == (
        "error session_not_found: no session 'ghost' is open\n"
        "hint: run `browserkit open URL -s ghost` first; "
        "`browserkit sessions` lists the open ones\n"
    )
    closing = shell.run("close", "-s", "ghost")
    assert closing.returncode == 3 and "session_not_found" in closing.stderr
    typo = shell.run("snapshto")
    assert typo.returncode == 2
    assert typo.stderr.startswith("error invalid_argument: ") and "snapshto" in typo.stderr


def test_a_stale_socket_of_a_killed_session_is_detected_and_replaced(
    shell: Shell, base_url: str
) -> None:
    shell.ok("open", f"{base_url}/basic.html")
    pid = shell.session_pid()
    os.kill(pid, signal.SIGKILL)
    _until(lambda: _gone(pid), "the killed session process to end")
    sock = shell.folder / "default.sock"
    assert sock.exists()  # nobody removed it: the process was killed

    missing = shell.run("snapshot")
    assert missing.returncode == 3, missing.stderr
    assert "error session_not_found" in missing.stderr
    assert not sock.exists()  # a stale socket is removed once found

    shell.ok("open", f"{base_url}/basic.html")
    pid = shell.session_pid()
    os.kill(pid, signal.SIGKILL)
    _until(lambda: _gone(pid), "the second session process to end")
    assert sock.exists()
    page = shell.ok("open", f"{base_url}/basic.html")  # replaces the stale socket
    assert 'button "Increment"' in page
    assert shell.session_pid() != pid


# ------------------------------------------------------------------ one at a time


def test_two_commands_at_once_on_one_session_run_one_after_the_other(
    shell: Shell, base_url: str
) -> None:
    shell.ok("open", f"{base_url}/basic.html")
    slow = f"/slow?ms=1500&body=serial{os.getpid()}"
    first = shell.start("navigate", f"{base_url}{slow}")
    _until(lambda: slow in Handler.requests, "the slow navigation to reach the server")
    second = shell.start("evaluate", "location.href")
    out_first, err_first = first.communicate(timeout=120)
    out_second, err_second = second.communicate(timeout=120)
    assert first.returncode == 0, err_first
    assert second.returncode == 0, err_second
    assert json.loads(out_first.splitlines()[0])["status"] == 200
    # The evaluate waited for the navigation: it ran on the page the navigation loaded.
    assert json.loads(out_second) == {"value": f"{base_url}{slow}"}


# ------------------------------------------------------------------ ending


def test_an_idle_session_ends_by_itself_after_its_idle_time(shell: Shell, base_url: str) -> None:
    shell.ok("open", f"{base_url}/basic.html", "--idle-stop-ms", "2000")
    # (Not `sessions`: a slow machine may take the idle time to start that command.)
    _until(lambda: not shell.pids(), "the idle session to end", timeout_s=60)
    # It ended as a session ends, not killed: its socket is gone with it.
    assert not (shell.folder / "default.sock").exists()
    result = shell.run("snapshot")
    assert result.returncode == 3 and "session_not_found" in result.stderr


def test_ctrl_c_during_a_long_navigate_stops_that_command_not_the_session(
    shell: Shell, base_url: str
) -> None:
    shell.ok("open", f"{base_url}/basic.html")
    pid = shell.session_pid()
    slow = f"/slow?ms=10000&body=interrupt{os.getpid()}"
    command = shell.start("navigate", f"{base_url}{slow}")
    _until(lambda: slow in Handler.requests, "the slow navigation to reach the server")
    # A terminal's Ctrl-C: SIGINT to the whole foreground process group.
    os.killpg(command.pid, signal.SIGINT)
    out, err = command.communicate(timeout=60)
    assert command.returncode == 130, err
    assert err.startswith("error interrupted: ")
    assert "Traceback" not in err and out == ""
    # The session runs on and answers the next command. (The browser may still finish
    # the load it had started: Ctrl-C stops the command, as it would stop a script.)
    assert not _gone(pid)
    after = json.loads(shell.ok("snapshot").splitlines()[0])
    assert after["url"] in (f"{base_url}/basic.html", f"{base_url}{slow}")
    shell.ok("navigate", f"{base_url}/basic.html")
    assert json.loads(shell.ok("evaluate", "location.pathname")) == {"value": "/basic.html"}


def test_a_session_whose_browser_died_says_so_and_open_starts_it_again(
    shell: Shell, base_url: str
) -> None:
    shell.ok("open", f"{base_url}/basic.html")
    server = shell.session_pid()
    browsers = [
        pid
        for pid in map(int, filter(str.isdigit, os.listdir("/proc")))
        if _descends_from(pid, server) and b"chrom" in _cmdline(pid)
    ]
    assert browsers, "no browser under the session process"
    for pid in browsers:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    result = _until(
        lambda: (r := shell.run("snapshot")).returncode != 0 and r,
        "a command to see the dead browser",
    )
    assert isinstance(result, subprocess.CompletedProcess)
    assert result.returncode == 4, result.stderr
    assert "error browser_crashed" in result.stderr or "error session_closed" in result.stderr
    assert "hint: run `browserkit open`" in result.stderr
    page = shell.ok("open", f"{base_url}/basic.html")
    assert 'button "Increment"' in page
    assert shell.session_pid() == server  # the same process, a new browser


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _descends_from(pid: int, ancestor: int) -> bool:
    while pid > 1:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return False
        pid = int(stat.rsplit(")", 1)[1].split()[1])
        if pid == ancestor:
            return True
    return False


# ------------------------------------------------------------------ the private folder


def test_a_sessions_folder_open_to_others_or_owned_by_another_user_is_refused(
    shell: Shell, base_url: str
) -> None:
    shell.folder.mkdir(mode=0o755)
    shell.folder.chmod(0o755)
    result = shell.run("open", f"{base_url}/basic.html")
    assert result.returncode == 11, result.stderr
    assert "error folder_not_private: " in result.stderr and "0755" in result.stderr
    assert "hint: chmod 700" in result.stderr
    assert not shell.pids()

    shell.folder.chmod(0o700)
    os.chown(shell.folder, NOBODY, NOBODY)
    result = shell.run("open", f"{base_url}/basic.html")
    assert result.returncode == 11, result.stderr
    assert f"belongs to uid {NOBODY}, not to you" in result.stderr
    os.chown(shell.folder, os.getuid(), os.getgid())

    (shell.folder / "default.sock").symlink_to(shell.cwd / "elsewhere.sock")
    result = shell.run("open", f"{base_url}/basic.html")
    assert result.returncode == 11, result.stderr
    assert "is a symlink" in result.stderr
    (shell.folder / "default.sock").unlink()


def test_a_new_sessions_folder_and_socket_are_private(shell: Shell, base_url: str) -> None:
    shell.ok("open", f"{base_url}/basic.html")
    folder = os.lstat(shell.folder)
    assert folder.st_mode & 0o777 == 0o700 and folder.st_uid == os.getuid()
    sock = os.lstat(shell.folder / "default.sock")
    assert sock.st_mode & 0o777 == 0o600 and sock.st_uid == os.getuid()


def _as_nobody(action: object) -> int:
    """Run ``action()`` in a forked child as uid 65534; the child's exit status.

    ``action`` returns the child's exit status: 0 for what the test expects.
    """
    assert callable(action)
    child = os.fork()
    if child == 0:  # pragma: no cover (the child)
        code = 99
        try:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            code = action()
        finally:
            os._exit(code)
    _, status = os.waitpid(child, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to become another user")
def test_another_users_process_cannot_reach_a_session(
    tmp_path: Path, reachable: Path, base_url: str
) -> None:
    shell = Shell(tmp_path, reachable / "run")
    try:
        _another_user_is_refused(shell, base_url)
    finally:
        shell.end()
    assert not shell.folder.exists()


def _another_user_is_refused(shell: Shell, base_url: str) -> None:
    shell.ok("open", f"{base_url}/basic.html")
    path = str(shell.folder / "default.sock")

    def connect_refused() -> int:
        conn = socket.socket(socket.AF_UNIX)
        try:
            conn.connect(path)
        except PermissionError:
            return 0  # the folder (0700) keeps another user out
        return 1

    assert _as_nobody(connect_refused) == 0

    # Even when the folder and the socket let them in, the session asks the kernel who
    # connected (SO_PEERCRED) and closes on another uid without an answer.
    shell.folder.chmod(0o711)
    os.chmod(path, 0o666)
    request = json.dumps({"argv": ["evaluate", "document.title"], "cwd": "/"}).encode() + b"\n"

    def refused_by_the_server() -> int:
        conn = socket.socket(socket.AF_UNIX)
        conn.settimeout(30)
        conn.connect(path)
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            conn.sendall(request)
        try:
            answer = conn.recv(1 << 16)
        except ConnectionResetError:
            answer = b""
        return 0 if answer == b"" else 1

    assert _as_nobody(refused_by_the_server) == 0
    shell.folder.chmod(0o700)
    assert json.loads(shell.ok("evaluate", "document.title")) == {"value": "Basic"}


@pytest.mark.every_python
def test_the_peer_check_names_the_connecting_uid_and_allows_only_the_owner(
    reachable: Path,
) -> None:
    path = str(reachable / "peer.sock")
    listener = socket.socket(socket.AF_UNIX)
    listener.settimeout(30)
    listener.bind(path)
    os.chmod(path, 0o666)
    listener.listen(1)
    with listener:
        mine = socket.socket(socket.AF_UNIX)
        mine.connect(path)
        conn, _ = listener.accept()
        with mine, conn:
            assert _folder.peer_uid(conn) == os.getuid()
            assert _folder.allowed_peer(_folder.peer_uid(conn), os.getuid())
        if os.geteuid() == 0:

            def connect() -> int:
                peer = socket.socket(socket.AF_UNIX)
                peer.settimeout(30)
                peer.connect(path)
                peer.recv(1)  # until the parent closes
                return 0

            child = os.fork()
            if child == 0:  # pragma: no cover (the child)
                code = 99
                try:
                    os.setgroups([])
                    os.setgid(NOBODY)
                    os.setuid(NOBODY)
                    code = connect()
                finally:
                    os._exit(code)
            conn, _ = listener.accept()
            with conn:
                assert _folder.peer_uid(conn) == NOBODY
                assert not _folder.allowed_peer(_folder.peer_uid(conn), os.getuid())
            os.waitpid(child, 0)


# ------------------------------------------------------------------ the skill file

# Examples that cannot succeed on the demo shop (it has no select, checkbox or file
# input, no dialog, download or person watching, no Chrome to attach to): each must still
# parse and fail with the status of its error class, never a bug.
_EXPECTED_FAILURES = {
    "select": 5,  # e20, e21, e22: no such ref on the shop
    "check": 5,
    "uncheck": 5,
    "upload": 5,
    "dialog-accept": 2,  # no dialog is open
    "dialog-dismiss": 2,
    "download-save": 6,  # no such download
    "chrome-tabs": 10,  # a session may attach only when started to
    "pick": 8,  # nobody watches the live view
}


def _canonical(outline: str) -> dict[str, str]:
    """Each ref of an outline, by the text of its line without the ref."""
    out = {}
    for line in outline.splitlines():
        found = re.search(r" ?\[ref=(\w+)\]", line)
        if found:
            out[found.group(1)] = line.replace(found.group(0), "").strip()
    return out


def _remapped(argv: list[str], then: dict[str, str], now: dict[str, str]) -> list[str]:
    """``argv`` with each ref of outline ``then`` replaced by the ref its line has in ``now``."""
    by_line = {line: ref for ref, line in now.items()}
    return [re.sub(r"\be\d+\b", lambda m: by_line.get(then.get(m[0], ""), m[0]), a) for a in argv]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_skill_file_names_every_command_and_every_example_in_it_runs(
    shell: Shell, tmp_path: Path
) -> None:
    from browserkit import tools
    from browserkit._demo.run import serve_site
    from browserkit.cli._commands import OWN, commands
    from browserkit.cli._skill import examples, skill

    text = shell.ok("skill")
    assert text == skill()
    front, body = text.split("---\n")[1:3]
    assert front.startswith("name: browserkit\ndescription: ")
    for heading in ("## Quick start", "## Commands", "## Reading the answers"):
        assert heading in body
    for word in ("Refs.", "Diffs.", "Folds.", "Errors"):
        assert f"**{word}" in body
    given = examples(text)
    for command in commands():
        assert command.example in given, command.name
        assert command.example.split()[1] == command.name
    for own in ("open", "sessions", "close"):
        assert any(e.split()[1] == own for e in given), own
    covered = {c.tool.name for c in commands()} | set(OWN)
    assert covered == set(tools.REGISTRY)  # every tool is a command

    installed = shell.ok("skill", "--install", str(tmp_path / "skills"))
    assert Path(installed.strip()).read_text() == text

    (tmp_path / "report.pdf").write_bytes(b"%PDF-1.4\n")
    with serve_site() as base:
        first = shell.ok("open", f"{base}/")
        canonical = _canonical(first)
        statuses: dict[str, int] = {}
        last = [e for e in given if e.split()[1] == "close"]
        for example in [e for e in given if e not in last] + last[:1]:
            argv = shlex.split(example.replace("http://127.0.0.1:8000", base))[1:]
            refs = {r for a in argv for r in re.findall(r"\be\d+\b", a)} & set(canonical)
            if refs:
                # The example's refs are the shop's on its first load: the same elements'
                # refs now, on the shop loaded again (refs are never reused in a tab).
                current = _canonical(shell.ok("navigate", f"{base}/"))
                argv = _remapped(argv, canonical, current)
            if argv[0] == "replay":
                exported = shell.ok("script-export", "--kind", "json").split("\n", 1)[1]
                argv = ["replay", exported]
            result = shell.run(*argv)
            statuses[argv[0]] = result.returncode
            assert result.returncode not in (1, 2) or argv[0] in _EXPECTED_FAILURES, (
                example,
                result.stderr,
            )
            assert "Traceback" not in result.stderr, example
        failed = {name: status for name, status in statuses.items() if status != 0}
        assert failed == _EXPECTED_FAILURES


# ------------------------------------------------------------------ options at open


def test_secrets_typed_by_name_never_show_in_any_output_or_file(
    shell: Shell, base_url: str, tmp_path: Path
) -> None:
    value = f"s3cret-{os.getpid()}-value"
    secrets = tmp_path / "secrets.env"
    secrets.write_text(f"SITE_PW={value}\n")
    page = shell.ok("open", f"{base_url}/basic.html", "--secrets", str(secrets))
    name = ref_of(page, 'textbox "Name"')
    typed = shell.run("type", name, "--secret", "SITE_PW")
    assert typed.returncode == 0, typed.stderr
    read = shell.run("evaluate", "document.getElementById('name').value")
    shown = shell.run("snapshot")
    listed = shell.run("sessions")
    for result in (typed, read, shown, listed):
        assert value not in result.stdout + result.stderr
    assert json.loads(read.stdout) == {"value": "<secret:SITE_PW>"}
    for path in shell.folder.rglob("*"):
        if path.is_file():
            assert value.encode() not in path.read_bytes(), path
    pid = shell.session_pid()
    assert value.encode() not in Path(f"/proc/{pid}/cmdline").read_bytes()


def test_a_read_only_session_refuses_actions_and_a_later_open_cannot_change_it(
    shell: Shell, base_url: str
) -> None:
    page = shell.ok("open", f"{base_url}/basic.html", "--read-only", "-s", "look")
    assert json.loads(page.splitlines()[0])["url"] == f"{base_url}/basic.html"
    refused = shell.run("click", ref_of(page, 'button "Increment"'), "-s", "look")
    assert refused.returncode == 10, refused.stderr
    assert refused.stderr.startswith("error read_only: ")
    again = shell.run("open", "-s", "look", "--no-read-only")
    assert again.returncode == 2, again.stderr
    assert "start options apply when a session starts" in again.stderr
    assert "browserkit close -s look" in again.stderr
    # The same options, or none: the session is reused, and shows its page.
    assert 'button "Increment"' in shell.ok("open", "-s", "look", "--read-only")


@pytest.mark.every_python
def test_every_session_command_has_help_from_its_tool_and_an_example() -> None:
    from browserkit.__main__ import build_parser
    from browserkit.cli._commands import commands

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    choices = sub.choices  # type: ignore[attr-defined]
    for command in commands():
        text = choices[command.name].format_help()
        assert text.startswith(f"usage: {parser.prog} {command.name}"), command.name
        assert command.example in text, command.name
        for field in command.fields:
            if field.name not in command.spec.positionals:
                flag = "--tab" if field.name == "tab_id" else "--" + field.name.replace("_", "-")
                assert flag in text, (command.name, flag)


def test_attach_drives_a_running_chrome_and_close_hands_the_adopted_tab_back(
    shell: Shell, base_url: str
) -> None:
    from tests.chrome import debugging_chromium

    with debugging_chromium(f"{base_url}/basic.html") as port:
        cdp = f"http://127.0.0.1:{port}"
        listed = shell.run("chrome-tabs", cdp)
        assert listed.returncode == 3  # a session command: there is no session yet
        page = shell.ok("attach", cdp, "--adopt-url-substring", "basic.html", "-s", "mine")
        assert json.loads(page.splitlines()[0])["url"] == f"{base_url}/basic.html"
        outline = shell.ok("snapshot", "-s", "mine")
        assert "clicked 1" in shell.ok("click", ref_of(outline, 'button "Increment"'), "-s", "mine")
        tabs = json.loads(shell.ok("chrome-tabs", cdp, "-s", "mine"))["tabs"]
        assert any(t["adopted"] and "basic.html" in t["url"] for t in tabs)
        assert shell.ok("close", "-s", "mine") == "closed mine\n"


@pytest.mark.every_python
def test_each_error_class_has_one_exit_status_and_the_docs_list_them_all() -> None:
    from browserkit.cli import _client, _output

    statuses = [c.status for c in _output.CLASSES]
    assert len(set(statuses)) == len(statuses) and 0 not in statuses
    codes = [code for c in _output.CLASSES for code in c.codes]
    assert len(set(codes)) == len(codes)  # a code is in one class only
    # The statuses the client gives itself, before any session answers.
    assert _output.STATUS["session_not_found"] == _client._NO_SESSION
    assert _output.STATUS["session_closed"] == _client._GONE
    assert _output.STATUS["folder_not_private"] == _client._ENVIRONMENT
    assert _client._INTERRUPTED == _output.INTERRUPTED
    # Every error code browserkit has is in a class, and docs/terminal.md lists each.
    from browserkit import errors

    known = {
        cls.code
        for cls in vars(errors).values()
        if isinstance(cls, type) and issubclass(cls, errors.BrowserkitError)
    } - {"error"}
    assert known <= set(codes), known - set(codes)
    page = (ROOT / "docs" / "terminal.md").read_text()
    for c in _output.CLASSES:
        row = next(line for line in page.splitlines() if line.startswith(f"| {c.status} |"))
        for code in c.codes:
            assert code in row or code == "interrupted", (c.status, code)
