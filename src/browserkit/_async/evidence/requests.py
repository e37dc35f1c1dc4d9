"""What ``network.detail`` needs of each request still in the buffer, and routed-request marks.

The network buffer keeps its entries small (method, url, status, ...). For a
request still in it, :class:`RequestRecords` keeps the rest: the CDP session
that saw it and its CDP id (to fetch bodies on demand), both sets of headers
(values capped) and a small post body. Records never outnumber the buffer's
capacity: one whose entry was evicted goes as the next one comes.

It also ties a route's handling of a request (Playwright's ``context.route``
callback) to the CDP request the buffer records. Playwright's ``Request``
does not carry the CDP id, and the callback and the CDP event can arrive in
either order, so the route leaves a mark (tab, method, URL, how it was
routed): a request already in flight that matches takes it at once, else the
next matching request to start does. Unclaimed marks expire and are bounded.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any

import attrs
from playwright.async_api import CDPSession

from browserkit._text import well_formed_str
from browserkit.buffers import EventBuffer, NetworkEntry

__all__ = ["Record", "RequestRecords", "without_fragment", "worker_script"]

_MAX_HEADERS = 100
_MAX_MARKS = 1000
_MARK_TTL_S = 30.0


def without_fragment(url: str) -> str:
    """``url`` without its ``#fragment`` (CDP reports request URLs without one)."""
    return url.split("#", 1)[0]


def worker_script(event: dict[str, Any]) -> bool:
    """Whether a ``Network.requestWillBeSent`` is a worker's own script (dedicated,
    module or shared worker).

    The page's CDP session sees it start, but its response and its end reach
    the worker's own target, which the session does not listen to: only the
    page's ``responseReceivedExtraInfo`` says its status (and not even that
    when it comes from the cache). Chromium sends it with no loader and the
    script itself as its document.
    """
    request = event.get("request") or {}
    return (
        str(event.get("type") or "").lower() == "script"
        and event.get("loaderId") == ""
        and bool(request.get("url"))
        and event.get("documentURL") == request.get("url")
    )


def capped_headers(
    raw: Any, max_chars: int, redact: Callable[[str], str] = str
) -> tuple[dict[str, str], bool]:
    """Headers as a str dict, each value ``redact``-ed and cut to ``max_chars``; and
    whether any was cut."""
    headers: dict[str, str] = {}
    cut = False
    if not isinstance(raw, dict):
        return headers, cut
    for name, value in raw.items():
        if len(headers) >= _MAX_HEADERS:
            return headers, True
        text = redact(well_formed_str(str(value)))
        if len(text) > max_chars:
            text, cut = text[:max_chars], True
        headers[well_formed_str(str(name))] = text
    return headers, cut


@attrs.define(slots=True)
class Record:
    """What ``detail`` needs of one request beyond its buffer entry."""

    cdp: CDPSession
    cdp_id: str
    request_headers: dict[str, str]
    post_data: str | None
    post_size: int | None
    has_post_data: bool
    truncated: set[str] = attrs.field(factory=set)
    status_text: str | None = None
    response_headers: dict[str, str] = attrs.field(factory=dict)
    mime_type: str | None = None
    routed: str | None = None
    redirected: bool = False


@attrs.frozen
class _Mark:
    tab_id: str | None
    method: str
    url: str
    label: str
    at: float


class RequestRecords:
    """Detail records by request id, bounded by the network buffer, and route marks."""

    def __init__(
        self,
        buffer: EventBuffer[NetworkEntry],
        in_flight: dict[tuple[int, str], dict[str, Any]],
        write: Callable[[dict[str, Any]], None],
        redact: Callable[[str], str] = str,
    ) -> None:
        self._buffer = buffer
        self.max_chars = buffer.max_field_chars
        # The config's secrets, redacted before any cut (a cut must not leave part of one).
        self.redact = redact
        self._records: dict[str, Record] = {}
        self._by_cdp: dict[tuple[int, str], str] = {}
        self._marks: deque[_Mark] = deque()
        self._in_flight = in_flight
        self._write = write

    def get(self, request_id: str) -> Record | None:
        """The record of ``request_id`` if its entry is still in the buffer."""
        if self._buffer.get(request_id) is None:
            return None
        return self._records.get(request_id)

    def __len__(self) -> int:
        return len(self._records)

    # ------------------------------------------------------------ recording

    def started(
        self,
        key: tuple[int, str],
        fields: dict[str, Any],
        cdp: CDPSession,
        event: dict[str, Any],
    ) -> None:
        """Record a request as it starts; sets ``fields["routed"]`` when a mark waited for it."""
        request = event.get("request") or {}
        previous = self._by_cdp.get(key)
        if previous is not None and previous in self._records:
            # CDP reuses the id for each redirect hop: the earlier hop's body is gone.
            self._records[previous].redirected = True
        headers, cut = capped_headers(request.get("headers"), self.max_chars, self.redact)
        post = request.get("postData")
        post_data: str | None = None
        post_size: int | None = None
        post_cut = False
        if isinstance(post, str):
            post_size = len(post.encode("utf-8", "surrogatepass"))
            post_data, post_cut = self.clip(post)
        record = Record(
            cdp=cdp,
            cdp_id=key[1],
            request_headers=headers,
            post_data=post_data,
            post_size=post_size,
            has_post_data=bool(request.get("hasPostData")) or post_data is not None,
        )
        if cut:
            record.truncated.add("request_headers")
        if post_cut:
            record.truncated.add("request_body")
        request_id = fields["request_id"]
        routed = self._take_mark(fields)
        if routed is not None:
            fields["routed"] = record.routed = routed
        self._records[request_id] = record
        self._by_cdp[key] = request_id
        self._prune()

    def responded(self, request_id: str, event: dict[str, Any]) -> None:
        """Keep the response's status text, headers and mime type."""
        record = self._records.get(request_id)
        if record is None:
            return
        response = event.get("response") or {}
        record.status_text = _str_or_none(response.get("statusText"))
        record.mime_type = _str_or_none(response.get("mimeType"))
        record.response_headers, cut = capped_headers(
            response.get("headers"), self.max_chars, self.redact
        )
        if cut:
            record.truncated.add("response_headers")

    def clip(self, text: str) -> tuple[str, bool]:
        """``text`` made valid Unicode, redacted, and cut to ``max_field_chars``; and
        whether it was cut."""
        text = self.redact(well_formed_str(text))
        if len(text) <= self.max_chars:
            return text, False
        return text[: self.max_chars], True

    def _prune(self) -> None:
        # The buffer evicts one entry per new request once full: drop records
        # whose entry went, oldest first, until they fit its capacity again.
        records = self._records
        capacity = self._buffer.capacity
        if len(records) <= capacity:
            return
        for request_id in list(records):
            if self._buffer.get(request_id) is None:
                self._forget(request_id)
                if len(records) <= capacity:
                    return
        while len(records) > capacity:  # pinned entries: never more than the capacity
            self._forget(next(iter(records)))

    def _forget(self, request_id: str) -> None:
        record = self._records.pop(request_id)
        key = (id(record.cdp), record.cdp_id)
        if self._by_cdp.get(key) == request_id:
            del self._by_cdp[key]

    # ---------------------------------------------------------------- marks

    def mark(self, tab_id: str | None, method: str, url: str, label: str) -> None:
        """A route handled a request of ``tab_id`` (None: unknown tab) this way.

        The matching request in flight (oldest first) is labelled at once;
        else the mark waits for the next matching request to start.
        """
        url = without_fragment(url)
        if self._label_in_flight(tab_id, method, url, None, label):
            return
        self._expire()
        if len(self._marks) >= _MAX_MARKS:
            self._marks.popleft()
        self._marks.append(_Mark(tab_id, method, url, label, time.monotonic()))

    def relabel(self, tab_id: str | None, method: str, url: str, old: str, new: str) -> None:
        """The route that marked a request ``old`` ended up handling it otherwise: say ``new``."""
        url = without_fragment(url)
        if self._label_in_flight(tab_id, method, url, old, new):
            return
        for i, mark in enumerate(self._marks):
            if (mark.label, mark.method, mark.url, mark.tab_id) == (old, method, url, tab_id):
                self._marks[i] = attrs.evolve(mark, label=new)
                return

    def _label_in_flight(
        self, tab_id: str | None, method: str, url: str, current: str | None, label: str
    ) -> bool:
        """Label ``label`` the oldest request in flight with this method, URL (no
        fragment) and tab whose label is ``current``; False when there is none."""
        for fields in self._in_flight.values():
            if (
                fields.get("routed") == current
                and fields["method"] == method
                and without_fragment(fields["url"]) == url
                and (tab_id is None or fields["tab_id"] == tab_id)
            ):
                fields["routed"] = label
                record = self._records.get(fields["request_id"])
                if record is not None:
                    record.routed = label
                self._write(fields)
                return True
        return False

    def _take_mark(self, fields: dict[str, Any]) -> str | None:
        if not self._marks:
            return None
        self._expire()
        url = without_fragment(fields["url"])
        for mark in self._marks:
            if (
                mark.method == fields["method"]
                and mark.url == url
                and (mark.tab_id is None or mark.tab_id == fields["tab_id"])
            ):
                self._marks.remove(mark)
                return mark.label
        return None

    def _expire(self) -> None:
        # A mark nobody claims (a request the session's CDP listeners never
        # saw, such as a service worker's) must not label a later request.
        limit = time.monotonic() - _MARK_TTL_S
        while self._marks and self._marks[0].at < limit:
            self._marks.popleft()


def _str_or_none(value: Any) -> str | None:
    return None if value is None else well_formed_str(str(value))
