"""The isolated world that dom(), scan() and styles() read the page from.

Their JavaScript (``js/reading_world*.js``, joined by ``page_scripts.READING``)
runs in an isolated world of the page (CDP ``Page.createIsolatedWorld``): it
shares the DOM with the page but none of its JavaScript objects. Page code
cannot see what it keeps (the ``d``-ref map), and polyfills that replace
``document.querySelectorAll`` or ``Array.prototype.map`` cannot break it. A
new document gets a new world, so refs of an old page can never name an
element of the new one. The library is installed there once per document
and called by name after that (see ``page_scripts``).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, NamedTuple

import attrs
from playwright.async_api import Error as PlaywrightError

from browserkit._async.core import page_scripts
from browserkit._async.core.session_core import SessionCore, is_closed_error
from browserkit._async.core.tab import Tab, stale_ref, unless_blocked
from browserkit.errors import BrowserkitError, RefNotFoundError, TimeoutError

__all__ = ["DOM_HINT", "World", "WorldReply"]

_WORLD = "browserkit-reading"
_PRINTED_KEPT = 8


@attrs.define
class _Printed:
    """dom()/scan() handed out d<first_id>..d<max_id> for one document and generation."""

    token: str
    generation: int
    first_id: int
    max_id: int

    def holds(self, number: int) -> bool:
        return self.first_id <= number <= self.max_id


class WorldReply(NamedTuple):
    value: Any
    generation: int


DOM_HINT = "call dom() or scan() again and use its refs"


class World:
    """Calls into the reading library, and the ``d``-refs it handed out per tab."""

    def __init__(self, core: SessionCore) -> None:
        self._core = core
        self._frame_ids: dict[str, str] = {}
        self._printed: dict[str, list[_Printed]] = {}
        self._next_id = 1

    async def call(self, tab: Tab, call: str, ms: float, what: str) -> WorldReply:
        """Evaluate ``<call>`` on the reading library in the page's isolated world.

        Retried when a navigation replaced the document mid-call; the reply
        carries the generation it belongs to.
        """
        deadline = time.monotonic() + ms / 1000

        async def once() -> WorldReply:
            # Guarded: a tab that closed has no session to make (a plain error).
            cdp = await self._core.bounded(tab.cdp_session(), what, ms, tab)
            last: str = ""
            for _ in range(4):
                generation = tab.generation
                base = self._next_id
                left = max(1.0, (deadline - time.monotonic()) * 1000)
                try:
                    frame_id = await self._main_frame_id(tab)
                    world = await cdp.send(
                        "Page.createIsolatedWorld",
                        {"frameId": frame_id, "worldName": _WORLD, "grantUniveralAccess": False},
                    )
                    member = f".enter({base}, {generation}).{call}"
                    params = {
                        "expression": page_scripts.READING.call(member),
                        "contextId": world["executionContextId"],
                        "returnByValue": True,
                        "awaitPromise": True,
                        "timeout": int(left),
                    }
                    reply = await cdp.send("Runtime.evaluate", params)
                    if _value(reply) == page_scripts.MISSING:
                        # A new document (a new world): install the library first.
                        params["expression"] = page_scripts.READING.install(member)
                        reply = await cdp.send("Runtime.evaluate", params)
                except PlaywrightError as exc:
                    if is_closed_error(exc):
                        raise self._core.translate(exc, what) from None
                    text = str(exc)
                    # The document went away between the two calls (a
                    # navigation), or the frame id is stale: ask again.
                    self._frame_ids.pop(tab.tab_id, None)
                    last = text.strip().splitlines()[0] if text.strip() else "unknown error"
                    await asyncio.sleep(0.05)
                    continue
                details = reply.get("exceptionDetails")
                if details is not None:
                    exc_info = details.get("exception") or {}
                    desc = str(exc_info.get("description") or details.get("text") or "error")
                    if tab.generation != generation or "destroyed" in desc:
                        last = desc
                        continue
                    if "terminated" in desc.lower():
                        raise TimeoutError(f"{what} did not finish within {int(ms)} ms")
                    raise BrowserkitError(f"{what} failed in the page: {desc.splitlines()[0]}")
                if tab.generation != generation:
                    continue  # answered by a document that is already gone
                return WorldReply(_value(reply), generation)
            raise BrowserkitError(
                f"{what}: the page kept navigating ({last or 'no stable document'})",
                hint="wait for the page to settle, then try again",
            )

        try:
            # A dialog that opens meanwhile stops the page: say so at once.
            return await asyncio.wait_for(unless_blocked(tab, once()), ms / 1000)
        except asyncio.TimeoutError:
            raise TimeoutError(
                f"{what} did not finish within {int(ms)} ms",
                hint="the page may be busy running script; raise timeout_ms or try again",
            ) from None

    async def element(self, tab: Tab, number: int, token: str, ms: float) -> str | None:
        """A CDP object id (in the tab's CDP session) for the element of ``d<number>``.

        None unless the world still holds the library that answered with
        ``token`` (the same document) and the element is in it. The caller
        releases the object.
        """
        cdp = await tab.cdp_session()
        try:
            world = await cdp.send(
                "Page.createIsolatedWorld",
                {
                    "frameId": await self._main_frame_id(tab),
                    "worldName": _WORLD,
                    "grantUniveralAccess": False,
                },
            )
            reply = await asyncio.wait_for(
                cdp.send(
                    "Runtime.evaluate",
                    {
                        "expression": page_scripts.READING.call(
                            f".element({number}, {json.dumps(token)})"
                        ),
                        "contextId": world["executionContextId"],
                        "returnByValue": False,
                    },
                ),
                ms / 1000,
            )
        except (PlaywrightError, asyncio.TimeoutError):
            self._frame_ids.pop(tab.tab_id, None)
            return None  # the document went away meanwhile
        if _value(reply) == page_scripts.MISSING:
            return None  # another document: its library never handed out that ref
        object_id = reply.get("result", {}).get("objectId")
        return str(object_id) if object_id else None

    async def _main_frame_id(self, tab: Tab) -> str:
        known = self._frame_ids.get(tab.tab_id)
        if known is not None:
            return known
        cdp = await tab.cdp_session()
        tree = await cdp.send("Page.getFrameTree")
        frame_id = str(tree["frameTree"]["frame"]["id"])
        self._frame_ids[tab.tab_id] = frame_id
        return frame_id

    def note_printed(self, tab: Tab, reply: WorldReply) -> None:
        """Remember the ``d``-refs a reply handed out, for checking them when they come back."""
        value = reply.value
        token, first, last = str(value["token"]), int(value["first_id"]), int(value["max_id"])
        self._next_id = max(self._next_id, last + 1)
        records = self._printed.setdefault(tab.tab_id, [])
        for record in records:
            if record.token == token and record.generation == reply.generation:
                record.max_id = max(record.max_id, last)
                return
        records.append(_Printed(token, reply.generation, first, last))
        del records[:-_PRINTED_KEPT]
        if tab.ref_generation is None:
            # Refs were handed out for this document: from now on a
            # navigation of a fresh tab advances its generation too.
            tab.remember_refs(reply.generation, set())

    def check_reply(self, tab: Tab, args: dict[str, Any], value: Any, hint: str) -> None:
        """Raise if a reply for a d-ref target names a stale ref or a removed element."""
        if "ref" in args:
            self.check_printed(tab, f"d{args['ref']}", int(args["ref"]), str(value["token"]))
        if value.get("error") == "gone":
            raise RefNotFoundError("the target's element was removed from the page", hint=hint)

    def check_printed(self, tab: Tab, ref: str, number: int, token: str) -> None:
        """Raise unless ``ref`` was handed out for the current document and generation."""
        records = self._printed.get(tab.tab_id, [])
        if any(
            r.token == token and r.generation == tab.generation and r.holds(number) for r in records
        ):
            return
        # Ids are never handed out twice in a session: another record that
        # holds it means the ref is of an earlier page.
        earlier = next((r for r in reversed(records) if r.holds(number)), None)
        if earlier is not None:
            raise stale_ref(ref, earlier.generation, tab, hint=DOM_HINT)
        raise RefNotFoundError(
            f"ref {ref} was not handed out by dom() or scan() on this page "
            f"(generation {tab.generation})",
            hint="call dom() or scan() and use its refs",
        )


def _value(reply: dict[str, Any]) -> Any:
    return reply.get("result", {}).get("value")
