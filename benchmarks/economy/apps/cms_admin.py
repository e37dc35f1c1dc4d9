"""Wagtail's admin (a CMS with a Draftail rich-text editor) over a throwaway project.

One page type, ``NewsPage`` (a title and a rich-text body), the only one that can
be created, so "Add child page" opens its form at once; a superuser; sqlite;
served by ``manage.py runserver --noreload`` in a child process, so neither
Django nor Wagtail loads into the benchmark. Wagtail's own first migration makes
the site's home page, under which the task adds a page.
"""

from __future__ import annotations

from typing import ClassVar

from benchmarks.economy.apps._base import AppError
from benchmarks.economy.apps._django import DjangoProject

__all__ = ["CmsAdmin"]

_INSTALLED_APPS = [
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

# Wagtail's own settings, after the shared ones.
_SETTINGS = """\
MEDIA_ROOT = BASE_DIR / "media"
MEDIA_URL = "/media/"
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

# The end of the bootstrap, after the schema and the superuser: a few pages to browse.
_SEED = """\
from wagtail.models import Page

from news.models import NewsPage

home = Page.objects.get(depth=2)
for n in range(6):
    page = NewsPage(title=f"Seed story {n + 1}", body=f"<p>Seed story {n + 1} body.</p>")
    home.add_child(instance=page)
    page.save_revision().publish()
"""


class CmsAdmin(DjangoProject):
    """Wagtail's admin: add and publish a ``NewsPage`` with a rich-text body."""

    name = "Wagtail admin"
    folder_prefix = "bk-economy-wagtail-"
    requires = ("wagtail", "Wagtail")
    username = "editor"
    label = "news"
    files: ClassVar = {
        "news/__init__.py": "",
        "news/models.py": _MODELS,
        "news/templates/news/news_page.html": _TEMPLATE,
    }
    installed_apps = _INSTALLED_APPS
    settings = _SETTINGS
    urls = _URLS
    seed = _SEED

    def home_id(self) -> int:
        """The id of the site's home page (made by Wagtail's first migration)."""
        row = self.query("SELECT id FROM wagtailcore_page WHERE depth = 2")
        if row is None:
            raise AppError("the Wagtail project has no home page")
        return int(row[0])

    def published(self, title: str) -> str | None:
        """The body of the live page titled ``title`` (None when there is none)."""
        row = self.query(
            "SELECT n.body FROM news_newspage n JOIN wagtailcore_page p "
            "ON n.page_ptr_id = p.id WHERE p.title = ? AND p.live = 1",
            title,
        )
        return None if row is None else str(row[0])
