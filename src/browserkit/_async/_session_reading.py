"""Reading the page: outline, DOM, scan, find, screenshot (a mixin of :class:`AsyncSession`).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from browserkit.results import DomNode, FindMatch, PageScan, Screenshot, Snapshot, Styles
from browserkit.targets import Target

if TYPE_CHECKING:
    from browserkit._async._dom import DomReader
    from browserkit._async._outline import Outlines
    from browserkit._async._scan import Scanner
    from browserkit._async._styles import StyleEditor

__all__ = ["ReadingMethods"]


class ReadingMethods:
    """Reading the page: nothing here changes it."""

    _outlines: Outlines
    _dom: DomReader
    _scan: Scanner
    _styles: StyleEditor

    async def snapshot(
        self,
        *,
        diff: bool = False,
        target: Target | None = None,
        depth: int | None = None,
        tab_id: str | None = None,
        compact: bool = False,
        max_tokens: int | None = None,
        timeout_ms: float | None = None,
    ) -> Snapshot:
        """The page as an accessibility outline with refs (``snap.tree``: always all of it).

        ``str(snap)`` is the tree, or what ``diff`` or ``compact`` ask for.

        Args:
            diff: Make ``str(snap)`` what changed (``snap.diff``) since this tab's last
                whole-page snapshot of the same page generation, if there is one; only
                for the whole page (no ``target``, no ``depth``).
            target: Read only this element's subtree: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref` or a selector (``bk.css(...)``, ``bk.role(...)``,
                ...); default: the whole page.
            depth: How many levels of nesting to print, an integer >= 1; default: all.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
            compact: Make ``str(snap)`` the compact outline ``snap.compact``, in which a
                run of similar rows is one line naming the ref that ``snapshot(target=ref)``
                expands.
            max_tokens: A bound on ``snap.compact`` (a token counts as 4 characters):
                detail is folded or cut to fit; implies ``compact``; default: no bound.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at
                most ``config.max_timeout_ms``.
        """
        return await self._outlines.snapshot(
            diff, target, depth, tab_id, timeout_ms, compact, max_tokens
        )

    async def dom(
        self,
        target: Target | None = None,
        *,
        depth: int = 3,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> DomNode:
        """The DOM as a tree of elements, ``depth`` levels below ``target``.

        Each element comes with its tag, id, classes and a ``d``-ref that any
        target-taking call accepts, so ``dom("d12")`` reads deeper and
        ``click("d12")`` acts on exactly that element. ``child_count`` is the
        full number of children even where the depth limit left them out;
        ``truncated`` marks where the node cap (3,000) cut the tree. Open
        shadow roots appear as ``#shadow-root`` children. Reading the DOM never
        changes the page. It reads the main frame; use ``snapshot()`` for the
        content of iframes.

        >>> print(await session.dom(depth=2))  # doctest: +SKIP
        body [ref=d1]
          h1 "Orders" [ref=d2]
          table#orders [ref=d3] (2 children)

        Args:
            target: The element to start from: a ref from a snapshot (``"e3"``) or from
                ``dom()`` (``"d12"``), a :class:`~browserkit.Ref` or a selector
                (``bk.css(...)``, ...); default: the body. An element inside an iframe
                raises :class:`~browserkit.InvalidArgumentError`.
            depth: How many levels below ``target`` to list, an integer >= 0 (0: the
                element alone); default 3.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at
                most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._dom.dom(target, depth, timeout_ms, tab_id)

    async def scan(
        self,
        *,
        max_chars: int = 35000,
        cutlist: bool = True,
        text_only: bool = False,
        max_targets: int = 80,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> PageScan:
        """The page as compact simplified HTML (or plain text with ``text_only``).

        Scripts, styles and layout wrappers are dropped; headings, text,
        links, lists, tables and form controls stay. With ``cutlist`` a run
        of 10 or more structurally similar siblings (table rows, product
        cards, search results) is cut to 3 examples and a note; each cut is
        listed in ``collapsed`` with a unique CSS selector of its container,
        so ``dom(bk.css(sel))`` or ``snapshot(target=bk.css(sel))`` expands
        it. ``render_state`` says whether the page is an empty app shell
        (``shell_only``), still rendering (``hydrating``: loading indicators,
        requests in flight, the DOM still growing) or ``ready``;
        ``content_ready`` whether there is real content to read now.
        ``targets`` lists up to ``max_targets`` visible controls with a
        unique CSS locator, a ``d``-ref, and the call to use (``click``,
        ``type``, ``select``, ``upload``); ``frames`` the child frames,
        cross-origin ones included.

        Scanning never modifies the page: it runs in an isolated world and
        leaves no attribute, id or global behind.

        Args:
            max_chars: The longest ``content``, in characters, at least 100; longer
                content is cut and ``truncated`` set; default 35,000.
            cutlist: Cut long runs of similar siblings as described above; default True.
            text_only: Plain text instead of simplified HTML; default False.
            max_targets: The most controls listed in ``targets`` (0: none); default 80.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at
                most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._scan.scan(max_chars, cutlist, text_only, max_targets, timeout_ms, tab_id)

    async def find(
        self,
        text: str | None = None,
        *,
        regex: str | None = None,
        urls: bool = False,
        limit: int | None = 30,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> list[FindMatch]:
        """The deepest outline nodes whose printed line, name, text or properties match.

        Each match has its line, its live ref (a bare text line: its nearest
        ancestor's), up to 3 named ancestors and the lines printed before and after
        it. Give ``text``, ``regex`` or both (none: :class:`~browserkit.InvalidArgumentError`).

        >>> [str(m) for m in await session.find("items left")]  # doctest: +SKIP
        ['text: items left  # in contentinfo [ref=e20] | before: strong: "3"']

        Args:
            text: A case-insensitive substring to look for.
            regex: A Python regular expression searched in the same strings; with
                ``text`` too, both must match.
            urls: Also search link URLs; default False.
            limit: The most matches to list, an integer >= 1, or None for all; default
                30. The last match's ``more`` counts the rest.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at
                most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._outlines.find(text, regex, urls, limit, timeout_ms, tab_id)

    async def screenshot(
        self,
        *,
        full_page: bool = False,
        format: Literal["jpeg", "png"] = "jpeg",
        target: Target | None = None,
        max_side: int = 1568,
        path: str | None = None,
        tab_id: str | None = None,
        timeout_ms: float | None = None,
    ) -> Screenshot:
        """An image of the viewport, the full page, or one element.

        The image is scaled down (in the browser, no image library needed) so
        its longest side is at most ``max_side``; ``source_width`` and
        ``source_height`` give the captured size in CSS pixels.

        Args:
            full_page: Capture the whole page, not only the viewport; not with
                ``target``, and refused in a read-only session
                (:class:`~browserkit.ReadOnlyError`); default False.
            format: ``"jpeg"`` (the default, quality 80) or ``"png"``.
            target: Capture only this element: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref` or a selector (``bk.css(...)``, ``bk.role(...)``,
                ...); in a read-only session only its part in view. Default: the viewport.
            max_side: The image's longest side in pixels, at least 16; a bigger capture
                is scaled down to fit, never up; default 1568.
            path: Also write the image to this file (its folder must exist); default:
                not written.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at
                most ``config.max_timeout_ms``.
        """
        return await self._outlines.screenshot(
            full_page, format, target, max_side, path, tab_id, timeout_ms
        )

    async def styles(
        self,
        target: Target,
        properties: Sequence[str] | None = None,
        *,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> Styles:
        """Computed styles of an element, and its inline style.

        Args:
            target: The element: a snapshot ref (``"e3"``) or ``dom()`` ref (``"d12"``), a
                :class:`~browserkit.Ref` or a selector (``bk.css(...)``, ``bk.role(...)``,
                ...); elements inside iframes too.
            properties: Which computed properties: None (the default) a curated design
                set (display, box model, colours, fonts, flex/grid, ...); names, exactly
                those (custom properties ``--x`` too; an unknown name raises
                :class:`~browserkit.InvalidArgumentError`); ``["*"]`` every one.
            timeout_ms: Bound in milliseconds; default ``config.default_timeout_ms``, at
                most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._styles.styles(target, properties, timeout_ms, tab_id)
