"""Django's admin over a throwaway project written to a temporary folder.

Two models, ``Author`` and ``Book`` (a ForeignKey), in sqlite; a superuser and a
few seeded rows made through Django's own API; served by ``manage.py runserver
--noreload`` in a child process, so Django never loads into the benchmark.
"""

from __future__ import annotations

import contextlib
import importlib.util
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.economy.apps._base import (
    App,
    AppError,
    free_port,
    run_command,
    wait_ready,
)

__all__ = ["DjangoAdmin"]

_SETTINGS = """\
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent
SECRET_KEY = "browserkit-benchmark-only"
DEBUG = True  # runserver then serves the admin's static files
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "library",
]
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

_URLS = """\
from django.contrib import admin
from django.urls import path

urlpatterns = [path("admin/", admin.site.urls)]
"""

_MODELS = """\
from django.db import models


class Author(models.Model):
    name = models.CharField(max_length=100, unique=True)

    def __str__(self):
        return self.name


class Book(models.Model):
    title = models.CharField(max_length=200)
    author = models.ForeignKey(Author, on_delete=models.CASCADE)
    year = models.PositiveIntegerField(null=True, blank=True)

    def __str__(self):
        return self.title
"""

_ADMIN = """\
from django.contrib import admin

from library.models import Author, Book


@admin.register(Author)
class AuthorAdmin(admin.ModelAdmin):
    search_fields = ["name"]


@admin.register(Book)
class BookAdmin(admin.ModelAdmin):
    list_display = ["title", "author", "year"]
    list_filter = ["author"]
"""

_MANAGE = """\
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
"""

# Run once in a child process: schema, a superuser and a small library to browse.
_BOOTSTRAP = """\
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
import django

django.setup()
from django.contrib.auth import get_user_model
from django.core.management import call_command

from library.models import Author, Book

call_command("makemigrations", "library", verbosity=0)
call_command("migrate", verbosity=0)
get_user_model().objects.create_superuser(sys.argv[1], "admin@example.org", sys.argv[2])
for a in range(8):
    author = Author.objects.create(name=f"Seed author {a + 1}")
    for b in range(5):
        Book.objects.create(title=f"Seed book {a + 1}.{b + 1}", author=author, year=1990 + a + b)
"""


class DjangoAdmin(App):
    """Django's admin on a throwaway project: ``Author`` and ``Book`` (a ForeignKey)."""

    name = "Django admin"
    username = "admin"
    password = "bench-password-1"

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="bk-economy-django-"))
        self.port = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._log: Any = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        """The full URL of ``path`` on the running server."""
        return self.base + path

    def start(self) -> None:
        """Write the project, migrate, create the superuser and start ``runserver``."""
        if importlib.util.find_spec("django") is None:
            raise AppError("Django is not installed: pip install --group bench")
        app = self.folder / "library"
        app.mkdir()
        (app / "__init__.py").write_text("")
        (app / "models.py").write_text(_MODELS)
        (app / "admin.py").write_text(_ADMIN)
        (self.folder / "settings.py").write_text(_SETTINGS)
        (self.folder / "urls.py").write_text(_URLS)
        (self.folder / "manage.py").write_text(_MANAGE)
        (self.folder / "bootstrap.py").write_text(_BOOTSTRAP)
        run_command(
            [sys.executable, "bootstrap.py", self.username, self.password],
            self.folder,
            "setting up the Django project",
        )
        self.port = free_port()
        self._log = (self.folder / "server.log").open("wb")
        self._proc = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "runserver",
                "--noreload",
                f"127.0.0.1:{self.port}",
            ],
            cwd=self.folder,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        wait_ready(self.url("/admin/login/"), self._proc)

    def book_exists(self, title: str, author: str) -> bool:
        """Whether the database holds a book ``title`` whose author is ``author``."""
        db = self.folder / "db.sqlite3"
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            row = conn.execute(
                "SELECT COUNT(*) FROM library_book b JOIN library_author a "
                "ON b.author_id = a.id WHERE b.title = ? AND a.name = ?",
                (title, author),
            ).fetchone()
        return bool(row and row[0])

    def close(self) -> None:
        """Stop the server and remove the project."""
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait(timeout=10)
        if self._log is not None:
            self._log.close()
        shutil.rmtree(self.folder, ignore_errors=True)
