"""``bk.replay``: run a script again, in a session of either API or in a browser of its own."""

from __future__ import annotations

from collections.abc import Awaitable, Mapping
from typing import overload

from browserkit._async.replay import checked_renames, replay_on
from browserkit._async.session import AsyncSession
from browserkit._script import ReplayResult, Script
from browserkit._sync import Browser, Session
from browserkit.errors import InvalidArgumentError

__all__ = ["replay"]


@overload
def replay(
    script: Script,
    session: AsyncSession,
    *,
    heal: bool = False,
    renames: Mapping[str, str] | None = None,
) -> Awaitable[ReplayResult]: ...


@overload
def replay(
    script: Script,
    session: Session | None = None,
    *,
    heal: bool = False,
    renames: Mapping[str, str] | None = None,
) -> ReplayResult: ...


def replay(
    script: Script,
    session: AsyncSession | Session | None = None,
    *,
    heal: bool = False,
    renames: Mapping[str, str] | None = None,
) -> ReplayResult | Awaitable[ReplayResult]:
    """Run ``script``'s steps without a model, checking each one's expectation.

    A step that finds no element, several, or not what it recorded stops
    the replay with :class:`~browserkit.ReplayStepFailedError` (its number,
    what was expected, the page around it, the refs that could stand in).
    With ``heal=True`` a step whose locator matches nothing runs on the one
    element of the same role at the same place, but only when that element
    has the accessible name the step's locator names, or the new name
    ``renames`` gives for it; each such step is reported in
    ``ReplayResult.healed``, with why. A control with any other name is
    never acted on, and without ``heal`` a replay never acts on a guess.

    With an :class:`AsyncSession` it returns an awaitable; with a
    :class:`Session` it runs there; with none it runs in a fresh browser
    (``bk.Browser()``) that it closes after.

    >>> result = bk.replay(bk.Script.load("todo.json"))  # doctest: +SKIP

    Args:
        script: A :class:`Script` (``session.script()`` or ``Script.load(path)``).
        session: Where to run it; default a new browser and session.
        heal: Let a step whose element is gone use a same-role stand-in at its place,
            with the same accessible name (or the one ``renames`` gives).
        renames: Rename rules for healing, old accessible name to new
            (``{"Save": "Store"}``): a step on "Save" may run on the one
            same-role element at its place named "Store". Needs ``heal=True``.
    """
    if not isinstance(script, Script):
        raise InvalidArgumentError(f"replay needs a Script, got {type(script).__name__}")
    checked_renames(renames, heal)  # before any browser starts
    if isinstance(session, AsyncSession):
        return replay_on(script, session, heal, renames)
    if isinstance(session, Session):
        return session._portal.call(replay_on(script, session._impl, heal, renames))
    if session is not None:
        raise InvalidArgumentError(f"session must be a session, got {type(session).__name__}")
    with Browser() as browser:
        fresh = browser.start()
        return fresh._portal.call(replay_on(script, fresh._impl, heal, renames))
