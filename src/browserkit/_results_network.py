"""Results of the network calls (a request's detail); exported by :mod:`browserkit.results`."""

from __future__ import annotations

import attrs

from browserkit._reprs import summary, text_markdown

__all__ = ["RequestDetail"]


@attrs.frozen(repr=False)
class RequestDetail:
    """One request of the network buffer in full, as ``network.detail(request_id)`` reads it.

    The buffer entry says what happened (method, url, status, failure); this
    adds what was sent and received: both sets of headers, the request body
    (``request_body``, e.g. a form or JSON post) and the response body.

    A text body is in ``body``, cut to ``config.max_field_chars`` characters;
    then ``body`` is named in ``truncated_fields`` and ``body_size`` still
    gives its full size in bytes (``request_body`` likewise, with
    ``request_body_size``). A binary body (an image, a font, a zip) is never
    returned: ``binary`` is True and ``body_size`` and ``mime_type`` say what
    it was. When the browser no longer holds the body (the page navigated
    away, the request failed, it was a redirect, or it is still loading),
    ``body`` is None and ``note`` says why.

    ``routed`` says how a route of the session handled the request
    (``blocked``, ``fulfilled 200``, ``delayed 500 ms``), None when no route did.
    """

    request_id: str
    method: str
    url: str
    resource_type: str
    tab_id: str | None = None
    request_headers: dict[str, str] = attrs.field(factory=dict)
    request_body: str | None = None
    request_body_size: int | None = None
    status: int | None = None
    status_text: str | None = None
    response_headers: dict[str, str] = attrs.field(factory=dict)
    mime_type: str | None = None
    body: str | None = None
    body_size: int | None = None
    binary: bool = False
    failure: str | None = None
    routed: str | None = None
    note: str | None = None
    truncated_fields: tuple[str, ...] = ()

    __repr__ = summary
    _repr_markdown_ = text_markdown

    def __str__(self) -> str:
        head = f"{self.method} {self.url}"
        if self.status is not None:
            head += f" -> {self.status} {self.status_text or ''}".rstrip()
        lines = [head]
        for what in ("failure", "routed", "note"):
            value = getattr(self, what)
            if value:
                lines.append(f"{what}: {value}")
        lines += [f"> {k}: {v}" for k, v in self.request_headers.items()]
        if self.request_body is not None:
            lines += ["", self.request_body, ""]
        lines += [f"< {k}: {v}" for k, v in self.response_headers.items()]
        if self.body is not None:
            lines += ["", self.body]
        elif self.binary:
            lines.append(f"<{self.body_size} bytes of {self.mime_type or 'binary data'}>")
        return "\n".join(lines)
