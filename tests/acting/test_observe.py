"""Observed actions: each action answers with what it changed, after the page settles."""

from __future__ import annotations

import asyncio

import pytest

from tests.helpers import AnySession, aw, changed_lines, ref_of


async def open_observe(sess: AnySession, base_url: str) -> str:
    await aw(sess.navigate(f"{base_url}/observe.html"))
    return (await aw(sess.snapshot())).tree


@pytest.mark.every_python
async def test_text_change_is_in_the_diff(sess: AnySession, base_url: str) -> None:
    tree = await open_observe(sess, base_url)
    r = await aw(sess.click(ref_of(tree, 'button "Change text"')))
    assert r.settled is True
    assert r.navigated is False
    assert r.diff is not None
    assert any("changed" in line and "status" in line for line in changed_lines(r.diff))
    assert not r.diff.removed
    assert "changed" in str(r)


async def test_update_after_slow_fetch_is_waited_for(sess: AnySession, base_url: str) -> None:
    tree = await open_observe(sess, base_url)
    # The fetch answers after 300 ms; the update it triggers is in the diff.
    r = await aw(sess.click(ref_of(tree, 'button "Fetch slowly"')))
    assert r.settled is True
    assert r.diff is not None
    assert any("fetched" in line for line in changed_lines(r.diff)), str(r.diff)


async def test_click_that_navigates_reports_it_without_a_diff(
    sess: AnySession, base_url: str
) -> None:
    tree = await open_observe(sess, base_url)
    gen = sess.generation
    r = await aw(sess.click(ref_of(tree, 'button "Navigate"')))
    assert r.navigated is True
    assert r.diff is None
    assert r.generation == gen + 1
    assert "from=observe" in r.url


async def test_click_that_does_nothing_returns_at_once(sess: AnySession, base_url: str) -> None:
    tree = await open_observe(sess, base_url)
    ref = ref_of(tree, 'button "Nothing"')
    await aw(sess.click(ref))  # the first click also moves focus off the page
    r = await aw(sess.click(ref))
    # Settled without hitting a bound: nothing was waited for but the 30 ms
    # quiet window (the benchmark's "click, no change, after reading" step
    # measures how long).
    assert r.settled is True
    assert not r.navigated and not r.new_tabs
    assert r.diff is not None
    assert not (r.diff.added or r.diff.removed or r.diff.changed)


async def test_change_queued_by_the_action_is_caught(sess: AnySession, base_url: str) -> None:
    tree = await open_observe(sess, base_url)
    r = await aw(sess.click(ref_of(tree, 'button "Add later"')))
    assert r.diff is not None
    assert any("late item" in a.line for a in r.diff.added), str(r.diff)


async def test_iframe_change_carries_its_frame_ref(sess: AnySession, base_url: str) -> None:
    tree = await open_observe(sess, base_url)
    r = await aw(sess.click(ref_of(tree, 'button "Change inner"')))
    assert r.diff is not None
    hits = [c for c in r.diff.changed if "inner changed" in c.line]
    assert hits, str(r.diff)
    assert hits[0].ancestor_ref is None or hits[0].ancestor_ref.startswith("f")
    assert any("[ref=f" in c.line for c in r.diff.changed)


async def test_endless_mutations_hit_the_bound_and_say_so(sess: AnySession, base_url: str) -> None:
    tree = await open_observe(sess, base_url)
    r = await aw(sess.click(ref_of(tree, 'button "Start ticker"'), timeout_ms=1500))
    assert r.settled is False


async def test_observe_false_returns_no_diff(sess: AnySession, base_url: str) -> None:
    tree = await open_observe(sess, base_url)
    r = await aw(sess.click(ref_of(tree, 'button "Change text"'), observe=False))
    assert r.diff is None
    assert r.settled is True


async def test_snapshot_diff_uses_the_previous_snapshot_as_baseline(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/observe.html"))
    first = await aw(sess.snapshot(diff=True))
    assert first.diff is None  # no baseline yet
    await aw(sess.click(ref_of(first.tree, 'button "Change text"'), observe=False))
    second = await aw(sess.snapshot(diff=True))
    assert second.diff is not None
    assert second.diff.baseline_generation == first.generation
    assert "changed" in str(second)
    assert str(second) != second.tree  # the full tree is still there
    assert "Fetch slowly" in second.tree
    third = await aw(sess.snapshot(diff=True))
    assert third.diff is not None
    assert not (third.diff.added or third.diff.removed or third.diff.changed)
    await aw(sess.reload())
    after_nav = await aw(sess.snapshot(diff=True))
    assert after_nav.diff is None  # first snapshot of a new generation


async def test_one_change_on_a_300_item_page_costs_under_100_tokens(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/generated/list?n=300"))
    snap = await aw(sess.snapshot())
    r = await aw(sess.click(ref_of(snap.tree, 'button "Add 150"')))
    assert r.diff is not None
    text = str(r.diff)
    assert "Added 150" in text
    assert len(text) / 4 < 100, text
    assert len(text) / len(snap.tree) < 0.02


@pytest.mark.parametrize("page", ["observe.html", "observe_plain.html"])
async def test_a_change_between_snapshot_and_action_is_not_blamed_on_the_action(
    sess: AnySession, base_url: str, page: str
) -> None:
    # observe_plain.html has no iframe, so browserkit may reuse its last outline
    # as the "before" of an action: only when the page provably did not change.
    await aw(sess.navigate(f"{base_url}/{page}"))
    tree = (await aw(sess.snapshot())).tree
    nothing = ref_of(tree, 'button "Nothing"')
    await aw(sess.click(nothing))  # focus moves to the button; that is this click's change
    # The page changes after the last outline browserkit read, before the action...
    await aw(
        sess.evaluate(
            "document.getElementById('list').append(Object.assign("
            "document.createElement('li'), {textContent: 'between'}))"
        )
    )
    r = await aw(sess.click(nothing))
    assert r.diff is not None
    # ...so the diff of a click that does nothing stays empty.
    assert not (r.diff.added or r.diff.removed or r.diff.changed), str(r.diff)


async def test_consecutive_actions_each_report_only_their_own_change(
    sess: AnySession, base_url: str
) -> None:
    tree = await open_observe(sess, base_url)
    first = await aw(sess.click(ref_of(tree, 'button "Change text"')))
    assert first.diff is not None and any("changed" in c.line for c in first.diff.changed)
    second = await aw(sess.click(ref_of(tree, 'button "Add later"')))
    assert second.diff is not None
    assert [a.line for a in second.diff.added if "late item" in a.line]
    assert not any("changed" in c.line and "status" in c.line for c in second.diff.changed)


async def test_a_clock_that_ticks_by_itself_is_one_background_line_not_a_change(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/observe_ticking.html"))
    tree = (await aw(sess.snapshot())).tree
    await asyncio.sleep(0.2)  # the clock ticks with no call of ours in between
    r = await aw(sess.click(ref_of(tree, 'button "Add slowly"')))
    assert r.diff is not None
    text = str(r.diff)
    assert "second" in text, text  # the action's own change is listed
    assert "tick" not in text and "background: 1 change in" in text, text
    # Nothing is lost: the clock's change is still an entry of the diff.
    assert any("tick" in c.line for c in r.diff.changed)


async def test_what_our_own_calls_changed_is_never_taken_for_background(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/observe_ticking.html"))
    tree = (await aw(sess.snapshot())).tree
    # A script of ours adds to the list: the list is not something the page
    # changes by itself, so the next action's addition to it is listed.
    await aw(
        sess.evaluate(
            "document.getElementById('todos').append(Object.assign("
            "document.createElement('li'), {textContent: 'scripted'}))"
        )
    )
    r = await aw(sess.click(ref_of(tree, 'button "Add slowly"')))
    assert r.diff is not None and "second" in str(r.diff), str(r.diff)
