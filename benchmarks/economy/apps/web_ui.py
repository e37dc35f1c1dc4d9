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

import json
import sys
import urllib.request
from typing import Any

from benchmarks.economy.apps._base import ProcessApp, require

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


class WebUi(ProcessApp):
    """NiceGUI's order desk: place an order through a Quasar form over a websocket."""

    name = "NiceGUI"
    folder_prefix = "bk-economy-nicegui-"
    ready_path = "/api/orders"

    def start(self) -> None:
        """Write the app and start it."""
        require("nicegui", "NiceGUI")
        (self.folder / "desk.py").write_text(_DESK)
        self.serve()

    def server_command(self) -> list[str]:
        return [sys.executable, "desk.py", str(self.port)]

    def orders(self) -> list[dict[str, Any]]:
        """Every order the app holds, from its own JSON route."""
        with urllib.request.urlopen(self.url("/api/orders"), timeout=10) as answer:
            found: list[dict[str, Any]] = json.load(answer)
        return found
