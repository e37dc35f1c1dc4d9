"""The scripted tasks: each written once as steps, checked against the app's real state.

A task's steps depend on a per-run ``tag`` (so every run creates records of its
own) and nothing else: both contenders get the very same list.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from benchmarks.economy.apps import ApiConsole, DjangoAdmin, DocsSite
from benchmarks.economy.policy import Click, Open, Read, Select, Step, Target, Type

__all__ = ["Task", "admin_task", "console_task", "docs_task"]


@attrs.frozen
class Task:
    """One scripted agent task on one app."""

    name: str
    app: str
    goal: str
    steps: Callable[[str], list[Step]]
    """The steps for the run tagged ``tag``."""
    prepare: Callable[[str], object] = lambda tag: None
    """Called before a run (untimed): note the app's state the check compares with."""
    check: Callable[[str], bool] = lambda tag: True
    """After a run: does the app's own state show the task was done?"""


def admin_task(app: DjangoAdmin) -> Task:
    """Log in, add an author, then a book by that author; read Django's success message."""

    def names(tag: str) -> tuple[str, str]:
        return f"Economy author {tag}", f"Economy book {tag}"

    def steps(tag: str) -> list[Step]:
        author, book = names(tag)
        return [
            Open(app.url("/admin/")),
            Type(Target("textbox", "Username:"), app.username),
            Type(Target("textbox", "Password:"), app.password),
            Click(Target("button", "Log in")),
            Click(Target("link", "Authors")),
            Click(Target("link", "Add author")),
            Type(Target("textbox", "Name:"), author),
            Click(Target("button", "Save")),
            Click(Target("link", "Books")),
            Click(Target("link", "Add book")),
            Type(Target("textbox", "Title:"), book),
            Select(Target("combobox", "Author:"), author),
            Click(Target("button", "Save")),
            Read(("was added successfully", book)),
        ]

    return Task(
        name="Django admin: log in, add an author and a book",
        app="Django admin",
        goal="the book row, with its author, is in the database",
        steps=steps,
        check=lambda tag: app.book_exists(names(tag)[1], names(tag)[0]),
    )


DOCS_SEARCH = "generation"
DOCS_PAGE, DOCS_SECTION, DOCS_SECTION_TITLE = "concepts.html", "generations", "Generations"


def docs_task(app: DocsSite) -> Task:
    """Open a page from the index, search the docs, open a result, read a sentence there."""
    sentence = app.sentence(DOCS_PAGE, DOCS_SECTION)

    def steps(tag: str) -> list[Step]:
        return [
            Open(app.url("/index.html")),
            Click(Target("link", "Using browserkit from agents")),
            Type(Target("textbox", "Search"), DOCS_SEARCH, submit=True),
            # The result for the section, e.g. "Concepts > Generations".
            Click(Target("link", DOCS_SECTION_TITLE, contains=True)),
            Read((sentence,)),
        ]

    return Task(
        name="Sphinx docs: open a page, search, read a result",
        app="Sphinx docs",
        goal=f"searched {DOCS_SEARCH!r}, opened the result and read {sentence!r}",
        steps=steps,
    )


CONSOLE_ITEM = 42


def console_task(app: ApiConsole) -> Task:
    """Expand an operation, try it out with an id, execute, read the response body."""
    path = f"/api/items/{CONSOLE_ITEM}"
    before: dict[str, int] = {}

    def steps(tag: str) -> list[Step]:
        return [
            Open(app.url("/index.html")),
            Click(Target("button", "GET /api/items/{item_id} Read one item")),
            Click(Target("button", "Try it out")),
            Type(Target("textbox", "item_id"), str(CONSOLE_ITEM)),
            Click(Target("button", "Execute")),
            Read(("brass telescope",)),
        ]

    def prepare(tag: str) -> None:
        before[tag] = app.served(path)

    return Task(
        name="swagger-ui: try an operation, read the response",
        app="swagger-ui",
        goal=f"the API answered GET {path} and the agent read its body",
        steps=steps,
        prepare=prepare,
        check=lambda tag: app.served(path) > before.get(tag, 0),
    )
