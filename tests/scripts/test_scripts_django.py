"""A CRUD admin with a login (Django's), driven through the tools as an agent would,
exported three ways; each export, run in a fresh process on a fresh browser, and a
replay of the JSON add the same row to the app's own database.

The app is the economy benchmark's throwaway Django project (a superuser, seeded
authors and books in sqlite, ``runserver`` in a child process): one server for
the test. The password is a named secret; no export holds its value.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from benchmarks.economy.apps.django_admin import DjangoAdmin

import browserkit as bk
from tests.helpers import browser_config
from tests.scripts_helpers import call, export, printed, ref_in, run_export

pytest.importorskip("django")  # the server runs it in a child process

TITLE = "Dune, by script"


@pytest.fixture(scope="module")
def django_admin() -> Iterator[DjangoAdmin]:
    app = DjangoAdmin()
    try:
        app.start()
        yield app
    finally:
        app.close()


def _books(app: DjangoAdmin, title: str) -> int:
    """How many books titled ``title`` the app's database holds."""
    db = app.folder / "db.sqlite3"
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        row = conn.execute("SELECT COUNT(*) FROM library_book WHERE title = ?", (title,))
        return int(row.fetchone()[0])


@pytest.mark.slow  # a Django server, and two exports run in processes of their own
async def test_a_django_admin_run_with_a_login_reruns_three_ways(
    django_admin: DjangoAdmin, tmp_path: Path
) -> None:
    app, password = django_admin, django_admin.password
    config = attrs.evolve(browser_config(), secrets={"ADMIN_PASSWORD": password})
    async with bk.AsyncBrowser(config) as browser:
        started = await call(browser, "browser_sessions_start", url=app.url("/admin/"))
        sid = started["session_id"]

        async def act(action: str, line: str, **more: Any) -> dict[str, Any]:
            tree = (await call(browser, "browser_snapshot", session_id=sid))["snapshot"]
            return await call(
                browser,
                "browser_act",
                session_id=sid,
                action=action,
                ref=ref_in(tree, line),
                detail=action,
                **more,
            )

        await act("type", 'textbox "Username:"', text=app.username)
        await act("type", 'textbox "Password:"', text={"secret": "ADMIN_PASSWORD"})
        await act("click", 'button "Log in"')
        tree = (await call(browser, "browser_snapshot", session_id=sid))["snapshot"]
        books = next(line for line in tree.splitlines() if 'link "Books"' in line)
        add = ref_in(books.split("|")[1], 'link "Add"')  # the Add link in the Books row
        await call(browser, "browser_act", session_id=sid, action="click", ref=add, detail="add")
        tree = (await call(browser, "browser_snapshot", session_id=sid))["snapshot"]
        fields = [("textbox", "Title:", TITLE), ("combobox", "Author:", "Seed author 3")]
        fields.append(("spinbutton", "Year:", "1965"))
        await call(
            browser,
            "browser_fill_form",
            session_id=sid,
            fields=[{"ref": ref_in(tree, f'{r} "{n}"'), "value": v} for r, n, v in fields],
        )
        saved = await act("click", 'button "Save" ')
        assert saved["url"].endswith("/admin/library/book/")
        assert _books(app, TITLE) == 1

        made = await export(browser, sid)
        for code in made.values():
            assert password not in code
        assert 'bk.secret("ADMIN_PASSWORD")' in made["browserkit"]
        assert 's.select(bk.role("combobox", "Author:"), ["Seed author 3"])' in made["browserkit"]

        secrets_file = tmp_path / "secrets.json"
        secrets_file.write_text(json.dumps({"ADMIN_PASSWORD": password}), encoding="utf-8")
        secrets_file.chmod(0o600)
        env = {"BROWSERKIT_SECRETS_FILE": str(secrets_file), "ADMIN_PASSWORD": password}
        ends = [run_export(made["browserkit"], tmp_path, "bk_admin.py", env)]
        assert _books(app, TITLE) == 2
        ends.append(run_export(made["playwright"], tmp_path, "pw_admin.py", env))
        assert _books(app, TITLE) == 3
        fresh = await browser.start()
        try:
            replayed = await bk.replay(bk.Script.from_json(made["json"]), fresh)
        finally:
            await fresh.stop()
        assert _books(app, TITLE) == 4
        assert [printed(end, "done") for end in ends] == [saved["url"]] * 2
        assert replayed.url == saved["url"]
