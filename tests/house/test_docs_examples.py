"""Every ```python block of the README and the docs runs as written, against the demo site.

The collector reads each fenced ``python`` block of README.md and docs/*.md.
The blocks of one page run in order in one fresh Python process, sharing one
namespace, the way a reader pastes them into one script; each is bounded in
time and its stdout is captured. Only two strings of a block are changed
before it runs: ``127.0.0.1:8000`` becomes the demo site this module serves
(``python -m browserkit demo --serve`` serves the same site there), and
``127.0.0.1:9222`` the DevTools port of a Chromium started here for the
attach example.

Refs drift when a page changes, so a block is also held to what it shows:
an outline line quoted in a comment (``# - button "Add kettle" [ref=e13]``)
must be in the block's output, and a ref written as a literal (``"e13"``)
must be quoted in such a comment. A block not meant to run has no place in
these pages: every block runs.

``python -m tests.house.test_docs_examples BLOCKS RESULTS`` is the child process:
it runs the blocks listed in the JSON file BLOCKS and writes what each did
to RESULTS.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
import signal
import subprocess
import sys
import time
import tokenize
import traceback
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from browserkit._demo.run import serve_site
from tests.chrome import debugging_chromium

# One pytest-xdist worker runs them all, so each page runs once.

ROOT = Path(__file__).resolve().parents[2]

# How many blocks each page has: a block added or lost must be a decision.
EXPECTED_BLOCKS = {
    "README.md": 2,
    "docs/agents.md": 2,
    "docs/concepts.md": 7,
    "docs/extras.md": 8,
    "docs/integrations.md": 5,
    "docs/network.md": 7,
    "docs/people.md": 9,
    "docs/quickstart.md": 3,
    "docs/remote.md": 5,
    "docs/scripts.md": 1,
    "docs/security.md": 1,
    "docs/state.md": 10,
}
DEMO_HOST = "127.0.0.1:8000"
CHROME_HOST = "127.0.0.1:9222"
BLOCK_TIMEOUT_S = 90

# A fence opens with ``` or ~~~ (any indentation, as in a list item) and is
# closed by the same run of characters, at least as long.
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)")
# An outline line as a comment quotes it: role "name" [attributes] [ref=...].
_OUTLINE_LINE = re.compile(r'[a-z]+ "[^"\n]*"(?: \[[^\]\n]*\])*? \[ref=[a-z0-9]+\]')
_REF_LITERAL = re.compile(r"(?:f\d+)?e\d+")


@attrs.frozen(repr=False)
class Block:
    """One ```python block: its page, its place there, and its source."""

    page: str
    index: int  # 1-based, in page order
    line: int  # the line of the block's first source line in the page
    source: str

    @property
    def id(self) -> str:
        return f"{self.page}#{self.index}"

    def __repr__(self) -> str:  # pytest prints it on failure; the source would bury the error
        return f"<block {self.id} at line {self.line}>"


def collect(page: str) -> list[Block]:
    """The ```python blocks of ``page`` (relative to the repository root), in order."""
    blocks: list[Block] = []
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        indent, fence = opening["indent"], opening["fence"]
        body: list[str] = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i].removeprefix(indent))
            i += 1
        if opening["info"] == "python":
            start = i - len(body) + 1  # 1-based line of the first body line
            blocks.append(Block(page, len(blocks) + 1, start, "\n".join(body) + "\n"))
        i += 1  # past the closing fence
    return blocks


def pages() -> list[str]:
    """README.md and every page under docs/, as paths relative to the repository root."""
    docs = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))
    return ["README.md", *docs]


BLOCKS = [block for page in pages() for block in collect(page)]


def substitute(source: str, hosts: dict[str, str]) -> str:
    """``source`` with each documented host:port replaced by the one serving it here."""
    for documented, actual in hosts.items():
        # Not inside a longer port: 127.0.0.1:80001 is no demo site.
        source = re.sub(re.escape(documented) + r"(?!\d)", actual, source)
    return source


def _comments_and_strings(source: str) -> tuple[list[str], list[str]]:
    comments: list[str] = []
    strings: list[str] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comments.append(token.string)
        elif token.type == tokenize.STRING:
            strings.append(token.string)
    return comments, strings


def quoted_outline_lines(source: str) -> list[str]:
    """The outline lines with a ref that the block's comments quote."""
    comments, _ = _comments_and_strings(source)
    return [m for comment in comments for m in _OUTLINE_LINE.findall(comment)]


def ref_literals(source: str) -> list[str]:
    """The refs the block's code names as string literals (``"e13"``, ``'f2e3'``)."""
    _, strings = _comments_and_strings(source)
    refs = []
    for literal in strings:
        try:
            value = ast.literal_eval(literal)
        except ValueError:  # an f-string: not a plain ref
            continue
        if isinstance(value, str) and _REF_LITERAL.fullmatch(value):
            refs.append(value)
    return refs


# ------------------------------------------------------------------ the child process


class BlockTimeoutError(Exception):
    """Raised in a block that ran past its time."""


def _on_alarm(_signum: int, _frame: object) -> None:
    raise BlockTimeoutError(f"the block did not finish within {BLOCK_TIMEOUT_S} s")


def _alarm(seconds: int) -> None:
    if hasattr(signal, "SIGALRM"):
        signal.alarm(seconds)


def run_blocks(blocks: list[dict[str, Any]], results_path: Path) -> None:
    """Run ``blocks`` in order in one namespace; write each one's outcome to ``results_path``.

    A block is compiled under its page's path, its lines numbered as in the
    page, so a traceback points at the page line. After a failure the
    remaining blocks are not run: they would fail for the same reason.
    """
    namespace: dict[str, Any] = {"__name__": "__main__"}
    results: list[dict[str, Any]] = []
    failed = False
    if hasattr(signal, "SIGALRM"):  # elsewhere only the parent's timeout bounds the page
        signal.signal(signal.SIGALRM, _on_alarm)
    for block in blocks:
        if failed:
            results.append({"status": "not run", "stdout": "", "error": "an earlier block failed"})
        else:
            results.append(_run_block(block, namespace))
            failed = results[-1]["status"] != "ok"
        # Written after each block: a child stuck at exit still reports.
        results_path.write_text(json.dumps(results), encoding="utf-8")


def _run_block(block: dict[str, Any], namespace: dict[str, Any]) -> dict[str, Any]:
    out = io.StringIO()
    started = time.monotonic()
    status, error = "ok", ""
    _alarm(BLOCK_TIMEOUT_S)
    try:
        code = compile("\n" * (block["line"] - 1) + block["source"], block["page"], "exec")
        with contextlib.redirect_stdout(out):
            exec(code, namespace)
    except BaseException as exc:  # a SystemExit or KeyboardInterrupt in a block fails it too
        # From the block's own frame down: this function's frame says nothing.
        tb = exc.__traceback__.tb_next if exc.__traceback__ else None
        status, error = "failed", "".join(traceback.format_exception(type(exc), exc, tb))
    finally:
        _alarm(0)
    seconds = round(time.monotonic() - started, 1)
    return {"status": status, "stdout": out.getvalue(), "error": error, "seconds": seconds}


def _child_main(argv: list[str]) -> int:
    blocks = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    run_blocks(blocks, Path(argv[1]))
    return 0


# ------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def demo_url() -> Iterator[str]:
    """The demo site, as ``python -m browserkit demo --serve`` serves it, on a free port."""
    with serve_site() as base:
        yield base


@pytest.fixture(scope="module")
def debug_chrome(demo_url: str) -> Iterator[str]:
    """host:port of a Chromium started with a DevTools port, showing the demo's About page."""
    with debugging_chromium(f"{demo_url}/about.html") as port:
        yield f"127.0.0.1:{port}"


@pytest.fixture(scope="module")
def page_results(
    request: pytest.FixtureRequest, demo_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Callable[[str], list[dict[str, Any]]]:
    """``results(page)``: what each block of ``page`` did, running the page once."""
    done: dict[str, list[dict[str, Any]]] = {}

    def results(page: str) -> list[dict[str, Any]]:
        if page not in done:
            blocks = [b for b in BLOCKS if b.page == page]
            hosts = {DEMO_HOST: demo_url.removeprefix("http://")}
            if any(CHROME_HOST in b.source for b in blocks):
                hosts[CHROME_HOST] = request.getfixturevalue("debug_chrome")
            done[page] = _run_page(blocks, hosts, tmp_path_factory.mktemp("docs"))
        return done[page]

    return results


def _run_page(blocks: list[Block], hosts: dict[str, str], folder: Path) -> list[dict[str, Any]]:
    listing = [
        {"page": b.page, "line": b.line, "source": substitute(b.source, hosts)} for b in blocks
    ]
    blocks_path, results_path = folder / "blocks.json", folder / "results.json"
    blocks_path.write_text(json.dumps(listing), encoding="utf-8")
    command = [sys.executable, "-m", "tests.house.test_docs_examples", str(blocks_path)]
    try:
        child = subprocess.run(
            [*command, str(results_path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=BLOCK_TIMEOUT_S * len(blocks) + 30,
        )
        output = child.stdout + child.stderr
    except subprocess.TimeoutExpired as exc:  # stuck after its blocks: still read them
        output = f"(the child process was killed at its timeout)\n{exc.stderr or ''}"
    results: list[dict[str, Any]] = (
        json.loads(results_path.read_text(encoding="utf-8")) if results_path.exists() else []
    )
    # Each block ran, or says why not: none is silently left out.
    missing = {"status": "not run", "stdout": "", "error": "no report from the child process"}
    results += [missing] * (len(blocks) - len(results))
    return [{**result, "process_output": output[-3000:]} for result in results]


# ------------------------------------------------------------------ tests


def test_every_page_has_the_blocks_it_is_known_to_have() -> None:
    counts = {page: n for page in pages() if (n := len(collect(page)))}
    assert counts == EXPECTED_BLOCKS, "a ```python block was added or removed: update the count"


# One test per page: its blocks run in order in one process, so a page is run
# once whichever worker takes it.
@pytest.mark.timeout(BLOCK_TIMEOUT_S * max(EXPECTED_BLOCKS.values()) + 60)
@pytest.mark.parametrize("page", sorted(EXPECTED_BLOCKS))
def test_every_example_of_a_page_runs_as_written(
    page: str, page_results: Callable[[str], list[dict[str, Any]]]
) -> None:
    blocks = [b for b in BLOCKS if b.page == page]
    for block, result in zip(blocks, page_results(page), strict=True):
        _check(block, result)


def _check(block: Block, result: dict[str, Any]) -> None:
    where = f"{block.page}, block {block.index} at line {block.line}"
    assert result["status"] == "ok", (
        f"{where} {result['status']}:\n{result['error']}\n"
        f"printed:\n{result['stdout']}\nprocess output:\n{result['process_output']}"
    )
    for line in quoted_outline_lines(block.source):
        assert line in result["stdout"], (
            f"{where} quotes `{line}` in a comment, but its output does not show it "
            f"(the page changed?):\n{result['stdout']}"
        )
    quoted = " ".join(quoted_outline_lines(block.source))
    for ref in ref_literals(block.source):
        assert f"[ref={ref}]" in quoted, (
            f'{where} uses the ref "{ref}" without a comment quoting its outline line '
            f'(such as `# - button "Add kettle" [ref={ref}]`), so drift would go unseen'
        )


def test_a_quoted_outline_line_and_a_literal_ref_are_found() -> None:
    source = 's.click("e13")  # - button "Add kettle" [ref=e13]\nprint("see e2e")\n'
    assert quoted_outline_lines(source) == ['button "Add kettle" [ref=e13]']
    assert ref_literals(source) == ["e13"]


def test_only_the_documented_hosts_are_substituted() -> None:
    source = 'a = "http://127.0.0.1:8000/x"  # 127.0.0.1:9222, not 127.0.0.1:80001 or :8000\n'
    hosts = {DEMO_HOST: "127.0.0.1:5555", CHROME_HOST: "127.0.0.1:6666"}
    expected = 'a = "http://127.0.0.1:5555/x"  # 127.0.0.1:6666, not 127.0.0.1:80001 or :8000\n'
    assert substitute(source, hosts) == expected


# ------------------------------------------------------------------ demo --serve


@pytest.mark.every_python
def test_demo_serve_serves_the_site_until_ctrl_c() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "browserkit", "demo", "--serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        match = re.fullmatch(r"serving the demo site on (http://127\.0\.0\.1:\d+/) \(.*\)\n", first)
        assert match, first
        for path in ("", "account.html", "checkout.html", "results.html", "results.json"):
            with urllib.request.urlopen(match[1] + path, timeout=5) as answer:
                assert answer.status == 200, path
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=10) == 0
        assert proc.stderr is not None and proc.stderr.read() == ""  # no traceback
    finally:
        proc.kill()
        proc.wait(timeout=10)


@pytest.mark.every_python
def test_demo_serve_says_when_the_port_is_taken(demo_url: str) -> None:
    port = demo_url.rsplit(":", 1)[1]
    result = subprocess.run(
        [sys.executable, "-m", "browserkit", "demo", "--serve", "--port", port],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=ROOT,
    )
    assert result.returncode == 1
    assert f"cannot serve on 127.0.0.1:{port}" in result.stderr
    assert "--port" in result.stderr


if __name__ == "__main__":
    sys.exit(_child_main(sys.argv[1:]))
