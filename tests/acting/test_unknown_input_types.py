"""An input of a type the browser does not know is a text box (issue 28, item 7).

``<input type="keypress">`` reads ``type == "text"`` in the browser: typing
into it, ``scan``'s targets and its condensed HTML must take it as such, as
its outline already does. Types written in another case are the types they
name.
"""

from __future__ import annotations

import re

import pytest

from tests.helpers import AnySession, aw


def _ref(outline: str, role: str, name: str) -> str:
    found = re.search(rf'{role} "{re.escape(name)}"[^\n]*\[ref=(\w+)\]', outline)
    assert found, f"no {role} {name!r} in:\n{outline}"
    return found.group(1)


@pytest.mark.every_python
async def test_typing_into_an_input_of_an_unknown_type_types(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/unknown_input_types.html"))
    assert nav.page is not None
    await aw(sess.type(_ref(nav.page, "textbox", "Keys"), "abc"))
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "typed abc"
    await aw(sess.check(_ref(nav.page, "checkbox", "Agree")))  # type="CheckBox"
    assert await aw(sess.evaluate("document.getElementById('agree').checked")) is True


async def test_fill_form_fills_an_input_of_an_unknown_type_as_text(
    sess: AnySession, base_url: str
) -> None:
    nav = await aw(sess.navigate(f"{base_url}/unknown_input_types.html"))
    assert nav.page is not None
    fields = [
        {"target": _ref(nav.page, "textbox", "Keys"), "value": "xyz"},
        {"target": _ref(nav.page, "checkbox", "Agree"), "value": True},
    ]
    await aw(sess.fill_form(fields))
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == "typed xyz"
    assert await aw(sess.evaluate("document.getElementById('agree').checked")) is True


async def test_scan_takes_an_input_of_an_unknown_type_for_a_text_box(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/unknown_input_types.html"))
    scan = await aw(sess.scan())
    keys = next(t for t in scan.targets if t.name == "Keys")
    assert (keys.action, keys.editable, keys.role) == ("type", True, "textbox"), keys
    await aw(sess.type(keys.ref, "via scan"))
    assert await aw(sess.evaluate("document.getElementById('out').textContent")) == (
        "typed via scan"
    )
    # Its condensed HTML says the type the browser uses, and a password in any case is masked.
    assert 'type="keypress"' not in scan.content, scan.content
    assert "hunter2" not in scan.content and 'type="password"' in scan.content, scan.content
    assert "hunter2" not in str(await aw(sess.snapshot()))
