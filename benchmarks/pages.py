"""Generated test pages served on 127.0.0.1 for the side-by-side benchmark.

Every page is static HTML with a little inline script; only the slow page talks
to the server again (``/slow?ms=300``). The server runs in a daemon thread and
is stopped by :meth:`PageServer.close` (or the ``with`` block).

Pages (each has one button the benchmark clicks, named in :data:`BUTTONS`):

- ``/shop``: 300 items, each a name, a price and an "Add to cart" button that
  changes its own text, plus a cart status line; no network on click.
- ``/list?n=5000``: a long list; "Rename item" changes the text of one item.
- ``/form``: a few fields and a submit button that writes a result line
  without navigating.
- ``/slowpage``: "Load data" fetches ``/slow?ms=300`` and then writes the answer.
- ``/frames``: two same-origin iframes; a button inside the first one changes
  a line inside that frame.
- ``/table?rows=2000``: an admin-style users table (toolbar, caption, header
  row, eight columns per row: a select checkbox, id, a name link, email, role,
  status, last login and an "Edit" button, then a pager line). Only the
  reading section uses it (see :data:`READING_PAGES`); it has no click step.
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from urllib.parse import parse_qs, urlparse

__all__ = ["BUTTONS", "CHANGE_TEXT", "HEAVY_PAGES", "PAGES", "READING_PAGES", "PageServer"]

PAGES: dict[str, str] = {
    "shop": "/shop",
    "form": "/form",
    "slow": "/slowpage",
    "frames": "/frames",
    "list5k": "/list?n=5000",
}
"""Benchmark page key → path on the server, in the order the benchmark visits them."""

READING_PAGES: dict[str, str] = {
    "list5k": PAGES["list5k"],
    "table2k": "/table?rows=2000",
    "shop": PAGES["shop"],
}
"""Long pages the reading section compares scan(), the outline and MCP's snapshot on."""

HEAVY_PAGES = frozenset({"list5k"})
"""Pages slow enough that the benchmark repeats their steps fewer times."""

BUTTONS: dict[str, str] = {
    "shop": "Add to cart",
    "list5k": "Rename item",
    "form": "Send",
    "slow": "Load data",
    "frames": "Toggle A",
}
"""Benchmark page key → accessible name of the button each click step presses."""

CHANGE_TEXT: dict[str, str] = {
    "shop": "Cart: 1 item",
    "form": "Thanks, Ada",
    "slow": "Loaded:",
    "frames": "State A: on",
    "list5k": "(renamed)",
}
"""Text that appears once the click's effect is on the page (``frames``: inside frame A)."""

NO_CHANGE_PAGE, NO_CHANGE_BUTTON = "form", "Do nothing"
"""A button with no handler: its click shows how long an action waits when nothing happens."""

MAX_SLOW_MS = 5_000
SLOW_FETCH_MS = 300
"""How long the slow page's server holds the fetch its button starts."""

_HEAD = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head><body>'
)


def _page(title: str, body: str) -> str:
    return _HEAD.format(title=html.escape(title)) + body + "</body></html>"


def shop_page(items: int = 300) -> str:
    """A shop with ``items`` products; the first "Add to cart" is what gets clicked."""
    rows = "".join(
        f"<li><span>Product {i}</span> <span>${(i * 37) % 200 + 0.99:.2f}</span> "
        f'<button type="button" onclick="add(this)">Add to cart</button></li>'
        for i in range(1, items + 1)
    )
    script = (
        "<script>let n=0;function add(b){n+=1;b.textContent='Added';"
        "document.getElementById('cart').textContent='Cart: '+n+' item(s)';}</script>"
    )
    body = (
        '<header><h1>Shop</h1><p id="cart">Cart: empty</p></header>'
        f'<main><ul aria-label="Products">{rows}</ul></main>{script}'
    )
    return _page("Shop", body)


def list_page(n: int) -> str:
    """A list of ``n`` items; "Rename item" changes the text of the middle one."""
    n = max(1, min(n, 50_000))
    rows = "".join(f"<li>Entry number {i}</li>" for i in range(1, n + 1))
    mid = n // 2
    script = (
        "<script>function rename(){"
        f"const li=document.querySelectorAll('li')[{mid - 1 if n > 1 else 0}];"
        "li.textContent=li.textContent+' (renamed)';}</script>"
    )
    body = (
        f"<h1>List of {n}</h1>"
        '<button type="button" onclick="rename()">Rename item</button>'
        f'<ul aria-label="Entries">{rows}</ul>{script}'
    )
    return _page(f"List {n}", body)


_FIRST = ("Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia", "Linus")
_LAST = ("Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson")
_ROLES = ("Admin", "Editor", "Viewer", "Billing", "Support")
_STATUSES = ("Active", "Active", "Active", "Invited", "Suspended")


def table_page(rows: int = 2000) -> str:
    """An admin users table with ``rows`` rows of eight cells each, values deterministic."""
    rows = max(1, min(rows, 20_000))
    body_rows = []
    for i in range(1, rows + 1):
        first, last = _FIRST[i % len(_FIRST)], _LAST[(i * 7) % len(_LAST)]
        login = (
            f"2025-{i % 12 + 1:02d}-{(i * 7) % 28 + 1:02d} {(i * 13) % 24:02d}:{(i * 37) % 60:02d}"
        )
        body_rows.append(
            f'<tr><td><input type="checkbox" aria-label="Select user {i}"></td>'
            f"<td>{i}</td>"
            f'<td><a href="/users/{i}">{first} {last}</a></td>'
            f"<td>{first.lower()}.{last.lower()}{i}@example.org</td>"
            f"<td>{_ROLES[(i * 3) % len(_ROLES)]}</td>"
            f'<td><span class="badge">{_STATUSES[(i * 11) % len(_STATUSES)]}</span></td>'
            f"<td>{login}</td>"
            f'<td><button type="button">Edit</button></td></tr>'
        )
    head = "".join(
        f'<th scope="col">{h}</th>'
        for h in ("Select", "ID", "Name", "Email", "Role", "Status", "Last login", "Actions")
    )
    body = (
        '<header><h1>Users</h1><nav aria-label="Admin"><a href="/shop">Shop</a> '
        '<a href="/form">Settings</a></nav></header>'
        '<main><div role="toolbar" aria-label="User actions">'
        '<label>Search <input type="search" name="q" placeholder="Name or email"></label> '
        '<label>Role <select name="role"><option>All</option>'
        + "".join(f"<option>{r}</option>" for r in _ROLES)
        + '</select></label> <button type="button">Invite user</button> '
        '<button type="button">Export CSV</button></div>'
        f"<table><caption>{rows} users</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body_rows)}</tbody></table>"
        f"<p>Showing 1–{rows} of {rows} users</p></main>"
    )
    return _page("Users · Admin", body)


def form_page() -> str:
    """A form whose submit writes a result line instead of navigating."""
    body = (
        "<h1>Contact</h1>"
        '<form id="f" onsubmit="event.preventDefault();'
        "document.getElementById('result').textContent="
        "'Thanks, '+(this.name.value||'anonymous')+' ('+this.topic.value+')';\">"
        '<label>Name <input name="name" value="Ada"></label>'
        '<label>Email <input name="email" type="email" placeholder="you@example.org"></label>'
        '<label>Topic <select name="topic"><option>Sales</option><option>Support</option>'
        "</select></label>"
        '<label><input type="checkbox" name="news"> Newsletter</label>'
        '<button type="submit">Send</button> <button type="button">Do nothing</button></form>'
        '<p id="result" role="status">Not sent yet</p>'
    )
    return _page("Form", body)


def slow_page() -> str:
    """A button that fetches ``/slow?ms=300`` and then writes the answer into the page."""
    body = (
        "<h1>Slow data</h1>"
        '<button type="button" onclick="load()">Load data</button>'
        '<p id="out">No data</p>'
        "<script>async function load(){"
        f"const r=await fetch('/slow?ms={SLOW_FETCH_MS}');"
        "const t=await r.text();"
        "document.getElementById('out').textContent='Loaded: '+t;}</script>"
    )
    return _page("Slow", body)


def frame_inner(name: str, with_button: bool) -> str:
    """The document of one iframe; frame A has a button that changes its own line."""
    button = (
        f'<button type="button" onclick="document.getElementById(\'s\').textContent='
        f"'State {name}: on'\">Toggle {name}</button>"
        if with_button
        else ""
    )
    return _page(f"Frame {name}", f'<h2>Frame {name}</h2>{button}<p id="s">State {name}: off</p>')


def frames_page() -> str:
    """Two same-origin iframes served by this server."""
    body = (
        "<h1>Frames</h1>"
        '<iframe title="Frame A" src="/frame?name=A&button=1" width="400" height="200"></iframe>'
        '<iframe title="Frame B" src="/frame?name=B" width="400" height="200"></iframe>'
    )
    return _page("Frames", body)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        """Silence the default per-request logging."""

    def _send(self, status: int, body: str, ctype: str = "text/html; charset=utf-8") -> None:
        data = body.encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            # The page went away first (a reset navigation aborted a slow fetch).
            self.close_connection = True

    def do_GET(self) -> None:
        """Serve one generated page."""
        url = urlparse(self.path)
        q = parse_qs(url.query)

        def arg(name: str, default: str) -> str:
            return q.get(name, [default])[0]

        try:
            if url.path == "/shop":
                self._send(200, shop_page(int(arg("n", "300"))))
            elif url.path == "/list":
                self._send(200, list_page(int(arg("n", "5000"))))
            elif url.path == "/table":
                self._send(200, table_page(int(arg("rows", "2000"))))
            elif url.path == "/form":
                self._send(200, form_page())
            elif url.path == "/slowpage":
                self._send(200, slow_page())
            elif url.path == "/slow":
                ms = max(0, min(int(arg("ms", "300")), MAX_SLOW_MS))
                time.sleep(ms / 1000)
                self._send(200, f"{ms} ms later", "text/plain; charset=utf-8")
            elif url.path == "/frames":
                self._send(200, frames_page())
            elif url.path == "/frame":
                self._send(200, frame_inner(arg("name", "A")[:8], arg("button", "0") == "1"))
            elif url.path == "/favicon.ico":
                self._send(204, "")
            else:
                self._send(404, _page("Not found", "<h1>Not found</h1>"))
        except ValueError:
            self._send(400, _page("Bad request", "<h1>Bad request</h1>"))


class PageServer:
    """A ThreadingHTTPServer on a free 127.0.0.1 port, serving the benchmark pages
    (or what ``handler`` serves: the economy section's apps use it too)."""

    def __init__(self, handler: Callable[..., BaseHTTPRequestHandler] | None = None) -> None:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler or _Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
        )
        self._thread.start()
        self._closed = False

    @property
    def base(self) -> str:
        """``http://127.0.0.1:<port>``."""
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def url(self, key_or_path: str) -> str:
        """The full URL of a page key from :data:`PAGES`, or of a path."""
        return self.base + PAGES.get(key_or_path, key_or_path)

    def close(self) -> None:
        """Stop serving and release the port (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> PageServer:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
