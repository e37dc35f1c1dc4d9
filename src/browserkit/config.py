"""Configuration: one frozen value, overridable from ``BROWSERKIT_*`` variables."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from browserkit._checks import integer, number
from browserkit._endpoints import parse_endpoint, redact
from browserkit._fence import domains
from browserkit._secrets import Secrets, to_secrets
from browserkit.errors import InvalidArgumentError

__all__ = ["Config", "DialogPolicy", "TimeoutKind"]

DialogPolicy = Literal["ask", "accept", "dismiss"]

TimeoutKind = Literal["default", "action", "navigation"]
"""Which default a call without ``timeout_ms`` gets (see :meth:`Config.clamp_timeout`)."""

_DIALOG_POLICIES = ("ask", "accept", "dismiss")


def _positive(name: str) -> Callable[[Any, Any, int], None]:
    def check(_inst: Any, _attr: Any, value: int) -> None:
        integer(name, value, at_least=1)

    return check


def _non_negative(name: str) -> Callable[[Any, Any, int], None]:
    def check(_inst: Any, _attr: Any, value: int) -> None:
        integer(name, value, at_least=0)

    return check


def _schemes(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split(",")
    return tuple(s.strip().lower().rstrip(":") for s in value if s.strip())


def _strings(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split(",")
    return tuple(s.strip() for s in value if s.strip())


def _named_domains(name: str, value: Any) -> tuple[str, ...]:
    try:
        return domains(value)
    except InvalidArgumentError as exc:
        raise InvalidArgumentError(f"{name}: {exc.message}", hint=exc.hint) from None


def _allowed_domains(value: Any) -> tuple[str, ...]:
    return _named_domains("allowed_domains", value)


def _blocked_domains(value: Any) -> tuple[str, ...]:
    return _named_domains("blocked_domains", value)


def _check_endpoints(_inst: Any, _attr: Any, value: tuple[str, ...]) -> None:
    targets = [parse_endpoint(url).target for url in value]
    twice = sorted({t for t in targets if targets.count(t) > 1})
    if twice:
        raise InvalidArgumentError(
            f"endpoint {redact(twice[0])} is listed twice",
            hint="list each browser server once; give it more room with ?max_sessions=N",
        )


def _endpoints_repr(value: tuple[str, ...]) -> str:
    # The entries stay whole on the config (they are what is connected to);
    # its repr shows them with credentials and launch options masked.
    return repr(tuple(redact(url) for url in value))


def _check_policy(_inst: Any, _attr: Any, value: str) -> None:
    if value not in _DIALOG_POLICIES:
        raise InvalidArgumentError(
            f"dialog_policy must be one of {', '.join(_DIALOG_POLICIES)}, got {value!r}"
        )


def _check_timeouts(inst: Config, _attr: Any, value: int) -> None:
    for name in ("default_timeout_ms", "action_timeout_ms", "navigation_timeout_ms"):
        ms = getattr(inst, name)
        if ms is not None and ms > value:
            raise InvalidArgumentError(
                f"{name} ({ms}) exceeds max_timeout_ms ({value})",
                hint=f"lower {name}, or raise max_timeout_ms",
            )


def _optional_positive(name: str) -> Callable[[Any, Any, int | None], None]:
    check = _positive(name)

    def optional(inst: Any, attr: Any, value: int | None) -> None:
        if value is not None:
            check(inst, attr, value)

    return optional


# An HTML attribute name that a CSS attribute selector can carry as it is
# (":" and "." escaped): no spaces, quotes, "=", ">", "/" or brackets.
_ATTRIBUTE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]*")


def _check_attribute(_inst: Any, _attr: Any, value: str) -> None:
    if not isinstance(value, str) or not _ATTRIBUTE_NAME.fullmatch(value):
        raise InvalidArgumentError(
            f"test_id_attribute must be an HTML attribute name, got {value!r}",
            hint="use a name such as data-testid, data-test or data-qa",
        )


@attrs.frozen(kw_only=True)
class Config:
    """Everything a browser and its sessions can be told.

    Build it directly, or with :meth:`from_env` to apply ``BROWSERKIT_*``
    variables (``BROWSERKIT_HEADLESS=0``, ``BROWSERKIT_MAX_SESSIONS=4``,
    ``BROWSERKIT_ALLOWED_SCHEMES=http,https``, ...). Every field validates its
    value; a bad one raises :class:`~browserkit.InvalidArgumentError`.

    >>> Config(max_sessions=2).max_sessions
    2
    """

    headless: bool = True
    """Launch Chromium without a window (``start(headless=False)`` overrides per session)."""
    executable_path: str | None = None
    """Chromium to launch (also ``BROWSERKIT_CHROMIUM``); None discovers one (see diagnostics)."""
    allowed_schemes: tuple[str, ...] = attrs.field(
        default=("http", "https", "about", "data"), converter=_schemes
    )
    """URL schemes ``navigate`` and ``start`` accept; anything else is refused before a request."""
    allowed_domains: tuple[str, ...] = attrs.field(default=(), converter=_allowed_domains)
    """Hosts sessions may reach, as globs (``example.com``, ``*.example.com``, which
    matches ``example.com`` too; ``127.0.0.1``, ``[::1]``); empty: any host. Enforced
    at the network layer for every request of every tab, frame and worker
    (``BROWSERKIT_ALLOWED_DOMAINS=a.com,*.b.com``); see docs/security.md."""
    blocked_domains: tuple[str, ...] = attrs.field(default=(), converter=_blocked_domains)
    """Hosts no session may reach, as globs; they win over ``allowed_domains``
    (``BROWSERKIT_BLOCKED_DOMAINS``)."""
    max_sessions: int = attrs.field(default=8, validator=_positive("max_sessions"))
    """Sessions that may run at once; one more raises ``CapacityError``."""
    idle_stop_ms: int = attrs.field(default=1_800_000, validator=_non_negative("idle_stop_ms"))
    """Stop a session nobody used for this long; 0 never stops one."""
    default_timeout_ms: int = attrs.field(default=15_000, validator=_positive("default_timeout_ms"))
    """Timeout of a call that names none (and of actions and navigations, unless set below)."""
    action_timeout_ms: int | None = attrs.field(
        default=None, validator=_optional_positive("action_timeout_ms")
    )
    """Timeout of an action that names none (click, hover, type, press, scroll, select,
    check, drag, fill_form, upload, set_style, handle_dialog); None: ``default_timeout_ms``."""
    navigation_timeout_ms: int | None = attrs.field(
        default=None, validator=_optional_positive("navigation_timeout_ms")
    )
    """Timeout of a navigation that names none (navigate, back, forward, reload,
    ``new_tab(url)``, ``start(url=...)``); None: ``default_timeout_ms``."""
    max_timeout_ms: int = attrs.field(
        default=120_000, validator=[_positive("max_timeout_ms"), _check_timeouts]
    )
    """Upper bound every ``timeout_ms`` (and every default above) is clamped to."""
    buffer_size: int = attrs.field(default=1_000, validator=_positive("buffer_size"))
    """Entries each event buffer (console, network, downloads) keeps."""
    max_field_chars: int = attrs.field(default=4_096, validator=_positive("max_field_chars"))
    """Longest string field an event buffer stores; longer ones are cut and named."""
    max_snapshot_nodes: int = attrs.field(default=20_000, validator=_positive("max_snapshot_nodes"))
    """Outline lines a snapshot keeps before it is marked ``truncated``."""
    observe_actions: bool = True
    """Actions return the diff of what they changed (``observe=None`` uses this)."""
    show_secrets: bool = False
    """Show what password and payment-card fields (``autocomplete="cc-…"``) hold in
    outlines, diffs, finds and scans; by default their values read ``••••``."""
    dialog_policy: DialogPolicy = attrs.field(default="ask", validator=_check_policy)
    """What becomes of alert, confirm and prompt dialogs (held, accepted or dismissed)."""
    allow_attach: bool = False
    """Allow ``attach()`` to a running Chrome over CDP."""
    endpoints: tuple[str, ...] = attrs.field(
        default=(), converter=_strings, validator=_check_endpoints, repr=_endpoints_repr
    )
    """A pool of remote browsers to place sessions on instead of launching one:
    Playwright browser servers (``ws://host:port/``) and Chrome DevTools
    endpoints (``http://host:port``), each with an optional ``?max_sessions=N``.
    Empty: launch Chromium locally. See docs/remote.md. Credentials in an entry
    (``user:pass@``, ``?token=``) and its launch options are used to connect
    and read ``***`` in everything browserkit prints or returns."""
    extra_args: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    """More Chromium command-line switches, appended to browserkit's own."""
    test_id_attribute: str = attrs.field(default="data-testid", validator=_check_attribute)
    """The attribute :func:`~browserkit.test_id` targets match (e.g. ``data-qa``)."""
    secrets: Secrets = attrs.field(factory=Secrets, converter=to_secrets)
    """Named values an agent types by name (``type(ref, bk.secret("NAME"))``) and never
    sees: each reads ``<secret:NAME>`` in everything browserkit returns or writes. A
    mapping ``{"NAME": "value"}``, or ``{"NAME": {"value": ..., "domains": ["*.example.com"]}}``
    to refuse it on other hosts; or the path of a dotenv file (``NAME=value`` lines; a
    ``.json`` file holds the mapping), also ``BROWSERKIT_SECRETS_FILE``. Values are at
    least 4 characters. The repr names them, never their values. See docs/security.md."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> Config:
        """A config from ``BROWSERKIT_*`` variables, then ``overrides`` on top.

        Each field reads ``BROWSERKIT_<FIELD>`` (``executable_path`` reads
        ``BROWSERKIT_CHROMIUM`` first); booleans read 1/0, true/false, yes/no or
        on/off, and an empty variable counts as unset. A variable that cannot
        be read as its field's type raises
        :class:`~browserkit.InvalidArgumentError` naming the variable.

        Args:
            environ: The variables to read; default ``os.environ``.
            **overrides: Fields set directly, winning over the variables
                (``Config.from_env(max_sessions=2)``); an unknown name raises
                :class:`~browserkit.InvalidArgumentError`.
        """
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for field in attrs.fields(cls):
            names = _env_names(field.name)
            for var in names:
                raw = env.get(var)
                if raw is None or raw == "":
                    continue
                values[field.name] = _from_text(var, field.name, raw)
                break
        values.update(overrides)
        try:
            return cls(**values)
        except InvalidArgumentError as exc:
            culprits = [k for k in values if k not in overrides and k in exc.message]
            if culprits:
                var = _env_names(culprits[0])[-1]
                raise InvalidArgumentError(
                    f"{var}: {exc.message}", hint=f"fix or unset the variable {var}"
                ) from None
            raise
        except TypeError as exc:
            raise InvalidArgumentError(f"unknown config option: {exc}") from None

    def evolve(self, **changes: Any) -> Config:
        """A copy with ``changes`` applied and validated.

        Args:
            **changes: Fields to replace (``config.evolve(headless=False)``); an unknown
                name or a bad value raises :class:`~browserkit.InvalidArgumentError`.
        """
        try:
            return attrs.evolve(self, **changes)
        except TypeError as exc:
            raise InvalidArgumentError(f"unknown config option: {exc}") from None

    def clamp_timeout(self, timeout_ms: float | None, kind: TimeoutKind = "default") -> float:
        """The timeout a call gets: its kind's default when None, never above ``max_timeout_ms``.

        >>> Config(action_timeout_ms=5_000).clamp_timeout(None, "action")
        5000.0

        Args:
            timeout_ms: The call's timeout in milliseconds, a number above 0 (else
                :class:`~browserkit.InvalidArgumentError`); None: its kind's default.
            kind: Which default None gets: ``action_timeout_ms`` for ``"action"``,
                ``navigation_timeout_ms`` for ``"navigation"`` (each falling back to
                ``default_timeout_ms`` when unset), ``default_timeout_ms`` for
                ``"default"`` (the default).
        """
        if timeout_ms is None:
            chosen = {
                "action": self.action_timeout_ms,
                "navigation": self.navigation_timeout_ms,
            }.get(kind)
            ms = self.default_timeout_ms if chosen is None else chosen
            return float(min(ms, self.max_timeout_ms))
        return float(min(number("timeout_ms", timeout_ms, above=0), self.max_timeout_ms))


_BOOL_WORDS = {
    "1": True,
    "true": True,
    "yes": True,
    "on": True,
    "0": False,
    "false": False,
    "no": False,
    "off": False,
}


def _env_names(name: str) -> list[str]:
    """The variables a field is read from, the one that wins first."""
    if name == "executable_path":
        return ["BROWSERKIT_CHROMIUM", "BROWSERKIT_EXECUTABLE_PATH"]
    if name == "secrets":  # a file: the values themselves never sit in the environment
        return ["BROWSERKIT_SECRETS_FILE"]
    return [f"BROWSERKIT_{name.upper()}"]


# Integer fields whose default is None: read from text as integers too.
_OPTIONAL_INTS = frozenset({"action_timeout_ms", "navigation_timeout_ms"})


def _from_text(var: str, name: str, raw: str) -> Any:
    field = attrs.fields_dict(Config)[name]
    default = field.default
    if isinstance(default, bool):
        word = raw.strip().lower()
        if word not in _BOOL_WORDS:
            raise InvalidArgumentError(
                f"{var}={raw!r} is not a boolean",
                hint=f"set {var} to 1/0, true/false, yes/no or on/off",
            )
        return _BOOL_WORDS[word]
    if isinstance(default, int) or name in _OPTIONAL_INTS:
        try:
            return int(raw.strip().replace("_", ""))
        except ValueError:
            raise InvalidArgumentError(
                f"{var}={raw!r} is not an integer", hint=f"set {var} to a whole number"
            ) from None
    return raw
