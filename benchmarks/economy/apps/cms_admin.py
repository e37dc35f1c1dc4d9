"""Wagtail's admin (a CMS with a Draftail rich-text editor) over a throwaway project.

One page type, ``NewsPage`` (a title and a rich-text body), the only one that can
be created, so "Add child page" opens its form at once; a superuser; sqlite;
served by ``manage.py runserver --noreload`` in a child process, so neither
Django nor Wagtail loads into the benchmark. Wagtail's own first migration makes
the site's home page, under which the task adds a page.
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

__all__ = ["CmsAdmin"]

_SETTINGS = """\
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent
SECRET_KEY = "browserkit-benchmark-only"
DEBUG = True  # runserver then serves the admin's static files
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [
    "news",
    "wagtail.users",
    "wagtail.documents",
    "wagtail.images",
    "wagtail.search",
    "wagtail.admin",
    "wagtail",
    "modelcluster",
    "taggit",
    "django_filters",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
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
MEDIA_ROOT = BASE_DIR / "media"
MEDIA_URL = "/media/"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
WAGTAIL_SITE_NAME = "Economy news"
WAGTAILADMIN_BASE_URL = "http://127.0.0.1"
WAGTAILSEARCH_BACKENDS = {"default": {"BACKEND": "wagtail.search.backends.database"}}
# No "what's new" banner or usage reports that would reach out of the machine.
WAGTAIL_ENABLE_UPDATE_CHECK = False
WAGTAIL_ENABLE_WHATS_NEW_BANNER = False
# No autosave: a draft it creates while "Publish" is posted makes the publish a
# second page whose slug is taken (seen in 3 of 6 runs), a race of the app's own.
WAGTAIL_AUTOSAVE_INTERVAL = 0
"""

_URLS = """\
from django.urls import include, path
from wagtail import urls as wagtail_urls
from wagtail.admin import urls as wagtailadmin_urls

urlpatterns = [
    path("admin/", include(wagtailadmin_urls)),
    path("", include(wagtail_urls)),
]
"""

_MODELS = """\
from wagtail.admin.panels import FieldPanel
from wagtail.fields import RichTextField
from wagtail.models import Page


class NewsPage(Page):
    body = RichTextField(blank=True)

    content_panels = Page.content_panels + [FieldPanel("body")]
"""

_TEMPLATE = """\
<!doctype html><title>{{ page.title }}</title><h1>{{ page.title }}</h1>{{ page.body|safe }}
"""

_MANAGE = """\
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
"""

# Run once in a child process: schema, a superuser and a few pages to browse.
_BOOTSTRAP = """\
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
import django

django.setup()
from django.contrib.auth import get_user_model
from django.core.management import call_command
from wagtail.models import Page

from news.models import NewsPage

call_command("makemigrations", "news", verbosity=0)
call_command("migrate", verbosity=0)
get_user_model().objects.create_superuser(sys.argv[1], "admin@example.org", sys.argv[2])
home = Page.objects.get(depth=2)
for n in range(6):
    page = NewsPage(title=f"Seed story {n + 1}", body=f"<p>Seed story {n + 1} body.</p>")
    home.add_child(instance=page)
    page.save_revision().publish()
"""


class CmsAdmin(App):
    """Wagtail's admin: add and publish a ``NewsPage`` with a rich-text body."""

    name = "Wagtail admin"
    username = "editor"
    password = "bench-password-1"

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="bk-economy-wagtail-"))
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
        if importlib.util.find_spec("wagtail") is None:
            raise AppError("Wagtail is not installed: pip install --group bench")
        app = self.folder / "news"
        (app / "templates" / "news").mkdir(parents=True)
        (app / "__init__.py").write_text("")
        (app / "models.py").write_text(_MODELS)
        (app / "templates" / "news" / "news_page.html").write_text(_TEMPLATE)
        (self.folder / "settings.py").write_text(_SETTINGS)
        (self.folder / "urls.py").write_text(_URLS)
        (self.folder / "manage.py").write_text(_MANAGE)
        (self.folder / "bootstrap.py").write_text(_BOOTSTRAP)
        run_command(
            [sys.executable, "bootstrap.py", self.username, self.password],
            self.folder,
            "setting up the Wagtail project",
        )
        self.port = free_port()
        self._log = (self.folder / "server.log").open("wb")
        self._proc = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{self.port}"],
            cwd=self.folder,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        wait_ready(self.url("/admin/login/"), self._proc)

    def _query(self, sql: str, *args: object) -> tuple[Any, ...] | None:
        db = self.folder / "db.sqlite3"
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            row: tuple[Any, ...] | None = conn.execute(sql, args).fetchone()
        return row

    def home_id(self) -> int:
        """The id of the site's home page (made by Wagtail's first migration)."""
        row = self._query("SELECT id FROM wagtailcore_page WHERE depth = 2")
        if row is None:
            raise AppError("the Wagtail project has no home page")
        return int(row[0])

    def published(self, title: str) -> str | None:
        """The body of the live page titled ``title`` (None when there is none)."""
        row = self._query(
            "SELECT n.body FROM news_newspage n JOIN wagtailcore_page p "
            "ON n.page_ptr_id = p.id WHERE p.title = ? AND p.live = 1",
            title,
        )
        return None if row is None else str(row[0])

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
