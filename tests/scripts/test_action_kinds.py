"""Every action kind is declared once (browserkit._steps), and the tool, the exports and the
replay only read that declaration: a kind none of them knows cannot be run or written."""

from __future__ import annotations

import attrs
import pytest

import browserkit as bk
from browserkit import tools
from browserkit._steps import ACT_ACTIONS, STEP_ACTIONS, Step, kind_of
from browserkit.tools._acting import ActArgs

pytestmark = pytest.mark.every_python

_SAVE = bk.role("button", "Save")


def test_every_step_kind_has_one_declaration_named_after_it() -> None:
    kinds = [kind_of(action) for action in STEP_ACTIONS]

    assert [kind.name for kind in kinds] == list(STEP_ACTIONS)
    assert len({id(kind) for kind in kinds}) == len(kinds)


@pytest.mark.parametrize("action", STEP_ACTIONS)
def test_each_kind_writes_both_exports_and_a_session_call(action: str) -> None:
    step = Step(
        action,  # type: ignore[arg-type]
        locator=_SAVE,
        url="http://127.0.0.1/",
        text="Ada",
        key="Enter",
        values=("m",),
        checked=True,
        to=bk.role("list", "Done"),
        files=("a.txt",),
        delta_y=100,
    )
    kind = kind_of(step.action)
    call = kind.replay(step)

    assert step.describe().startswith("s.")
    assert all(line.startswith("await ") for line in kind.playwright(step))
    # The call names a public method of the session, with arguments it takes.
    method = getattr(bk.AsyncSession, call.method)
    assert method.__doc__
    assert call.method == action


@pytest.mark.parametrize("action", [a for a in STEP_ACTIONS if kind_of(a).target == "element"])
def test_a_step_on_an_element_without_a_locator_is_refused_not_guessed(action: str) -> None:
    step = Step(action, to=_SAVE)  # type: ignore[arg-type]

    with pytest.raises(bk.InvalidArgumentError, match="has no locator to act on"):
        kind_of(step.action).replay(step)


def test_browser_act_offers_the_declared_kinds_and_their_arguments() -> None:
    schema = next(t for t in tools.to_openai() if t["function"]["name"] == "browser_act")
    offered = schema["function"]["parameters"]["properties"]["action"]["enum"]
    fields = {f.name for f in attrs.fields(ActArgs)}

    assert offered[: len(ACT_ACTIONS)] == list(ACT_ACTIONS)
    assert offered[len(ACT_ACTIONS) :] == ["mouse_down", "mouse_up", "key_down", "key_up"]
    for action in ACT_ACTIONS:
        assert kind_of(action).tool_args <= fields, action


def test_a_script_naming_a_kind_nobody_declared_is_refused_when_loaded() -> None:
    script = bk.Script((Step("click", locator=_SAVE),))
    text = script.to_json().replace('"action": "click"', '"action": "tap"')

    with pytest.raises(bk.InvalidArgumentError, match="not a browserkit script"):
        bk.Script.from_json(text)
