"""Trac from PyPI: an issue tracker (tickets, custom queries, comments), server-rendered.

A Trac environment is made in the app's temporary folder with ``trac-admin ENV
initenv`` (sqlite), then ``seed.py`` (run once, in a child process, through
Trac's own Python API) names five components, lets anonymous visitors create
and comment on tickets, and files 40 tickets so that the query lists are
realistic. ``tracd`` serves the one environment at the site's root. The check
reads Trac's own database, opened read-only.
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from typing import Any

from benchmarks.economy.apps._base import ProcessApp, require, run_command

__all__ = ["IssueTracker"]

SEEDED = 40
"""Tickets filed before the first run."""

_SEED = """\
import sys

try:
    from multipart import parse_options_header  # noqa: F401
except ImportError:
    # python-multipart (a NiceGUI dependency) installs a `multipart` shim that only
    # forwards to the real `multipart` module when that is installed too; Trac
    # parses every request's headers with it.
    sys.exit("Trac needs the multipart package: pip install --group bench")

from trac.env import Environment
from trac.perm import PermissionSystem
from trac.ticket.model import Component, Ticket

env = Environment(sys.argv[1])
for old in list(Component.select(env)):
    old.delete()
COMPONENTS = ["Billing", "Inventory", "Shipping", "Storefront", "Warehouse API"]
for name in COMPONENTS:
    component = Component(env)
    component.name, component.owner = name, "ops"
    component.insert()
for action in ("TICKET_CREATE", "TICKET_MODIFY", "TICKET_APPEND"):
    PermissionSystem(env).grant_permission("anonymous", action)

PROBLEMS = [
    "Label printer skips", "Stock count off by one in", "Refund email not sent from",
    "Slow search on", "Crash when saving", "Wrong tax rate on", "Missing translation in",
    "Timeout exporting",
]
PLACES = ["the picking list", "order history", "the returns form", "bulk import",
          "the nightly report"]
PRIORITIES = ["blocker", "critical", "major", "minor", "trivial"]
for n in range(int(sys.argv[2])):
    ticket = Ticket(env)
    ticket["summary"] = f"{PROBLEMS[n % 8]} {PLACES[n % 5]} (seen {n + 1} times)"
    ticket["description"] = f"Seen on {PLACES[n % 5]}.\\n\\n 1. Open it\\n 2. Watch it fail"
    ticket["reporter"] = f"clerk{n % 6}"
    ticket["component"] = COMPONENTS[n % 5]
    ticket["priority"] = PRIORITIES[n * 3 % 5]
    ticket["type"] = ["defect", "enhancement", "task"][n % 3]
    ticket["status"] = "new"
    ticket.insert()
"""


class IssueTracker(ProcessApp):
    """Trac's ticket pages over a seeded sqlite environment, served by ``tracd``."""

    name = "Trac"
    folder_prefix = "bk-economy-trac-"
    ready_path = "/newticket"

    def start(self) -> None:
        """Make the environment, seed it and start ``tracd``."""
        require("trac", "Trac")
        env = str(self.folder / "env")
        run_command(
            [
                sys.executable,
                "-m",
                "trac.admin.console",
                env,
                "initenv",
                "Warehouse",
                "sqlite:db/trac.db",
            ],
            self.folder,
            "trac-admin initenv",
        )
        (self.folder / "seed.py").write_text(_SEED)
        run_command(
            [sys.executable, "seed.py", env, str(SEEDED)], self.folder, "seeding the Trac tickets"
        )
        self.serve()

    def server_command(self) -> list[str]:
        # -s: the one environment at the site's root, not under /env.
        return [
            sys.executable,
            "-m",
            "trac.web.standalone",
            "-s",
            "--hostname",
            "127.0.0.1",
            "--port",
            str(self.port),
            "env",
        ]

    def _rows(self, sql: str, *args: object) -> list[tuple[Any, ...]]:
        db = self.folder / "env" / "db" / "trac.db"
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            return conn.execute(sql, args).fetchall()

    def last_ticket(self) -> int:
        """The highest ticket number filed so far (the next one gets one more)."""
        rows = self._rows("SELECT max(id) FROM ticket")
        return int(rows[0][0] or 0)

    def ticket(self, summary: str) -> dict[str, Any] | None:
        """The ticket with ``summary``: its number, fields and comments, from Trac's database."""
        rows = self._rows(
            "SELECT id, component, priority, description FROM ticket WHERE summary = ?", summary
        )
        if not rows:
            return None
        number, component, priority, description = rows[0]
        comments = self._rows(
            "SELECT newvalue FROM ticket_change WHERE ticket = ? AND field = 'comment'", number
        )
        return {
            "id": number,
            "component": component,
            "priority": priority,
            "description": description,
            "comments": [c for (c,) in comments if c],
        }
