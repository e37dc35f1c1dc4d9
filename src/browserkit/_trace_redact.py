"""A recording's zip rewritten without its secrets, before anyone can read it.

Playwright's trace keeps what the session sent and saw in the clear: the
value a ``fill`` typed (in its call, its log line and every DOM snapshot
after it), request headers, ``Set-Cookie`` answers, request and response
bodies. :func:`redact_trace` copies a trace zip member by member, streamed,
with every sensitive value replaced:

- the values the caller knows (``known``: value -> replacement): what was
  typed into password and payment-card fields, HttpOnly cookies, the
  named secrets (``Config.secrets``);
- what the trace itself marks as secret, learnt in a first pass over its
  JSON members: ``Authorization``, ``Proxy-Authorization`` and ``Cookie``
  header values, HttpOnly cookies (``Set-Cookie`` headers and cookie
  lists), and the value of every password or ``autocomplete="cc-…"`` field
  a DOM snapshot caught (typed by a person in the live view, or filled in
  by the page).

The JSON members (``*.trace``, ``*.network``) are parsed line by line and
each string value is scrubbed, so the trace still opens; the other members
(``resources/``: bodies, posted forms, HTML) are scrubbed as bytes. A
value is looked for as it is and as it is encoded on its way: JSON-escaped,
URL-encoded (``quote``, ``quote_plus``, form and ``encodeURIComponent``
style, UTF-8 and Latin-1), HTML-escaped. Images (the screenshots) are
copied untouched: their pixels are not text, and a typed password field
shows as dots.

A HAR (``record(har=True)``, ``start(har_path=...)``) is the same network
log as a trace's ``*.network`` member, as one JSON document:
:func:`redact_har` clears it by the same rules, and a zipped HAR's body
files like a trace's resources. Bodies a HAR embeds in base64 are decoded,
scrubbed as bytes and encoded again.

Pure: zip and text only; blocking, so run it in a thread.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import time
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

import attrs

from browserkit._secrets import REPLACED, spellings

__all__ = [
    "MIN_SEARCHED",
    "Redaction",
    "RedactionTooLong",
    "redact_har",
    "redact_trace",
]

MIN_SEARCHED = 4
"""A value shorter than this is replaced only where the trace says it is a
secret (a header, a field's value, a string that is the value and nothing
else), never searched for inside other text: two or three characters would
match everywhere and wreck the trace."""

_CHUNK = 1 << 20  # bytes of a non-JSON member scrubbed at a time
_SECRET_HEADERS = {"authorization": "authorization", "proxy-authorization": "authorization"}
_IMAGES = (b"\xff\xd8\xff", b"\x89PNG", b"GIF8", b"RIFF")
_INPUTS = ("INPUT", "TEXTAREA")
# What a JSON line holding a header, a cookie or a field value has (lowercased).
_MARKS = (b"authorization", b"cookie", b"__playwright_value_")
_NEEDLE = re.compile(r"[A-Za-z0-9]{3,}")
# A DOM snapshot keeps a field's value in this attribute (and "value").
_SNAPSHOT_VALUE = "__playwright_value_"
# Members whose strings are names, not text: a replaced id would cut the trace's links.
_ID_KEYS = frozenset(
    {"callId", "parentId", "pageId", "pageref", "frameId", "_frameref", "_sha1", "_file", "sha1"}
)


class RedactionTooLong(Exception):
    """Rewriting a trace went past its deadline (the half-written copy is the caller's to drop)."""


@attrs.frozen
class Redaction:
    """What :func:`redact_trace` did: members rewritten, images copied as they are, values found."""

    members: int
    images: int
    values: int


class _Scrubber:
    """Replaces every spelling of the values it knows, in text and in bytes."""

    def __init__(self, known: Mapping[str, str]) -> None:
        self.exact = {v: r for v, r in known.items() if v}
        self._text: dict[str, str] = {}
        self._bytes: dict[bytes, bytes] = {}
        # Bytes every spelling of a value holds (its longest run of ASCII
        # letters and digits, which no encoding changes): text holding none
        # of them holds no value, and is passed on without a closer look.
        self.needles: set[bytes] = set()
        self.always = False  # a value without such a run: every text gets the closer look
        # Longer values first: a value holding another is replaced whole.
        for value, replacement in sorted(self.exact.items(), key=lambda kv: -len(kv[0])):
            if len(value) < MIN_SEARCHED:
                self.needles.add(json.dumps(value, ensure_ascii=False).encode())  # a whole string
                continue
            runs = _NEEDLE.findall(value)
            if runs:
                self.needles.add(max(runs, key=len).encode())
            else:
                self.always = True
            for form in spellings(value):
                self._text.setdefault(form, replacement)
                self._bytes.setdefault(form.encode("utf-8", "surrogatepass"), replacement.encode())
            try:
                self._bytes.setdefault(value.encode("latin-1"), replacement.encode())
            except UnicodeEncodeError:
                pass
        self.text = _alternation(self._text)
        self.bytes = _alternation_bytes(self._bytes)
        self.longest = max((len(b) for b in self._bytes), default=0)

    def may_hold(self, data: bytes) -> bool:
        """Whether ``data`` may hold a value (False: it surely holds none)."""
        return self.always or any(needle in data for needle in self.needles)

    def text_of(self, s: str) -> str:
        if s in self.exact:
            return self.exact[s]
        if self.text is None:
            return s
        return self.text.sub(lambda m: self._text[m.group()], s)

    def bytes_of(self, b: bytes) -> bytes:
        if self.bytes is None:
            return b
        return self.bytes.sub(lambda m: self._bytes[m.group()], b)


def _alternation(forms: Mapping[str, str]) -> re.Pattern[str] | None:
    if not forms:
        return None
    return re.compile("|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)))


def _alternation_bytes(forms: Mapping[bytes, bytes]) -> re.Pattern[bytes] | None:
    if not forms:
        return None
    return re.compile(b"|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)))


def redact_trace(
    source: Path, target: Path, known: Mapping[str, str], *, deadline: float
) -> Redaction:
    """Write ``source``'s trace zip to ``target`` with every secret replaced.

    ``known`` maps values to what they become; the trace's own secrets (see
    the module docstring) are added to it. ``deadline`` (``time.monotonic``)
    bounds the work: past it, :class:`RedactionTooLong` is raised and ``target``
    is left unfinished for the caller to delete. A member that cannot be
    read raises too: a trace is never written half-redacted.
    """
    with zipfile.ZipFile(source) as archive:
        infos = archive.infolist()
        found = dict(known)
        for info in infos:
            if _is_json_lines(info.filename):
                with archive.open(info) as member:
                    _learn(member, found, deadline)
            elif _is_har(info.filename):
                _walk(_loaded(archive.read(info)), found)
        scrub = _Scrubber(found)
        images = 0
        with zipfile.ZipFile(target, "w", allowZip64=True) as out:
            for info in infos:
                if info.is_dir():
                    continue
                with archive.open(info) as member:
                    if _is_json_lines(info.filename):
                        chunks = _json_lines(member, scrub, deadline)
                    elif _is_har(info.filename):
                        chunks = iter([_har_document(_loaded(member.read()), scrub)])
                    elif _is_image(info.filename, member):
                        images += 1
                        chunks = _as_is(member, deadline)
                    else:
                        chunks = _scrubbed_bytes(member, scrub, deadline)
                    copy = zipfile.ZipInfo(info.filename, info.date_time)
                    copy.compress_type = zipfile.ZIP_DEFLATED
                    copy.external_attr = info.external_attr
                    with out.open(copy, "w", force_zip64=True) as written:
                        for chunk in chunks:
                            written.write(chunk)
    return Redaction(members=len(infos), images=images, values=len(found))


def redact_har(source: Path, target: Path, known: Mapping[str, str], *, deadline: float) -> int:
    """Write the HAR ``source`` (a ``.har`` file, or a ``.zip`` with its bodies) to ``target``
    with every secret replaced, as :func:`redact_trace` does; how many values it looked for."""
    if source.suffix.lower() == ".zip":
        return redact_trace(source, target, known, deadline=deadline).values
    document = _loaded(source.read_bytes())
    found = dict(known)
    _walk(document, found)
    _check(deadline)
    target.write_bytes(_har_document(document, _Scrubber(found)))
    return len(found)


def _is_har(name: str) -> bool:
    return "/" not in name and name.endswith(".har")


def _loaded(data: bytes) -> Any:
    try:
        return json.loads(data)
    except ValueError:
        # A HAR is never written half-redacted: an unreadable one is not written.
        raise zipfile.BadZipFile("the HAR is not JSON") from None


def _har_document(document: Any, scrub: _Scrubber) -> bytes:
    """A HAR with the secrets it marks and those ``scrub`` knows replaced, as JSON."""
    cleared = _base64_bodies(_strings(_walk(document, {}), scrub), scrub)
    text = json.dumps(cleared, ensure_ascii=False, indent=2)
    try:
        return text.encode()
    except UnicodeEncodeError:  # a lone surrogate (page text may hold one): escape it
        return json.dumps(cleared, indent=2).encode()


def _base64_bodies(node: Any, scrub: _Scrubber) -> Any:
    """``node`` with each body a HAR embeds in base64 (``{"encoding": "base64", "text"}``)
    decoded, scrubbed as bytes and encoded again."""
    if isinstance(node, list):
        return [_base64_bodies(v, scrub) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _base64_bodies(v, scrub) for k, v in node.items()}
    text = out.get("text")
    if out.get("encoding") == "base64" and isinstance(text, str) and text:
        try:
            body = base64.b64decode(text, validate=True)
        except binascii.Error:
            return out
        if scrub.may_hold(body):
            out["text"] = base64.b64encode(scrub.bytes_of(body)).decode("ascii")
    return out


def _is_json_lines(name: str) -> bool:
    return "/" not in name and name.endswith((".trace", ".network"))


def _is_image(name: str, member: IO[bytes]) -> bool:
    """Whether a member is a picture (by its first bytes), copied as it is."""
    head = member.peek(8) if isinstance(member, zipfile.ZipExtFile) else b""
    return name.startswith("screencast/") or head.startswith(_IMAGES)


def _check(deadline: float) -> None:
    if time.monotonic() > deadline:
        raise RedactionTooLong("redacting the trace took too long")


# -- the first pass: what the trace itself marks as secret -------------------


def _learn(member: IO[bytes], found: dict[str, str], deadline: float) -> None:
    """Add to ``found`` the secrets the JSON lines of ``member`` mark."""
    for line in member:
        _check(deadline)
        if not _marked(line):
            continue
        try:
            event = json.loads(line)
        except ValueError:
            continue  # scrubbed as bytes in the second pass
        _walk(event, found)


def _marked(line: bytes) -> bool:
    """Whether a JSON line may hold a header, a cookie or a field's value."""
    low = line.lower()
    return any(mark in low for mark in _MARKS)


def _walk(node: Any, found: dict[str, str]) -> Any:
    """``node`` with the secrets it marks replaced, each noted in ``found``."""
    if isinstance(node, dict):
        if isinstance(node.get("name"), str) and isinstance(node.get("value"), str):
            node = _header_or_cookie(node, found)
        return {k: v if k in _ID_KEYS else _walk(v, found) for k, v in node.items()}
    if isinstance(node, list):
        if len(node) >= 2 and node[0] in _INPUTS and isinstance(node[1], dict):
            node = [node[0], _field(node[1], found), *node[2:]]
        return [_walk(v, found) for v in node]
    return node


def _header_or_cookie(entry: dict[str, Any], found: dict[str, str]) -> dict[str, Any]:
    """A ``{name, value}`` header or cookie of the trace, its secret value replaced and noted."""
    name, value = entry["name"].lower(), entry["value"]
    kind = _SECRET_HEADERS.get(name)
    if kind is not None:
        for credential in _credentials(value):
            found.setdefault(credential, REPLACED[kind])
        return {**entry, "value": REPLACED[kind]}
    if name == "cookie":  # every cookie sent, HttpOnly or not: the header says no more
        return {**entry, "value": REPLACED["cookie"]}
    if name == "set-cookie":
        lines = [_set_cookie(line, found) for line in value.split("\n")]
        return {**entry, "value": "\n".join(lines)}
    if entry.get("httpOnly") is True:  # a cookie of a cookie list
        found.setdefault(value, REPLACED["cookie"])
        return {**entry, "value": REPLACED["cookie"]}
    return entry


def http_only_value(line: str) -> str | None:
    """The value a ``Set-Cookie`` header line sets, when the cookie is HttpOnly and
    the value not empty; else None."""
    first, _sep, attributes = line.partition(";")
    if not any(a.strip().lower() == "httponly" for a in attributes.split(";")):
        return None
    return first.partition("=")[2].strip().strip('"') or None


def _set_cookie(line: str, found: dict[str, str]) -> str:
    """One ``Set-Cookie`` header line, its value replaced when the cookie is HttpOnly."""
    first, sep, attributes = line.partition(";")
    if not any(a.strip().lower() == "httponly" for a in attributes.split(";")):
        return line
    name, eq, _value = first.partition("=")
    value = http_only_value(line)
    if value:
        found.setdefault(value, REPLACED["cookie"])
    return f"{name}{eq}{REPLACED['cookie']}{sep}{attributes}"


def _credentials(value: str) -> Iterator[str]:
    """An Authorization header's value and its parts: the token after the scheme,
    and for Basic the decoded ``user:password`` and the password."""
    yield value
    scheme, _, token = value.strip().partition(" ")
    token = token.strip()
    if not token:
        return
    yield token
    if scheme.lower() == "basic":
        try:
            pair = base64.b64decode(token, validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            return
        yield pair
        _user, colon, password = pair.partition(":")
        if colon and password:
            yield password


def _field(attrs_: dict[str, Any], found: dict[str, str]) -> dict[str, Any]:
    """A DOM snapshot's input attributes, their value replaced when it is a secret field's."""
    kind = _secret_kind(attrs_.get("type"), attrs_.get("autocomplete"))
    if kind is None:
        return attrs_
    out = dict(attrs_)
    for key in (_SNAPSHOT_VALUE, "value"):
        value = out.get(key)
        if isinstance(value, str) and value:
            found.setdefault(value, REPLACED[kind])
            out[key] = REPLACED[kind]
    return out


def _secret_kind(type_: object, autocomplete: object) -> str | None:
    """``"password"``, ``"card"`` or None: the outline's masking rule, from two attributes."""
    if isinstance(type_, str) and type_.strip().lower() == "password":
        return "password"
    if isinstance(autocomplete, str) and any(
        token.lower().startswith("cc-") for token in autocomplete.split()
    ):
        return "card"
    return None


# -- the second pass: writing ------------------------------------------------


def _json_lines(member: IO[bytes], scrub: _Scrubber, deadline: float) -> Iterator[bytes]:
    """``member``'s JSON lines, each with its secrets replaced (unparsed when it has none)."""
    unused: dict[str, str] = {}
    for line in member:
        _check(deadline)
        if not _marked(line) and not scrub.may_hold(line):
            yield line
            continue
        try:
            event = json.loads(line)
        except ValueError:
            yield scrub.bytes_of(line)
            continue
        event = _walk(event, unused)
        event = _strings(event, scrub)
        end = b"\n" if line.endswith(b"\n") else b""
        yield _dumped(event) + end


def _dumped(event: Any) -> bytes:
    """``event`` as one compact JSON line, as Playwright writes them."""
    text = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode()
    except UnicodeEncodeError:  # a lone surrogate (page text may hold one): escape it
        return json.dumps(event, separators=(",", ":")).encode()


def _strings(node: Any, scrub: _Scrubber) -> Any:
    if isinstance(node, str):
        return scrub.text_of(node)
    if isinstance(node, dict):
        return {k: v if k in _ID_KEYS else _strings(v, scrub) for k, v in node.items()}
    if isinstance(node, list):
        return [_strings(v, scrub) for v in node]
    return node


def _scrubbed_bytes(member: IO[bytes], scrub: _Scrubber, deadline: float) -> Iterator[bytes]:
    """``member``'s bytes with every spelling replaced, a chunk at a time.

    The last ``longest - 1`` bytes of a chunk wait for the next one, so a
    value cut in two by a chunk's end is still found.
    """
    pattern = scrub.bytes
    if pattern is None:
        yield from _as_is(member, deadline)
        return
    keep = scrub.longest - 1
    pending = b""
    while True:
        _check(deadline)
        chunk = member.read(_CHUNK)
        pending += chunk
        if not chunk:
            yield scrub.bytes_of(pending)
            return
        safe = max(0, len(pending) - keep)  # a match starting before here is whole already
        if not scrub.may_hold(pending):
            yield pending[:safe]
            pending = pending[safe:]
            continue
        out: list[bytes] = []
        at = 0
        for match in pattern.finditer(pending):
            if match.start() >= safe:
                break
            out += [pending[at : match.start()], scrub._bytes[match.group()]]
            at = match.end()
        cut = max(at, safe)
        out.append(pending[at:cut])
        pending = pending[cut:]
        yield b"".join(out)


def _as_is(member: IO[bytes], deadline: float) -> Iterator[bytes]:
    while chunk := member.read(_CHUNK):
        _check(deadline)
        yield chunk
