"""Shell commands derived from the tool registry: one per tool, or per action of one.

Every session command is a view of one registry tool: its arguments are the
tool's own fields, as positionals or flags (``tab_id`` reads ``--tab``,
``timeout_ms`` ``--timeout-ms``, a boolean ``--submit``/``--no-submit``),
with the tool's own descriptions as help, and what it runs is
``tools.call(browser, tool, arguments)``. :data:`SPECS` only says how a
command is spelled: its name, which fields it takes as positionals, and the
arguments it fixes (``click`` is ``browser_act`` with ``action=click``;
``back`` is ``browser_history`` with ``action=back``). A tool :data:`SPECS`
does not name still gets a command, named after it (``browser_route`` is
``route``), so a new tool is a new command with nothing written here.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import types
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from browserkit import tools

# Which arguments each action of browser_act takes: the tool's own table, read as it is
# (main derives it from the step kinds; the name stays).
from browserkit.tools._acting import _ACTION_ARGS as ACTION_ARGS

__all__ = [
    "PATH_FIELDS",
    "SPECS",
    "Command",
    "Parser",
    "Spec",
    "UsageError",
    "add_field",
    "add_session_commands",
    "commands",
    "folds_for_terminal",
    "for_terminal",
    "request_of",
    "session_option",
]

# Fields no command shows: the session is the one the command is sent to.
_HIDDEN = frozenset({"session_id"})
# Fields that name a file: made absolute against the command's directory, since the
# session process runs elsewhere.
PATH_FIELDS = frozenset({"path", "paths", "storage_state"})
_FLAG_NAMES = {"tab_id": "tab"}
_METAVARS = {
    "expression": "EXPR",
    "values": "VALUE",
    "paths": "PATH",
    "tab_id": "TAB",
    "instructions": "TEXT",
    "prompt_text": "TEXT",
    "text": "TEXT",
    "code": "CODE",
}
# Fields a command fills itself when they are not given (see request_of).
_FILLED = frozenset({"detail"})
_TARGET = frozenset({"ref", "selector", "nth", "frame", "x", "y"})
_COMMON = frozenset({"tab_id", "timeout_ms", "detail"})


class UsageError(Exception):
    """A command line that does not parse; ``usage`` is the command's usage line."""

    def __init__(self, message: str, usage: str) -> None:
        super().__init__(message)
        self.message = message
        self.usage = usage


class Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes are raised (:class:`UsageError`), to be printed
    as ``error invalid_argument: ...`` like every other error."""

    def error(self, message: str) -> Any:  # argparse declares NoReturn
        raise UsageError(f"{self.prog}: {message}", self.format_usage().strip())


@attrs.frozen
class Spec:
    """How one command spells a tool: its name, positionals and fixed arguments.

    ``only``: the tool's fields the command takes (None: all of them);
    ``summary``: its line in the command list (default: the tool's first
    sentence); ``example``: a command line the skill file shows, which the
    tests run.
    """

    name: str
    tool: str
    positionals: tuple[str, ...] = ()
    fixed: Mapping[str, Any] = attrs.field(factory=dict)
    only: frozenset[str] | None = None
    summary: str | None = None
    example: str = ""
    metavars: Mapping[str, str] = attrs.field(factory=dict)
    """Names the usage shows for some positionals (default: the field's, upper-cased)."""


def _act(
    action: str, positionals: tuple[str, ...], summary: str, example: str, **fixed: Any
) -> Spec:
    taken = ACTION_ARGS[action] | _TARGET | _COMMON
    if action in ("key_down", "key_up"):
        taken -= _TARGET  # they act on the focus
    return Spec(
        action.replace("_", "-") if action != "check" or fixed.get("checked", True) else "uncheck",
        "browser_act",
        positionals,
        {"action": action, **fixed},
        frozenset(taken - set(fixed)),
        summary,
        example,
    )


SPECS: tuple[Spec, ...] = (
    Spec(
        "navigate",
        "browser_navigate",
        ("url",),
        example="browserkit navigate http://127.0.0.1:8000/about.html",
    ),
    Spec(
        "back",
        "browser_history",
        fixed={"action": "back"},
        summary="go back in history",
        example="browserkit back",
    ),
    Spec(
        "forward",
        "browser_history",
        fixed={"action": "forward"},
        summary="go forward in history",
        example="browserkit forward",
    ),
    Spec(
        "reload",
        "browser_history",
        fixed={"action": "reload"},
        summary="reload the page",
        example="browserkit reload",
    ),
    Spec("snapshot", "browser_snapshot", ("ref",), example="browserkit snapshot --diff"),
    Spec(
        "find",
        "browser_find",
        ("text",),
        example='browserkit find "kettle"',
        metavars={"text": "QUERY"},
    ),
    Spec("scan", "browser_scan", example="browserkit scan --text-only"),
    Spec("dom", "browser_dom_read", ("ref",), example="browserkit dom --depth 2"),
    Spec("screenshot", "browser_screenshot", ("path",), example="browserkit screenshot shop.jpeg"),
    _act("click", ("ref",), "click an element", "browserkit click e13"),
    _act("hover", ("ref",), "move the mouse over an element", "browserkit hover e11"),
    _act(
        "type",
        ("ref", "text"),
        "type text into a field (no REF: the focused one)",
        'browserkit type e18 "kettle" --submit',
    ),
    _act("press", ("key",), "press a key or chord", "browserkit press Tab"),
    _act("scroll", (), "scroll the page or an element", "browserkit scroll --delta-y 400"),
    _act("select", ("ref", "values"), "choose options of a select", 'browserkit select e20 "Blue"'),
    _act("check", ("ref",), "tick a checkbox or radio", "browserkit check e21"),
    _act("check", ("ref",), "untick a checkbox", "browserkit uncheck e21", checked=False),
    _act("drag", ("ref", "to_ref"), "drag an element onto another", "browserkit drag e11 e15"),
    _act("mouse_down", ("ref",), "press a mouse button (and hold it)", "browserkit mouse-down e11"),
    _act("mouse_up", ("ref",), "let a mouse button go", "browserkit mouse-up e11"),
    _act("key_down", ("key",), "press a key and hold it", "browserkit key-down Shift"),
    _act("key_up", ("key",), "let a held key go", "browserkit key-up Shift"),
    Spec(
        "fill-form",
        "browser_fill_form",
        example='browserkit fill-form --fields \'[{"ref": "e18", "value": "mug"}]\'',
    ),
    Spec(
        "dialog-accept",
        "browser_handle_dialog",
        ("prompt_text",),
        {"accept": True},
        summary="press OK on the dialog an action opened (a prompt's answer: TEXT)",
        example="browserkit dialog-accept",
    ),
    Spec(
        "dialog-dismiss",
        "browser_handle_dialog",
        (),
        {"accept": False},
        only=frozenset({"tab_id", "timeout_ms"}),
        summary="press Cancel on the dialog an action opened",
        example="browserkit dialog-dismiss",
    ),
    Spec("upload", "browser_upload", ("paths",), example="browserkit upload report.pdf --ref e22"),
    Spec(
        "handoff",
        "browser_handoff",
        ("instructions",),
        example='browserkit handoff "Sign in, then press Continue" --timeout-ms 500',
    ),
    Spec(
        "handoff-confirm",
        "browser_handoff_confirm",
        ("handoff_id",),
        example="browserkit handoff-confirm",
    ),
    Spec(
        "pick",
        "browser_pick",
        ("prompt",),
        example='browserkit pick "the item to buy" --timeout-ms 500',
    ),
    Spec(
        "evaluate",
        "browser_evaluate",
        ("expression", "ref"),
        example='browserkit evaluate "document.title"',
    ),
    Spec(
        "execute",
        "browser_execute",
        ("code",),
        example='browserkit execute "return location.pathname"',
    ),
    Spec(
        "styles",
        "browser_styles_read",
        ("ref",),
        example="browserkit styles e13 --properties color",
    ),
    Spec(
        "set-style",
        "browser_styles_write",
        ("ref", "property", "value"),
        example='browserkit set-style e13 outline "2px solid red"',
    ),
    Spec("wait", "browser_wait_for", example='browserkit wait --text "Kettle"'),
    Spec("console", "browser_console_read", example="browserkit console --level error"),
    Spec("network", "browser_network_read", example="browserkit network --failed-only"),
    Spec("downloads", "browser_downloads_read", example="browserkit downloads"),
    Spec(
        "download-save",
        "browser_download_save",
        ("download_id", "path"),
        example="browserkit download-save dl1 report.csv",
    ),
    Spec(
        "tabs",
        "browser_tabs",
        fixed={"action": "list"},
        only=frozenset({"timeout_ms"}),
        summary="list the session's tabs",
        example="browserkit tabs",
    ),
    Spec(
        "tab-new",
        "browser_tabs",
        ("url",),
        {"action": "new"},
        only=frozenset({"url", "timeout_ms"}),
        summary="open a tab (and select it)",
        example="browserkit tab-new http://127.0.0.1:8000/about.html",
    ),
    Spec(
        "tab-select",
        "browser_tabs",
        ("tab_id",),
        {"action": "select"},
        only=frozenset({"tab_id", "timeout_ms"}),
        summary="make a tab the active one",
        example="browserkit tab-select t1",
    ),
    Spec(
        "tab-close",
        "browser_tabs",
        ("tab_id",),
        {"action": "close"},
        only=frozenset({"tab_id", "timeout_ms"}),
        summary="close a tab",
        example="browserkit tab-close t2",
    ),
    Spec(
        "chrome-tabs",
        "browser_tabs_list",
        ("cdp_url",),
        example="browserkit chrome-tabs http://127.0.0.1:9222",
    ),
    # opt-in groups: every one is a command here (a shell lists no tools to a model)
    Spec(
        "storage-state",
        "browser_storage_state",
        ("path",),
        example="browserkit storage-state state.json",
    ),
    Spec("cookies", "browser_cookies", example="browserkit cookies"),
    Spec(
        "set-cookies",
        "browser_set_cookies",
        example="browserkit set-cookies --cookies "
        '\'[{"name": "seen", "value": "1", "url": "http://127.0.0.1:8000/"}]\'',
    ),
    Spec("clear-cookies", "browser_clear_cookies", example="browserkit clear-cookies"),
    Spec("local-storage", "browser_local_storage", example="browserkit local-storage"),
    Spec("session-storage", "browser_session_storage", example="browserkit session-storage"),
    Spec("resize", "browser_resize", ("width", "height"), example="browserkit resize 1024 768"),
    Spec(
        "emulate-media",
        "browser_emulate_media",
        example="browserkit emulate-media --color-scheme dark",
    ),
    Spec("throttle", "browser_throttle", example="browserkit throttle --cpu 2"),
    Spec(
        "network-detail",
        "browser_network_detail",
        ("request_id",),
        example="browserkit network-detail r1",
    ),
    Spec("route", "browser_route", ("pattern",), example='browserkit route "**/*.png" --block'),
    Spec("unroute", "browser_unroute", ("pattern",), example='browserkit unroute "**/*.png"'),
    Spec(
        "offline",
        "browser_offline",
        fixed={"offline": True},
        summary="make every request fail",
        example="browserkit offline",
    ),
    Spec(
        "online",
        "browser_offline",
        fixed={"offline": False},
        summary="end offline: requests go out again",
        example="browserkit online",
    ),
    Spec("pdf", "browser_pdf", ("path",), example="browserkit pdf shop.pdf"),
    Spec(
        "init-script",
        "browser_init_script",
        ("code",),
        example='browserkit init-script "window.seen = true"',
    ),
    Spec("markdown", "browser_markdown", ("ref",), example="browserkit markdown"),
    Spec("locator", "browser_locator", ("ref",), example="browserkit locator e13"),
    Spec("script-export", "browser_script_export", example="browserkit script-export --kind json"),
    Spec("replay", "browser_replay", ("script",), example='browserkit replay "$(cat script.json)"'),
)
"""How each tool is spelled as a command; a tool named nowhere here gets a command of its name.

The session tools are the command line's own commands (``open`` starts a
session, ``sessions`` lists them, ``close`` stops one), and
``browser_diagnostics`` is ``diagnostics``."""

OWN = {
    "browser_sessions_start": "open",
    "browser_sessions_attach": "attach",
    "browser_sessions_list": "sessions",
    "browser_sessions_stop": "close",
    "browser_diagnostics": "diagnostics",
}
"""Registry tools the command line answers with commands of its own, by the command's name."""


@attrs.frozen
class Command:
    """A session command: its spec and the registry tool it calls."""

    spec: Spec
    tool: tools.Tool[Any]

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def fields(self) -> list[attrs.Attribute[Any]]:
        """The tool's fields the command takes, in the tool's order (positionals first)."""
        attrs.resolve_types(self.tool.arguments)
        shown = [
            f
            for f in attrs.fields(self.tool.arguments)
            if f.name not in _HIDDEN
            and f.name not in self.spec.fixed
            and f.metadata.get("listed", True)
            and (self.spec.only is None or f.name in self.spec.only)
        ]
        order = {name: i for i, name in enumerate(self.spec.positionals)}
        return sorted(shown, key=lambda f: order.get(f.name, len(order)))

    @property
    def summary(self) -> str:
        if self.spec.summary is not None:
            return self.spec.summary
        first = re.split(r"(?<=[.!?])\s", self.tool.description, maxsplit=1)[0].rstrip(".")
        return for_terminal(first[:1].lower() + first[1:])

    @property
    def example(self) -> str:
        """The command line the skill file shows; one is made up from the usage when the
        spec gives none."""
        return self.spec.example


def _generic(tool: tools.Tool[Any]) -> Spec:
    required = tuple(
        f.name
        for f in attrs.fields(tool.arguments)
        if f.default is attrs.NOTHING and f.name not in _HIDDEN
    )
    return Spec(tool.name.removeprefix("browser_").replace("_", "-"), tool.name, required)


def commands() -> list[Command]:
    """Every session command, in the registry's order of their tools."""
    by_tool: dict[str, list[Spec]] = {}
    for spec in SPECS:
        by_tool.setdefault(spec.tool, []).append(spec)
    out: list[Command] = []
    for tool in tools.registry():
        if tool.name in OWN:
            continue
        for spec in by_tool.get(tool.name) or [_generic(tool)]:
            out.append(Command(spec, tool))
    return out


# ------------------------------------------------------------------ arguments


def _shape(tp: Any) -> tuple[str, Any]:
    """What kind of value a field takes on a command line, and its detail."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        members = [a for a in get_args(tp) if a is not type(None)]
        if len(members) == 1:
            return _shape(members[0])
        secret_text = [m for m in members if attrs.has(m) and _is_secret_text(m)]
        if str in members and secret_text and len(members) == 2:
            return "secret_text", None
        return "json", None
    if tp is bool:
        return "bool", None
    if tp in (int, float, str):
        return "scalar", tp
    if origin is Literal:
        return "choice", get_args(tp)
    if origin in (tuple, list):
        inner = _shape(get_args(tp)[0])
        return ("list", inner) if inner[0] in ("scalar", "choice") else ("json", None)
    return "json", None


def _is_secret_text(cls: Any) -> bool:
    return [f.name for f in attrs.fields(cls)] == ["secret"]


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not JSON: {exc}") from None


def _number(tp: type) -> Any:
    def convert(text: str) -> Any:
        try:
            return tp(text)
        except ValueError:
            kind = "an integer" if tp is int else "a number"
            raise argparse.ArgumentTypeError(f"{text!r} is not {kind}") from None

    convert.__name__ = tp.__name__
    return convert


def _value_options(shape: tuple[str, Any]) -> dict[str, Any]:
    kind, detail = shape
    if kind == "scalar" and detail is not str:
        return {"type": _number(detail)}
    if kind == "choice":
        return {"choices": detail}
    if kind == "list":
        return _value_options(detail)
    if kind == "json":
        return {"type": _json}
    return {}


def _help(field: attrs.Attribute[Any], shape: tuple[str, Any]) -> str:
    text = for_terminal(field.metadata.get("description") or "")
    if shape[0] == "choice" or (shape[0] == "list" and shape[1][0] == "choice"):
        values = shape[1] if shape[0] == "choice" else shape[1][1]
        text = f"{text} ({', '.join(values)})".strip()
    if shape[0] == "json":
        text = f"{text} (JSON)".strip()
    return text


def add_field(
    parser: argparse.ArgumentParser,
    field: attrs.Attribute[Any],
    positional: bool,
    metavar: str | None = None,
) -> None:
    """Add ``field`` of a tool's arguments to ``parser``: as a positional (``metavar``:
    its name in the usage), or as a flag named after it."""
    shape = _shape(field.type)
    options = _value_options(shape)
    help_text = _help(field, shape)
    required = field.default is attrs.NOTHING and field.name not in _FILLED
    if shape[0] == "secret_text":
        parser.add_argument(
            f"--secret-{field.name}" if field.name != "text" else "--secret",
            dest=f"{field.name}__secret",
            metavar="NAME",
            help=f"type the configured secret NAME instead of {field.name.upper()} "
            "(its value is never shown)",
        )
        required = False  # the secret can stand in for it
    if positional:
        metavar = metavar or _METAVARS.get(field.name, field.name.upper())
        if shape[0] == "list":
            nargs = "+" if required else "*"
        elif required:
            nargs = None
        else:
            nargs = "?"
        parser.add_argument(field.name, metavar=metavar, nargs=nargs, help=help_text, **options)
        return
    flag = "--" + _FLAG_NAMES.get(field.name, field.name).replace("_", "-")
    if shape[0] == "bool":
        parser.add_argument(
            flag,
            dest=field.name,
            action=argparse.BooleanOptionalAction,
            default=None,
            help=help_text,
        )
        return
    extra: dict[str, Any] = {}
    if shape[0] == "list":
        extra["action"] = "append"
        help_text = f"{help_text} (repeat the flag for more)".strip()
    parser.add_argument(
        flag,
        dest=field.name,
        required=required,
        metavar=_METAVARS.get(field.name, field.name.upper()),
        help=help_text,
        **options,
        **extra,
    )


def session_option(parser: argparse.ArgumentParser) -> None:
    """``-s NAME``: the session a command goes to (what the client reads before sending)."""
    parser.add_argument(
        "-s",
        "--session",
        metavar="NAME",
        help="the session to use (default: $BROWSERKIT_SESSION, else default)",
    )


def _examples(lines: Sequence[str]) -> str | None:
    return ("examples:\n" + "\n".join(f"  {line}" for line in lines)) if lines else None


def add_command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], command: Command
) -> argparse.ArgumentParser:
    """Add ``command`` to ``sub``: its positionals, flags and help from the tool."""
    parser = sub.add_parser(
        command.name,
        help=command.summary,
        description=for_terminal(command.tool.description)
        if command.spec.summary is None
        else f"{command.summary[:1].upper()}{command.summary[1:]}.",
        epilog=_examples([command.example] if command.example else []),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(command_spec=command)
    for field in command.fields:
        positional = field.name in command.spec.positionals
        add_field(parser, field, positional, command.spec.metavars.get(field.name))
    session_option(parser)
    return parser


def add_session_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add every session command to ``sub``."""
    for command in commands():
        add_command(sub, command)


def _shift_positionals(ns: argparse.Namespace, command: Command) -> None:
    """Give a positional the tool requires the value argparse put in an optional one
    before it: ``type hello`` is TEXT ``hello`` typed into the focus, not REF ``hello``."""
    names = command.spec.positionals
    fields = {f.name: f for f in command.fields}
    for later in reversed(range(len(names))):
        wanted = fields.get(names[later])
        if wanted is None or getattr(ns, wanted.name, None) is not None:
            continue
        if getattr(ns, f"{wanted.name}__secret", None) is not None:
            continue
        if wanted.default is not attrs.NOTHING and _shape(wanted.type)[0] != "secret_text":
            continue
        for earlier in range(later - 1, -1, -1):
            if getattr(ns, names[earlier], None) is not None:
                setattr(ns, wanted.name, getattr(ns, names[earlier]))
                setattr(ns, names[earlier], None)
                break


def request_of(ns: argparse.Namespace, cwd: str) -> tuple[Command, dict[str, Any]]:
    """The command a parsed command line names and the tool arguments it stands for.

    Paths are made absolute against ``cwd``, the directory the command ran in.
    """
    command: Command = ns.command_spec
    _shift_positionals(ns, command)
    arguments: dict[str, Any] = dict(command.spec.fixed)
    for field in command.fields:
        value = getattr(ns, field.name, None)
        secret = getattr(ns, f"{field.name}__secret", None)
        if secret is not None:
            if value is not None:
                raise UsageError(
                    f"{command.name}: give {field.name.upper()} or --secret, not both",
                    f"usage: browserkit {command.name} ...",
                )
            value = {"secret": secret}
        if value is None or value == []:
            continue
        if field.name in PATH_FIELDS:
            value = (
                [str(Path(cwd, v)) for v in value]
                if isinstance(value, list)
                else str(Path(cwd, value))
            )
        arguments[field.name] = value
    if "detail" in {f.name for f in attrs.fields(command.tool.arguments)} and (
        "detail" not in arguments
    ):
        # What the transcript says of the action: the command and its target, never a
        # typed text (it may be a password the agent was given).
        target = arguments.get("ref") or arguments.get("selector") or arguments.get("key") or ""
        arguments["detail"] = f"{command.name} {target}".strip()
    return command, arguments


# ------------------------------------------------------------------ hints


@functools.cache
def _tool_commands() -> dict[str, str]:
    names: dict[str, str] = dict(OWN)
    for spec in SPECS:
        names.setdefault(spec.tool, spec.name)
    for tool in tools.registry():
        names.setdefault(tool.name, _generic(tool).name)
    return names


_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), r)
    for p, r in (
        (r"browser_act with action=(\w+)", r"`browserkit \1`"),
        (
            r"browser_handle_dialog \(accept true or false\)",
            "`browserkit dialog-accept` or `dialog-dismiss`",
        ),
        (r"browser_handle_dialog with accept=false", "`browserkit dialog-dismiss`"),
        (r"close it \(browser_tabs, action=close\)", "close it (`browserkit tab-close`)"),
        (r"browser_script_export\(kind=json\)", "`browserkit script-export --kind json`"),
        (r"start the MCP server with --caps \w+", "every group is on at the command line"),
        (r"start a new session \(browser_sessions_start\)", "run `browserkit open`"),
        (r"\bhandle_dialog answers", "`browserkit dialog-accept` and `dialog-dismiss` answer"),
    )
)
_TOOL_NAME = re.compile(r"\bbrowser_[a-z_]+\b")
# The outline's folds as the registry words them (tools/_hints.folds_for_tools).
_FOLD_REF = re.compile(r"\(expand: browser_snapshot ref=([^\s,)]+)")
_FOLD_WHOLE = "(expand: browser_snapshot full=true"
_FOLD_HIDDEN = "(expand: browser_snapshot include_hidden=true"
_CALL = re.compile(r"\b[Cc]all `browserkit")


def folds_for_terminal(text: str) -> str:
    """``text`` (an outline a tool answered) with each fold naming the command that shows it."""
    if "(expand: browser_snapshot" not in text:
        return text
    text = _FOLD_REF.sub(r"(expand: browserkit snapshot \1", text)
    text = text.replace(_FOLD_WHOLE, "(expand: browserkit snapshot --full")
    return text.replace(_FOLD_HIDDEN, "(expand: browserkit snapshot --include-hidden")


def for_terminal(text: str) -> str:
    """``text`` (a tool's description or an error's hint) with tools named as commands."""
    for pattern, replacement in _PHRASES:
        text = pattern.sub(replacement, text)
    names = _tool_commands()

    def command(found: re.Match[str]) -> str:
        name = names.get(found.group(0))
        return f"`browserkit {name}`" if name else found.group(0)

    return _CALL.sub("run `browserkit", _TOOL_NAME.sub(command, text))
