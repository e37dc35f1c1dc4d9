"""Acting on the page: input, forms, styles, dialogs (a mixin of :class:`AsyncSession`).

Kept apart from ``session.py`` so each group of public methods stays short;
the sync ``Session`` is generated from the whole class, mixins included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from browserkit.results import ActionResult
from browserkit.targets import Target
from browserkit.types import Button, Modifier

if TYPE_CHECKING:
    from browserkit._async._actions import Actions
    from browserkit._async._modals import Modals
    from browserkit._async._styles import StyleEditor

__all__ = ["ActionMethods"]


class ActionMethods:
    """Actions: each answers with an :class:`~browserkit.ActionResult`."""

    _actions: Actions
    _styles: StyleEditor
    _modals: Modals

    async def click(
        self,
        target: Target,
        *,
        button: Button = "left",
        click_count: int = 1,
        modifiers: Sequence[Modifier] = (),
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Click an element (ref or selector) or a point.

        Returns what changed (``diff``), whether it navigated, and any dialog
        or tab it opened.

        Args:
            target: The element: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref`, a
                selector (``bk.css(...)``, ``bk.role(...)``, ...) or ``bk.point(x, y)``.
            button: ``"left"`` (default), ``"right"`` or ``"middle"``.
            click_count: 1 (default), 2 for a double click, 3 for a triple click.
            modifiers: Keys held down during the click: ``"Alt"``, ``"Control"``,
                ``"ControlOrMeta"`` (Command on macOS), ``"Meta"``, ``"Shift"``; default none.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._actions.click(
            target, button, click_count, modifiers, observe, timeout_ms, tab_id
        )

    async def hover(
        self,
        target: Target,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Move the mouse over an element or a point.

        Args:
            target: The element (the mouse ends on its centre, scrolled into view): a
                snapshot ref (``"e3"``), a :class:`~browserkit.Ref`, a selector
                (``bk.css(...)``, ``bk.role(...)``, ...) or ``bk.point(x, y)``.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._actions.hover(target, observe, timeout_ms, tab_id)

    async def type(
        self,
        target: Target | None,
        text: str,
        *,
        submit: bool = False,
        clear: bool = True,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Type ``text`` into a field, or into the focused element.

        Args:
            target: The field: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref`, a
                selector (``bk.css(...)``, ``bk.role(...)``, ...) or ``bk.point(x, y)``
                (clicked first); None: the element that has focus.
            text: The text to enter, as it is: key names are not read as keys (see
                :meth:`press`).
            submit: Press Enter afterwards; a navigation that follows is waited for.
                Default ``False``.
            clear: ``True`` (default): replace the field's value; ``False``: add to
                the end of it.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._actions.type(target, text, submit, clear, observe, timeout_ms, tab_id)

    async def press(
        self,
        key: str,
        *,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Press a key or chord (``Enter``, ``Control+a``, ``Shift+Tab``).

        Args:
            key: A key name (``"Enter"``, ``"ArrowDown"``, ``"Escape"``), a character
                (``"a"``), or a chord of them joined by ``+`` (``"Control+a"``).
            target: The element that gets the key: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref`, a selector (``bk.css(...)``, ``bk.role(...)``,
                ...) or ``bk.point(x, y)`` (clicked first); default: whatever has focus.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._actions.press(key, target, observe, timeout_ms, tab_id)

    async def scroll(
        self,
        *,
        delta_y: float = 0,
        delta_x: float = 0,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Scroll the page, or a scrollable element, by CSS pixels.

        Args:
            delta_y: CSS pixels down (negative: up); default 0.
            delta_x: CSS pixels right (negative: left); default 0.
            target: The scrollable element: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref`, a selector (``bk.css(...)``, ``bk.role(...)``,
                ...) or ``bk.point(x, y)`` (a mouse wheel turned there); default: the page.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._actions.scroll(delta_y, delta_x, target, observe, timeout_ms, tab_id)

    async def select(
        self,
        target: Target,
        values: str | Sequence[str],
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Choose options of a native ``<select>`` by value or visible label.

        An option that does not exist raises :class:`~browserkit.TargetNotFoundError`
        listing the options, and nothing is selected.

        Args:
            target: The ``<select>``: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref`
                or a selector (``bk.css(...)``, ``bk.role(...)``, ...).
            values: One option, or a list of options of a ``multiple`` select, each
                named by its value or its visible label.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._actions.select(target, values, observe, timeout_ms, tab_id)

    async def check(
        self,
        target: Target,
        checked: bool = True,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Tick (or with ``checked=False`` untick) a checkbox, radio or ARIA checkbox.

        Does nothing when it already has that state. The click is hit-checked
        like :meth:`click`; a custom control whose label paints over the input
        is clicked through its label.

        Args:
            target: The checkbox or radio: a snapshot ref (``"e3"``), a
                :class:`~browserkit.Ref` or a selector (``bk.css(...)``, ``bk.role(...)``, ...).
            checked: ``True`` (default): ticked; ``False``: unticked.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._actions.check(target, checked, observe, timeout_ms, tab_id)

    async def drag(
        self,
        source: Target,
        to: Target,
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Drag ``source`` and drop it on ``to`` with the mouse (HTML5 drag and drop included).

        Args:
            source: What to drag: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref`, a
                selector (``bk.css(...)``, ``bk.role(...)``, ...) or ``bk.point(x, y)``.
            to: Where to drop it, given the same ways: an element (dropped on its centre)
                or ``bk.point(x, y)``.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._actions.drag(source, to, observe, timeout_ms, tab_id)

    async def fill_form(
        self,
        fields: Sequence[Mapping[str, Any]],
        *,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Fill several fields of mixed kinds in one call.

        Every target is resolved before anything is typed, so a bad one
        changes nothing.

        Args:
            fields: A non-empty list of ``{"target": ..., "value": ...}``. The target is
                a snapshot ref, a :class:`~browserkit.Ref` or a selector (not a point);
                the value is text for inputs and textareas, ``True``/``False`` for
                checkboxes (``True`` for a radio), an option's value or label (or a
                list) for selects, a path (or a list) for file inputs.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._actions.fill_form(fields, observe, timeout_ms, tab_id)

    async def upload(
        self,
        paths: str | Sequence[str],
        *,
        target: Target | None = None,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Give files to a file input (``target``) or to the file chooser a click opened.

        Args:
            paths: A file path, or a list of them; each must be an existing file (else
                :class:`~browserkit.InvalidArgumentError`). An empty list cancels a
                file chooser.
            target: The file input: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref`
                or a selector (``bk.css(...)``, ...); default: the file chooser a click
                opened (none open: :class:`~browserkit.InvalidArgumentError`).
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._actions.upload(paths, target, observe, timeout_ms, tab_id)

    async def set_style(
        self,
        target: Target,
        property: str,
        value: str,
        *,
        important: bool = False,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Set one inline CSS property on an element, live; an empty ``value`` removes it.

        Returns an :class:`~browserkit.ActionResult` whose ``detail`` ends with the
        element's new inline style (and whose ``diff`` shows what the change
        did to the outline, e.g. an element hidden by ``display: none``).
        The edit is not saved anywhere: it dies with the next navigation. A
        value Chromium rejects raises ``InvalidArgumentError`` and changes
        nothing.

        Args:
            target: The element: a snapshot ref (``"e3"``), a :class:`~browserkit.Ref` or
                a selector (``bk.css(...)``, ``bk.role(...)``, ...); a point raises
                :class:`~browserkit.InvalidArgumentError`.
            property: A CSS property name (``"display"``, ``"background-color"``) or a
                custom property (``"--brand"``).
            value: The value as CSS writes it (``"none"``, ``"2px solid red"``); an empty
                string removes the property.
            important: Set it with ``!important``, so it beats the page's own
                ``!important`` rules; default ``False``.
            observe: Wait for the page to settle and report what changed in
                ``ActionResult.diff``; default ``config.observe_actions``.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab (``t1``, ``t2``, ...; see ``tabs()``); default: the active tab.
        """
        return await self._styles.set_style(
            target, property, value, important, observe, timeout_ms, tab_id
        )

    # ------------------------------------------------------ modal states

    async def handle_dialog(
        self,
        accept: bool,
        *,
        prompt_text: str | None = None,
        timeout_ms: float | None = None,
        tab_id: str | None = None,
    ) -> ActionResult:
        """Answer the open dialog (alert, confirm, prompt, beforeunload).

        With no dialog open it raises :class:`~browserkit.InvalidArgumentError`.

        Args:
            accept: ``True``: OK (accept); ``False``: Cancel (dismiss). A read-only
                session may only dismiss (accepting raises
                :class:`~browserkit.ReadOnlyError`).
            prompt_text: The answer a ``prompt()`` gets when accepted; ignored when
                dismissing and by other dialogs.
            timeout_ms: Bound in milliseconds; default ``config.action_timeout_ms`` (unset:
                ``config.default_timeout_ms``), at most ``config.max_timeout_ms``.
            tab_id: The tab holding the dialog (``t1``, ``t2``, ...; see ``tabs()``);
                default: the active tab.
        """
        return await self._modals.handle_dialog(accept, prompt_text, timeout_ms, tab_id)
