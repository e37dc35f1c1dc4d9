"""From an agent's run to a script: made through the tools, exported three ways, rerun."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import browserkit as bk
from browserkit._demo.run import serve_site
from tests.helpers import AnySession, aw, browser_config, ref_of
from tests.scripts_helpers import SECRET_VALUE, call, export_and_rerun, ref_in


@pytest.fixture(scope="module")
def demo_url() -> Iterator[str]:
    with serve_site() as url:
        yield url


@pytest.mark.slow  # two exports run in processes of their own, each with a browser
async def test_a_demo_shop_run_through_the_tools_reruns_three_ways(
    abrowser: bk.AsyncBrowser, demo_url: str, tmp_path: Path
) -> None:
    started = await call(abrowser, "browser_sessions_start", url=f"{demo_url}/index.html")
    sid = started["session_id"]
    tree = (await call(abrowser, "browser_snapshot", session_id=sid))["snapshot"]
    added = await call(
        abrowser,
        "browser_act",
        session_id=sid,
        action="click",
        ref=ref_in(tree, "Add kettle"),
        detail="add a kettle",
    )
    assert added["locator"] == 'bk.test_id("add-kettle")'  # the act answer names it
    await call(
        abrowser,
        "browser_act",
        session_id=sid,
        action="type",
        ref=ref_in(tree, "textbox"),
        text="tea",
        submit=True,
        detail="search",
    )
    finished = (await abrowser.session(sid).snapshot()).url
    assert "search.html?q=tea" in finished
    try:
        assert await export_and_rerun(abrowser, sid, tmp_path, {}) == (finished,) * 3
    finally:
        await abrowser.stop(sid)


@pytest.mark.slow
async def test_a_single_page_app_run_with_a_secret_reruns_three_ways(
    base_url: str, tmp_path: Path
) -> None:
    secrets_file = tmp_path / "secrets.json"
    secrets_file.write_text(json.dumps({"PASSWORD": SECRET_VALUE}), encoding="utf-8")
    env = {"BROWSERKIT_SECRETS_FILE": str(secrets_file), "PASSWORD": SECRET_VALUE}
    config = attrs.evolve(browser_config(), secrets={"PASSWORD": SECRET_VALUE})
    async with bk.AsyncBrowser(config) as browser:
        started = await call(browser, "browser_sessions_start", url=f"{base_url}/script_app.html")
        sid = started["session_id"]
        tree = (await call(browser, "browser_snapshot", session_id=sid))["snapshot"]

        async def act(action: str, line: str, **more: Any) -> None:
            ref = ref_in(tree, line)
            await call(
                browser,
                "browser_act",
                session_id=sid,
                action=action,
                ref=ref,
                detail=action,
                **more,
            )

        await act("type", 'textbox "Title"', text="Buy milk", submit=True)
        await act("check", 'checkbox "Done"')
        await act("type", 'textbox "Password"', text={"secret": "PASSWORD"})
        await act("click", 'button "Unlock"')
        script = browser.session(sid).script()
        assert [s.action for s in script] == ["navigate", "type", "check", "type", "click"]
        assert script.steps[2].expect_checked is True
        assert script.steps[3].secret == "PASSWORD" and script.steps[4].expect_text == "Unlocked"
        saved = script.save(tmp_path / "login.json")
        assert SECRET_VALUE not in saved.read_text(encoding="utf-8")
        assert bk.Script.load(saved) == script
        start = f"{base_url}/script_app.html"
        assert await export_and_rerun(browser, sid, tmp_path, env) == (start,) * 3


def test_the_browserkit_export_reads_as_code() -> None:
    step = bk.Step("click", locator=bk.role("button", "Save"), expect_text="Saved")
    code = bk.Script((step,), "http://127.0.0.1:8000/").to_python()
    assert 's.click(bk.role("button", "Save"))' in code
    assert re.search(r'expect\(s\.wait_for\(text="Saved"\)\.met', code)
    pw = bk.Script((step,)).to_python("playwright")
    assert 'await page.get_by_role("button", name="Save", exact=True).click()' in pw


async def test_failed_actions_are_left_out_and_reset_starts_anew(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/script_app.html"))
    await aw(sess.snapshot())
    with pytest.raises(bk.TargetNotFoundError):
        await aw(sess.click(bk.role("button", "Nowhere")))
    await aw(sess.click(bk.role("button", "Save")))
    first = sess.script(reset=True)
    assert [s.action for s in first] == ["navigate", "click"]
    assert sess.script().steps == ()


async def test_typing_key_by_key_is_recorded_exported_and_replayed(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/keys_search.html"))
    await aw(sess.type(bk.label("Search"), "cache", keys=True))
    script = sess.script(reset=True)
    typed = script.steps[-1]
    assert typed.keys and typed.expect_text is not None
    assert bk.Script.from_json(script.to_json()) == script
    assert 's.type(bk.label("Search"), "cache", keys=True)' in script.to_python()
    assert '.press_sequentially("cache")' in script.to_python("playwright")
    # The results the check waits for come from keys only: a replay that filled fails.
    assert (await aw(bk.replay(script, sess))).steps == 2


async def test_a_fill_form_call_is_recorded_as_a_step_per_field(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/forms.html"))
    tree = (await aw(sess.snapshot())).tree
    fields = [("textbox", "Name", "Ada"), ("checkbox", "Newsletter", True)]
    fields.append(("combobox", "Country", "Japan"))
    await aw(
        sess.fill_form([{"target": ref_of(tree, f'{r} "{n}"'), "value": v} for r, n, v in fields])
    )
    script = sess.script(reset=True)
    assert [(s.action, s.locator) for s in script.steps[1:]] == [
        ("type", bk.role("textbox", "Name")),
        ("check", bk.role("checkbox", "Newsletter")),
        ("select", bk.role("combobox", "Country")),
    ]
    assert script.steps[2].expect_checked is True
    assert 's.select(bk.role("combobox", "Country"), ["Japan"])' in script.to_python()
    assert '.select_option(["Japan"])' in script.to_python("playwright")
    assert (await aw(bk.replay(script, sess))).steps == 4  # on the page loaded anew
    shown = (await aw(sess.snapshot())).tree
    assert re.search(r'textbox "Name" \[ref=\w+\]: Ada', shown) and "[checked]" in shown
