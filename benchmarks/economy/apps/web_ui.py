"""A NiceGUI app: a Python-driven web UI (Vue and Quasar in the page, state on a websocket).

A small order desk written with NiceGUI's own API: a page listing orders in a
table, and a form with a text input, a searchable select of 45 countries, a
select of products and a number. The page is rendered by Vue/Quasar from what
the Python process sends over its websocket, and every click is handled in
Python. It runs in a child process (``python desk.py PORT``) so NiceGUI never
loads into the benchmark; its orders are read back from a JSON route of the same
app.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from benchmarks.economy.apps._base import App, AppError, free_port, wait_ready

__all__ = ["WebUi"]

_DESK = """\
import sys

from nicegui import app, ui

COUNTRIES = [
    "Argentina", "Australia", "Austria", "Belgium", "Brazil", "Canada", "Chile", "China",
    "Colombia", "Czechia", "Denmark", "Egypt", "Finland", "France", "Germany", "Greece",
    "Hungary", "India", "Indonesia", "Ireland", "Israel", "Italy", "Japan", "Kenya", "Mexico",
    "Morocco", "Netherlands", "New Zealand", "Nigeria", "Norway", "Peru", "Poland", "Portugal",
    "Romania", "South Africa", "South Korea", "Spain", "Sweden", "Switzerland", "Thailand",
    "Turkey", "Ukraine", "United Kingdom", "United States", "Vietnam",
]
PRODUCTS = ["Brass telescope", "Copper kettle", "Oak desk", "Wool blanket", "Glass vase"]
COLUMNS = ["id", "customer", "country", "product", "quantity"]
orders = [
    {"id": n + 1, "customer": f"Seed customer {n + 1}", "country": COUNTRIES[n * 7 % 45],
     "product": PRODUCTS[n % 5], "quantity": n % 4 + 1}
    for n in range(8)
]


@app.get("/api/orders")
def api_orders():
    return orders


def header():
    with ui.header():
        ui.label("Warehouse desk")
        ui.link("Orders", "/")
        ui.link("New order", "/new")


@ui.page("/")
def index():
    header()
    ui.label("Orders").classes("text-h5")
    columns = [{"name": c, "label": c.title(), "field": c} for c in COLUMNS]
    ui.table(columns=columns, rows=orders, row_key="id")


@ui.page("/new")
def new():
    header()
    ui.label("New order").classes("text-h5")
    customer = ui.input("Customer")
    country = ui.select(COUNTRIES, label="Country", with_input=True)
    product = ui.select(PRODUCTS, label="Product", value=PRODUCTS[0])
    quantity = ui.number("Quantity", value=1, min=1, precision=0)
    result = ui.label()

    def place():
        if not customer.value or not country.value:
            ui.notify("Customer and country are required", type="warning")
            return
        order = {
            "id": len(orders) + 1,
            "customer": customer.value,
            "country": country.value,
            "product": product.value,
            "quantity": int(quantity.value or 1),
        }
        orders.append(order)
        result.set_text(f"Order {order['id']} placed for {order['customer']}")

    ui.button("Place order", on_click=place)


ui.run(
    host="127.0.0.1",
    port=int(sys.argv[1]),
    reload=False,
    show=False,
    title="Warehouse desk",
    uvicorn_logging_level="warning",
)
"""


class WebUi(App):
    """NiceGUI's order desk: place an order through a Quasar form over a websocket."""

    name = "NiceGUI"

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="bk-economy-nicegui-"))
        self.port = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._log: Any = None

    def url(self, path: str) -> str:
        """The full URL of ``path`` on the running server."""
        return f"http://127.0.0.1:{self.port}{path}"

    def start(self) -> None:
        """Write the app and start it."""
        if importlib.util.find_spec("nicegui") is None:
            raise AppError("NiceGUI is not installed: pip install --group bench")
        (self.folder / "desk.py").write_text(_DESK)
        self.port = free_port()
        self._log = (self.folder / "server.log").open("wb")
        self._proc = subprocess.Popen(
            [sys.executable, "desk.py", str(self.port)],
            cwd=self.folder,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        wait_ready(self.url("/api/orders"), self._proc)

    def orders(self) -> list[dict[str, Any]]:
        """Every order the app holds, from its own JSON route."""
        with urllib.request.urlopen(self.url("/api/orders"), timeout=10) as answer:
            found: list[dict[str, Any]] = json.load(answer)
        return found

    def close(self) -> None:
        """Stop the app and remove its folder."""
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
