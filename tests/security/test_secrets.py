"""Passwords and payment cards never reach the agent in what it reads (issue 12, item 6).

Outlines, diffs, finds and scans show ``••••`` for the value of a password
field or an ``autocomplete="cc-…"`` field, in the main frame and in iframes;
a session of a browser configured with ``show_secrets=True`` shows them.
"""

from __future__ import annotations

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw

# Browser behaviour, not the interpreter's: nox runs this module on one Python.
pytestmark = pytest.mark.slow

SECRETS = ("hunter2-old", "4111111111111111", "5500000000000004", "inner-pin-9", "typed-secret-7")


async def open_page(sess: AnySession, base_url: str) -> str:
    await aw(sess.navigate(f"{base_url}/secrets.html"))
    await aw(sess.wait_for(text="PIN"))
    return str((await aw(sess.snapshot())).tree)


def leaks(text: str) -> list[str]:
    return [s for s in SECRETS if s in text]


async def test_outlines_mask_password_and_card_values(sess: AnySession, base_url: str) -> None:
    tree = await open_page(sess, base_url)
    assert leaks(tree) == []
    lines = {line.strip() for line in tree.splitlines()}

    def shows(start: str, end: str) -> bool:
        return any(line.startswith(start) and line.endswith(end) for line in lines)

    assert shows('- textbox "Password"', ": ••••")
    assert shows('- textbox "Card"', ": ••••")
    assert shows('- textbox "Billing card"', ": ••••")  # cc- need not be the first token
    assert shows('- textbox "PIN"', ": ••••")
    # Other fields keep their values.
    assert shows('- textbox "User"', ": alice")
    assert shows('- searchbox "Search"', ": kettles")


async def test_typing_a_password_never_shows_it(sess: AnySession, base_url: str) -> None:
    await open_page(sess, base_url)
    result = await aw(sess.type(bk.css("#pw"), "typed-secret-7"))
    assert leaks(str(result.diff)) == []
    assert leaks(str(await aw(sess.snapshot()))) == []
    assert leaks(str(await aw(sess.find("typed-secret-7")))) == []
    scan = await aw(sess.scan())
    assert leaks(scan.content) == []
    assert "alice" in scan.content
    # The page itself still has it: masking is in what browserkit prints.
    assert await aw(sess.evaluate("document.getElementById('pw').value")) == "typed-secret-7"


async def test_a_browser_configured_to_show_secrets_shows_them(base_url: str) -> None:
    async with bk.AsyncBrowser(bk.Config.from_env(show_secrets=True)) as browser:
        s = await browser.start()
        tree = await open_page(s, base_url)
        assert "hunter2-old" in tree and "4111111111111111" in tree and "inner-pin-9" in tree
        assert "4111111111111111" in (await s.scan()).content


def test_the_option_reads_from_the_environment() -> None:
    assert bk.Config.from_env({"BROWSERKIT_SHOW_SECRETS": "1"}).show_secrets is True
    assert bk.Config().show_secrets is False
