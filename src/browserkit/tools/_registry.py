"""The tool type and the registry every export and the MCP server read from."""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

import attrs

from browserkit._convert import to_jsonable
from browserkit._text import well_formed
from browserkit.errors import BrowserkitError, InvalidArgumentError
from browserkit.tools._hints import folds_for_tools, for_tools
from browserkit.tools._schema import json_schema, parse

if TYPE_CHECKING:
    from browserkit import Browser
    from browserkit._async.browser import AsyncBrowser

__all__ = ["CAPS", "REGISTRY", "Tool", "ToolContext", "arrange", "checked_caps", "listed", "tool"]

_A = TypeVar("_A")

_log = logging.getLogger("browserkit.tools")


def _frozen(names: Iterable[str] | None) -> frozenset[str] | None:
    return None if names is None else frozenset(names)


def _resolved(path: str | Path | None) -> Path | None:
    return None if path is None else Path(path).resolve()


@attrs.frozen
class ToolContext:
    """Policy the host applies to every tool call (the MCP server builds one from its flags).

    ``output_dir``: files (screenshots, saved downloads) may only be written
    inside it; relative paths are taken relative to it. None: paths are used
    as given. ``read_only``: every session is started read-only, and asking
    for a writable one is refused. ``caps``: the capability groups (see
    :data:`~browserkit.tools.CAPS`) whose tools may be called; a tool of another group is
    refused with a hint naming the flag. None (the default): every tool.
    """

    output_dir: Path | None = attrs.field(default=None, converter=_resolved)
    read_only: bool = False
    caps: frozenset[str] | None = attrs.field(default=None, converter=_frozen)

    def output_path(self, path: str, what: str = "path") -> str:
        """Where to write ``path``; refused with ``invalid_argument`` outside ``output_dir``.

        Args:
            path: The path a model gave; a relative one is taken relative to
                ``output_dir``, whose missing folders are created.
            what: The argument's name, to say in the error (default ``"path"``).
        """
        try:
            # A lone surrogate (from a model or a page) cannot become a file name.
            os.fsencode(path)
        except UnicodeError:
            raise InvalidArgumentError(
                f"{what}: {path!r} is not a usable path (not valid Unicode)",
                hint="give a file name without unpaired surrogate characters",
            ) from None
        if self.output_dir is None:
            return path
        candidate = Path(path)
        if not candidate.is_absolute():
            candidate = self.output_dir / candidate
        try:
            resolved = candidate.resolve()
        except (OSError, ValueError) as exc:  # a NUL byte, a name the OS refuses
            raise InvalidArgumentError(f"{what}: {path!r} is not a usable path ({exc})") from None
        if resolved != self.output_dir and not resolved.is_relative_to(self.output_dir):
            raise InvalidArgumentError(
                f"{what}: {path!r} is outside the output directory {str(self.output_dir)!r}",
                hint="give a file name relative to the output directory",
            )
        resolved.parent.mkdir(parents=True, exist_ok=True)
        return str(resolved)

    def no_file_outside(self, value: str, what: str) -> None:
        """Refuse a value that names a file outside ``output_dir``: a form field that
        turns out to be a file input would upload it, past the host's policy.

        Args:
            value: The text a model gave for a form field; text that names no
                existing file passes.
            what: The argument's name, to say in the error.
        """
        if self.output_dir is None:
            return
        try:
            if not Path(value).is_file():
                return
            resolved = Path(value).resolve()
        except (OSError, ValueError):
            return  # not a path at all: text
        if not resolved.is_relative_to(self.output_dir):
            raise InvalidArgumentError(
                f"{what}: {value!r} names a file outside the output directory",
                hint="give files with browser_upload, from the output directory",
            )


CAPS: dict[str, str] = {
    "storage": "cookies, localStorage, and the session state to save and start from",
    "reading": "a page's main content as Markdown (browser_markdown)",
    "network": "request and response detail, routes (block, mock, delay), offline",
    "emulation": "resize the viewport, emulate media features, throttle network and CPU",
    "pdf": "save the page as a PDF",
    "scripts": "scripts that run before each new document's own",
    "people": "ask a person watching the live view to pick an element (browser_pick)",
    "code": "stable locators, the session's actions as a script (Python or JSON), replay",
}
"""Opt-in tool groups: listed only when asked for (``to_mcp(caps=...)``, ``mcp --caps``),
so the tool list a model reads every turn stays small. Tools of no group are always listed."""

Effect = Literal["read", "write", "destroy"]
"""What calling a tool does to the session's pages (see :func:`tool`)."""

Runner = Callable[["AsyncBrowser", _A, ToolContext], Awaitable[Any]]


def _envelope(code: str, message: str, hint: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "hint": hint}}


@attrs.frozen
class Tool(Generic[_A]):
    """One agent function: a name, a description for a model, a schema, and ``call``.

    Build tools with the :func:`tool` decorator; the argument class is the one
    definition the schema and the parser both come from.
    """

    name: str
    description: str
    arguments: type[_A]
    run: Runner[_A] = attrs.field(repr=False)
    title: str = ""
    effect: Effect = "write"
    idempotent: bool = False
    open_world: bool = True
    cap: str | None = None

    @property
    def annotations(self) -> dict[str, Any]:
        """The MCP annotations of the tool (a title, and hints of what a call does)."""
        return {
            "title": self.title or self.name,
            "readOnlyHint": self.effect == "read",
            "destructiveHint": self.effect == "destroy",
            "idempotentHint": self.idempotent,
            "openWorldHint": self.open_world,
        }

    @property
    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the arguments."""
        return json_schema(self.arguments)

    def parse(self, arguments: Any) -> _A:
        """The typed argument value of JSON ``arguments``.

        Args:
            arguments: The JSON object a model sent (None: no arguments); a
                missing, unknown or ill-typed argument raises
                :class:`~browserkit.InvalidArgumentError`.
        """
        return parse(self.arguments, arguments)

    async def call(
        self,
        browser: AsyncBrowser | Browser,
        arguments: Mapping[str, Any] | None,
        context: ToolContext | None = None,
    ) -> dict[str, Any]:
        """Run the tool; a JSON dict, or ``{"error": {"code", "message", "hint"}}``. Never raises.

        ``browser`` may be the sync :class:`~browserkit.Browser` too: the call
        then runs on its own event loop, where its sessions live, and is
        awaited from the caller's.

        Every string in the answer is valid Unicode (lone surrogates from the
        page or the arguments become U+FFFD), so any UTF-8 encoder accepts it.
        (Cancellation still propagates: it is the caller stopping the call.)

        Args:
            browser: An :class:`~browserkit.AsyncBrowser` or a sync
                :class:`~browserkit.Browser`.
            arguments: The tool's JSON arguments, as a model sent them (None:
                no arguments); bad ones come back as an ``invalid_argument`` error.
            context: The host's policy (output folder, read-only, allowed groups);
                default: a :class:`~browserkit.tools.ToolContext` that allows everything.
        """
        from browserkit import Browser

        if isinstance(browser, Browser):
            ran = asyncio.run_coroutine_threadsafe(
                self.call(browser._impl, arguments, context), browser._portal.loop
            )
            return await asyncio.wrap_future(ran)
        context = context or ToolContext()
        # The last net: whatever a tool built from the page, its secrets read <secret:NAME>.
        hide = browser.config.secrets.hide
        try:
            if self.cap is not None and context.caps is not None and self.cap not in context.caps:
                raise InvalidArgumentError(
                    f"{self.name} is in the {self.cap!r} capability group, which is not enabled",
                    hint=f"start the MCP server with --caps {self.cap}",
                )
            parsed = self.parse(arguments)
            result = await self.run(browser, parsed, context)
        except BrowserkitError as exc:
            envelope = exc.to_dict()
            envelope["hint"] = for_tools(envelope["hint"])
            return hide(well_formed({"error": envelope}))
        except Exception as exc:
            browser.config.secrets.hide_error(exc)  # the log shows its text too
            _log.exception("tool %s failed unexpectedly", self.name)
            return hide(
                well_formed(
                    _envelope(
                        "internal_error",
                        f"{self.name} failed unexpectedly: {type(exc).__name__}: {exc}",
                        "this is a browserkit bug; retrying may help, "
                        "and a new session usually does",
                    )
                )
            )
        out = hide(folds_for_tools(to_jsonable(result)))
        return out if isinstance(out, dict) else {"result": out}


REGISTRY: dict[str, Tool[Any]] = {}
"""Every tool, by name: browserkit's in the order ``_catalog`` gives, then any added later."""


def tool(
    name: str,
    arguments: type[_A],
    *,
    title: str,
    effect: Effect,
    idempotent: bool = False,
    open_world: bool = True,
    cap: str | None = None,
) -> Callable[[Runner[_A]], Tool[_A]]:
    """Register the decorated coroutine as tool ``name``; its docstring is the description.

    The coroutine is called as ``run(browser, args, context)`` with an
    :class:`~browserkit.AsyncBrowser`, the parsed ``arguments`` value and the
    :class:`~browserkit.tools.ToolContext`; what it returns is turned into JSON.

    Args:
        name: The tool's unique name, e.g. ``"browser_click"``; a second
            tool of the same name raises ``ValueError``.
        arguments: An attrs class whose fields (made with ``arg()``) are the
            tool's arguments: the JSON Schema and the parser both come from it.
        title: A short human name, shown as the MCP ``title`` annotation.
        effect: What a call does to the session's pages: ``"read"`` changes
            nothing, ``"write"`` changes them in a way that loses nothing,
            ``"destroy"`` may lose what a page held (a click that submits or
            deletes, leaving a page with unsaved input, closing a tab).
        idempotent: Calling twice with the same arguments does no more than
            once; default False.
        open_world: The tool reaches web pages, not only browserkit itself;
            default True.
        cap: The opt-in group (a key of :data:`~browserkit.tools.CAPS`) the tool
            is listed in; default None: always listed.
    """

    def register(run: Runner[_A]) -> Tool[_A]:
        if name in REGISTRY:
            raise ValueError(f"tool {name} is defined twice")
        # Paragraphs unwrapped: the docstring's line breaks are for source, not for the model.
        paragraphs = inspect.cleandoc(run.__doc__ or "").split("\n\n")
        description = "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())
        if not description:
            raise ValueError(f"tool {name} needs a docstring: it is the model's description")
        if cap is not None and cap not in CAPS:
            raise ValueError(f"tool {name}: unknown capability group {cap!r}")
        json_schema(arguments)  # fail at import, not at the first call, on an unsupported type
        made = Tool(name, description, arguments, run, title, effect, idempotent, open_world, cap)
        REGISTRY[name] = made
        return made

    return register


def arrange(names: Sequence[str]) -> None:
    """Put the registry in the order of ``names``, which must list every tool exactly once.

    The order is what every export and the MCP server list, so it is stated
    once rather than left to which module happens to be imported first.
    """
    missing = [n for n in REGISTRY if n not in names]
    unknown = [n for n in names if n not in REGISTRY]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if missing or unknown or repeated:
        raise ValueError(f"tool order: missing {missing}, unknown {unknown}, repeated {repeated}")
    ordered = {n: REGISTRY[n] for n in names}
    # In place: other modules hold this very dict.
    REGISTRY.clear()
    REGISTRY.update(ordered)


def checked_caps(caps: Iterable[str]) -> tuple[str, ...]:
    """The groups ``caps`` names, ``"all"`` spelled out; an unknown one is
    ``InvalidArgumentError`` naming the known ones."""
    wanted = tuple(caps)
    unknown = sorted(set(wanted) - set(CAPS) - {"all"})
    if unknown:
        raise InvalidArgumentError(
            f"unknown capability group(s): {', '.join(unknown)}",
            hint=f"groups are: {', '.join(CAPS)} (or all)",
        )
    return tuple(CAPS) if "all" in wanted else wanted


def listed(caps: Iterable[str] = ()) -> list[Tool[Any]]:
    """The tools a model is shown: those of no group, and those of the groups in ``caps``.

    Args:
        caps: Opt-in groups to list too (keys of :data:`~browserkit.tools.CAPS`,
            or ``"all"``); default: none, only the tools of no group. An unknown
            group raises :class:`~browserkit.InvalidArgumentError`.
    """
    wanted = set(checked_caps(caps))
    return [t for t in REGISTRY.values() if t.cap is None or t.cap in wanted]
