"""The scripted tasks: each written once as steps, checked against the app's real state.

A task's steps depend on a per-run ``tag`` (so every run creates records of its
own) and nothing else: both contenders get the very same list.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from benchmarks.economy.apps import (
    CATALOG,
    CATALOG_PREFIX,
    ApiConsole,
    CmsAdmin,
    DataApp,
    DjangoAdmin,
    DocsSite,
    IssueTracker,
    MlDemo,
    NotebookIde,
    TrackingUi,
    WebUi,
)
from benchmarks.economy.apps.notebook_ide import NOTEBOOK
from benchmarks.economy.apps.tracking_ui import EXPERIMENT, trial_accuracy
from benchmarks.economy.policy import Click, Goto, Open, Read, Select, Step, Target, Type, Wait

__all__ = [
    "Task",
    "admin_task",
    "catalog_task",
    "cms_task",
    "console_task",
    "data_app_task",
    "docs_task",
    "ml_demo_task",
    "notebook_task",
    "tracker_task",
    "tracking_task",
    "web_ui_task",
]


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


CATALOG_ID = 137


def catalog_task(app: ApiConsole) -> Task:
    """List the whole catalog in its console, read one product's SKU deep in the answer."""
    path = "/api/catalog"
    sku = next(r["sku"] for r in CATALOG if r["id"] == CATALOG_ID)
    before: dict[str, int] = {}

    def steps(tag: str) -> list[Step]:
        return [
            Open(app.url(f"{CATALOG_PREFIX}index.html")),
            Click(Target("button", "GET /api/catalog List the whole catalog")),
            Click(Target("button", "Try it out")),
            Click(Target("button", "Execute")),
            # The 137th of 150 records: about nine tenths of the way down the body.
            Read((sku,), search=f'"id": {CATALOG_ID},'),
        ]

    def prepare(tag: str) -> None:
        before[tag] = app.served(path)

    return Task(
        name="swagger-ui: list a long catalog, read one record deep in the response",
        app="swagger-ui",
        goal=f"the API answered GET {path} and the agent read the SKU of product {CATALOG_ID}",
        steps=steps,
        prepare=prepare,
        check=lambda tag: app.served(path) > before.get(tag, 0),
    )


CMS_BODY_PLACEHOLDER = "Write something or type ‘/’ to insert a block"
"""Draftail's empty editor: a textbox with no name, read by the text it shows."""


def cms_task(app: CmsAdmin) -> Task:
    """Log in, add a page under the home page with a rich-text body, publish it."""
    home = app.home_id()

    def names(tag: str) -> tuple[str, str]:
        return f"Economy story {tag}", f"Economy body {tag}: the quick brown fox."

    def steps(tag: str) -> list[Step]:
        title, body = names(tag)
        return [
            Open(app.url("/admin/")),
            Type(Target("textbox", "Username*"), app.username),
            Type(Target("textbox", "Password*"), app.password, submit=True),
            Goto(app.url(f"/admin/pages/{home}/")),
            Click(Target("link", "Add child page")),
            Type(Target("textbox", "Title*"), title),
            Type(Target("textbox", CMS_BODY_PLACEHOLDER), body),
            Click(Target("button", "More actions")),
            Click(Target("button", "Publish")),
            # Wagtail says "created and published", or "has been published" once
            # its autosave has made a draft first: both name the page.
            Read((f"Page '{title}'", "published")),
        ]

    def check(tag: str) -> bool:
        title, body = names(tag)
        published = app.published(title)
        return published is not None and body in published

    return Task(
        name="Wagtail admin: add a page with a rich-text body, publish it",
        app="Wagtail admin",
        goal="the page is live, with the typed body, in the database",
        steps=steps,
        check=check,
    )


WEB_UI_COUNTRY = "Portugal"


def web_ui_task(app: WebUi) -> Task:
    """Open the orders, go to the form, fill it (a searchable select), place, see the order."""

    def customer(tag: str) -> str:
        return f"Economy customer {tag}"

    def steps(tag: str) -> list[Step]:
        return [
            Open(app.url("/")),
            Click(Target("link", "New order")),
            Type(Target("textbox", "Customer"), customer(tag)),
            # Quasar's select filters its options as one types; then pick the one.
            Type(Target("combobox", "Country"), WEB_UI_COUNTRY[:5]),
            Click(Target("option", WEB_UI_COUNTRY)),
            Type(Target("spinbutton", "Quantity"), "3"),
            Click(Target("button", "Place order")),
            Read((f"placed for {customer(tag)}",)),
            Click(Target("link", "Orders")),
            Read((customer(tag),)),
        ]

    def check(tag: str) -> bool:
        want = {"customer": customer(tag), "country": WEB_UI_COUNTRY, "quantity": 3}
        return any(all(o.get(k) == v for k, v in want.items()) for o in app.orders())

    return Task(
        name="NiceGUI: place an order in a Quasar form, find it in the list",
        app="NiceGUI",
        goal=f"the app holds the order ({WEB_UI_COUNTRY}, quantity 3) for the run's customer",
        steps=steps,
        check=check,
    )


TRACKER_COMPONENT, TRACKER_PRIORITY = "Shipping", "critical"


def tracker_task(app: IssueTracker) -> Task:
    """File a ticket (two selects), find it in the custom query, comment, read its number."""
    numbers: dict[str, int] = {}

    def texts(tag: str) -> tuple[str, str, str]:
        return (
            f"Economy ticket {tag}: labels print blank on long orders",
            f"Orders with more than 30 lines print a blank label ({tag}).",
            f"Reproduced on the packing desk ({tag}).",
        )

    def prepare(tag: str) -> None:
        # Trac numbers tickets in order: the run's ticket is the next one.
        numbers[tag] = app.last_ticket() + 1

    def steps(tag: str) -> list[Step]:
        summary, description, comment = texts(tag)
        return [
            Open(app.url("/")),
            Click(Target("link", "New Ticket")),
            Type(Target("textbox", "Summary:"), summary),
            Type(Target("textbox", "Description: You may use WikiFormatting here."), description),
            Select(Target("combobox", "Component:"), TRACKER_COMPONENT),
            Select(Target("combobox", "Priority:"), TRACKER_PRIORITY),
            Click(Target("button", "Create ticket")),
            Click(Target("link", "View Tickets")),
            Click(Target("link", "New Custom Query")),
            Click(Target("link", summary)),
            Type(Target("textbox", "You may use WikiFormatting here."), comment),
            Click(Target("button", "Submit changes")),
            Read((f"#{numbers[tag]}", comment)),
        ]

    def check(tag: str) -> bool:
        summary, description, comment = texts(tag)
        found = app.ticket(summary)
        return (
            found is not None
            and found["id"] == numbers.get(tag)
            and found["component"] == TRACKER_COMPONENT
            and found["priority"] == TRACKER_PRIORITY
            and found["description"] == description
            and comment in found["comments"]
        )

    return Task(
        name="Trac: file a ticket, find it in a query, comment on it",
        app="Trac",
        goal=f"the ticket ({TRACKER_COMPONENT}, {TRACKER_PRIORITY}) and its comment are in "
        "Trac's database under the number read",
        steps=steps,
        prepare=prepare,
        check=check,
    )


DATA_APP_CATEGORY, DATA_APP_AMOUNT = "Training", 84.5


def data_app_task(app: DataApp) -> Task:
    """Pick a category in Streamlit's popover select, fill the row, add it, see it listed."""

    def description(tag: str) -> str:
        return f"Economy expense {tag}"

    def steps(tag: str) -> list[Step]:
        return [
            Open(app.url("/")),
            # BaseWeb's select: open its list, then click the option.
            Click(Target("combobox", "Category")),
            Click(Target("option", DATA_APP_CATEGORY)),
            Type(Target("spinbutton", "Amount (EUR)"), str(DATA_APP_AMOUNT)),
            Type(Target("textbox", "Description"), description(tag)),
            Click(Target("button", "Add expense")),
            # The description field is cleared once the row is added; the amount in
            # the app's own format is only in the table's new row.
            Read((f"to {DATA_APP_CATEGORY}", f"€{DATA_APP_AMOUNT:.2f}")),
        ]

    def check(tag: str) -> bool:
        want = {
            "category": DATA_APP_CATEGORY,
            "amount": DATA_APP_AMOUNT,
            "description": description(tag),
        }
        return any(all(r.get(k) == v for k, v in want.items()) for r in app.expenses())

    return Task(
        name="Streamlit: add an expense through a popover select, see it in the table",
        app="Streamlit",
        goal=f"the app's file holds the run's expense ({DATA_APP_CATEGORY}, {DATA_APP_AMOUNT})",
        steps=steps,
        check=check,
    )


ML_DEMO_MEDICINE, ML_DEMO_WEIGHT = "Ibuprofen", 32


def ml_demo_task(app: MlDemo) -> Task:
    """Pick a medicine in Gradio's dropdown, fill the form, calculate, read the queued result."""

    def patient(tag: str) -> str:
        return f"Economy patient {tag}"

    def steps(tag: str) -> list[Step]:
        return [
            Open(app.url("/")),
            # Gradio's dropdown: open its list, then click the option.
            Click(Target("combobox", "Medicine")),
            Click(Target("option", ML_DEMO_MEDICINE)),
            Type(Target("spinbutton", "Weight (kg)"), str(ML_DEMO_WEIGHT)),
            Type(Target("textbox", "Patient"), patient(tag)),
            Click(Target("button", "Calculate")),
            # The function takes 1.2 s; its result comes back over the queue.
            Read((f"Dose for {patient(tag)}: 320 mg of {ML_DEMO_MEDICINE}",)),
        ]

    def check(tag: str) -> bool:
        want = {"medicine": ML_DEMO_MEDICINE, "weight": ML_DEMO_WEIGHT, "patient": patient(tag)}
        return any(all(c.get(k) == v for k, v in want.items()) for c in app.calls())

    return Task(
        name="Gradio: fill a dose form, calculate, read the queued result",
        app="Gradio",
        goal=f"the demo logged the run's call ({ML_DEMO_MEDICINE}, {ML_DEMO_WEIGHT} kg)",
        steps=steps,
        check=check,
    )


def tracking_task(app: TrackingUi) -> Task:
    """Open the experiment's runs, find the run in the grid, read a metric, rename the run."""
    runs: dict[str, str] = {}

    def names(tag: str) -> tuple[str, str]:
        return f"trial-{tag}", f"trial-{tag}-reviewed"

    def steps(tag: str) -> list[Step]:
        name, renamed = names(tag)
        return [
            Open(app.url("/")),
            # The home page opens on GenAI views; the seeded runs are model training.
            Click(Target("button", "Model training")),
            Click(Target("link", EXPERIMENT)),
            Click(Target("link", name)),
            Read(("accuracy", trial_accuracy(tag))),
            Click(Target("button", "Open header dropdown menu")),
            Click(Target("menuitem", "Rename")),
            Type(Target("textbox", "New run name"), renamed),
            Click(Target("button", "Save")),
            Read((renamed,)),
        ]

    def prepare(tag: str) -> None:
        runs[tag] = app.add_trial(names(tag)[0], trial_accuracy(tag))

    return Task(
        name="MLflow: find a run in the grid, read a metric, rename the run",
        app="MLflow",
        goal="the run logged for this task run carries the new name in MLflow's store",
        steps=steps,
        prepare=prepare,
        check=lambda tag: tag in runs and app.run_name(runs[tag]) == names(tag)[1],
    )


NOTEBOOK_SUM = sum(range(1, 101))
NOTEBOOK_KERNEL_IDLE = "| Idle"


def notebook_task(app: NotebookIde) -> Task:
    """Open the notebook, type code into its cell, run it, read the output."""

    def result(tag: str) -> tuple[str, str]:
        return f"result-{tag}.txt", f"{tag} total {NOTEBOOK_SUM}"

    def steps(tag: str) -> list[Step]:
        file, line = result(tag)
        code = (
            f"line = '{tag} total ' + str(sum(range(1, 101)))\n"
            f"open('{file}', 'w').write(line)\n"
            "print(line)"
        )
        return [
            Open(app.url(f"/lab/tree/{NOTEBOOK}")),
            # The page is a loading shell for seconds, then the kernel starts: wait
            # until the status bar says it is idle ("Python 3 (ipykernel) | Idle").
            Wait(NOTEBOOK_KERNEL_IDLE),
            # CodeMirror's editor has no accessible name, and outlines print none of
            # its text: the empty code cell is the one unnamed textbox shown (the
            # markdown cell's editor is hidden while the cell is rendered).
            Type(Target("textbox", ""), code),
            Click(Target("button", "Run this cell and advance (Shift+Enter)")),
            Read((line,)),
        ]

    return Task(
        name="JupyterLab: type code into a cell, run it on the kernel, read its output",
        app="JupyterLab",
        goal="the kernel ran the typed code: the file it writes holds the run's line",
        steps=steps,
        check=lambda tag: app.written(result(tag)[0]) == result(tag)[1],
    )
