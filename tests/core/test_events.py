"""Session events: an observer hears actions, navigations, tabs and dialogs, on real Chromium.

The live view and the recording are observers like these; a raising one
never breaks the action it watches.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

import browserkit as bk
from browserkit._async.core.events import (
    ActionEnded,
    ActionStarted,
    DialogOpened,
    Navigated,
    Observer,
    TabClosed,
    TabOpened,
)
from browserkit._async.people.live_view import live_server
from browserkit.results import ActionResult


class Heard(Observer):
    """Keeps every event it hears, in order."""

    def __init__(self) -> None:
        self.events: list[Any] = []

    async def action_started(self, event: ActionStarted) -> None:
        self.events.append(event)

    async def action_ended(self, event: ActionEnded) -> None:
        self.events.append(event)

    def navigated(self, event: Navigated) -> None:
        self.events.append(event)

    def tab_opened(self, event: TabOpened) -> None:
        self.events.append(event)

    def tab_closed(self, event: TabClosed) -> None:
        self.events.append(event)

    def dialog_opened(self, event: DialogOpened) -> None:
        self.events.append(event)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]


class Raising(Observer):
    """Fails on every event it hears."""

    async def action_started(self, event: ActionStarted) -> None:
        raise RuntimeError("observer broke")

    async def action_ended(self, event: ActionEnded) -> None:
        raise RuntimeError("observer broke")

    def navigated(self, event: Navigated) -> None:
        raise RuntimeError("observer broke")


@pytest.fixture
async def s(abrowser: bk.AsyncBrowser) -> AsyncIterator[bk.AsyncSession]:
    session = await abrowser.start()
    try:
        yield session
    finally:
        await session.stop()


async def test_an_observer_hears_an_action_start_and_end_with_its_result(
    s: bk.AsyncSession, base_url: str
) -> None:
    await s.navigate(f"{base_url}/basic.html")
    heard = Heard()
    s._core.events.subscribe(heard)
    result = await s.click(bk.css("#inc"))
    started, ended = heard.of(ActionStarted), heard.of(ActionEnded)
    assert [e.detail for e in started] == ["clicked css=#inc"]
    assert started[0].tab.tab_id == s.tab_id
    assert started[0].before is not None  # observed: the outline before
    assert len(ended) == 1 and ended[0].action_id == started[0].action_id
    assert ended[0].result is result and ended[0].error is None
    assert heard.events.index(started[0]) < heard.events.index(ended[0])


async def test_a_failing_action_ends_with_its_error(s: bk.AsyncSession, base_url: str) -> None:
    await s.navigate(f"{base_url}/basic.html")
    heard = Heard()
    s._core.events.subscribe(heard)
    with pytest.raises(bk.TargetNotFoundError) as info:
        await s.click(bk.css("#no-such-button"), timeout_ms=2_000)
    (ended,) = heard.of(ActionEnded)
    assert ended.error is info.value and ended.result is None
    assert ended.detail == "clicked css=#no-such-button"


async def test_navigations_and_tabs_are_heard(s: bk.AsyncSession, base_url: str) -> None:
    heard = Heard()
    s._core.events.subscribe(heard)
    await s.navigate(f"{base_url}/basic.html")
    moved = heard.of(Navigated)
    assert moved and moved[-1].tab.tab_id == s.tab_id
    assert moved[-1].generation == s.generation
    # The navigation is told as an action too: a recording makes it a step.
    ended = heard.of(ActionEnded)
    assert [e.detail for e in ended] == [f"navigate to {base_url}/basic.html"]
    assert isinstance(ended[0].result, bk.Navigation)

    first = s.tab_id
    tab = await s.new_tab()
    assert [e.tab.tab_id for e in heard.of(TabOpened)] == [tab.tab_id]
    assert await s.close_tab(tab.tab_id)
    assert [e.tab.tab_id for e in heard.of(TabClosed)] == [tab.tab_id]
    assert s.tab_id == first


async def test_a_dialog_an_action_opens_is_heard(s: bk.AsyncSession, base_url: str) -> None:
    await s.navigate(f"{base_url}/dialogs.html")
    heard = Heard()
    s._core.events.subscribe(heard)
    result = await s.click(bk.role("button", name="Alert"))
    assert result.dialog is not None and result.dialog.type == "alert"
    (opened,) = heard.of(DialogOpened)
    assert opened.info.message == "Saved!" and opened.tab.tab_id == s.tab_id
    (ended,) = heard.of(ActionEnded)
    assert isinstance(ended.result, ActionResult) and ended.result.dialog == result.dialog
    await s.handle_dialog(accept=True)


async def test_a_raising_observer_breaks_no_action(s: bk.AsyncSession, base_url: str) -> None:
    s._core.events.subscribe(Raising())
    heard = Heard()
    s._core.events.subscribe(heard)  # after the raising one: it still hears everything
    await s.navigate(f"{base_url}/basic.html")
    result = await s.click(bk.css("#inc"))
    assert result.diff is not None and "clicked 1" in str(result.diff)
    assert [e.detail for e in heard.of(ActionEnded)][-1] == "clicked css=#inc"


async def test_an_unsubscribed_observer_hears_nothing_more(
    s: bk.AsyncSession, base_url: str
) -> None:
    heard = Heard()
    s._core.events.subscribe(heard)
    await s.navigate(f"{base_url}/basic.html")
    s._core.events.unsubscribe(heard)
    count = len(heard.events)
    await s.click(bk.css("#inc"))
    assert len(heard.events) == count


async def test_a_live_view_opened_later_lists_the_actions_before_it(
    s: bk.AsyncSession, base_url: str
) -> None:
    await s.navigate(f"{base_url}/basic.html")
    await s.click(bk.css("#inc"))
    with pytest.raises(bk.TargetNotFoundError):
        await s.click(bk.css("#nowhere"), timeout_ms=500)
    view = await s.live()
    try:
        server = live_server(s._core)
        assert server is not None
        listed = [(a["detail"], a["outcome"]) for a in server.state()["actions"]]
        assert listed[-2][0] == "clicked css=#inc"
        assert listed[-1] == ("clicked css=#nowhere", "failed: target_not_found")
    finally:
        view.stop()
    assert live_server(s._core) is None  # a stopped view unsubscribed
