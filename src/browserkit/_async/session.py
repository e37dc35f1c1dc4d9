"""AsyncSession: one isolated browser context and its tabs."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar
from urllib.parse import urlsplit

from playwright.async_api import BrowserContext, Dialog, Frame, Locator, Page
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from browserkit import _images
from browserkit._async import _js
from browserkit._async._evidence import AsyncDownloads, ConsoleView, Evidence, NetworkView
from browserkit._async._reading import ReadingMixin
from browserkit._async._settle import Settler
from browserkit._async._tab import Baseline, Tab, on_close, swallow, unless_blocked
from browserkit.config import Config
from browserkit.errors import (
    BrowserCrashedError,
    BrowserkitError,
    EvaluationError,
    FrameNotFoundError,
    InvalidArgumentError,
    ModalStateBlockedError,
    NavigationFailedError,
    PageNotFoundError,
    ReadOnlyError,
    RefNotFoundError,
    SchemeNotAllowedError,
    SessionClosedError,
    StaleRefError,
    TargetCoveredError,
    TargetNotFoundError,
    TimeoutError,
)
from browserkit.refs import Ref
from browserkit.results import (
    ActionResult,
    DialogInfo,
    Handoff,
    HistoryMove,
    Navigation,
    Screenshot,
    Snapshot,
    TabInfo,
    WaitResult,
)
from browserkit.snapshot import diff as diff_outlines
from browserkit.targets import Point, Selector, Target

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser

__all__ = ["AsyncSession"]

T = TypeVar("T")

_REF_RE = re.compile(r"\[ref=([^\]\s]+)\]")
_REF_SHAPE = re.compile(r"^[a-z]*\d*[a-z]+\d+$")
_DOM_REF = re.compile(r"^d\d+$")


_Button = Literal["left", "right", "middle"]
_Modifier = Literal["Alt", "Control", "ControlOrMeta", "Meta", "Shift"]


def _now_ms() -> int:
    return int(time.time() * 1000)


class AsyncSession(ReadingMixin):
    """A browser session: its own cookies and storage, one or more tabs.

    Get one from :meth:`AsyncBrowser.start`. Every method that touches the
    page accepts ``timeout_ms`` (clamped to ``config.max_timeout_ms``).
    """

    def __init__(
        self,
        browser: AsyncBrowser,
        session_id: str,
        context: BrowserContext,
        *,
        read_only: bool,
        owns_context: bool = True,
        attached: Page | None = None,
        owns_attached: bool = True,
    ) -> None:
        self._browser = browser
        self._config: Config = browser.config
        self._id = session_id
        self._context = context
        self._read_only = read_only
        self._owns_context = owns_context
        self._tabs: dict[str, Tab] = {}
        self._active: str | None = None
        self._next_tab = 1
        self._closed = False
        self._closed_reason = "the session was stopped"
        self.created_ms = _now_ms()
        self.last_used_ms = self.created_ms
        self._new_tabs: list[str] = []
        self._evidence = Evidence(self._config)
        self._console = ConsoleView(self._evidence.console)
        self._network = NetworkView(self._evidence.network)
        self._downloads = AsyncDownloads(self._evidence)
        # Which local browser the session lives in (None: an attached one).
        self._browser_headless: bool | None = True if attached is None else None
        # An attached session lives in someone else's browser: it owns only
        # its tab (new, or adopted) and the popups that tab opens.
        self._attached = attached
        self._owns_attached = owns_attached
        self.cdp_url: str | None = None
        if attached is None:
            context.on("page", self._on_new_page)

    # ------------------------------------------------------------------ setup

    async def _setup(self) -> None:
        if self._attached is not None:
            if self._owns_attached:
                await self._attached.add_init_script(_js.PRISTINE)
            self._adopt(self._attached)
        else:
            await self._context.add_init_script(_js.PRISTINE)
            for page in self._context.pages:
                self._adopt(page)
            if not self._tabs:
                page = await self._context.new_page()
                self._adopt(page)
        for page_id in self._tabs:
            # So the first navigation's requests are recorded too.
            await self._evidence.ready(page_id)

    def _on_new_page(self, page: Page) -> None:
        if self._closed or any(t.page is page for t in self._tabs.values()):
            return
        tab = self._adopt(page)
        self._new_tabs.append(tab.page_id)

    def _adopt(self, page: Page) -> Tab:
        for tab in self._tabs.values():
            if tab.page is page:
                return tab
        page_id = f"t{self._next_tab}"
        self._next_tab += 1
        tab = Tab(page, page_id)
        self._tabs[page_id] = tab
        if self._active is None:
            self._active = page_id
        tab.listen(page, "dialog", lambda dialog: self._on_dialog(tab, dialog))
        # Listening makes Playwright intercept file choosers instead of
        # letting a native dialog open; upload() answers them.
        tab.listen(page, "filechooser", tab.hold_chooser)
        self._evidence.watch(page, page_id, tab.cdp_session(), tab.listen)
        if self._attached is not None:
            tab.listen(page, "popup", self._on_new_page)
        on_close(tab, self._on_tab_closed)
        return tab

    def _on_tab_closed(self, tab: Tab) -> None:
        self._tabs.pop(tab.page_id, None)
        if self._active == tab.page_id:
            self._active = next(iter(self._tabs), None)

    def _on_dialog(self, tab: Tab, dialog: Dialog) -> None:
        policy = self._config.dialog_policy
        if policy == "ask":
            tab.hold_dialog(dialog)
            return
        accept = policy == "accept"
        handled: Literal["accepted", "dismissed"] = "accepted" if accept else "dismissed"
        tab.note_dialog(DialogInfo(dialog.type, dialog.message, dialog.default_value, handled))
        coro = dialog.accept() if accept else dialog.dismiss()
        task = asyncio.ensure_future(coro)
        task.add_done_callback(lambda t: t.exception() if not t.cancelled() else None)

    # ------------------------------------------------------------- properties

    @property
    def id(self) -> str:
        """The session id (``s1``, ``s2``, ...)."""
        return self._id

    @property
    def read_only(self) -> bool:
        """Whether the session refuses calls that change the page."""
        return self._read_only

    @property
    def closed(self) -> bool:
        """Whether the session was stopped."""
        return self._closed

    @property
    def generation(self) -> int:
        """The active tab's page generation (advances on cross-document navigation)."""
        return self._tab(None).generation

    @property
    def url(self) -> str:
        """The active tab's URL."""
        if self._closed:
            return ""
        return self._tab(None).page.url

    @property
    def page_id(self) -> str:
        """The active tab's page id."""
        return self._tab(None).page_id

    def _console_count(self) -> int:
        return self._evidence.console.written

    # --------------------------------------------------------------- evidence

    @property
    def console(self) -> ConsoleView:
        """Console messages, uncaught exceptions and failed loads of every tab.

        ``s.console.read(level="error", since_seq=cursor)``; see :class:`ConsoleView`.
        """
        return self._console

    @property
    def network(self) -> NetworkView:
        """Requests of every tab, one entry each, updated as they progress."""
        return self._network

    @property
    def downloads(self) -> AsyncDownloads:
        """Downloads of every tab; ``save(download_id, path)`` keeps one."""
        return self._downloads

    # ---------------------------------------------------------------- helpers

    def _check(
        self, *, mutating: bool = False, page_id: str | None = None, answering_chooser: bool = False
    ) -> Tab:
        if self._closed:
            raise SessionClosedError(f"session {self._id} is closed: {self._closed_reason}")
        if mutating and self._read_only:
            raise ReadOnlyError(f"session {self._id} is read-only")
        tab = self._tab(page_id)
        if not (answering_chooser and tab.pending_dialog is None):
            self._check_modal(tab)
        self.last_used_ms = _now_ms()
        return tab

    def _check_modal(self, tab: Tab) -> None:
        error = tab.modal_error()
        if error is not None:
            raise error

    def _tab(self, page_id: str | None) -> Tab:
        key = page_id if page_id is not None else self._active
        if key is None or key not in self._tabs:
            if self._closed:
                raise SessionClosedError(f"session {self._id} is closed: {self._closed_reason}")
            known = ", ".join(self._tabs) or "none"
            raise PageNotFoundError(f"no tab {key!r} in session {self._id} (tabs: {known})")
        return self._tabs[key]

    def _timeout(self, timeout_ms: float | None) -> float:
        return self._config.clamp_timeout(timeout_ms)

    def _observe(self, observe: bool | None) -> bool:
        return self._config.observe_actions if observe is None else bool(observe)

    async def _guard(
        self, coro: Awaitable[T], what: str, timeout_ms: float, tab: Tab | None = None
    ) -> T:
        """Run a Playwright call, translating its errors into browserkit's.

        With ``tab``, the call needs that page's scripts to run: a dialog the
        page opens meanwhile ends it with ModalStateBlockedError instead of a
        wait as long as the dialog stays (see :func:`unless_blocked`).
        """
        try:
            return await (coro if tab is None else unless_blocked(tab, coro))
        except BrowserkitError:
            raise
        except (PlaywrightTimeoutError, asyncio.TimeoutError):
            raise TimeoutError(
                f"{what} did not finish within {int(timeout_ms)} ms",
                hint="raise timeout_ms, or take a snapshot to check the page state",
            ) from None
        except PlaywrightError as exc:
            raise self._translate(exc, what) from None

    def _translate(self, exc: PlaywrightError, what: str) -> BrowserkitError:
        text = str(exc.message if hasattr(exc, "message") else exc).strip()
        first = text.splitlines()[0] if text else "unknown error"
        if "has been closed" in text or "Target closed" in text:
            if self._browser.crashed:
                return BrowserCrashedError(f"{what}: the browser went away")
            return SessionClosedError(f"{what}: the page or session was closed")
        if "crash" in text.lower():
            return BrowserCrashedError(f"{what}: {first}")
        if "net::ERR_" in text or "NS_ERROR" in text:
            return NavigationFailedError(f"{what}: {first}")
        return BrowserkitError(f"{what}: {first}")

    # ------------------------------------------------------------- navigation

    def _check_scheme(self, url: str) -> None:
        check_scheme(url, self._config)

    async def navigate(self, url: str, *, timeout_ms: float | None = None) -> Navigation:
        """Load ``url`` in the active tab and wait for its load event.

        The scheme is checked against ``config.allowed_schemes`` before any
        request. When ``load`` does not fire in time the result says
        ``timed_out=True`` and the page stays usable (it committed).

        >>> nav = await session.navigate("http://127.0.0.1:8000/")  # doctest: +SKIP
        """
        self._check_scheme(url)
        tab = self._check()
        ms = self._timeout(timeout_ms)
        return await self._goto(tab, url, ms)

    async def _goto(self, tab: Tab, url: str, ms: float) -> Navigation:
        start = time.monotonic()
        try:
            response = await self._until_commit(
                tab, tab.page.goto(url, wait_until="commit", timeout=ms)
            )
        except PlaywrightTimeoutError:
            raise TimeoutError(
                f"navigation to {url} did not commit within {int(ms)} ms",
                hint="check that the server answers, or raise timeout_ms",
            ) from None
        except PlaywrightError as exc:
            err = self._translate(exc, f"navigate to {url}")
            if isinstance(err, NavigationFailedError) or type(err) is BrowserkitError:
                raise NavigationFailedError(
                    err.message, hint=NavigationFailedError.default_hint
                ) from None
            raise err from None
        timed_out = not await self._wait_load(tab, ms - (time.monotonic() - start) * 1000)
        status = response.status if response is not None else None
        return Navigation(tab.page.url, status, timed_out, tab.generation)

    async def _until_commit(self, tab: Tab, call: Awaitable[T]) -> T | None:
        """Await a navigation until it commits; a dialog that holds the page ends the wait.

        A dialog the new document opened once it committed is a load still
        waiting (None: the caller reports ``timed_out``). A dialog of the page
        being left holds the navigation back, so ModalStateBlockedError; the
        navigation goes on once the dialog is answered.
        """
        navigations = tab.navigations
        try:
            return await unless_blocked(tab, call)
        except ModalStateBlockedError:
            if tab.navigations == navigations:
                raise
            return None

    async def _wait_load(self, tab: Tab, left_ms: float) -> bool:
        if tab.pending_dialog is not None:
            return False  # a dialog during load blocks the load event; report, don't hang
        try:
            load = asyncio.ensure_future(
                tab.page.wait_for_load_state("load", timeout=max(1.0, left_ms))
            )
            dialog = asyncio.ensure_future(tab.dialog_seen.wait())
            done, _ = await asyncio.wait({load, dialog}, return_when=asyncio.FIRST_COMPLETED)
            dialog.cancel()
            if load in done:
                load.result()
                return True
            load.cancel()
            return False
        except PlaywrightError:
            return False

    async def _history(self, tab: Tab, delta: int, ms: float) -> HistoryMove:
        cdp = await tab.cdp_session()
        history = await cdp.send("Page.getNavigationHistory")
        index = int(history["currentIndex"]) + delta
        entries = history["entries"]
        if not 0 <= index < len(entries):
            return HistoryMove(False, tab.page.url, tab.generation)
        start = time.monotonic()
        coro = tab.page.go_back if delta < 0 else tab.page.go_forward
        await self._guard(
            self._until_commit(tab, coro(wait_until="commit", timeout=ms)), "history move", ms
        )
        await self._wait_load(tab, ms - (time.monotonic() - start) * 1000)
        return HistoryMove(True, tab.page.url, tab.generation)

    async def back(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Go back one history entry; ``moved=False`` (no error) at the start of history."""
        tab = self._check()
        return await self._history(tab, -1, self._timeout(timeout_ms))

    async def forward(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Go forward one history entry; ``moved=False`` (no error) at the end of history."""
        tab = self._check()
        return await self._history(tab, 1, self._timeout(timeout_ms))

    async def reload(self, *, timeout_ms: float | None = None) -> HistoryMove:
        """Reload the active tab (a new generation: earlier refs go stale)."""
        tab = self._check()
        ms = self._timeout(timeout_ms)
        start = time.monotonic()
        await self._guard(
            self._until_commit(tab, tab.page.reload(wait_until="commit", timeout=ms)), "reload", ms
        )
        await self._wait_load(tab, ms - (time.monotonic() - start) * 1000)
        return HistoryMove(True, tab.page.url, tab.generation)

    # ------------------------------------------------------------ observation

    async def _capture(
        self, tab: Tab, ms: float, locator: Locator | None = None, depth: int | None = None
    ) -> tuple[str, int]:
        """An ai-mode outline and the generation it belongs to (retried across a navigation)."""
        for _ in range(3):
            generation = tab.generation
            if locator is not None:
                coro = locator.aria_snapshot(mode="ai", depth=depth, timeout=ms)
            else:
                coro = tab.page.aria_snapshot(mode="ai", depth=depth, timeout=ms)
            try:
                text = await self._guard(coro, "snapshot", ms, tab)
            except BrowserkitError:
                if tab.generation != generation:
                    continue
                raise
            if tab.generation == generation:
                return text, generation
        raise TimeoutError(
            "the page kept navigating while a snapshot was taken",
            hint="wait for the page to settle, then snapshot again",
        )

    async def _stamp(self, tab: Tab) -> tuple[int, str | None]:
        """The page's change stamp (-1 when unknown, e.g. before our init script ran)
        and its title, in one round trip."""
        try:
            stamp, title = await unless_blocked(tab, tab.page.evaluate(_js.CHANGE_STAMP))
            return int(stamp), str(title)
        except (PlaywrightError, TypeError, ValueError):
            return -1, None

    async def _read_baseline(self, tab: Tab, ms: float) -> tuple[Baseline, str | None]:
        """A fresh whole-page outline, stamped first so a change during the capture shows."""
        stamp, title = await self._stamp(tab)
        text, generation = await self._capture(tab, ms)
        return Baseline(generation, text, stamp), title

    async def _before_action(self, tab: Tab, ms: float) -> Baseline:
        """The outline just before an action: the last one when provably unchanged.

        Reused only when it is of this generation, the page has no child
        frames (their changes do not move the main frame's stamp) and the
        stamp has not moved since it was read; otherwise captured again.
        """
        last = tab.baseline
        if (
            last is not None
            and last.stamp >= 0
            and last.generation == tab.generation
            and len(tab.page.frames) == 1
            and (await self._stamp(tab))[0] == last.stamp
        ):
            return last
        return (await self._read_baseline(tab, ms))[0]

    def _record(self, tab: Tab, text: str, generation: int) -> int:
        refs = set(_REF_RE.findall(text))
        tab.remember_refs(generation, refs)
        if refs:
            tab.warm_up()
        return len(refs)

    async def snapshot(
        self,
        *,
        diff: bool = False,
        target: Target | None = None,
        depth: int | None = None,
        page_id: str | None = None,
        timeout_ms: float | None = None,
    ) -> Snapshot:
        """The page as an accessibility outline with refs.

        With ``diff=True`` the result also carries what changed since the
        previous snapshot of this tab and generation (``str(snap)`` then shows
        only the change). ``target`` limits the outline to one element's
        subtree; ``depth`` limits nesting; ``page_id`` reads another tab
        without selecting it.
        """
        if depth is not None and (
            isinstance(depth, bool) or not isinstance(depth, int) or depth < 1
        ):
            raise InvalidArgumentError(f"depth must be an integer >= 1, got {depth!r}")
        tab = self._check(page_id=page_id)
        ms = self._timeout(timeout_ms)
        locator = None
        if target is not None:
            locator, _ = await self._resolve(tab, target, ms)
        whole_page = target is None and depth is None
        title: str | None = None
        if whole_page:
            base, title = await self._read_baseline(tab, ms)
            text, generation = base.text, base.generation
        else:
            text, generation = await self._capture(tab, ms, locator, depth)
        lines = text.count("\n") + 1 if text else 0
        truncated = lines > self._config.max_snapshot_nodes
        if truncated:
            text = "\n".join(text.split("\n")[: self._config.max_snapshot_nodes])
        ref_count = self._record(tab, text, generation)
        snapshot_diff = None
        if whole_page:
            previous = tab.baseline
            if diff and previous is not None and previous.generation == generation:
                snapshot_diff = diff_outlines(
                    previous.outline, base.outline, baseline_generation=previous.generation
                )
            tab.baseline = base
        if title is None:
            title = await self._guard(tab.page.title(), "title", ms, tab)
        return Snapshot(
            tree=text,
            generation=generation,
            url=tab.page.url,
            title=title,
            page_id=tab.page_id,
            truncated=truncated,
            refs=ref_count,
            diff=snapshot_diff,
        )

    async def screenshot(
        self,
        *,
        full_page: bool = False,
        format: Literal["jpeg", "png"] = "jpeg",
        target: Target | None = None,
        max_side: int = 1568,
        path: str | None = None,
        page_id: str | None = None,
        timeout_ms: float | None = None,
    ) -> Screenshot:
        """An image of the viewport, the full page, or one element.

        The image is scaled down (in the browser, no image library needed) so
        its longest side is at most ``max_side``; ``source_width`` and
        ``source_height`` give the captured size in CSS pixels. ``path``
        also writes the image to a file (its folder must exist).
        """
        if format not in ("jpeg", "png"):
            raise InvalidArgumentError(f"format must be 'jpeg' or 'png', got {format!r}")
        if isinstance(max_side, bool) or not isinstance(max_side, int) or max_side < 16:
            raise InvalidArgumentError(f"max_side must be an integer >= 16, got {max_side!r}")
        if path is not None and not Path(path).parent.is_dir():
            raise InvalidArgumentError(f"the folder of {path!r} does not exist")
        if path is not None and Path(path).is_dir():
            raise InvalidArgumentError(f"{path!r} is a folder; give a file path")
        tab = self._check(page_id=page_id)
        ms = self._timeout(timeout_ms)
        metrics = await self._guard(tab.page.evaluate(_js.METRICS), "screenshot", ms, tab)
        vw, vh, sx, sy, dw, dh = (float(v) for v in metrics)
        if target is not None:
            locator, _ = await self._resolve(tab, target, ms)
            box = await self._guard(locator.bounding_box(timeout=ms), "screenshot", ms, tab)
            if box is None:
                raise TargetNotFoundError("the target has no box (it is hidden)")
            clip = {
                "x": box["x"] + sx,
                "y": box["y"] + sy,
                "width": box["width"],
                "height": box["height"],
            }
        elif full_page:
            clip = {"x": 0.0, "y": 0.0, "width": max(vw, dw), "height": max(vh, dh)}
        else:
            clip = {"x": sx, "y": sy, "width": vw, "height": vh}
        clip["width"] = max(1.0, clip["width"])
        clip["height"] = max(1.0, clip["height"])
        scale = min(1.0, max_side / max(clip["width"], clip["height"]))
        params: dict[str, Any] = {
            "format": format,
            "clip": {**clip, "scale": scale},
            "captureBeyondViewport": target is not None or full_page,
        }
        if format == "jpeg":
            params["quality"] = 80
        cdp = await tab.cdp_session()
        result = await self._guard(
            asyncio.wait_for(cdp.send("Page.captureScreenshot", params), ms / 1000),
            "screenshot",
            ms,
        )
        data = _images.b64decode(result["data"])
        width, height = _images.size(data)
        if path is not None:
            try:
                Path(path).write_bytes(data)
            except OSError as exc:
                raise InvalidArgumentError(f"cannot write {path!r}: {exc.strerror}") from None
        return Screenshot(
            data=data,
            mime="image/jpeg" if format == "jpeg" else "image/png",
            width=width,
            height=height,
            source_width=round(clip["width"]),
            source_height=round(clip["height"]),
            path=path,
        )

    # ---------------------------------------------------------------- targets

    async def _resolve(self, tab: Tab, target: Target, ms: float) -> tuple[Locator, str]:
        """A locator for exactly the element ``target`` names, and a label for messages."""
        if isinstance(target, Ref):
            if target.page_id != tab.page_id and target.page_id in self._tabs:
                tab = self._tabs[target.page_id]
            return await self._resolve_ref(tab, target.id, target.generation, ms), target.id
        if isinstance(target, str):
            return await self._resolve_ref(tab, target, None, ms), target
        if isinstance(target, Selector):
            return await self._resolve_selector(tab, target), target.describe()
        if isinstance(target, Point):
            raise InvalidArgumentError("a point cannot be used here; give a ref or a selector")
        raise InvalidArgumentError(
            "a target must be a ref string, a Ref, a selector or a point, "
            f"got {type(target).__name__}"
        )

    async def _resolve_ref(self, tab: Tab, ref: str, generation: int | None, ms: float) -> Locator:
        ref = ref.strip()
        if ref.startswith("ref="):
            ref = ref[4:]
        if not _REF_SHAPE.match(ref):
            raise InvalidArgumentError(
                f"{ref!r} is not a ref",
                hint="refs look like e3 or f1e2; take a snapshot to get them",
            )
        if _DOM_REF.match(ref):
            # Refs handed out by dom() name elements the outline may not show.
            return await self._resolve_dom_ref(tab, ref, generation, ms)
        printed_in = generation if generation is not None else tab.ref_generation
        if printed_in is None:
            raise RefNotFoundError(
                f"no snapshot of tab {tab.page_id} has printed refs yet",
                hint="take a snapshot and use its refs",
            )
        if printed_in != tab.generation:
            raise _stale(ref, printed_in, tab)
        if ref not in tab.refs:
            earlier = tab.generation_that_printed(ref)
            if earlier is not None:
                raise _stale(ref, earlier, tab, hint="use the refs of the latest snapshot")
            raise RefNotFoundError(
                f"ref {ref} was not printed by any snapshot of this page "
                f"(generation {tab.generation})",
                hint="take a new snapshot and use its refs",
            )
        locator = tab.page.locator(f"aria-ref={ref}")
        if await self._guard(locator.count(), "resolve ref", ms, tab) == 1:
            return locator
        # Playwright resolves refs against the last outline it printed; an
        # outline of part of the page (or none yet) may not hold this ref.
        # Refs are stable per element, so a fresh outline re-registers it,
        # unless the element is gone or the page navigated meanwhile.
        text, gen_now = await self._capture(tab, ms)
        if gen_now != printed_in:
            raise _stale(ref, printed_in, tab, now=gen_now)
        self._record(tab, text, gen_now)  # same generation: its refs name the same elements
        if await self._guard(locator.count(), "resolve ref", ms, tab) != 1:
            raise RefNotFoundError(
                f"ref {ref} is gone: its element was removed or changed role or name",
                hint="take a new snapshot and use its refs",
            )
        return locator

    async def _resolve_selector(self, tab: Tab, sel: Selector) -> Locator:
        base: Page | Frame = tab.page
        if sel.frame is not None:
            base = await self._frame_for(tab, sel.frame)
        kind = sel.kind
        if kind == "css":
            locator = base.locator(sel.value)
        elif kind == "xpath":
            locator = base.locator(f"xpath={sel.value}")
        elif kind == "role":
            role_name: Any = sel.value  # Playwright types it as a Literal of ARIA roles
            locator = base.get_by_role(role_name, name=sel.name, exact=sel.name is not None)
        elif kind == "label":
            locator = base.get_by_label(sel.value, exact=True)
        elif kind == "placeholder":
            locator = base.get_by_placeholder(sel.value, exact=True)
        else:
            locator = base.get_by_text(sel.value, exact=True)
        count = await unless_blocked(tab, _count(locator, sel))
        if count == 0 and kind == "label":
            # A <label> that wraps its control counts the control's own text
            # (a select's options) in its text; fall back to a substring
            # match, still refusing to pick one of several.
            locator = base.get_by_label(sel.value)
            count = await unless_blocked(tab, _count(locator, sel))
        if count == 0:
            raise TargetNotFoundError(f"{sel.describe()} matched no element")
        if sel.nth is None:
            if count > 1:
                raise InvalidArgumentError(
                    f"{sel.describe()} matched {count} elements",
                    hint=f"pass nth= (0..{count - 1}) to pick one, or use a ref from a snapshot",
                )
            return locator
        index = sel.nth if sel.nth >= 0 else count + sel.nth
        if not 0 <= index < count:
            raise TargetNotFoundError(f"{sel.describe()}: only {count} elements matched")
        return locator.nth(index)

    async def _frame_for(self, tab: Tab, spec: str) -> Frame:
        """The frame ``spec`` names: its name, a url substring, its title, or an iframe CSS path.

        A CSS path joins nested iframes with `` >> `` (``"#outer >> iframe.pay"``).
        """
        children = tab.page.frames[1:]
        for frame in children:
            if spec == frame.name:
                return frame
        for frame in children:
            if spec in frame.url:
                return frame
        for frame in children:
            try:
                if await frame.title() == spec:
                    return frame
            except PlaywrightError:
                continue
        frame = tab.page.main_frame
        for part in (p.strip() for p in spec.split(" >> ")):
            try:
                handle = await frame.query_selector(part)
            except PlaywrightError:
                handle = None
            child = await handle.content_frame() if handle is not None else None
            if child is None:
                names = ", ".join(f.name or f.url for f in children) or "none"
                raise FrameNotFoundError(
                    f"no frame matches {spec!r} (frames: {names})",
                    hint="name a frame by its name, a url substring, its title, "
                    "or a CSS selector of its <iframe>",
                )
            frame = child
        return frame

    async def _point_xy(self, tab: Tab, point: Point, ms: float) -> tuple[float, float]:
        if point.space == "viewport":
            return point.x, point.y
        vw, vh, sx, sy = await self._guard(
            tab.page.evaluate("() => [innerWidth, innerHeight, scrollX, scrollY]"), "scroll", ms
        )
        x, y = point.x - sx, point.y - sy
        if not (0 <= x < vw and 0 <= y < vh):
            await self._guard(
                tab.page.evaluate(
                    "([x, y]) => window.scrollTo(x - innerWidth / 2, y - innerHeight / 2)",
                    [point.x, point.y],
                ),
                "scroll",
                ms,
            )
            sx, sy = await tab.page.evaluate("() => [scrollX, scrollY]")
            x, y = point.x - sx, point.y - sy
        return x, y

    # ---------------------------------------------------------------- actions

    async def _act(
        self,
        detail: str,
        body: Callable[[Tab, float, Aim], Awaitable[bool | None]],
        *,
        target: Target | None,
        observe: bool | None,
        timeout_ms: float | None,
        page_id: str | None = None,
        more_targets: Sequence[Target] = (),
        answers_chooser: bool = False,
    ) -> ActionResult:
        """Run one action with dialog racing, settling and an observed diff.

        With ``observe`` off the action returns as soon as it was dispatched:
        no settle wait, no diff (a navigation it starts may not have
        committed yet, so ``navigated`` can be False).

        ``target`` is resolved first, before anything else reads the page, so
        a stale ref fails before any outline of the new page exists.
        ``body`` performs the action on the resolved aim and returns whether
        the element was hit-verified (None for points and keys).
        """
        tab = self._check(mutating=True, page_id=page_id, answering_chooser=answers_chooser)
        ms = self._timeout(timeout_ms)
        observing = self._observe(observe)
        started = time.monotonic()
        aim = Aim(None, None)
        if target is not None:
            aim = await self._aim(tab, target, ms)
        if more_targets:
            more = tuple([await self._aim(tab, t, ms) for t in more_targets])
            aim = Aim(aim.locator, aim.xy, more)
        before: Baseline | None = None
        if observing:
            # Not recorded as printed refs: the caller never saw this outline.
            before = await self._before_action(tab, ms)
        self._new_tabs.clear()
        self._evidence.new_downloads.clear()
        tab.dialog_seen.clear()
        tab.dialog_info = None
        settler = Settler(tab, self._evidence)
        with settler:
            action = asyncio.ensure_future(body(tab, ms, aim))
            dialog = asyncio.ensure_future(tab.dialog_seen.wait())
            try:
                done, _ = await asyncio.wait(
                    {action, dialog}, timeout=ms / 1000, return_when=asyncio.FIRST_COMPLETED
                )
            finally:
                dialog.cancel()
            if action not in done:
                if (
                    tab.pending_dialog is None
                    and tab.dialog_info is None
                    and tab.pending_chooser is None
                ):
                    action.cancel()
                    raise TimeoutError(f"{detail} did not finish within {int(ms)} ms")
                # A dialog opened by the action blocks it until answered; the
                # action finishes in the background once handle_dialog runs.
                action.add_done_callback(swallow)
                verified: bool | None = None
            else:
                try:
                    verified = action.result()
                except PlaywrightTimeoutError:
                    raise TimeoutError(
                        f"{detail} did not finish within {int(ms)} ms",
                        hint="the element may be hidden, disabled or covered; take a snapshot",
                    ) from None
                except PlaywrightError as exc:
                    raise self._translate(exc, detail) from None
            left = ms - (time.monotonic() - started) * 1000
            if tab.pending_dialog is not None or not observing:
                # Unobserved actions return once dispatched: raw speed, and
                # nothing to wait for since nobody reads a diff.
                settled = True
            else:
                settled = await settler.settle(max(0.0, left))
            navigated = settler.navigated
        change = None
        if observing and before is not None and not navigated and tab.pending_dialog is None:
            try:
                after: Baseline | None = (await self._read_baseline(tab, ms))[0]
            except ModalStateBlockedError:
                after = None  # a dialog opened as the page settled: reported below
            except BrowserkitError:
                after = None
                navigated = True
            if after is not None and after.generation == before.generation:
                self._record(tab, after.text, after.generation)
                change = diff_outlines(
                    before.outline, after.outline, baseline_generation=before.generation
                )
                tab.baseline = after
            elif after is not None:
                navigated = True
        # Read last: a dialog may open while the page settles or is read.
        dialog_info = tab.take_dialog_info() if tab.pending_dialog is None else tab.dialog_info
        return ActionResult(
            detail=detail,
            url=tab.page.url,
            generation=tab.generation,
            navigated=navigated,
            target_verified=verified,
            diff=change,
            dialog=dialog_info,
            new_tabs=tuple(self._new_tabs),
            downloads=tuple(self._evidence.new_downloads),
            settled=settled,
        )

    async def _aim(self, tab: Tab, target: Target, ms: float) -> Aim:
        if isinstance(target, Point):
            return Aim(None, await self._point_xy(tab, target, ms))
        locator, _ = await self._resolve(tab, target, ms)
        return Aim(locator, None)

    async def click(
        self,
        target: Target,
        *,
        button: _Button = "left",
        click_count: int = 1,
        modifiers: Sequence[_Modifier] = (),
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Click an element (ref or selector) or a point.

        Returns what changed (``diff``), whether it navigated, and any dialog
        or tab it opened.
        """
        if button not in ("left", "right", "middle"):
            raise InvalidArgumentError(f"button must be left, right or middle, got {button!r}")
        if (
            isinstance(click_count, bool)
            or not isinstance(click_count, int)
            or not 1 <= click_count <= 3
        ):
            raise InvalidArgumentError(f"click_count must be 1, 2 or 3, got {click_count!r}")
        mods = list(modifiers)

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            locator, xy = aim.locator, aim.xy
            if locator is None:
                assert xy is not None
                for m in mods:
                    await tab.page.keyboard.down(m)
                try:
                    await tab.page.mouse.click(xy[0], xy[1], button=button, click_count=click_count)
                finally:
                    for m in reversed(mods):
                        await tab.page.keyboard.up(m)
                return None
            force = await self._hit_check(locator, ms)
            await locator.click(
                button=button, click_count=click_count, modifiers=mods, timeout=ms, force=force
            )
            return True

        return await self._act(
            f"clicked {_describe(target)}",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            page_id=page_id,
        )

    async def hover(
        self,
        target: Target,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Move the mouse over an element or a point."""

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            locator, xy = aim.locator, aim.xy
            if locator is None:
                assert xy is not None
                await tab.page.mouse.move(xy[0], xy[1])
                return None
            await locator.hover(timeout=ms)
            return True

        return await self._act(
            f"hovered {_describe(target)}",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            page_id=page_id,
        )

    async def type(
        self,
        target: Target | None,
        text: str,
        *,
        submit: bool = False,
        clear: bool = True,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Type ``text`` into a field (``target=None``: the focused element).

        ``clear`` replaces the field's value (default), ``submit`` presses
        Enter afterwards; a navigation that follows is waited for.
        """
        if not isinstance(text, str):
            raise InvalidArgumentError(f"text must be a string, got {type(text).__name__}")

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            verified: bool | None = None
            if target is None:
                if clear:
                    await tab.page.keyboard.press("ControlOrMeta+a")
                await tab.page.keyboard.insert_text(text)
                if submit:
                    await tab.page.keyboard.press("Enter")
                return None
            locator, xy = aim.locator, aim.xy
            if locator is None:
                assert xy is not None
                await tab.page.mouse.click(*xy)
                if clear:
                    await tab.page.keyboard.press("ControlOrMeta+a")
                await tab.page.keyboard.insert_text(text)
            else:
                if clear:
                    await locator.fill(text, timeout=ms)
                else:
                    await locator.press("End", timeout=ms)
                    await locator.press_sequentially(text, timeout=ms)
                verified = True
            if submit:
                if locator is not None:
                    await locator.press("Enter", timeout=ms)
                else:
                    await tab.page.keyboard.press("Enter")
            return verified

        where = "the focused element" if target is None else _describe(target)
        detail = f"typed {len(text)} chars into {where}" + (" and submitted" if submit else "")
        return await self._act(
            detail, body, target=target, observe=observe, timeout_ms=timeout_ms, page_id=page_id
        )

    async def press(
        self,
        key: str,
        *,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Press a key or chord (``Enter``, ``Control+a``, ``Shift+Tab``).

        On ``target`` when given, else on whatever has focus.
        """
        if not isinstance(key, str) or not key:
            raise InvalidArgumentError(f"key must be a non-empty string, got {key!r}")

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            if target is None:
                await tab.page.keyboard.press(key)
                return None
            locator, xy = aim.locator, aim.xy
            if locator is None:
                assert xy is not None
                await tab.page.mouse.click(*xy)
                await tab.page.keyboard.press(key)
                return None
            await locator.press(key, timeout=ms)
            return True

        where = "" if target is None else f" on {_describe(target)}"
        return await self._act(
            f"pressed {key}{where}",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            page_id=page_id,
        )

    async def scroll(
        self,
        *,
        delta_y: float = 0,
        delta_x: float = 0,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Scroll the page, or a scrollable element, by CSS pixels."""
        for name, value in (("delta_y", delta_y), ("delta_x", delta_x)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InvalidArgumentError(f"{name} must be a number, got {value!r}")

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            if target is None:
                await tab.page.evaluate(
                    "([dx, dy]) => window.scrollBy({left: dx, top: dy, behavior: 'instant'})",
                    [delta_x, delta_y],
                )
                return None
            locator, xy = aim.locator, aim.xy
            if locator is None:
                assert xy is not None
                await tab.page.mouse.move(*xy)
                await tab.page.mouse.wheel(delta_x, delta_y)
                return None
            await locator.evaluate(
                "(el, [dx, dy]) => el.scrollBy({left: dx, top: dy, behavior: 'instant'})",
                [delta_x, delta_y],
                timeout=ms,
            )
            return True

        where = "the page" if target is None else _describe(target)
        return await self._act(
            f"scrolled {where} by ({delta_x}, {delta_y})",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            page_id=page_id,
        )

    async def _hit_check(self, locator: Locator, ms: float) -> bool:
        """Raise TargetCoveredError if another element would receive a click on ``locator``.

        Returns True when Playwright's own actionability waits should be
        skipped (``force``): the element is enabled, nothing animates it and
        the click point was just shown to hit it (their two-frame stability
        wait costs ~30 ms a click), or the point is held by the element's own
        label (a styled custom checkbox), which Playwright would wait on.
        """
        verdict: dict[str, Any] | None = await self._guard(
            locator.evaluate(_js.HIT_CHECK, timeout=ms), "hit check", ms
        )
        if not verdict or verdict.get("ok"):
            return bool(verdict and (verdict.get("via_label") or verdict.get("settled")))
        who = verdict.get("tag", "element")
        if verdict.get("id"):
            who += f"#{verdict['id']}"
        for cls in verdict.get("classes", ()):
            who += f".{cls}"
        text = verdict.get("text") or ""
        raise TargetCoveredError(
            f"the target is covered by <{who}>" + (f" ({text!r})" if text else ""),
            hint="close or act on the covering element first (e.g. accept a cookie banner), "
            "or scroll so the target is not under a sticky header",
        )

    async def select(
        self,
        target: Target,
        values: str | Sequence[str],
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Choose options of a native ``<select>`` by value or visible label.

        Several values select several options of a ``multiple`` select. An
        option that does not exist raises TargetNotFoundError listing the
        options, and nothing is selected.
        """
        wanted = [values] if isinstance(values, str) else list(values)
        if not wanted or not all(isinstance(v, str) for v in wanted):
            raise InvalidArgumentError("values must be a string or a non-empty list of strings")

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            assert aim.locator is not None
            info: dict[str, Any] = await aim.locator.evaluate(_js.OPTIONS, timeout=ms)
            if not info.get("select"):
                raise InvalidArgumentError(
                    f"the target is a <{info.get('tag')}>, not a <select>",
                    hint="for custom dropdowns, click the control and then the option",
                )
            known = {o["value"] for o in info["options"]} | {o["label"] for o in info["options"]}
            missing = [v for v in wanted if v not in known]
            if missing:
                shown = ", ".join(repr(o["label"]) for o in info["options"][:20])
                raise TargetNotFoundError(f"no option {missing[0]!r}; options: {shown}")
            if len(wanted) > 1 and not info.get("multiple"):
                raise InvalidArgumentError("several values need a <select multiple>")
            await aim.locator.select_option(wanted, timeout=ms)
            return True

        return await self._act(
            f"selected {', '.join(map(repr, wanted))} in {_describe(target)}",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            page_id=page_id,
        )

    async def check(
        self,
        target: Target,
        checked: bool = True,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Tick (or with ``checked=False`` untick) a checkbox, radio or ARIA checkbox.

        Does nothing when it already has that state. The click is hit-checked
        like :meth:`click`; a custom control whose label paints over the input
        is clicked through its label.
        """
        if not isinstance(checked, bool):
            raise InvalidArgumentError(f"checked must be True or False, got {checked!r}")

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            assert aim.locator is not None
            force = await self._hit_check(aim.locator, ms)
            await aim.locator.set_checked(checked, timeout=ms, force=force)
            return True

        return await self._act(
            f"{'checked' if checked else 'unchecked'} {_describe(target)}",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            page_id=page_id,
        )

    async def drag(
        self,
        source: Target,
        target: Target,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Drag ``source`` onto ``target`` with the mouse (HTML5 drag and drop included)."""

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            to = aim.more[0]
            if aim.locator is not None and to.locator is not None:
                await aim.locator.drag_to(to.locator, timeout=ms)
                return True
            start = aim.xy or await _center(aim.locator, ms)
            end = to.xy or await _center(to.locator, ms)
            mouse = tab.page.mouse
            await mouse.move(*start)
            await mouse.down()
            await mouse.move(*end, steps=8)
            await mouse.up()
            return None

        return await self._act(
            f"dragged {_describe(source)} to {_describe(target)}",
            body,
            target=source,
            more_targets=(target,),
            observe=observe,
            timeout_ms=timeout_ms,
            page_id=page_id,
        )

    async def fill_form(
        self,
        fields: Sequence[Mapping[str, Any]],
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Fill several fields of mixed kinds in one call.

        Each field is ``{"target": <ref or selector>, "value": ...}``: text
        for inputs and textareas, True/False for checkboxes (True for a radio),
        an option value/label (or a list) for selects, a path (or a list) for
        file inputs. Every target is resolved before anything is typed, so a
        bad one changes nothing.
        """
        if isinstance(fields, Mapping) or not fields:
            raise InvalidArgumentError("fields must be a non-empty list of {target, value}")
        targets: list[Target] = []
        values: list[Any] = []
        for i, field in enumerate(fields):
            if not isinstance(field, Mapping) or "target" not in field or "value" not in field:
                raise InvalidArgumentError(f"fields[{i}] must have 'target' and 'value'")
            targets.append(field["target"])
            values.append(field["value"])

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            aims = (aim, *aim.more)
            kinds = []
            for i, one in enumerate(aims):
                if one.locator is None:
                    raise InvalidArgumentError(f"fields[{i}]: a point cannot be filled")
                kinds.append(await one.locator.evaluate(_js.KIND, timeout=ms))
            for i, (one, kind, value) in enumerate(zip(aims, kinds, values, strict=True)):
                await _fill_one(one.locator, kind, value, ms, f"fields[{i}]")
            return True

        return await self._act(
            f"filled {len(targets)} fields",
            body,
            target=targets[0],
            more_targets=targets[1:],
            observe=observe,
            timeout_ms=timeout_ms,
            page_id=page_id,
        )

    async def upload(
        self,
        paths: str | Sequence[str],
        *,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Give files to a file input (``target``) or to the file chooser a click opened.

        With no target it answers the pending file chooser (an empty list
        cancels it). Every path must exist.
        """
        files = _paths(paths)

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            if aim.locator is not None:
                await aim.locator.set_input_files(files, timeout=ms)
                return True
            chooser = tab.pending_chooser
            if chooser is None:
                raise InvalidArgumentError(
                    "no file chooser is open", hint="pass target= (a file input's ref)"
                )
            tab.pending_chooser = None
            tab.dialog_seen.clear()
            await chooser.set_files(files, timeout=ms)
            return None

        names = ", ".join(Path(f).name for f in files) or "no files"
        return await self._act(
            f"uploaded {names}",
            body,
            target=target,
            observe=observe,
            timeout_ms=timeout_ms,
            page_id=page_id,
            answers_chooser=target is None,
        )

    async def handle_dialog(
        self,
        accept: bool,
        *,
        prompt_text: str | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Answer the open dialog (alert, confirm, prompt, beforeunload)."""
        if self._closed:
            raise SessionClosedError(f"session {self._id} is closed: {self._closed_reason}")
        if self._read_only:
            raise ReadOnlyError(f"session {self._id} is read-only")
        tab = self._tab(page_id)
        ms = self._timeout(timeout_ms)
        dialog = tab.release_dialog()
        if dialog is None:
            raise InvalidArgumentError(
                "no dialog is open", hint="handle_dialog answers a dialog an action reported"
            )
        settler = Settler(tab, self._evidence)
        with settler:
            if accept:
                await self._guard(
                    dialog.accept(prompt_text) if prompt_text is not None else dialog.accept(),
                    "accept dialog",
                    ms,
                )
            else:
                await self._guard(dialog.dismiss(), "dismiss dialog", ms)
            settled = await settler.settle(ms)
            navigated = settler.navigated
        info = DialogInfo(
            dialog.type, dialog.message, dialog.default_value, "accepted" if accept else "dismissed"
        )
        tab.dialog_info = None
        tab.dialog_seen.clear()
        return ActionResult(
            detail=f"{'accepted' if accept else 'dismissed'} the {dialog.type} dialog",
            url=tab.page.url,
            generation=tab.generation,
            navigated=navigated,
            dialog=info,
            settled=settled,
        )

    # -------------------------------------------------------------- scripting

    async def evaluate(
        self, expression: str, *, timeout_ms: float | None = None, page_id: str | None = None
    ) -> Any:
        """Evaluate a JavaScript expression (or function source) and return its JSON value.

        A thrown error, or a value that is not JSON, raises
        :class:`~browserkit.EvaluationError`.
        """
        if not isinstance(expression, str) or not expression.strip():
            raise InvalidArgumentError("expression must be a non-empty string")
        tab = self._check(mutating=True, page_id=page_id)
        ms = self._timeout(timeout_ms)
        try:
            return await asyncio.wait_for(
                unless_blocked(tab, tab.page.evaluate(expression)), ms / 1000
            )
        except asyncio.TimeoutError:
            raise TimeoutError(f"evaluate did not finish within {int(ms)} ms") from None
        except PlaywrightError as exc:
            text = str(exc.message if hasattr(exc, "message") else exc)
            if "has been closed" in text:
                raise self._translate(exc, "evaluate") from None
            raise EvaluationError(
                text.strip().splitlines()[0] if text.strip() else "evaluation failed"
            ) from None

    # ---------------------------------------------------------------- waiting

    async def wait_for(
        self,
        *,
        text: str | None = None,
        text_gone: str | None = None,
        selector: str | None = None,
        url: str | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> WaitResult:
        """Wait until every given condition holds; ``met=False`` (no error) at the timeout.

        ``text``/``text_gone`` look at the rendered text (``innerText``, so
        ``display:none`` text does not count but visually-hidden status text
        does); ``selector`` waits for a CSS match to be attached; ``url`` is a
        substring of the URL, or a regular expression when wrapped in ``/.../``.
        """
        if text is None and text_gone is None and selector is None and url is None:
            raise InvalidArgumentError("wait_for needs text, text_gone, selector or url")
        tab = self._check(page_id=page_id)
        ms = self._timeout(timeout_ms)
        start = time.monotonic()
        url_re = None
        if url is not None:
            if len(url) > 2 and url.startswith("/") and url.endswith("/"):
                try:
                    url_re = re.compile(url[1:-1])
                except re.error as exc:
                    raise InvalidArgumentError(f"bad url pattern {url!r}: {exc}") from None
            else:
                url_re = re.compile(re.escape(url))
        js = """
        ([text, gone, sel]) => {
          const body = document.body ? document.body.innerText : '';
          if (text !== null && !body.includes(text)) return false;
          if (gone !== null && body.includes(gone)) return false;
          if (sel !== null && !document.querySelector(sel)) return false;
          return true;
        }
        """
        deadline = start + ms / 1000
        met = False
        while True:
            try:
                ok_url = url_re is None or bool(url_re.search(tab.page.url))
                ok_page = True
                if text is not None or text_gone is not None or selector is not None:
                    ok_page = bool(
                        await unless_blocked(
                            tab, tab.page.evaluate(js, [text, text_gone, selector])
                        )
                    )
            except PlaywrightError as exc:
                if "SyntaxError" in str(exc) or "not a valid selector" in str(exc):
                    raise InvalidArgumentError(f"bad selector {selector!r}") from None
                ok_url = ok_page = False  # navigating; try again
            if ok_url and ok_page:
                met = True
                break
            if time.monotonic() >= deadline or tab.pending_dialog is not None:
                break
            await asyncio.sleep(min(0.05, max(0.0, deadline - time.monotonic())))
        return WaitResult(met, int((time.monotonic() - start) * 1000))

    # ------------------------------------------------------------------- tabs

    async def tabs(self) -> list[TabInfo]:
        """The session's tabs, with the active one marked."""
        if self._closed:
            raise SessionClosedError(f"session {self._id} is closed: {self._closed_reason}")
        out = []
        for page_id, tab in list(self._tabs.items()):
            try:
                title = await tab.page.title()
            except PlaywrightError:
                title = ""
            out.append(TabInfo(page_id, tab.page.url, title, active=page_id == self._active))
        return out

    async def new_tab(self, url: str | None = None, *, timeout_ms: float | None = None) -> TabInfo:
        """Open a tab (and select it), optionally loading ``url``."""
        if url is not None:
            self._check_scheme(url)
        if self._closed:
            raise SessionClosedError(f"session {self._id} is closed: {self._closed_reason}")
        ms = self._timeout(timeout_ms)
        page = await self._guard(self._context.new_page(), "new tab", ms)
        tab = self._adopt(page)
        if tab.page_id in self._new_tabs:
            self._new_tabs.remove(tab.page_id)
        self._active = tab.page_id
        if url is not None:
            await self._goto(tab, url, ms)
        return TabInfo(tab.page_id, page.url, await page.title(), active=True)

    async def select_tab(self, page_id: str) -> TabInfo:
        """Make ``page_id`` the active tab (and bring it to front)."""
        tab = self._tab(page_id)
        self._active = page_id
        await tab.page.bring_to_front()
        return TabInfo(page_id, tab.page.url, await tab.page.title(), active=True)

    async def close_tab(self, page_id: str) -> bool:
        """Close a tab; True if it was open. Closing the last tab leaves the session tab-less."""
        if page_id not in self._tabs:
            return False
        tab = self._tabs.pop(page_id)
        if self._active == page_id:
            self._active = next(iter(self._tabs), None)
        await tab.page.close()
        return True

    # ------------------------------------------------------ human in the loop

    async def handoff(
        self,
        instructions: str,
        *,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> Handoff:
        """Hand the tab to a person until they click Continue, or someone confirms.

        Shows ``instructions`` and a Continue button in a banner at the top
        of the page (again after each navigation while it waits). It ends
        when a person clicks Continue (``via="in_page"``; only a trusted
        click counts, so the page's own scripts cannot end it), when
        :meth:`AsyncBrowser.confirm_handoff` is called (``"confirm_call"``),
        or at the timeout (``"timeout"``, ``confirmed=False``). Use it for
        logins, CAPTCHAs and anything an agent must not do itself.
        """
        if not isinstance(instructions, str) or not instructions.strip():
            raise InvalidArgumentError("instructions must be a non-empty string")
        tab = self._check(page_id=page_id)
        ms = self._timeout(timeout_ms)
        handoff_id, confirmed_call = self._browser._open_handoff(self._id)
        deadline = time.monotonic() + ms / 1000
        via: Literal["in_page", "confirm_call", "timeout"] = "timeout"
        try:
            while time.monotonic() < deadline and via == "timeout":
                via = await self._handoff_round(tab, instructions, confirmed_call, deadline)
        finally:
            self._browser._close_handoff(handoff_id)
        self.last_used_ms = _now_ms()
        return Handoff(handoff_id, via != "timeout", via, tab.page.url)

    async def _handoff_round(
        self, tab: Tab, text: str, confirmed_call: asyncio.Event, deadline: float
    ) -> Literal["in_page", "confirm_call", "timeout"]:
        """Show the banner once and wait; "timeout" also when a navigation took it away."""
        navigations = tab.navigations
        tab.nav_seen.clear()
        try:
            banner = await tab.page.evaluate_handle(_js.HANDOFF_BANNER, text)
        except PlaywrightError:
            banner = None  # between documents: wait for the next one below
        clicked: asyncio.Future[Any] = (
            asyncio.ensure_future(banner.evaluate("(b) => b.done"))
            if banner is not None
            else asyncio.ensure_future(asyncio.sleep(3600))
        )
        confirmed: asyncio.Future[Any] = asyncio.ensure_future(confirmed_call.wait())
        navigated: asyncio.Future[Any] = asyncio.ensure_future(tab.nav_seen.wait())
        done: set[asyncio.Future[Any]] = set()
        try:
            done, _ = await asyncio.wait(
                {clicked, confirmed, navigated},
                timeout=max(0.0, deadline - time.monotonic()),
                return_when=asyncio.FIRST_COMPLETED,
            )
        finally:
            for task in (clicked, confirmed, navigated):
                task.cancel()
        if confirmed in done:
            result: Literal["in_page", "confirm_call", "timeout"] = "confirm_call"
        elif clicked in done and not clicked.cancelled() and clicked.exception() is None:
            result = "in_page"
        else:
            result = "timeout"
        if banner is not None:
            try:
                if tab.navigations == navigations:
                    await banner.evaluate("(b) => b.remove()")
                await banner.dispose()
            except PlaywrightError:
                pass
        if result == "timeout" and tab.navigations == navigations and banner is None:
            await asyncio.sleep(0.05)  # no document to show the banner in yet: retry shortly
        if result == "timeout" and tab.navigations != navigations:
            try:
                await tab.page.wait_for_load_state(
                    "domcontentloaded", timeout=max(1.0, (deadline - time.monotonic()) * 1000)
                )
            except PlaywrightError:
                pass
        return result

    # -------------------------------------------------------------- lifecycle

    async def stop(self) -> bool:
        """Close the session and its tabs; True if it was running. Safe to call twice."""
        return await self._browser.stop(self._id)

    async def _shutdown(self, reason: str) -> bool:
        if self._closed:
            return False
        self._closed = True
        self._closed_reason = reason
        await self._evidence.close()
        if self._attached is not None:
            for tab in list(self._tabs.values()):
                try:
                    if tab.page is self._attached and not self._owns_attached:
                        await tab.release()  # adopted: hand it back untouched
                    else:
                        await tab.page.close()
                except PlaywrightError:
                    pass
        elif self._owns_context:
            try:
                await self._context.close()
            except PlaywrightError:
                pass
        return True

    def __repr__(self) -> str:
        state = "closed" if self._closed else self.url
        return f"<AsyncSession {self._id} {state}>"


def _stale(
    ref: str,
    printed_in: int,
    tab: Tab,
    *,
    now: int | None = None,
    hint: str = "take a new snapshot and use its refs",
) -> StaleRefError:
    """The error for a ref printed in an earlier generation, naming both and the new URL."""
    current = tab.generation if now is None else now
    return StaleRefError(
        f"ref {ref} is from generation {printed_in}; the page navigated to "
        f"{tab.page.url} (generation {current})",
        hint=hint,
    )


async def _count(locator: Locator, sel: Selector) -> int:
    """How many elements a selector matches; a malformed selector is the caller's error."""
    try:
        return await locator.count()
    except PlaywrightError as exc:
        first = str(exc.message if hasattr(exc, "message") else exc).strip().splitlines()
        raise InvalidArgumentError(
            f"{sel.describe()} is not a valid {sel.kind} selector: {first[0] if first else ''}",
            hint="check the selector syntax, or use a ref from a snapshot",
        ) from None


async def _center(locator: Locator | None, ms: float) -> tuple[float, float]:
    assert locator is not None
    await locator.scroll_into_view_if_needed(timeout=ms)
    box = await locator.bounding_box(timeout=ms)
    if box is None:
        raise TargetNotFoundError("the target has no box (it is hidden)")
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _paths(paths: str | Sequence[str]) -> list[str]:
    files = [paths] if isinstance(paths, str) else list(paths)
    for f in files:
        if not isinstance(f, str) or not Path(f).is_file():
            raise InvalidArgumentError(f"no such file: {f!r}")
    return files


async def _fill_one(locator: Locator | None, kind: str, value: Any, ms: float, where: str) -> None:
    assert locator is not None
    if kind in ("checkbox", "radio"):
        if not isinstance(value, bool):
            raise InvalidArgumentError(f"{where}: a {kind} takes True or False")
        await locator.set_checked(value, timeout=ms)
    elif kind == "select":
        options = [value] if isinstance(value, str) else list(value)
        await locator.select_option(options, timeout=ms)
    elif kind == "file":
        await locator.set_input_files(_paths(value), timeout=ms)
    elif kind == "text":
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise InvalidArgumentError(f"{where}: a text field takes a string")
        await locator.fill(str(value), timeout=ms)
    else:
        raise InvalidArgumentError(f"{where}: a <{kind}> cannot be filled")


class Aim(NamedTuple):
    """Where an action lands: an element's locator, or a viewport point.

    ``more`` holds the aims of an action's further targets (drag's drop
    target, fill_form's fields), resolved with the first.
    """

    locator: Locator | None
    xy: tuple[float, float] | None
    more: tuple[Aim, ...] = ()


def check_scheme(url: str, config: Config) -> None:
    """Refuse a URL whose scheme is not allowed, before any request is made."""
    if not isinstance(url, str) or not url:
        raise InvalidArgumentError(f"url must be a non-empty string, got {url!r}")
    scheme = urlsplit(url).scheme.lower()
    if not scheme:
        raise InvalidArgumentError(
            f"url {url!r} has no scheme", hint="write it in full, e.g. https://example.org"
        )
    if scheme not in config.allowed_schemes:
        allowed = ", ".join(config.allowed_schemes)
        raise SchemeNotAllowedError(
            f"scheme {scheme!r} is not allowed (allowed: {allowed})",
            hint="use one of the allowed schemes, or add it to config.allowed_schemes",
        )


def _describe(target: Target) -> str:
    if isinstance(target, Selector):
        return target.describe()
    if isinstance(target, Point):
        return f"point ({target.x}, {target.y})"
    return str(target)
