"""swagger-ui-dist from npm: a React single-page app, the API console.

It is served with an OpenAPI document for a tiny JSON API that the same server
answers, and with its own initializer pointed at that document. A second
console, under ``/catalog/``, documents a catalog API whose one list answers
150 nested records (some 40 KB of JSON): the same app files, its own
initializer and document, so the first console's page stays as it was.
"""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path
from typing import Any

from benchmarks.economy.apps._base import (
    NPM_DIR,
    SWAGGER_DIR,
    App,
    AppError,
    QuietFiles,
    run_command,
    wait_ready,
)
from benchmarks.pages import PageServer

__all__ = ["CATALOG", "CATALOG_PREFIX", "ITEMS", "ApiConsole", "ensure_npm"]

ITEMS: dict[int, dict[str, Any]] = {
    7: {"id": 7, "name": "copper kettle", "price": 24.5, "in_stock": True},
    42: {"id": 42, "name": "brass telescope", "price": 310.0, "in_stock": False},
}
"""What the tiny JSON API knows; the API-console task reads one of these back."""

CATALOG_PREFIX = "/catalog/"
"""Where the second console (the catalog API's) is served."""

_MAKERS = ["Alder", "Birch", "Cedar", "Dunmore", "Elling", "Fenwick"]
_COUNTRIES = ["Portugal", "Norway", "Chile", "Japan", "Kenya", "Canada"]
_GOODS = ["kettle", "telescope", "lantern", "compass", "barometer", "sextant", "clock"]


def _record(n: int) -> dict[str, Any]:
    # 7919 is prime, so n * 7919 mod 9000 differs for every n up to 9000: unique SKUs
    # that cannot be told from the id.
    return {
        "id": n,
        "sku": f"{'KLMNPQRSTV'[n % 10]}{'WXYZ'[n % 4]}-{n * 7919 % 9000 + 1000}",
        "name": f"{_MAKERS[n % 6].lower()} {_GOODS[n % 7]}",
        "price": {"amount": round(4.5 + n * 1.75, 2), "currency": "EUR"},
        "supplier": {
            "name": f"{_MAKERS[n * 5 % 6]} & Sons",
            "address": {"city": f"Depot {n % 12 + 1}", "country": _COUNTRIES[n % 6]},
        },
        "stock": [
            {"warehouse": "north", "on_hand": n * 3 % 40},
            {"warehouse": "south", "on_hand": n * 11 % 25},
        ],
    }


CATALOG: list[dict[str, Any]] = [_record(n) for n in range(1, 151)]
"""What the catalog API lists, in id order; its task reads one record deep in the list."""


def _openapi(base: str) -> dict[str, Any]:
    item = {
        "type": "object",
        "properties": {
            "id": {"type": "integer"},
            "name": {"type": "string"},
            "price": {"type": "number"},
            "in_stock": {"type": "boolean"},
        },
    }
    not_found = {"description": "No such item"}
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "Warehouse API",
            "version": "1.0.0",
            "description": "A tiny inventory API served by the browserkit benchmark.",
        },
        "servers": [{"url": base}],
        "tags": [{"name": "items", "description": "Things on the shelves"}],
        "paths": {
            "/api/items": {
                "get": {
                    "tags": ["items"],
                    "summary": "List items",
                    "operationId": "listItems",
                    "responses": {
                        "200": {
                            "description": "Every item",
                            "content": {
                                "application/json": {"schema": {"type": "array", "items": item}}
                            },
                        }
                    },
                },
                "post": {
                    "tags": ["items"],
                    "summary": "Add an item",
                    "operationId": "addItem",
                    "requestBody": {"content": {"application/json": {"schema": item}}},
                    "responses": {"201": {"description": "Created"}},
                },
            },
            "/api/items/{item_id}": {
                "get": {
                    "tags": ["items"],
                    "summary": "Read one item",
                    "operationId": "getItem",
                    "parameters": [
                        {
                            "name": "item_id",
                            "in": "path",
                            "required": True,
                            "description": "The item's id",
                            "schema": {"type": "integer"},
                        }
                    ],
                    "responses": {
                        "200": {
                            "description": "The item",
                            "content": {"application/json": {"schema": item}},
                        },
                        "404": not_found,
                    },
                },
                "delete": {
                    "tags": ["items"],
                    "summary": "Remove an item",
                    "operationId": "deleteItem",
                    "parameters": [
                        {
                            "name": "item_id",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "integer"},
                        }
                    ],
                    "responses": {"204": {"description": "Removed"}, "404": not_found},
                },
            },
        },
    }


def _catalog_openapi(base: str) -> dict[str, Any]:
    record = {
        "type": "object",
        "properties": {
            "id": {"type": "integer"},
            "sku": {"type": "string"},
            "name": {"type": "string"},
            "price": {"type": "object"},
            "supplier": {"type": "object"},
            "stock": {"type": "array", "items": {"type": "object"}},
        },
    }
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "Catalog API",
            "version": "1.0.0",
            "description": "Every product the warehouse sells, with its supplier and stock.",
        },
        "servers": [{"url": base}],
        "tags": [{"name": "catalog", "description": "Products and where they are kept"}],
        "paths": {
            "/api/catalog": {
                "get": {
                    "tags": ["catalog"],
                    "summary": "List the whole catalog",
                    "operationId": "listCatalog",
                    "responses": {
                        "200": {
                            "description": "Every product, in id order",
                            "content": {
                                "application/json": {"schema": {"type": "array", "items": record}}
                            },
                        }
                    },
                }
            },
            "/api/catalog/{sku}": {
                "get": {
                    "tags": ["catalog"],
                    "summary": "Read one product by its SKU",
                    "operationId": "getProduct",
                    "parameters": [
                        {
                            "name": "sku",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        }
                    ],
                    "responses": {
                        "200": {
                            "description": "The product",
                            "content": {"application/json": {"schema": record}},
                        },
                        "404": {"description": "No such product"},
                    },
                }
            },
        },
    }


_INITIALIZER = """\
window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "DOCUMENT",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "StandaloneLayout",
  });
};
"""
"""swagger-ui-dist's own initializer, pointed at DOCUMENT (and no remote validator)."""


def ensure_npm(folder: Path = NPM_DIR) -> None:
    """Install the npm apps (``npm ci --ignore-scripts``) unless they are installed already."""
    if (folder / "node_modules" / "swagger-ui-dist" / "swagger-ui-bundle.js").is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise AppError(f"npm is not on PATH: install Node.js, then run `npm ci` in {folder}")
    # --ignore-scripts: swagger-ui-dist pulls in an analytics package whose install
    # script would phone home; the bundle needs no build step.
    run_command(
        [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
        folder,
        f"npm ci in {folder}",
    )


class ApiConsole(App):
    """swagger-ui-dist serving an OpenAPI document for a JSON API on the same origin."""

    name = "swagger-ui"

    def __init__(self, dist: Path = SWAGGER_DIR) -> None:
        self.dist = dist
        self.requests: list[str] = []
        """Paths of every API request served (``/api/...``), in order."""
        self._lock = threading.Lock()
        self._server: PageServer | None = None

    def url(self, path: str) -> str:
        """The full URL of ``path`` on the running server."""
        assert self._server is not None, "start() first"
        return self._server.base + path

    def start(self) -> None:
        """Install swagger-ui-dist if needed and serve it with the API."""
        ensure_npm()
        app = self

        class Handler(QuietFiles):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, directory=str(app.dist), **kwargs)

            def _json(self, status: int, body: Any) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _initializer(self, document: str) -> None:
                data = _INITIALIZER.replace("DOCUMENT", document).encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/javascript")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                path = self.path.split("?", 1)[0]
                base = f"http://{self.headers.get('Host', '127.0.0.1')}"
                console, page = "/", path
                if path.startswith(CATALOG_PREFIX):
                    # The catalog's console: the same app files under its own folder.
                    console, page = CATALOG_PREFIX, "/" + path[len(CATALOG_PREFIX) :]
                if page == "/swagger-initializer.js":
                    self._initializer(f"{console}openapi.json")
                elif page == "/openapi.json":
                    document = _openapi if console == "/" else _catalog_openapi
                    self._json(200, document(base))
                elif path.startswith("/api/"):
                    app.record(path)
                    self._api(path)
                else:
                    self.path = page
                    super().do_GET()

            def _api(self, path: str) -> None:
                parts = path.strip("/").split("/")
                if parts[:2] == ["api", "catalog"]:
                    self._catalog(parts[2:])
                elif parts == ["api", "items"]:
                    self._json(200, list(ITEMS.values()))
                elif len(parts) == 3 and parts[:2] == ["api", "items"] and parts[2].isdigit():
                    found = ITEMS.get(int(parts[2]))
                    if found is None:
                        self._json(404, {"detail": "No such item"})
                    else:
                        self._json(200, found)
                else:
                    self._json(404, {"detail": "Not found"})

            def _catalog(self, rest: list[str]) -> None:
                if not rest:
                    self._json(200, CATALOG)
                    return
                found = [r for r in CATALOG if [r["sku"]] == rest]
                if found:
                    self._json(200, found[0])
                else:
                    self._json(404, {"detail": "No such product"})

        if not (self.dist / "swagger-ui-bundle.js").is_file():
            raise AppError(f"swagger-ui-dist is missing in {self.dist}: run npm ci there")
        self._server = PageServer(Handler)
        wait_ready(self.url("/index.html"))

    def record(self, path: str) -> None:
        """Note one API request (called from the server's threads)."""
        with self._lock:
            self.requests.append(path)

    def served(self, path: str) -> int:
        """How many times the API answered ``path`` so far."""
        with self._lock:
            return self.requests.count(path)

    def close(self) -> None:
        """Stop serving."""
        if self._server is not None:
            self._server.close()
