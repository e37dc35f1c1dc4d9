"""``session.network``: the request buffer's reads, plus one request's detail fetched over CDP."""

from __future__ import annotations

import base64
import binascii
from typing import TYPE_CHECKING, Any

from playwright.async_api import Error as PlaywrightError

from browserkit._async.evidence.requests import Record, RequestRecords
from browserkit._async.evidence.views import NetworkView
from browserkit._secrets import redacting
from browserkit.buffers import NetworkEntry
from browserkit.errors import InvalidArgumentError
from browserkit.results import RequestDetail

if TYPE_CHECKING:
    from browserkit._async.core.session_core import SessionCore

__all__ = ["AsyncNetwork"]

# Mime types whose bodies are text though not text/*.
_TEXT_MIMES = ("json", "javascript", "ecmascript", "xml", "x-www-form-urlencoded", "graphql")


def _is_text(mime: str | None) -> bool:
    if not mime:
        return False
    mime = mime.lower()
    return mime.startswith("text/") or any(word in mime for word in _TEXT_MIMES)


def _gone_note(entry: NetworkEntry, record: Record) -> str | None:
    """Why there is no response body to ask for, or None when there may be one."""
    if record.redirected:
        return "a redirect: the browser keeps no body for it"
    if entry.failure is not None:
        return f"the request failed ({entry.failure}): no body"
    if entry.status is None:
        return "no response yet: read the detail again once it arrived"
    return None


@redacting(lambda network: network._core.config.secrets)
class AsyncNetwork(NetworkView):
    """The session's requests, one entry per request, and ``detail`` for one in full."""

    def __init__(self, core: SessionCore) -> None:
        super().__init__(core.evidence.network)
        self._core = core
        self._records: RequestRecords = core.evidence.details

    async def detail(self, request_id: str, *, timeout_ms: float | None = None) -> RequestDetail:
        """One request in full: both sets of headers, the request body and the response body.

        The bodies are fetched now, from the browser: a text body is cut to
        ``config.max_field_chars`` (named in ``truncated_fields``;
        ``body_size`` keeps its full size in bytes), a binary one is given
        by ``body_size`` and ``mime_type`` only. A body the browser no
        longer holds (the page navigated away, the request failed or was
        redirected) gives a detail without it and a ``note`` saying why.

        Raises :class:`~browserkit.InvalidArgumentError` when the buffer no
        longer holds the request (or never did): read the buffer again and
        use one of its ids.

        Args:
            request_id: An entry's id from :meth:`~NetworkView.read` (``r12``).
            timeout_ms: Bound in milliseconds on fetching the bodies; default
                ``config.default_timeout_ms``, at most ``config.max_timeout_ms``.
        """
        core = self._core
        core.ensure_open()
        entry = self._buffer.get(request_id)
        record = self._records.get(request_id)
        if entry is None or record is None:
            raise InvalidArgumentError(
                f"no request {request_id!r} in the network buffer of session {core.id}",
                hint="read the network buffer again and pass one of its request_id values "
                "(old requests are evicted as new ones arrive)",
            )
        fields: dict[str, Any] = {}
        await core.bounded(
            self._fetch(entry, record, fields),
            f"reading the detail of request {request_id}",
            core.timeout(timeout_ms),
        )
        truncated = set(record.truncated) | set(fields.pop("truncated", ()))
        order = ("request_headers", "request_body", "response_headers", "body")
        return RequestDetail(
            request_id=request_id,
            method=entry.method,
            url=entry.url,
            resource_type=entry.resource_type,
            tab_id=entry.tab_id,
            request_headers=dict(record.request_headers),
            request_body=fields.get("request_body", record.post_data),
            request_body_size=fields.get("request_body_size", record.post_size),
            status=entry.status,
            status_text=record.status_text,
            response_headers=dict(record.response_headers),
            mime_type=record.mime_type,
            body=fields.get("body"),
            body_size=fields.get("body_size"),
            binary=bool(fields.get("binary")),
            failure=entry.failure,
            routed=entry.routed or record.routed,
            note=fields.get("note"),
            truncated_fields=tuple(f for f in order if f in truncated),
        )

    async def _fetch(self, entry: NetworkEntry, record: Record, out: dict[str, Any]) -> None:
        truncated: list[str] = []
        if record.post_data is None and record.has_post_data:
            try:
                got = await record.cdp.send(
                    "Network.getRequestPostData", {"requestId": record.cdp_id}
                )
                text = str(got.get("postData", ""))
                out["request_body"], cut = self._records.clip(text)
                out["request_body_size"] = len(text.encode("utf-8", "surrogatepass"))
                if cut:
                    truncated.append("request_body")
            except PlaywrightError:
                pass  # the page went away: the buffer entry still says what was sent
        note = _gone_note(entry, record)
        if note is None:
            try:
                got = await record.cdp.send("Network.getResponseBody", {"requestId": record.cdp_id})
            except PlaywrightError:
                note = (
                    "the browser no longer holds this body (the page navigated away, "
                    "was closed, or the body is still loading)"
                )
            else:
                self._body(got, record.mime_type, out, truncated)
        out["note"] = note
        out["truncated"] = truncated

    def _body(
        self, got: dict[str, Any], mime: str | None, out: dict[str, Any], truncated: list[str]
    ) -> None:
        raw = str(got.get("body", ""))
        if got.get("base64Encoded"):
            try:
                data = base64.b64decode(raw)
            except (binascii.Error, ValueError):
                data = b""
            out["body_size"] = len(data)
            if not _is_text(mime):
                out["binary"] = True
                return
            text = data.decode("utf-8", "replace")
        else:
            text = raw
            out["body_size"] = len(text.encode("utf-8", "surrogatepass"))
        body, cut = self._records.clip(text)
        if cut:
            truncated.append("body")
        out["body"] = body
