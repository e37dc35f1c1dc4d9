"""Results of the session-state calls (cookies, storage); exported by :mod:`browserkit.results`.

Cookie values and stored items are secrets as often as not (a session
cookie is a login): they are in the fields for the program that asked, but
no ``repr`` and no notebook rendering prints them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal, cast

import attrs

from browserkit._reprs import record_markdown, summary
from browserkit.errors import InvalidArgumentError

__all__ = ["Cookie", "OriginStorage", "StorageState", "cookie_from_playwright"]

SameSite = Literal["Strict", "Lax", "None"]
SAME_SITE: tuple[SameSite, ...] = ("Strict", "Lax", "None")


def _hidden(value: str) -> str:
    return f"<{len(value)} chars hidden>"


def _counted(items: Mapping[str, str]) -> str:
    return f"<{len(items)} item>" if len(items) == 1 else f"<{len(items)} items>"


@attrs.frozen(repr=False)
class Cookie:
    """One cookie of a session, as :meth:`~browserkit.AsyncSession.cookies` reads it.

    ``expires`` is in seconds since the epoch, ``-1`` for a session cookie.
    ``same_site`` is ``Strict``, ``Lax`` or ``None``. Its ``repr`` hides
    ``value``; the field holds it. Pass cookies back to
    :meth:`~browserkit.AsyncSession.set_cookies` as they are.
    """

    name: str
    value: str = attrs.field(repr=_hidden)
    domain: str
    path: str = "/"
    expires: float = -1.0
    http_only: bool = False
    secure: bool = False
    same_site: SameSite = "Lax"

    __repr__ = summary

    def _repr_markdown_(self) -> str:
        return record_markdown(attrs.evolve(self, value=_hidden(self.value)))

    def to_playwright(self) -> dict[str, Any]:
        """The cookie with Playwright's keys (``httpOnly``, ``sameSite``)."""
        return {
            "name": self.name,
            "value": self.value,
            "domain": self.domain,
            "path": self.path,
            "expires": self.expires,
            "httpOnly": self.http_only,
            "secure": self.secure,
            "sameSite": self.same_site,
        }


def _databases(value: tuple[dict[str, Any], ...]) -> str:
    return f"<{len(value)} databases>"


@attrs.frozen(repr=False)
class OriginStorage:
    """The storage of one origin (``http://127.0.0.1:8000``): localStorage items, key to
    value, and with ``storage_state(indexed_db=True)`` its IndexedDB databases, as
    Playwright's JSON (``name``, ``version``, ``stores`` with their ``records``)."""

    origin: str
    local_storage: dict[str, str] = attrs.field(factory=dict, repr=_counted)
    indexed_db: tuple[dict[str, Any], ...] = attrs.field(default=(), repr=_databases)

    __repr__ = summary

    def _repr_markdown_(self) -> str:
        return f"**OriginStorage** `{self.origin}`: {_counted(self.local_storage)}"


@attrs.frozen(repr=False)
class StorageState:
    """A session's cookies and each origin's localStorage: what a login leaves behind.

    :meth:`~browserkit.AsyncSession.storage_state` reads it;
    ``AsyncBrowser.start(storage_state=...)`` starts a session from it (or
    from its JSON file, or from :meth:`to_playwright`'s dict). The shape is
    Playwright's, so files are interchangeable with Playwright's own. Its
    ``repr`` only counts: values stay in the fields.
    """

    cookies: tuple[Cookie, ...] = ()
    origins: tuple[OriginStorage, ...] = ()

    __repr__ = summary

    def _repr_markdown_(self) -> str:
        lines = [f"**StorageState**: {len(self.cookies)} cookies, {len(self.origins)} origins", ""]
        lines += [f"- cookie `{c.name}` for `{c.domain}{c.path}`" for c in self.cookies[:100]]
        lines += [
            f"- `{o.origin}`: {_counted(o.local_storage)}"
            + (f", {_databases(o.indexed_db)}" if o.indexed_db else "")
            for o in self.origins[:100]
        ]
        return "\n".join(lines)

    def local_storage(self, origin: str) -> dict[str, str]:
        """The localStorage items kept for ``origin`` (empty when none).

        Args:
            origin: Scheme, host and port, e.g. ``"https://shop.example"``; a
                trailing ``/`` is ignored.
        """
        found = next((o for o in self.origins if o.origin == origin.rstrip("/")), None)
        return {} if found is None else dict(found.local_storage)

    def indexed_db(self, origin: str) -> tuple[dict[str, Any], ...]:
        """The IndexedDB databases kept for ``origin`` (read with ``indexed_db=True``).

        Args:
            origin: Scheme, host and port, e.g. ``"https://shop.example"``; a
                trailing ``/`` is ignored.
        """
        found = next((o for o in self.origins if o.origin == origin.rstrip("/")), None)
        return () if found is None else found.indexed_db

    def to_playwright(self) -> dict[str, Any]:
        """The state as Playwright's storage-state JSON (``cookies`` and ``origins``)."""
        return {
            "cookies": [c.to_playwright() for c in self.cookies],
            "origins": [
                {
                    "origin": o.origin,
                    "localStorage": [{"name": k, "value": v} for k, v in o.local_storage.items()],
                    **({"indexedDB": list(o.indexed_db)} if o.indexed_db else {}),
                }
                for o in self.origins
            ],
        }

    @classmethod
    def from_playwright(cls, data: Mapping[str, Any]) -> StorageState:
        """A state from Playwright's storage-state JSON.

        Args:
            data: The parsed JSON: ``{"cookies": [...], "origins": [...]}``, as
                Playwright's ``storage_state()`` or :meth:`to_playwright` gives
                it; a malformed one raises :class:`~browserkit.InvalidArgumentError`
                naming the bad field.
        """
        if not isinstance(data, Mapping):
            raise _bad("storage_state", f"must be an object, got {type(data).__name__}")
        cookies = tuple(
            cookie_from_playwright(c, f"storage_state.cookies[{i}]")
            for i, c in enumerate(_list(data.get("cookies", []), "storage_state.cookies"))
        )
        origins = []
        for i, o in enumerate(_list(data.get("origins", []), "storage_state.origins")):
            where = f"storage_state.origins[{i}]"
            if not isinstance(o, Mapping) or not isinstance(o.get("origin"), str):
                raise _bad(where, "must be an object with an origin string")
            items: dict[str, str] = {}
            for j, item in enumerate(_list(o.get("localStorage", []), f"{where}.localStorage")):
                if not isinstance(item, Mapping) or not all(
                    isinstance(item.get(k), str) for k in ("name", "value")
                ):
                    raise _bad(f"{where}.localStorage[{j}]", "must have name and value strings")
                items[item["name"]] = item["value"]
            databases = _list(o.get("indexedDB", []), f"{where}.indexedDB")
            for j, database in enumerate(databases):
                if not isinstance(database, Mapping) or not isinstance(database.get("name"), str):
                    raise _bad(f"{where}.indexedDB[{j}]", "must be an object with a name string")
            origins.append(OriginStorage(o["origin"], items, tuple(dict(d) for d in databases)))
        return cls(cookies, tuple(origins))


def cookie_from_playwright(data: Any, where: str = "cookie") -> Cookie:
    """A :class:`Cookie` from a mapping with Playwright's keys (as ``context.cookies()`` gives)."""
    if not isinstance(data, Mapping):
        raise _bad(where, f"must be an object, got {type(data).__name__}")
    for key in ("name", "value", "domain"):
        if not isinstance(data.get(key), str):
            raise _bad(where, f"needs {key} as a string")
    same_site = data.get("sameSite", "Lax")
    if same_site not in SAME_SITE:
        raise _bad(where, f"sameSite must be one of {', '.join(SAME_SITE)}, got {same_site!r}")
    expires = data.get("expires", -1)
    if isinstance(expires, bool) or not isinstance(expires, (int, float)) or math.isnan(expires):
        raise _bad(where, f"expires must be a number, got {expires!r}")
    return Cookie(
        name=data["name"],
        value=data["value"],
        domain=data["domain"],
        path=str(data.get("path") or "/"),
        expires=float(expires),
        http_only=bool(data.get("httpOnly", False)),
        secure=bool(data.get("secure", False)),
        same_site=cast(SameSite, same_site),
    )


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise _bad(where, f"must be a list, got {type(value).__name__}")
    return list(value)


def _bad(where: str, problem: str) -> InvalidArgumentError:
    return InvalidArgumentError(
        f"{where}: {problem}",
        hint="a storage state is Playwright's JSON: {cookies: [...], origins: [...]}",
    )
