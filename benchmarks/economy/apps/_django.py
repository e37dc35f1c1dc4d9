"""A throwaway Django project: one app, sqlite, a superuser, served by ``runserver``.

The project lives in the app's temporary folder: ``settings.py``, ``urls.py``,
``manage.py`` and a ``bootstrap.py`` that is run once in a child process (schema,
the superuser, then the app's own seed rows). Django never loads into the benchmark.
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from typing import Any

from benchmarks.economy.apps._base import ProcessApp, run_command

__all__ = ["DjangoProject"]

_MANAGE = """\
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
"""

# The start of bootstrap.py: the schema (with the migrations of the app named
# LABEL made first) and a superuser from the command line; the seed follows.
_BOOTSTRAP = """\
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
import django

django.setup()
from django.contrib.auth import get_user_model
from django.core.management import call_command

call_command("makemigrations", "LABEL", verbosity=0)
call_command("migrate", verbosity=0)
get_user_model().objects.create_superuser(sys.argv[1], "admin@example.org", sys.argv[2])
"""


class DjangoProject(ProcessApp):
    """An app served by ``manage.py runserver --noreload`` from a throwaway project.

    A subclass writes its own Django app into :attr:`folder`, then calls
    :meth:`make_project` and :meth:`serve`.
    """

    ready_path = "/admin/login/"
    username: str
    password: str
    """The superuser's credentials, given to the bootstrap."""

    def make_project(self, what: str, *, settings: str, urls: str, label: str, seed: str) -> None:
        """Write the project and run its bootstrap: migrations for the app ``label``, the
        schema, the superuser, then ``seed`` (a script that may import the app's models).

        :class:`AppError` "setting up ``what`` failed" with the output's tail.
        """
        (self.folder / "settings.py").write_text(settings)
        (self.folder / "urls.py").write_text(urls)
        (self.folder / "manage.py").write_text(_MANAGE)
        bootstrap = _BOOTSTRAP.replace("LABEL", label) + "\n" + seed
        (self.folder / "bootstrap.py").write_text(bootstrap)
        run_command(
            [sys.executable, "bootstrap.py", self.username, self.password],
            self.folder,
            f"setting up {what}",
        )

    def server_command(self) -> list[str]:
        return [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{self.port}"]

    def query(self, sql: str, *args: object) -> tuple[Any, ...] | None:
        """The first row ``sql`` finds in the project's database, opened read-only."""
        db = self.folder / "db.sqlite3"
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            row: tuple[Any, ...] | None = conn.execute(sql, args).fetchone()
        return row
