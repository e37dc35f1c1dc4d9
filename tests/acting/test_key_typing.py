"""Typing key by key (``type(..., keys=True)``, ``browser_act`` ``keys``): a search
box that reads keys only (keydown, keypress, keyup, never ``input``) finds
nothing after a plain ``type`` and finds with ``keys``; ``clear`` and
``submit`` combine with it, and a secret typed key by key comes out of
nothing browserkit writes: results, tool answers, the recording.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import browserkit as bk
from browserkit import tools
from browserkit._secrets import Secrets
from tests.helpers import AnySession, aw, browser_config, ref_of

PAGE = "keys_search.html"
PIN = "7391-kx-secret"


async def test_keys_types_into_a_field_that_reads_keys_only(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/{PAGE}"))
    box = ref_of((await aw(sess.snapshot())).tree, 'textbox "Search"')
    # In one go (one input event), the keys the page listens for never come.
    filled = await aw(sess.type(box, "retention"))
    assert "results for" not in str(filled.diff)
    # Key by key, over what is there (clear=True).
    typed = await aw(sess.type(box, "cache", keys=True))
    assert "key by key" in typed.detail
    assert '2 results for "cache"' in str(typed.diff)
    assert "cache.ttl" in str(typed.diff)
    # Added to the end (clear=False), then submitted.
    more = await aw(sess.type(box, ".t", keys=True, clear=False, submit=True))
    assert '1 results for "cache.t"' in str(more.diff)
    assert "searched: cache.t" in str(more.diff)
    # Into the focused element (no target), replacing its value.
    again = await aw(sess.type(None, "rot", keys=True))
    assert '1 results for "rot"' in str(again.diff)


async def test_browser_act_type_takes_keys(abrowser: bk.AsyncBrowser, base_url: str) -> None:
    s = await abrowser.start()
    try:
        await s.navigate(f"{base_url}/{PAGE}")
        box = ref_of((await s.snapshot()).tree, 'textbox "Search"')
        answer = await tools.call(
            abrowser,
            "browser_act",
            {
                "session_id": s.id,
                "action": "type",
                "ref": box,
                "text": "logs",
                "keys": True,
                "detail": "search the docs",
            },
        )
        assert '2 results for "logs"' in answer["diff"]
        assert "logs.retention_days" in answer["diff"]
    finally:
        await s.stop()


async def test_a_secret_typed_key_by_key_comes_out_of_nothing(
    base_url: str, tmp_path: Path
) -> None:
    secrets = {"PIN": PIN}
    forms = Secrets.of(secrets).hidden()
    browser = bk.AsyncBrowser(browser_config().evolve(secrets=secrets))
    outputs: dict[str, str] = {}
    try:
        s = await browser.start()
        await s.navigate(f"{base_url}/{PAGE}")
        await s.record(str(tmp_path / "trace.zip"))
        pin = ref_of((await s.snapshot()).tree, 'textbox "PIN"')
        typed = await s.type(pin, bk.secret("PIN"), keys=True)
        outputs["result"] = f"{typed}\n{typed!r}\n{typed.detail}"
        assert f"pin: {len(PIN)} keys" in str(typed.diff)
        answer = await tools.call(
            browser,
            "browser_act",
            {
                "session_id": s.id,
                "action": "type",
                "ref": pin,
                "text": {"secret": "PIN"},
                "keys": True,
                "detail": "enter the pin",
            },
        )
        outputs["tool"] = json.dumps(answer, ensure_ascii=False)
        outputs["console"] = str(s.console.read(limit=100))
        await s.stop_recording()
        with zipfile.ZipFile(tmp_path / "trace.zip") as trace:
            for member in trace.namelist():
                outputs[member] = trace.read(member).decode("utf-8", "replace")
        assert "<secret:PIN>" in outputs["result"]
        found = {where: [f for f in forms if f in text] for where, text in outputs.items()}
        assert {where: hits for where, hits in found.items() if hits} == {}
    finally:
        await browser.close()
