"""``python -m browserkit demo``: serve the built-in shop and drive it like an agent would.

``python -m browserkit demo --serve`` only serves the site (on port 8000 by
default), for the examples in the README and the docs to run against.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
import threading
import time
from collections.abc import Iterator
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any, TextIO

__all__ = ["DEFAULT_PORT", "run_demo", "serve_directory", "serve_site", "serve_until_interrupted"]

DEFAULT_PORT = 8000
"""Where ``demo --serve`` listens: the ``http://127.0.0.1:8000/`` of the docs' examples."""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve_directory(directory: Path, port: int = 0) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1:``port`` (0: a free one) and yield its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, name="browserkit-demo", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def serve_site(port: int = 0) -> Iterator[str]:
    """Serve the demo site on 127.0.0.1:``port`` (0: a free one) and yield its base URL.

    Besides the shop (``/``) it has the pages the documentation's examples
    use: ``/account.html`` (a form, a table of orders, a checkout iframe) and
    ``/results.html`` (results that load ten more at a time and log an error).
    """
    with (
        as_file(files("browserkit._demo") / "site") as folder,
        serve_directory(Path(folder), port) as base,
    ):
        yield base


def serve_until_interrupted(port: int, out: TextIO) -> int:
    """Serve the demo site on 127.0.0.1:``port`` until Ctrl-C; 0 then, 1 if it cannot listen."""
    with contextlib.ExitStack() as stack:
        try:
            base = stack.enter_context(serve_site(port))
        except OSError as exc:  # the port is taken, or not ours to bind
            print(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}", file=sys.stderr)
            print("hint: pass --port with another port (0 picks a free one)", file=sys.stderr)
            return 1
        print(f"serving the demo site on {base}/ (Ctrl-C to stop)", file=out, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            return 0


def run_demo(out: TextIO) -> int:
    """Start a session on the demo shop, act on it, print what an agent sees; 0 on success."""
    import browserkit as bk

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    started = time.monotonic()
    with serve_site() as base, bk.Browser() as browser:
        say(f"$ browser.start(url={base + '/index.html'!r})")
        s = browser.start(url=f"{base}/index.html")
        snap = s.snapshot()
        say(f"$ s.snapshot()   # generation {snap.generation}, {snap.refs} refs")
        say(snap.tree)
        add = _ref_for(snap.tree, 'button "Add kettle"')
        say(f"\n$ s.click({add!r})   # only what changed comes back")
        say(str(s.click(add)))
        box = _ref_for(snap.tree, "textbox")
        say(f"\n$ s.type({box!r}, 'kettle', submit=True)")
        result = s.type(box, "kettle", submit=True)
        say(str(result))
        say("\n$ s.snapshot()")
        say(s.snapshot().tree)
        say("\n$ s.click(" + repr(add) + ")   # a ref from the old page")
        try:
            s.click(add)
        except bk.BrowserkitError as exc:
            say(f"{type(exc).__name__} [{exc.code}]: {exc.message}\n  hint: {exc.hint}")
        say(f"\n$ s.navigate({base + '/about.html'!r})")
        say(repr(s.navigate(f"{base}/about.html")))
        s.stop()
    say(f"\ndemo finished in {time.monotonic() - started:.1f} s")
    return 0


def _ref_for(tree: str, needle: str) -> str:
    for line in tree.splitlines():
        if needle in line and "[ref=" in line:
            return line.split("[ref=", 1)[1].split("]", 1)[0]
    raise LookupError(f"no {needle!r} with a ref in the outline")
