"""sessionStorage per tab, and IndexedDB in the storage state, on real pages."""

from __future__ import annotations

from typing import Any

import pytest

import browserkit as bk
from browserkit import tools
from tests.helpers import AnySession, aw, until


def _browser_of(sess: AnySession, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser) -> Any:
    return sbrowser if isinstance(sess, bk.Session) else abrowser


async def _shows(sess: AnySession, text: str) -> bool:
    return bool(await aw(sess.evaluate("document.getElementById('who').textContent")) == text)


async def test_session_storage_reads_and_writes_one_tab(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    await aw(sess.evaluate("sessionStorage.setItem('page', 'wrote')"))
    assert await aw(sess.session_storage(update={"mine": "1"})) == {"page": "wrote", "mine": "1"}
    assert await aw(sess.evaluate("sessionStorage.getItem('mine')")) == "1"
    assert await aw(sess.local_storage()) == {}  # the other storage is untouched
    assert await aw(sess.session_storage(base_url, remove=["page"])) == {"mine": "1"}

    # Another tab of the same origin has a sessionStorage of its own.
    first = (await aw(sess.tabs()))[0].tab_id
    await aw(sess.new_tab(f"{base_url}/basic.html"))
    assert await aw(sess.session_storage()) == {}
    await aw(sess.select_tab(first))
    assert await aw(sess.session_storage(clear=True, update={"after": "clear"})) == {
        "after": "clear"
    }
    with pytest.raises(bk.InvalidArgumentError, match="no tab of the session shows"):
        await aw(sess.session_storage("http://127.0.0.1:1"))


async def test_storage_state_with_indexed_db_holds_a_record_and_restores_it(
    sess: AnySession, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/profile_login.html"))
    await aw(sess.click(bk.role("button", name="Log in")))
    plain = await aw(sess.storage_state())
    assert plain.indexed_db(base_url) == ()
    state = await aw(sess.storage_state(indexed_db=True))
    (database,) = state.indexed_db(base_url)
    (store,) = database["stores"]
    assert database["name"] == "app" and store["name"] == "users"
    assert [r["value"] for r in store["records"]] == [{"id": "me", "name": "ada"}]
    assert "ada" not in repr(state)
    assert bk.StorageState.from_playwright(state.to_playwright()) == state

    other = await aw(
        _browser_of(sess, abrowser, sbrowser).start(
            f"{base_url}/profile_login.html", storage_state=state
        )
    )
    try:
        # The page reads IndexedDB asynchronously after its load.
        await until(lambda: _shows(other, "cookie yes, record ada"), "the restored login")
    finally:
        await aw(other.stop())


async def test_the_session_storage_tool_reads_and_writes(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    session = await abrowser.start(f"{base_url}/basic.html")
    try:
        out = await tools.call(
            abrowser,
            "browser_session_storage",
            {"session_id": session.id, "update": [{"key": "k", "value": "v" * 300}]},
        )
        assert list(out["items"]) == ["k"] and len(out["items"]["k"]) < 150
        assert await session.session_storage() == {"k": "v" * 300}
    finally:
        await session.stop()
