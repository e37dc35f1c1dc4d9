"""A Streamlit app: a data-app script that reruns top to bottom on every input.

A small expense tracker written with Streamlit's own API: a category selectbox
(BaseWeb's popover select, which hides the rest of the page from assistive
technology while its list is open), a number input, a text input, an "Add
expense" button that appends a row to a JSON file in the app's folder, and a
table of every row. The page a browser first gets is an empty shell; the
script's output arrives over a websocket and is re-rendered after each rerun.
It runs in a child process (``streamlit run tracker.py``) so Streamlit never
loads into the benchmark; the check reads the JSON file back.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from benchmarks.economy.apps._base import ProcessApp, require

__all__ = ["DataApp"]

LEDGER = "expenses.json"
"""The file, in the app's folder, that the tracker appends every expense to."""

_TRACKER = """\
import json
from pathlib import Path

import streamlit as st

LEDGER = Path(__file__).with_name("expenses.json")
CATEGORIES = [
    "Books", "Equipment", "Groceries", "Hotel", "Insurance", "Meals", "Office supplies",
    "Parking", "Software", "Telephone", "Training", "Travel",
]

st.set_page_config(page_title="Expense tracker")
st.title("Expense tracker")
rows = json.loads(LEDGER.read_text())

st.selectbox("Category", CATEGORIES, index=None, placeholder="Choose a category", key="category")
st.number_input("Amount (EUR)", min_value=0.0, step=1.0, format="%.2f", key="amount")
st.text_input("Description", key="description")


def add():
    # A button's callback runs before the rerun, so it may clear the description.
    state = st.session_state
    if state.category is None or not state.description.strip():
        state.notice = "Choose a category and describe the expense"
        return
    rows.append(
        {"id": len(rows) + 1, "category": state.category, "amount": round(state.amount, 2),
         "description": state.description.strip()}
    )
    LEDGER.write_text(json.dumps(rows, indent=1))
    state.notice = f"Added expense {len(rows)} to {state.category}"
    state.description = ""


st.button("Add expense", on_click=add)
if "notice" in st.session_state:
    st.info(st.session_state.pop("notice"))

st.subheader("Expenses")
st.table(
    [
        {"Id": r["id"], "Category": r["category"], "Description": r["description"],
         "Amount": f"€{r['amount']:.2f}"}
        for r in rows
    ]
)
"""

_SEED = [
    {"id": n + 1, "category": c, "amount": a, "description": d}
    for n, (c, a, d) in enumerate(
        [
            ("Travel", 212.4, "Train to Lyon"),
            ("Meals", 38.9, "Team lunch"),
            ("Software", 120.0, "Editor licence"),
            ("Hotel", 310.0, "Two nights in Lyon"),
            ("Office supplies", 17.35, "Printer paper"),
            ("Parking", 9.5, "Airport parking"),
        ]
    )
]


_SERVE = """\
import sys

# st.table converts its rows with pandas and pyarrow, which Streamlit imports on
# first use: in the first session's rerun, seconds after its widgets. Imported
# here, before the server answers, no run pays for them.
import pandas  # noqa: F401
import pyarrow  # noqa: F401
from streamlit.web import cli

sys.argv = ["streamlit", "run", *sys.argv[1:]]
sys.exit(cli.main())
"""


class DataApp(ProcessApp):
    """Streamlit's expense tracker: pick a category in a popover select, add a row."""

    name = "Streamlit"
    folder_prefix = "bk-economy-streamlit-"
    ready_path = "/_stcore/health"

    def start(self) -> None:
        """Write the script and its seed rows, then start Streamlit (it boots in seconds)."""
        require("streamlit", "Streamlit")
        (self.folder / "tracker.py").write_text(_TRACKER)
        (self.folder / "serve.py").write_text(_SERVE)
        (self.folder / LEDGER).write_text(json.dumps(_SEED, indent=1))
        self.serve()

    def server_command(self) -> list[str]:
        return [
            *(sys.executable, "serve.py", "tracker.py"),
            *("--server.port", str(self.port), "--server.address", "127.0.0.1"),
            *("--server.headless", "true", "--browser.gatherUsageStats", "false"),
            *("--server.fileWatcherType", "none", "--global.developmentMode", "false"),
        ]

    def expenses(self) -> list[dict[str, Any]]:
        """Every row the tracker has written to its file."""
        found: list[dict[str, Any]] = json.loads((self.folder / LEDGER).read_text())
        return found
