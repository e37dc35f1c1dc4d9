"""Refs and generations (DESIGN §3): a ref never acts on an element its snapshot did not show."""

from __future__ import annotations

import re

import pytest

import browserkit as bk
from tests.helpers import AnySession, aw, raises_before_waiting, ref_of


@pytest.mark.every_python
async def test_stale_ref_fails_fast_after_navigation(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/stale_a.html"))
    snap_a = await aw(sess.snapshot())
    delete = ref_of(snap_a.tree, 'button "Delete account"')
    await aw(sess.navigate(f"{base_url}/stale_b.html"))
    snap_b_check = await aw(sess.evaluate("document.title"))
    assert snap_b_check == "Page B"
    # Well under 100 ms: the refusal needs no browser round trip at all (the
    # async call raises before its first suspension; times are in the note).
    err = raises_before_waiting(lambda: sess.click(delete), bk.StaleRefError)
    assert err.code == "stale_ref"
    assert f"generation {snap_a.generation}" in err.message
    assert f"generation {snap_a.generation + 1}" in err.message
    assert "stale_b.html" in err.message
    assert "snapshot" in err.hint
    assert await aw(sess.evaluate("window.bought === undefined && document.title")) == "Page B"


async def test_stale_ref_after_new_snapshot_of_the_new_page(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/stale_a.html"))
    snap_a = await aw(sess.snapshot())
    old = bk.Ref(ref_of(snap_a.tree, 'button "Delete account"'), snap_a.generation)
    await aw(sess.navigate(f"{base_url}/stale_b.html"))
    snap_b = await aw(sess.snapshot())
    buy = ref_of(snap_b.tree, 'button "Buy now"')
    # Whatever id B gives its button (Playwright may reuse A's, or prefix it),
    # a Ref remembers the generation that printed it and cannot click it.
    for ref in (old, bk.Ref(buy, snap_a.generation)):
        with pytest.raises(bk.StaleRefError):
            await aw(sess.click(ref))
    if f"[ref={old.id}]" not in snap_b.tree:
        # A bare string from the old outline is known to be A's: stale, not unknown.
        with pytest.raises(bk.StaleRefError) as info:
            await aw(sess.click(old.id))
        assert f"generation {snap_a.generation}" in info.value.message
    assert await aw(sess.evaluate("window.bought === undefined")) is True


@pytest.mark.timeout(30)
async def test_removed_element_ref_fails_at_once(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    tree = (await aw(sess.snapshot())).tree
    victim = ref_of(tree, 'button "Victim"')
    await aw(sess.click(ref_of(tree, 'button "Remove victim"')))
    # Waiting for the element would outlast the test's own 30 s timeout.
    with pytest.raises(bk.RefNotFoundError) as info:
        await aw(sess.click(victim, timeout_ms=60_000))
    assert info.value.code == "ref_not_found"
    assert await aw(sess.evaluate("document.title")) == "Basic"


async def test_unknown_ref_is_refused(sess: AnySession, base_url: str) -> None:
    # Unobserved: the navigation answers with no outline, so no refs are printed yet.
    await aw(sess.navigate(f"{base_url}/basic.html", observe=False))
    with pytest.raises(bk.RefNotFoundError):
        await aw(sess.click("e3"))  # no snapshot yet on this page
    await aw(sess.snapshot())
    with pytest.raises(bk.RefNotFoundError):
        await aw(sess.click("e9999"))


async def test_refs_of_unchanged_elements_are_stable(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    first = await aw(sess.snapshot())
    await aw(
        sess.evaluate(
            "document.body.insertBefore(document.createElement('button'), document.body.firstChild)"
            ".textContent = 'Inserted'"
        )
    )
    second = await aw(sess.snapshot())
    for name in ("Increment", "Victim", "Double", "Go on"):
        assert ref_of(first.tree, f'"{name}"') == ref_of(second.tree, f'"{name}"')
    assert 'button "Inserted"' in second.tree
    assert first.generation == second.generation


async def test_push_state_keeps_generation_reload_advances(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    tree = (await aw(sess.snapshot())).tree
    gen = sess.generation
    r = await aw(sess.click(ref_of(tree, 'button "Push state"')))
    assert "pushed=1" in r.url
    assert r.navigated is False
    assert sess.generation == gen
    await aw(sess.click(ref_of(tree, 'button "Increment"')))  # old refs still valid
    await aw(sess.evaluate("location.hash = 'x'"))
    assert sess.generation == gen
    await aw(sess.reload())
    assert sess.generation == gen + 1
    with pytest.raises(bk.StaleRefError):
        await aw(sess.click(ref_of(tree, 'button "Increment"')))


async def test_script_navigation_advances_generation(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/basic.html"))
    gen = sess.generation
    await aw(sess.evaluate("location.href = 'basic_done.html'"))
    result = await aw(sess.wait_for(url="basic_done", timeout_ms=5000))
    assert result.met
    await aw(sess.wait_for(text="query", timeout_ms=5000))
    assert sess.generation == gen + 1


async def test_main_frame_refs_never_look_like_an_iframes_nor_repeat_an_older_pages(
    sess: AnySession, base_url: str
) -> None:
    """Playwright prefixes the main frame's refs after navigations (f2e5), as it does
    an iframe's, and numbers each document from 1; browserkit prints them as plain
    refs numbered past every earlier page's, so a bare string names one element."""
    seen: dict[str, int] = {}
    for generation_page in ("stale_a.html", "stale_b.html", "stale_a.html", "frames.html"):
        await aw(sess.navigate(f"{base_url}/{generation_page}"))
        snap = await aw(sess.snapshot())
        main = [r for r in re.findall(r"\[ref=([^\]]+)\]", snap.tree) if not r.startswith("f")]
        assert main and all(re.fullmatch(r"e\d+", r) for r in main), snap.tree
        for ref in main:
            assert seen.setdefault(ref, snap.generation) == snap.generation, ref  # never reused
    # On the last page, the iframe's refs keep their frame prefix and act.
    inner = re.findall(r"\[ref=(f\d+e\d+)\]", snap.tree)
    assert inner, snap.tree
    frame_button = ref_of(snap.tree, 'button "Inside"')
    assert frame_button.startswith("f")
    r = await aw(sess.click(frame_button))
    assert r.target_verified is not False
    # A first page's bare ref is stale on the last, even where Playwright's own
    # numbering would give that number to an element again.
    first_page = next(ref for ref, gen in seen.items() if gen == min(seen.values()))
    with pytest.raises(bk.StaleRefError):
        await aw(sess.click(first_page))
