"""Django's admin over a throwaway project written to a temporary folder.

Two models, ``Author`` and ``Book`` (a ForeignKey), in sqlite; a superuser and a
few seeded rows made through Django's own API; served by ``manage.py runserver
--noreload`` in a child process, so Django never loads into the benchmark.
"""

from __future__ import annotations

from typing import ClassVar

from benchmarks.economy.apps._django import DjangoProject

__all__ = ["DjangoAdmin"]

_INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "library",
]

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

# The end of the bootstrap, after the schema and the superuser: a small library to browse.
_SEED = """\
from library.models import Author, Book

for a in range(8):
    author = Author.objects.create(name=f"Seed author {a + 1}")
    for b in range(5):
        Book.objects.create(title=f"Seed book {a + 1}.{b + 1}", author=author, year=1990 + a + b)
"""


class DjangoAdmin(DjangoProject):
    """Django's admin on a throwaway project: ``Author`` and ``Book`` (a ForeignKey)."""

    name = "Django admin"
    folder_prefix = "bk-economy-django-"
    username = "admin"
    label = "library"
    files: ClassVar = {
        "library/__init__.py": "",
        "library/models.py": _MODELS,
        "library/admin.py": _ADMIN,
    }
    installed_apps = _INSTALLED_APPS
    urls = _URLS
    seed = _SEED

    def book_exists(self, title: str, author: str) -> bool:
        """Whether the database holds a book ``title`` whose author is ``author``."""
        row = self.query(
            "SELECT COUNT(*) FROM library_book b JOIN library_author a "
            "ON b.author_id = a.id WHERE b.title = ? AND a.name = ?",
            title,
            author,
        )
        return bool(row and row[0])
