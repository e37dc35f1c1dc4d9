"""Locator quality across the test pages and the real apps: the table for issue 29's note.

For every actionable ref of each page's snapshot (a control's role, or a
pointer cursor) it asks ``session.locator(ref)``, then checks the locator
matches exactly one element now, and again after a reload, and that it is
the same element (tag, id, text). It prints a table of the kinds chosen per
group, and every locator that is not unique, and every CSS path chosen for
an element the outline names by role and name::

    PYTHONPATH=src:. python scripts/locator_quality.py [pages] [demo] [todomvc] [django]

Groups: ``tests/pages/*.html`` (the test server), the demo site, TodoMVC's
React app from npm (two todos, one ticked: ``npm ci`` first) and Django's
admin (login, index, book list, add and change forms; needs ``django``).
No group named: all of them (the test pages take minutes).
"""

from __future__ import annotations

import asyncio
import collections
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tests.helpers import browser_config
from tests.server import serve

import browserkit as bk
from browserkit._demo.run import serve_directory, serve_site

ROOT = Path(__file__).resolve().parent.parent
ACTIONABLE = {
    *("button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox"),
    *("spinbutton", "slider", "switch", "tab", "menuitem", "menuitemcheckbox"),
    *("menuitemradio", "option", "listbox", "treeitem"),
}
LINE = re.compile(r'^\s*- (?P<role>[\w-]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?.*\[ref=(?P<ref>\w+)\]')
SAME = "el => [el.tagName, el.id, (el.textContent || '').trim().slice(0, 40)]"
PAGE_BOUND_S = 90

Prepare = Callable[[bk.AsyncSession], Awaitable[None]]
Row = dict[str, Any]


def actionable(tree: str) -> list[tuple[str, str, str | None]]:
    """The (ref, role, name) of every line an agent could act on."""
    out = []
    for line in tree.splitlines():
        m = LINE.match(line)
        if m and (m["role"] in ACTIONABLE or "[cursor=pointer]" in line):
            out.append((m["ref"], m["role"], m["name"]))
    return out


def kind_of(sel: bk.Selector) -> str:
    kind = str(sel.kind)
    if sel.kind == "role":
        kind = "role+name" if sel.name is not None else "role (no name)"
    return kind + (" +nth" if sel.nth is not None else "") + (" +frame" if sel.frame else "")


async def resolve(s: bk.AsyncSession, sel: bk.Selector) -> tuple[str, Any]:
    """("ok", what the element is) when ``sel`` matches one element, else the error."""
    try:
        return "ok", await s.evaluate(SAME, target=sel, timeout_ms=3000)
    except bk.BrowserkitError as exc:
        return type(exc).__name__, str(exc)[:120]


async def measure(s: bk.AsyncSession, page: str, rows: list[Row]) -> None:
    made = []
    for ref, role, name in actionable((await s.snapshot()).tree):
        row: Row = {"page": page, "role": role, "name": name}
        try:
            sel = await s.locator(ref, timeout_ms=3000)
        except bk.BrowserkitError as exc:
            rows.append({**row, "kind": "error", "why": f"{type(exc).__name__}: {exc}"[:160]})
            continue
        made.append((row, sel, await resolve(s, sel)))
    await s.reload()
    await s.snapshot()
    for row, sel, now in made:
        after = await resolve(s, sel)
        rows.append(
            {
                **row,
                "kind": kind_of(sel),
                "locator": repr(sel),
                "unique": now[0] == "ok" and after[0] == "ok",
                "same": now == after,
                "why": f"now={now} after={after}",
            }
        )


async def sweep(groups: set[str]) -> list[Row]:
    rows: list[Row] = []
    async with bk.AsyncBrowser(browser_config()) as browser:

        async def visit(url: str, page: str, prepare: Prepare | None = None) -> None:
            s = await browser.start()
            try:
                await asyncio.wait_for(one_page(s, url, page, prepare), PAGE_BOUND_S)
            except Exception as exc:  # a hostile test page (an alert on load): noted
                rows.append({"page": page, "kind": "page error", "why": repr(exc)[:160]})
            finally:
                await browser.stop(s.id)

        async def one_page(s: bk.AsyncSession, url: str, page: str, prepare: Any) -> None:
            await s.navigate(url)
            if prepare is not None:
                await prepare(s)
            await measure(s, page, rows)

        if "pages" in groups:
            with serve() as base:
                for path in sorted((ROOT / "tests" / "pages").glob("*.html")):
                    await visit(f"{base}/{path.name}", f"pages/{path.name}")
        if "demo" in groups:
            with serve_site() as demo:
                for name in ("index.html", "search.html?q=tea", "account.html", "results.html"):
                    await visit(f"{demo}/{name}", f"demo/{name}")
        if "todomvc" in groups:
            await _todomvc(visit)
        if "django" in groups:
            await _django(visit)
    return rows


async def _todomvc(visit: Callable[..., Awaitable[None]]) -> None:
    async def two_todos(s: bk.AsyncSession) -> None:
        box = bk.role("textbox", "What needs to be done?")
        await s.type(box, "Buy milk", submit=True)
        await s.type(box, "Walk dog", submit=True)
        await s.check(bk.role("checkbox", nth=1))

    with serve_directory(ROOT / "node_modules" / "todomvc" / "examples") as base:
        await visit(f"{base}/react/index.html", "todomvc/react", two_todos)


async def _django(visit: Callable[..., Awaitable[None]]) -> None:
    from benchmarks.economy.apps.django_admin import DjangoAdmin  # needs django

    app = DjangoAdmin()
    app.start()
    try:
        await visit(app.url("/admin/login/"), "django/login")
        books = "/admin/library/book/"
        for path in ("/admin/", books, f"{books}add/", f"{books}1/change/"):

            async def logged_in(s: bk.AsyncSession, path: str = path) -> None:
                await s.type(bk.role("textbox", "Username:"), app.username)
                await s.type(bk.role("textbox", "Password:"), app.password)
                await s.click(bk.role("button", "Log in"))
                await s.navigate(app.url(path))

            await visit(app.url("/admin/login/"), f"django{path}", logged_in)
    finally:
        app.close()


def report(rows: list[Row]) -> None:
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for r in rows:
        if r["kind"] != "page error":
            counts[r["page"].split("/")[0]][r["kind"]] += 1
    groups = list(counts)
    print("| kind | " + " | ".join(groups) + " | all |")
    print("|---" * (len(groups) + 2) + "|")
    for kind in sorted({k for c in counts.values() for k in c}):
        cells = [str(counts[g][kind]) for g in groups]
        print(f"| {kind} | " + " | ".join(cells) + f" | {sum(counts[g][kind] for g in groups)} |")
    made = [r for r in rows if "unique" in r]
    print(f"\n{len(made)} locators; not unique now or after a reload:", end=" ")
    print(sum(not r["unique"] for r in made), "; another element after it:", end=" ")
    print(sum(r["unique"] and not r["same"] for r in made))
    for r in made:
        if not (r["unique"] and r["same"]):
            print("  changed:", r["page"], r["role"], repr(r["name"]), r["locator"], r["why"])
        elif r["kind"].startswith("css") and r["name"]:
            print("  CSS for a named element:", r["page"], r["role"], repr(r["name"]), r["locator"])
    for r in rows:
        if r["kind"] in ("error", "page error"):
            print(f"  {r['kind']}:", r["page"], r["why"])


if __name__ == "__main__":
    chosen = set(sys.argv[1:]) or {"pages", "demo", "todomvc", "django"}
    report(asyncio.run(sweep(chosen)))
