"""Results, errors and tracebacks read well in a terminal and in a notebook (issue 13).

A result's repr is one short line naming its key fields and the sizes of its
payloads (never the outline or the diff entries); ``str()`` and the notebook
rendering show the content. An error's repr carries its hint. A sync call that
fails shows the caller's line and the error, not the portal's machinery.
"""

from __future__ import annotations

import asyncio
import re
import traceback
from pathlib import Path

import attrs
import pytest

import browserkit as bk
from browserkit._portal import get_portal
from tests.helpers import AnySession, aw, ref_of

LIMIT = 200
PACKAGE = Path(bk.__file__).parent
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def check_repr(value: object, *expected: str) -> str:
    """``repr(value)``: one line of at most LIMIT characters containing each of ``expected``."""
    text = repr(value)
    assert "\n" not in text, text
    assert len(text) <= LIMIT, (len(text), text)
    assert text.startswith(f"{type(value).__name__}("), text
    for part in expected:
        assert part in text, (part, text)
    return text


# -- results from a real page ---------------------------------------------------


async def test_snapshot_repr_gives_sizes_not_the_tree(sess: AnySession, base_url: str) -> None:
    await aw(sess.navigate(f"{base_url}/observe.html"))
    snap = await aw(sess.snapshot())
    text = check_repr(
        snap,
        f"url='{base_url}/observe.html'",
        f"generation={snap.generation}",
        f"tree=<{len(snap.tree.splitlines())} lines>",
        f"refs={snap.refs}",
    )
    assert "[ref=" not in text
    await aw(sess.click(ref_of(snap.tree, 'button "Change text"')))
    again = await aw(sess.snapshot(diff=True, compact=True))
    check_repr(again, "diff=<", "compact=<")
    # The content is where it always was.
    assert "[ref=" in again.tree
    assert again.diff is not None and str(again) == str(again.diff)
    assert again._repr_markdown_().endswith(f"```yaml\n{again}\n```")


async def test_action_result_repr_counts_the_diff_instead_of_listing_it(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/observe.html"))
    tree = (await aw(sess.snapshot())).tree
    result = await aw(sess.click(ref_of(tree, 'button "Add later"')))
    assert result.diff is not None and result.diff.added
    text = check_repr(result, "detail='clicked ", "generation=", "diff=<1 added")
    assert "ChangedNode" not in text and "AddedNode" not in text
    assert "late item" in str(result)
    assert "late item" in result._repr_markdown_()

    moved = await aw(sess.click(ref_of(tree, 'button "Navigate"')))
    check_repr(moved, "navigated=True", "page=<", "basic_done.html")


async def test_navigation_and_history_reprs_count_the_page_lines(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/observe.html"))
    nav = await aw(sess.navigate(f"{base_url}/basic.html"))
    assert nav.page is not None
    check_repr(nav, f"url='{base_url}/basic.html'", "status=200", "page=<")
    assert "Increment" in nav._repr_markdown_()

    back = await aw(sess.back())
    check_repr(back, "moved=True", f"url='{base_url}/observe.html'", "page=<")
    assert back._repr_markdown_().startswith("```\nnow at ")
    stuck = await aw(sess.forward())
    await aw(sess.navigate(f"{base_url}/basic.html"))
    edge = await aw(sess.forward())
    assert stuck.moved and not edge.moved
    check_repr(edge, "moved=False")


async def test_reading_results_have_short_reprs_and_render_in_a_notebook(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/observe.html"))
    waited = await aw(sess.wait_for(text="Observe"))
    check_repr(waited, "met=True", "waited_ms=")
    assert "| met | `True` |" in waited._repr_markdown_()

    scan = await aw(sess.scan())
    check_repr(scan, "content=<", "render_state=", "targets=<")
    check_repr(await aw(sess.dom()), "tag='body'", "children=<")

    matches = await aw(sess.find("first"))
    assert matches
    check_repr(matches[0], "line='listitem")
    assert "first" in matches[0]._repr_markdown_()

    every = await aw(sess.styles(bk.css("h1"), ["*"]))
    assert len(every.properties) > 100
    check_repr(every, f"properties=<{len(every.properties)} items>")
    run = await aw(sess.execute("log('hi'); state.n = 1; return 'x'.repeat(5000)"))
    check_repr(run, "result='xxx", "logs=('hi',)", "state={'n': 1}")
    shot = await aw(sess.screenshot(max_side=200))
    check_repr(shot, f"data=<{len(shot.data)} bytes>")

    (tab,) = await aw(sess.tabs())
    check_repr(tab, "tab_id='t1'", "title='Observe'")
    assert "| title | `Observe` |" in tab._repr_markdown_()


def test_diagnostics_repr_names_the_browser_and_the_issues() -> None:
    report = bk.AsyncBrowser(allow_attach=False).diagnostics()
    check_repr(report, f"ok={report.ok}", "issues=<")
    assert "launch_args" not in repr(report)  # in the fields and the notebook rendering
    markdown = report._repr_markdown_()
    assert "| launch_args |" in markdown
    assert "**issues**" in markdown
    assert all(issue.enable_how in markdown for issue in report.issues)


def test_huge_values_are_cut_to_one_line() -> None:
    url = "data:text/html," + "x" * 5000
    snap = bk.Snapshot("\n".join(["- a"] * 10_000), 3, url, "t" * 500, "t1", True, 9000)
    check_repr(snap, "tree=<10000 lines>", "…")
    dialog = bk.DialogInfo("prompt", "line\n" * 1000, "y" * 1000)
    check_repr(dialog, "message='line\\nline")
    result = bk.ActionResult("d" * 1000, url, 3, dialog=dialog, new_tabs=("t2",) * 50)
    check_repr(result, "generation=3", "…")
    assert repr(bk.WaitResult(met=False, waited_ms=5)) == "WaitResult(met=False, waited_ms=5)"


def test_fields_at_their_default_are_left_out_and_equality_is_unchanged() -> None:
    plain = bk.ActionResult("clicked e3", "http://x/", 1)
    assert repr(plain) == "ActionResult(detail='clicked e3', url='http://x/', generation=1)"
    assert plain == bk.ActionResult("clicked e3", "http://x/", 1)
    assert plain != bk.ActionResult("clicked e3", "http://x/", 1, settled=False)
    assert "settled=False" in repr(bk.ActionResult("x", "http://x/", 1, settled=False))


# -- notebook rendering of every result type ------------------------------------

_NOT_RESULTS = {bk.Config, bk.Ref, bk.Point, bk.Selector, bk.Secret}  # what callers pass in
_RICH = ("_repr_markdown_", "_repr_html_", "_repr_png_", "_repr_jpeg_")
_RESULT_TYPES = {
    name: cls
    for name in bk.__all__
    if attrs.has(cls := getattr(bk, name)) and cls not in _NOT_RESULTS
}


@pytest.mark.every_python
@pytest.mark.parametrize("cls", _RESULT_TYPES.values(), ids=_RESULT_TYPES.keys())
def test_every_exported_result_type_renders_in_a_notebook(cls: type) -> None:
    assert any(callable(getattr(cls, name, None)) for name in _RICH), cls


# -- errors -------------------------------------------------------------------

_ERRORS = [
    getattr(bk, name)
    for name in bk.__all__
    if isinstance(getattr(bk, name), type) and issubclass(getattr(bk, name), bk.BrowserkitError)
]


@pytest.mark.every_python
@pytest.mark.parametrize("cls", _ERRORS, ids=lambda cls: cls.__name__)
def test_error_repr_carries_class_code_message_and_hint(cls: type[bk.BrowserkitError]) -> None:
    err = cls("ref e7 is from generation 2")
    assert err.hint or cls is bk.BrowserkitError  # every subclass has a default hint
    assert repr(err).startswith(f"{cls.__name__}(code='{cls.code}', ")
    assert "message='ref e7 is from generation 2'" in repr(err)
    assert f"hint={err.hint!r}" in repr(err)
    assert "hint='take a new snapshot'" in repr(cls("gone", hint="take a new snapshot"))


@pytest.mark.every_python
def test_not_actionable_repr_also_names_the_reason() -> None:
    err = bk.TargetNotActionableError("button is disabled", reason="disabled")
    assert repr(err) == (
        "TargetNotActionableError(code='target_not_actionable', message='button is disabled', "
        f"hint={err.hint!r}, reason='disabled')"
    )


# -- tracebacks of the sync API ---------------------------------------------------


def _browserkit_frames(error: BaseException) -> list[traceback.FrameSummary]:
    return [
        f
        for f in traceback.extract_tb(error.__traceback__)
        if Path(f.filename).resolve().is_relative_to(PACKAGE)
    ]


@pytest.mark.every_python
def test_sync_stale_ref_traceback_shows_the_callers_frame_not_the_portal(
    sbrowser: bk.Browser, base_url: str
) -> None:
    s = sbrowser.start(url=f"{base_url}/stale_a.html")
    try:
        old = ref_of(s.snapshot().tree, 'button "Delete account"')
        s.navigate(f"{base_url}/stale_b.html")
        with pytest.raises(bk.StaleRefError) as info:
            s.click(old)
    finally:
        s.stop()
    frames = traceback.extract_tb(info.value.__traceback__)
    assert frames[0].name == "test_sync_stale_ref_traceback_shows_the_callers_frame_not_the_portal"
    ours = _browserkit_frames(info.value)
    assert len(ours) <= 3, traceback.format_list(ours)
    assert not any("_async" in f.filename for f in ours), traceback.format_list(ours)
    assert info.value.hint and info.value.hint in str(info.value)


@pytest.mark.every_python
def test_a_trimmed_error_keeps_its_cause() -> None:
    async def fails() -> None:
        await asyncio.sleep(0)
        try:
            raise ConnectionResetError("socket closed")
        except ConnectionResetError as exc:
            raise bk.NavigationFailedError("could not load", hint="retry") from exc

    with pytest.raises(bk.NavigationFailedError) as info:
        get_portal().call(fails())
    assert isinstance(info.value.__cause__, ConnectionResetError)
    assert info.value.__cause__.__traceback__ is not None  # the cause keeps its frames
    assert info.value.hint == "retry"
    assert len(traceback.extract_tb(info.value.__traceback__)) == 2  # this test, Portal.call


@pytest.mark.every_python
def test_other_errors_keep_every_frame_for_the_bug_report() -> None:
    async def broken() -> None:
        await asyncio.sleep(0)
        raise KeyError("internal")

    with pytest.raises(KeyError) as info:
        get_portal().call(broken())
    assert "broken" in [f.name for f in traceback.extract_tb(info.value.__traceback__)]


@pytest.mark.every_python
@pytest.mark.timeout(20)
def test_a_builtin_timeout_error_from_the_call_is_raised_not_waited_on() -> None:
    # On Python 3.11+ concurrent.futures.TimeoutError *is* TimeoutError: a
    # call raising it once looked like "still running" to the portal, forever.
    async def times_out() -> None:
        await asyncio.sleep(0)
        raise TimeoutError("inner wait ran out")

    with pytest.raises(TimeoutError, match="inner wait ran out"):
        get_portal().call(times_out())


def test_sync_error_in_a_notebook_shows_the_cell_and_the_error(
    base_url: str, tmp_path: Path
) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import browserkit as bk\n"
            "browser = bk.Browser(idle_stop_ms=0)\n"
            f"s = browser.start(url='{base_url}/stale_a.html')\n"
            "snap = s.snapshot()\n"
            f"s.navigate('{base_url}/stale_b.html')"
        ),
        nbformat.v4.new_code_cell("s.click('e3')"),
        nbformat.v4.new_code_cell("browser.close()"),
    ]
    client = nbclient.NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    (error,) = (o for o in nb.cells[1].outputs if o.get("output_type") == "error")
    shown = ANSI.sub("", "\n".join(error["traceback"]))
    assert error["ename"] == "StaleRefError"
    assert "hint:" in error["evalue"]
    assert "s.click('e3')" in shown
    assert "_generated.py" not in shown, shown
    assert "_async" not in shown, shown
    assert "futures/_base.py" not in shown, shown
