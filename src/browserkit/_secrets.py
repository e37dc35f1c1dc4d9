"""Named secrets: values an agent types by name and never sees, redacted from every output.

``Config.secrets`` holds them (:class:`Secrets`); ``bk.secret("NAME")`` is the
marker (:class:`Secret`) an action takes in place of a text, and the value
is looked up only when it is typed. A secret may be bound to host globs, and
is then refused in a frame whose host none of them match.

Every output passes :meth:`Secrets.redact` (text) or :meth:`Secrets.hide`
(any result: strings inside lists, dicts and attrs values) somewhere on its
way out, which replaces each value with ``<secret:NAME>``: raw, and in the
forms a page or Playwright re-encodes it into (percent-encoded as URLs,
forms and ``encodeURIComponent`` do, JSON-escaped, HTML-escaped). The
points are few and named in docs/security.md ("Named secrets"); :func:`redacting` is
the one for a public class's methods. A config without secrets costs one
``if`` per call.

Nothing here imports Playwright.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import re
import stat
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs

from browserkit._fence import DomainPolicy, domains, host_of, normalize_host
from browserkit._paths import read_small_file
from browserkit.errors import DomainNotAllowedError, InvalidArgumentError

__all__ = [
    "MIN_CHARS",
    "REPLACED",
    "Secret",
    "Secrets",
    "TypedSecrets",
    "load_file",
    "redacting",
    "secret",
    "spellings",
    "to_secrets",
]

MIN_CHARS = 4
"""Shortest value a secret may have: a shorter one would redact half the page."""

REPLACED = {
    "password": "<redacted:password>",
    "card": "<redacted:card>",
    "cookie": "<redacted:cookie>",
    "authorization": "<redacted:authorization>",
}
"""What each kind of value the trace itself marks becomes."""

_MAX_TYPED = 256  # typed values a session remembers; the oldest go first
_MAX_FILE_BYTES = 1 << 20  # a secrets file larger than this is surely the wrong file
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

_T = TypeVar("_T")


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        shown = repr(name) if isinstance(name, str) and len(name) <= 64 else type(name).__name__
        raise InvalidArgumentError(
            f"a secret's name must match [A-Za-z_][A-Za-z0-9_]*, got {shown}",
            hint="name it like an environment variable, e.g. GITHUB_PASSWORD",
        )
    return name


@attrs.frozen(repr=False)
class Secret:
    """The secret named ``name``, to type in place of a text (see :func:`secret`).

    It holds no value: the value is looked up in ``Config.secrets`` when it is
    typed. Its repr and str are the redaction form, ``<secret:NAME>``.
    """

    name: str = attrs.field(validator=lambda _i, _a, v: _check_name(v))

    def __repr__(self) -> str:
        return f"<secret:{self.name}>"

    __str__ = __repr__


def secret(name: str) -> Secret:
    """The secret ``name`` of ``Config.secrets``, to type where a text goes.

    >>> import browserkit as bk
    >>> bk.secret("GITHUB_PASSWORD")
    <secret:GITHUB_PASSWORD>

    ``session.type(ref, bk.secret("GITHUB_PASSWORD"))`` types the value into
    the page; everything browserkit returns or writes shows it as
    ``<secret:GITHUB_PASSWORD>``. An unknown name raises
    :class:`~browserkit.InvalidArgumentError` when it is typed, naming the
    known ones.

    Args:
        name: The secret's name (``[A-Za-z_][A-Za-z0-9_]*``).
    """
    return Secret(name)


@attrs.frozen(repr=False)
class _Entry:
    name: str
    value: str
    domains: tuple[str, ...] | None  # None: allowed everywhere


class Secrets:
    """The named secrets of a config: their values, where each may be typed, and redaction.

    Build it from a mapping (``{"NAME": "value"}`` or
    ``{"NAME": {"value": "...", "domains": ["*.example.com"]}}``) or a file
    (:func:`load_file`); ``Config(secrets=...)`` does either. Its repr names
    the secrets, never their values.
    """

    __slots__ = ("_entries", "_forms", "_pattern")

    def __init__(self, entries: Iterable[_Entry] = ()) -> None:
        self._entries: dict[str, _Entry] = {}
        for entry in entries:
            if entry.name in self._entries:
                raise InvalidArgumentError(f"secret {entry.name} is given twice")
            self._entries[entry.name] = entry
        # Each form a value may take in output, mapped to what replaces it;
        # the pattern tries the longest first, so a value inside another
        # secret's value does not split it.
        forms: dict[str, str] = {}
        for entry in sorted(self._entries.values(), key=lambda e: len(e.value)):
            for form in spellings(entry.value):
                forms[form] = f"<secret:{entry.name}>"
        self._forms = forms
        ordered = sorted(forms, key=len, reverse=True)
        self._pattern = re.compile("|".join(map(re.escape, ordered))) if ordered else None

    # -- what it holds --------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The secrets' names, in the order given."""
        return tuple(self._entries)

    def __bool__(self) -> bool:
        return bool(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secrets) and other._entries == self._entries

    def __hash__(self) -> int:
        return hash(tuple(self._entries.values()))

    def __repr__(self) -> str:
        return f"Secrets({', '.join(self._entries) or 'none'})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Secrets, (tuple(self._entries.values()),))

    def domains(self, name: str) -> tuple[str, ...] | None:
        """The host globs secret ``name`` is bound to (None: typed anywhere)."""
        return self._entry(name).domains

    def value_for(self, name: str, url: str | None) -> str:
        """The value of secret ``name``, to type into a frame showing ``url``.

        Raises :class:`~browserkit.InvalidArgumentError` for an unknown name
        (naming the known ones), and for a secret bound to domains when
        ``url``'s host matches none of them (``url`` None: the frame is not
        known, which a bound secret refuses too).
        """
        entry = self._entry(name)
        if entry.domains is not None:
            host = None if url is None else host_of(url)
            normal = normalize_host(host) if host else None
            if normal is None or not DomainPolicy(allowed=entry.domains).allows(normal):
                where = f"host {host!r}" if host else "a frame with no host"
                raise DomainNotAllowedError(
                    f"secret {name} may not be typed into {where}: "
                    f"it is bound to {', '.join(entry.domains)}",
                    hint="type it only on a page of those domains (check the frame's URL)",
                )
        return entry.value

    def _entry(self, name: str) -> _Entry:
        entry = self._entries.get(name)
        if entry is None:
            known = ", ".join(self._entries) or "none are configured"
            raise InvalidArgumentError(
                f"no secret named {_check_name(name)} (known: {known})",
                hint="use one of the configured names; set them in Config(secrets=...), "
                "BROWSERKIT_SECRETS_FILE or mcp --secrets FILE",
            )
        return entry

    def hidden(self) -> dict[str, str]:
        """Every form of every value (raw and re-encoded) mapped to its ``<secret:NAME>``.

        For redactors of their own (a recording's files): replace the longest
        key first.
        """
        return dict(self._forms)

    # -- redaction ------------------------------------------------------------

    def redact(self, text: str) -> str:
        """``text`` with every secret value, in any of its known forms, as ``<secret:NAME>``.

        >>> Secrets.of({"PW": "hunter22"}).redact("user=ada&pw=hunter22")
        'user=ada&pw=<secret:PW>'
        """
        if self._pattern is None:
            return text
        return self._pattern.sub(self._swap, text)

    def _swap(self, match: re.Match[str]) -> str:
        return self._forms[match.group()]

    def hide(self, value: _T) -> _T:
        """``value`` with :meth:`redact` applied to every string in it.

        Goes into lists, tuples, sets, dicts (keys too) and attrs instances
        (rebuilt with ``attrs.evolve`` only where a string changed); anything
        else, bytes included, is returned as it is.
        """
        if self._pattern is None:
            return value
        return self._walk(value)  # type: ignore[no-any-return]

    def _walk(self, value: Any) -> Any:
        if isinstance(value, str):
            assert self._pattern is not None
            new, count = self._pattern.subn(self._swap, value)
            return new if count else value
        if isinstance(value, (list, tuple)):
            items = [self._walk(v) for v in value]
            if all(a is b for a, b in zip(items, value, strict=True)):
                return value
            if hasattr(value, "_fields"):  # a named tuple
                return type(value)(*items)
            return type(value)(items)
        if isinstance(value, dict):
            pairs = [(self._walk(k), self._walk(v)) for k, v in value.items()]
            if all(a is k and b is v for (a, b), (k, v) in zip(pairs, value.items(), strict=True)):
                return value
            return type(value)(pairs)
        if isinstance(value, (set, frozenset)):
            members = {self._walk(v) for v in value}
            return value if members == value else type(value)(members)
        if attrs.has(type(value)):
            changes: dict[str, Any] = {}
            for field in attrs.fields(type(value)):
                if not field.init:
                    continue
                old = getattr(value, field.name)
                new = self._walk(old)
                if new is not old:
                    changes[field.alias or field.name] = new
            return attrs.evolve(value, **changes) if changes else value
        return value

    def hide_error(self, error: BaseException) -> None:
        """Redact ``error``'s text in place (its args and every text attribute: a
        :class:`~browserkit.BrowserkitError`'s message and hint, Playwright's message
        and stack, notes); drop its chained causes, whose text would be printed with it."""
        if self._pattern is None:
            return
        for attr, value in list(vars(error).items()):
            if isinstance(value, (str, list, tuple)):
                setattr(error, attr, self._walk(value))
        error.args = tuple(self._walk(a) for a in error.args)
        if error.__cause__ is not None or error.__context__ is not None:
            error.__cause__ = None
            error.__suppress_context__ = True

    # -- building -------------------------------------------------------------

    @classmethod
    def of(cls, mapping: Mapping[str, Any]) -> Secrets:
        """Secrets from ``{"NAME": "value"}`` or ``{"NAME": {"value": ..., "domains": [...]}}``."""
        if not isinstance(mapping, Mapping):
            raise InvalidArgumentError(
                f"secrets must be a mapping of names to values, got {type(mapping).__name__}"
            )
        return cls(_entry_of(name, spec) for name, spec in mapping.items())


def _entry_of(name: object, spec: object) -> _Entry:
    name = _check_name(name)
    domains: tuple[str, ...] | None = None
    if isinstance(spec, Mapping):
        unknown = sorted(str(k) for k in spec if k not in ("value", "domains"))
        if unknown:
            raise InvalidArgumentError(
                f"secret {name}: unknown key(s) {', '.join(unknown)}",
                hint='give {"value": "...", "domains": ["*.example.com"]}',
            )
        if "value" not in spec:
            raise InvalidArgumentError(f"secret {name}: no 'value'")
        value = spec["value"]
        if "domains" in spec and spec["domains"] is not None:
            domains = _domains(name, spec["domains"])
    else:
        value = spec
    if not isinstance(value, str):
        raise InvalidArgumentError(
            f"secret {name}: the value must be a string, got {type(value).__name__}"
        )
    if len(value) < MIN_CHARS:
        raise InvalidArgumentError(
            f"secret {name}: the value is shorter than {MIN_CHARS} characters",
            hint="a value that short would be redacted all over every page; "
            "type it as plain text if it is not secret",
        )
    if value != value.strip():
        raise InvalidArgumentError(
            f"secret {name}: the value starts or ends with white space",
            hint="remove it (quote the value in a secrets file if it is meant)",
        )
    return _Entry(name, value, domains)


def _domains(name: str, given: object) -> tuple[str, ...]:
    items = [given] if isinstance(given, str) else given
    if not isinstance(items, (list, tuple)) or not items:
        raise InvalidArgumentError(
            f"secret {name}: domains must be a non-empty list of host globs",
            hint='e.g. ["github.com", "*.github.com"]; leave domains out to allow every host',
        )
    if not all(isinstance(item, str) and item.strip() for item in items):
        raise InvalidArgumentError(
            f"secret {name}: domains must be host globs",
            hint="give hosts (github.com) or globs (*.github.com), or leave domains out",
        )
    try:
        return domains(items)
    except InvalidArgumentError as exc:
        raise InvalidArgumentError(f"secret {name}: {exc.message}", hint=exc.hint) from None


# ------------------------------------------------------------------ forms


def _percent(
    value: str, keep: Callable[[str], bool], plus: bool, lower: bool, encoding: str
) -> str:
    out: list[str] = []
    for char in value:
        if char == " " and plus:
            out.append("+")
        elif char.isascii() and " " < char < "\x7f" and keep(char):
            out.append(char)
        else:
            for byte in char.encode(encoding, "surrogatepass"):
                out.append(f"%{byte:02x}" if lower else f"%{byte:02X}")
    return "".join(out)


def _keep_only(extra: str) -> Callable[[str], bool]:
    return lambda c: c.isalnum() or c in extra


def _keep_but(encoded: str) -> Callable[[str], bool]:
    return lambda c: c not in encoded


# (what a character is kept by, space as "+") for each way a value is put in a URL.
_URL_WAYS: tuple[tuple[Callable[[str], bool], bool], ...] = (
    (_keep_only("-._~"), False),  # RFC 3986, Python quote(safe="")
    (_keep_only("-._~/"), False),  # Python quote()
    (_keep_only("-_.!~*'()"), False),  # encodeURIComponent
    (_keep_only("-_.!~*'();/?:@&=+$,#"), False),  # encodeURI
    (_keep_only("*-._"), True),  # forms, URLSearchParams
    (_keep_only("-._~"), True),  # Python quote_plus
    (_keep_but(' "<>`'), False),  # the URL parser: fragment
    (_keep_but(" \"#<>'"), False),  # the URL parser: query
    (_keep_but(' "#<>?`{}^'), False),  # the URL parser: path
    (_keep_but(' "#<>?`{}^/:;=@[\\]|'), False),  # the URL parser: userinfo
)

_HTML_WAYS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;")),  # text, as a page serialises it
    (("&", "&amp;"), ('"', "&quot;")),  # an attribute, as a page serialises it
    (("&", "&amp;"), ('"', "&quot;"), ("<", "&lt;"), (">", "&gt;")),
    (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;")),
    (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#39;")),
)


def spellings(value: str) -> set[str]:
    """``value`` and the ways it is written on its way: percent-encoded, JSON-escaped
    and HTML-escaped.

    URL-encoded the ways pages, browsers and servers do (see ``_URL_WAYS``),
    with upper and lower hex, in UTF-8 and, when the value fits and differs
    there, Latin-1 (a form posted from a page without a charset); then also
    its Latin-1 bytes read as UTF-8, as a server decodes such a form. Every
    redactor of values (outputs, recordings) searches these.
    """
    forms = {value}
    for ascii_only in (True, False):
        forms.add(json.dumps(value, ensure_ascii=ascii_only)[1:-1])
    encodings = ["utf-8"]
    try:
        latin = value.encode("latin-1")
    except UnicodeEncodeError:
        latin = None
    if latin is not None and latin != value.encode("utf-8", "surrogatepass"):
        encodings.append("latin-1")
        forms.add(latin.decode("utf-8", errors="replace"))
    for encoding in encodings:
        for keep, plus in _URL_WAYS:
            forms.add(_percent(value, keep, plus, False, encoding))
            forms.add(_percent(value, keep, plus, True, encoding))
    for way in _HTML_WAYS:
        escaped = value
        for char, entity in way:
            escaped = escaped.replace(char, entity)
        forms.add(escaped)
    return {f for f in forms if f}


# ------------------------------------------------------------------ files and config


def to_secrets(value: object) -> Secrets:
    """What ``Config(secrets=...)`` accepts, as :class:`Secrets`: a mapping, a file
    path (see :func:`load_file`), or None for none."""
    if value is None:
        return Secrets()
    if isinstance(value, Secrets):
        return value
    if isinstance(value, (str, os.PathLike)):
        return load_file(value)
    if isinstance(value, Mapping):
        return Secrets.of(value)
    raise InvalidArgumentError(
        f"secrets must be a mapping or a file path, got {type(value).__name__}",
        hint='e.g. Config(secrets={"GITHUB_PASSWORD": "..."}) or a dotenv file',
    )


def load_file(path: str | os.PathLike[str]) -> Secrets:
    """Secrets from a file: dotenv lines (``NAME=value``), or a JSON object when the
    name ends in ``.json`` (which can bind a secret to domains).

    The file must be a regular file (a FIFO or a device is refused without
    blocking), at most 1 MiB. One that users other than its owner may read
    or write gets a :class:`UserWarning` (``chmod 600`` it). Errors name the
    file and the line, never a value.

    Dotenv: one ``NAME=value`` a line, optionally after ``export``; blank lines
    and lines starting with ``#`` are skipped; a value may be in single
    quotes (taken as is) or double quotes (``\\n``, ``\\t``, ``\\"``, ``\\\\``
    unescaped); an unquoted value ends at `` #``.
    """
    where = os.fspath(path)
    data, info = read_small_file(where, "secrets file", _MAX_FILE_BYTES)
    if os.name == "posix" and info.st_mode & 0o077:
        warnings.warn(
            f"secrets file {where!r} is open to other users (mode {stat.S_IMODE(info.st_mode):o}); "
            "chmod 600 it",
            UserWarning,
            stacklevel=2,
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidArgumentError(f"secrets file {where!r} is not UTF-8 text") from None
    try:
        if where.lower().endswith(".json"):
            try:
                mapping = json.loads(text)
            except ValueError as exc:
                raise InvalidArgumentError(
                    f"not valid JSON (line {exc.lineno})"  # type: ignore[attr-defined]
                ) from None
            return Secrets.of(mapping)
        return Secrets(_dotenv(text))
    except InvalidArgumentError as exc:
        message = f"secrets file {where!r}: {exc.message}"
        raise InvalidArgumentError(message, hint=exc.hint) from None


_DOTENV_LINE = re.compile(r"\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


def _dotenv(text: str) -> list[_Entry]:
    entries: list[_Entry] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _DOTENV_LINE.fullmatch(line)
        if match is None:
            raise InvalidArgumentError(
                f"line {number} is not NAME=value", hint="write one NAME=value a line"
            )
        name, raw = match.groups()
        try:
            value = _dotenv_value(raw)
        except ValueError as exc:
            raise InvalidArgumentError(f"line {number} ({name}): {exc}") from None
        try:
            entries.append(_entry_of(name, value))
        except InvalidArgumentError as exc:
            raise InvalidArgumentError(f"line {number}: {exc.message}", hint=exc.hint) from None
    return entries


def _dotenv_value(raw: str) -> str:
    if raw[:1] in ("'", '"'):
        quote = raw[0]
        out: list[str] = []
        i = 1
        while i < len(raw):
            char = raw[i]
            if char == quote:
                rest = raw[i + 1 :].strip()
                if rest and not rest.startswith("#"):
                    raise ValueError("text after the closing quote")
                return "".join(out)
            if char == "\\" and quote == '"' and i + 1 < len(raw) and raw[i + 1] in _ESCAPES:
                out.append(_ESCAPES[raw[i + 1]])
                i += 2
                continue
            out.append(char)
            i += 1
        raise ValueError("the quote is not closed")
    return re.split(r"\s+#", raw, maxsplit=1)[0].rstrip()


# ------------------------------------------------------------------ the public boundary


def redacting(
    secrets_of: Callable[[Any], Secrets], *, keep: Iterable[str] = ()
) -> Callable[[type[_T]], type[_T]]:
    """A class decorator: what each public method and property of the class returns,
    and the errors they raise, pass :meth:`Secrets.hide` (``secrets_of(self)``).

    ``keep`` names members left as they are (the browser's own config, which
    must hold the values). Signatures, docstrings and ``async``-ness are kept
    (the sync mirror is generated from them).
    """
    kept = frozenset(keep)

    def decorate(cls: type[_T]) -> type[_T]:
        for name, member in list(vars(cls).items()):
            if name.startswith("_") or name in kept:
                continue
            if isinstance(member, property) and member.fget is not None:
                setattr(
                    cls,
                    name,
                    property(_guard(member.fget, secrets_of), member.fset, member.fdel),
                )
            elif inspect.isfunction(member):
                setattr(cls, name, _guard(member, secrets_of))
        return cls

    return decorate


def _guard(fn: Callable[..., Any], secrets_of: Callable[[Any], Secrets]) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def guarded_call(self: Any, *args: Any, **kwargs: Any) -> Any:
            secrets = secrets_of(self)
            if not secrets:
                return await fn(self, *args, **kwargs)
            try:
                return secrets.hide(await fn(self, *args, **kwargs))
            except Exception as exc:
                secrets.hide_error(exc)
                raise

        return guarded_call

    @functools.wraps(fn)
    def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        secrets = secrets_of(self)
        if not secrets:
            return fn(self, *args, **kwargs)
        try:
            return secrets.hide(fn(self, *args, **kwargs))
        except Exception as exc:
            secrets.hide_error(exc)
            raise

    return guarded


class TypedSecrets:
    """The values a session typed into password and payment-card fields, in memory only.

    Actions note them as they type (``note``); a recording replaces them
    when its zip is written. Never written anywhere, never shown; at most
    the last few hundred are kept.
    """

    def __init__(self) -> None:
        self._values: OrderedDict[str, str] = OrderedDict()

    def note(self, value: str, kind: str) -> None:
        """Remember ``value`` as a ``kind`` (``"password"`` or ``"card"``) field's value."""
        if not value:
            return
        self._values.pop(value, None)
        self._values[value] = REPLACED.get(kind, f"<redacted:{kind}>")
        while len(self._values) > _MAX_TYPED:
            self._values.popitem(last=False)

    def replacements(self) -> dict[str, str]:
        """Each value noted, with what it becomes in a recording."""
        return dict(self._values)

    def __repr__(self) -> str:  # never the values
        return f"<TypedSecrets: {len(self._values)} values>"
