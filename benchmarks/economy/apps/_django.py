"""A throwaway Django project: one app, sqlite, a superuser, served by ``runserver``.

The project lives in the app's temporary folder: ``settings.py``, ``urls.py``,
``manage.py`` and a ``bootstrap.py`` that is run once in a child process (schema,
the superuser, then the app's own seed rows). Django never loads into the benchmark.
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from benchmarks.economy.apps._base import ProcessApp, require, run_command

__all__ = ["DjangoProject"]

# What every project's settings say; INSTALLED (the list) and the app's own lines
# are filled in when the project is written.
_SETTINGS = """\
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent
SECRET_KEY = "browserkit-benchmark-only"
DEBUG = True  # runserver then serves the admin's static files
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = INSTALLED
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
ROOT_URLCONF = "urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}}
# Fast logins: the default hasher spends most of a second per check on purpose.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STATIC_URL = "static/"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
"""

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

    A subclass names the package it needs and gives its project: its own Django
    app's files, INSTALLED_APPS, its own settings lines, urls.py and the seed.
    """

    ready_path = "/admin/login/"
    requires = ("django", "Django")
    """The module that must be importable and its name in the install hint."""
    username: str
    password = "bench-password-1"
    """The superuser's credentials, given to the bootstrap."""
    label: str
    """The project's own Django app, whose migrations the bootstrap makes."""
    files: ClassVar[Mapping[str, str]]
    """The app's own files: path in the project to text."""
    installed_apps: ClassVar[Sequence[str]]
    settings = ""
    """The app's own lines, after the settings every project shares."""
    urls: str
    seed: str
    """The end of the bootstrap, after the schema and the superuser (may import models)."""

    def start(self) -> None:
        """Write the project, migrate, create the superuser and start ``runserver``."""
        module, name = self.requires
        require(module, name)
        self._write_project()
        run_command(
            [sys.executable, "bootstrap.py", self.username, self.password],
            self.folder,
            f"setting up the {name} project",
        )
        self.serve()

    def _write_project(self) -> None:
        """The app's files, ``settings.py``, ``urls.py``, ``manage.py`` and ``bootstrap.py``."""
        for path, text in self.files.items():
            (self.folder / path).parent.mkdir(parents=True, exist_ok=True)
            (self.folder / path).write_text(text)
        listed = "".join(f"    {app!r},\n" for app in self.installed_apps)
        shared = _SETTINGS.replace("INSTALLED\n", f"[\n{listed}]\n")
        (self.folder / "settings.py").write_text(shared + self.settings)
        (self.folder / "urls.py").write_text(self.urls)
        (self.folder / "manage.py").write_text(_MANAGE)
        bootstrap = _BOOTSTRAP.replace("LABEL", self.label) + "\n" + self.seed
        (self.folder / "bootstrap.py").write_text(bootstrap)

    def server_command(self) -> list[str]:
        return [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{self.port}"]

    def query(self, sql: str, *args: object) -> tuple[Any, ...] | None:
        """The first row ``sql`` finds in the project's database, opened read-only."""
        db = self.folder / "db.sqlite3"
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            row: tuple[Any, ...] | None = conn.execute(sql, args).fetchone()
        return row
