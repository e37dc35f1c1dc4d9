"""Command line: ``browserkit`` (or ``python -m browserkit``) and its commands.

``demo``, ``diagnostics``, ``install-browser``, ``mcp`` and ``tools`` are
here; ``open``, ``close``, ``sessions``, ``skill`` and one command per tool
come from :mod:`browserkit.cli`. ``python -m browserkit --help`` lists the
commands; ``python -m browserkit COMMAND --help`` says what one does and
shows examples.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import cast

from browserkit._version import __version__

# As the user typed it: the console script, or the module run by an interpreter.
PROG = "browserkit" if os.path.basename(sys.argv[0]) == "browserkit" else "python -m browserkit"

# What a shell reports for a process that SIGPIPE killed (128 + 13): a command
# whose reader went away (`| head -1`) ends the way `cat` or `yes` would.
EXIT_BROKEN_PIPE = 141


def _cmd_demo(args: argparse.Namespace) -> int:
    from browserkit._demo.run import DEFAULT_PORT, run_demo, serve_until_interrupted

    if args.serve:
        port = DEFAULT_PORT if args.port is None else args.port
        return serve_until_interrupted(port, sys.stdout)
    if args.port is not None:
        print("error: --port only applies with --serve", file=sys.stderr)
        return 2
    return run_demo(sys.stdout)


def _cmd_diagnostics(_args: argparse.Namespace) -> int:
    from browserkit._convert import to_jsonable
    from browserkit._diagnose import diagnose
    from browserkit.config import Config

    report = diagnose(Config.from_env())
    print(json.dumps(to_jsonable(report), indent=2))
    return 0 if report.ok else 1


def _cmd_install_browser(_args: argparse.Namespace) -> int:
    from browserkit._chromium import install_browser

    return install_browser()


def _cmd_mcp(args: argparse.Namespace) -> int:
    from browserkit.mcp import main, options_from_args

    return main(options_from_args(args))


def _cmd_tools(args: argparse.Namespace) -> int:
    from browserkit import tools

    exports = {"mcp": tools.to_mcp, "openai": tools.to_openai, "anthropic": tools.to_anthropic}
    print(json.dumps(exports[args.format](), indent=2))
    return 0


def _port(text: str) -> int:
    """A TCP port number for ``--port``, refused by argparse when out of range."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0-65535)")
    return port


def _examples(*lines: str) -> str:
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


def _command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    func: Callable[[argparse.Namespace], int],
    *,
    summary: str,
    description: str,
    examples: Sequence[str],
) -> argparse.ArgumentParser:
    """Add subcommand ``name``: ``summary`` for the command list, the rest for its ``--help``."""
    parser = sub.add_parser(
        name,
        help=summary,
        description=description,
        epilog=_examples(*examples),
        # Keeps the examples one per line; descriptions are wrapped by hand.
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(func=func)
    return parser


def build_parser() -> argparse.ArgumentParser:
    """The ``python -m browserkit`` parser: one subparser per command."""
    from browserkit.cli._commands import Parser

    parser = Parser(
        prog=PROG,
        description="browserkit: drive a real Chromium from agents and notebooks.",
        epilog=_examples(
            f"{PROG} install-browser   # find or install a Chromium",
            f"{PROG} diagnostics       # what would be used; starts nothing",
            f"{PROG} demo              # an agent loop on a built-in site",
            f"{PROG} tools --format openai > tools.json",
            f"{PROG} open http://127.0.0.1:8000/   # a session for shell commands:",
            f"{PROG} click e13 && {PROG} close   # one command per tool",
        )
        + f'\n\nRun "{PROG} COMMAND --help" for what a command does, with examples.',
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"browserkit {__version__}")
    # Parser raises its usage errors, printed as every other error is.
    sub = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser),
    )
    demo = _command(
        sub,
        "demo",
        _cmd_demo,
        summary="serve a built-in site on 127.0.0.1 and drive it like an agent",
        description="Serve a small shop from the package on 127.0.0.1 and drive it the way an\n"
        "agent would: read the outline with refs, click, type and submit, and see\n"
        "an old ref refused once the page changed. Starts Chromium (headless unless\n"
        "BROWSERKIT_HEADLESS=0) and exits 0 when every step worked.\n\n"
        "With --serve it only serves the site, on http://127.0.0.1:8000/ unless\n"
        "--port says otherwise, until Ctrl-C: the examples in the README and the\n"
        "docs run against it.",
        examples=(
            f"{PROG} demo",
            f"BROWSERKIT_HEADLESS=0 {PROG} demo   # watch the window",
            f"{PROG} demo --serve   # only serve http://127.0.0.1:8000/, until Ctrl-C",
        ),
    )
    demo.add_argument(
        "--serve",
        action="store_true",
        help="only serve the site on 127.0.0.1 until Ctrl-C; start no browser",
    )
    demo.add_argument(
        "--port",
        type=_port,
        help="port for --serve (default 8000; 0 picks a free one, printed)",
    )
    _command(
        sub,
        "diagnostics",
        _cmd_diagnostics,
        summary="print as JSON which Chromium would be used and what is degraded "
        "(starts no browser)",
        description="Print, as JSON, which Chromium browserkit would launch and where it was\n"
        "found, the launch switches, and each missing or degraded capability with\n"
        "how to enable it. Reads BROWSERKIT_* variables like the SDK does and starts\n"
        "no browser. Exits 0, or 1 when no usable Chromium was found.",
        examples=(
            f"{PROG} diagnostics",
            f"BROWSERKIT_CHROMIUM=/usr/bin/chromium {PROG} diagnostics",
        ),
    )
    _command(
        sub,
        "install-browser",
        _cmd_install_browser,
        summary="install Chromium: Playwright's installer, then apt as root, else say what to run",
        description="Make sure browserkit has a Chromium to launch. Does nothing when one is\n"
        "found already (BROWSERKIT_CHROMIUM, Playwright's browsers, then PATH);\n"
        "otherwise runs Playwright's installer, then apt-get as root on\n"
        "Debian/Ubuntu, else prints what to run. A BROWSERKIT_CHROMIUM that names\n"
        "no executable is refused before anything is downloaded, because it would\n"
        "still take precedence over whatever gets installed.",
        examples=(f"{PROG} install-browser", f"sudo {PROG} install-browser   # allow apt"),
    )
    from browserkit.mcp import add_arguments

    mcp = _command(
        sub,
        "mcp",
        _cmd_mcp,
        summary="serve the agent tools over MCP (stdio, or --http on 127.0.0.1); "
        "needs browserkit[mcp]",
        description="Serve browserkit's agent tools to an MCP client, over stdio or streamable\n"
        "HTTP on 127.0.0.1. Chromium starts when a client starts a session. Flags\n"
        "override the BROWSERKIT_* variables named in brackets.",
        examples=(
            f"{PROG} mcp                      # stdio, for a client to spawn",
            f"{PROG} mcp --http --port 8931   # http://127.0.0.1:8931/mcp",
            f"{PROG} mcp --read-only --output-dir ./shots",
            f"{PROG} mcp --endpoint ws://10.0.0.5:3000/ --endpoint ws://10.0.0.6:3000/",
        ),
    )
    add_arguments(mcp)
    tools = _command(
        sub,
        "tools",
        _cmd_tools,
        summary="print the agent tool registry (names, descriptions, schemas) as JSON",
        description="Print every agent tool (name, description, JSON Schema of its arguments)\n"
        "as JSON, shaped for MCP, OpenAI function calling or Anthropic tool use.\n"
        "Starts no browser.",
        examples=(
            f"{PROG} tools",
            f"{PROG} tools --format anthropic > tools.json",
        ),
    )
    tools.add_argument(
        "--format",
        choices=("mcp", "openai", "anthropic"),
        default="mcp",
        help="shape to print: MCP tools (default), OpenAI function tools, or Anthropic tools",
    )
    from browserkit.cli import add_commands

    add_commands(sub, PROG)
    return parser


def _run(argv: Sequence[str]) -> int:
    from browserkit.cli._commands import UsageError

    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        print(f"error invalid_argument: {exc.message}\nhint: {exc.usage}", file=sys.stderr)
        return 2
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    args.argv = list(argv)  # a session command is sent to its session as typed
    from browserkit.errors import BrowserkitError

    try:
        code: int = args.func(args)
    except BrowserkitError as exc:
        print(f"error {exc.code}: {exc.message}", file=sys.stderr)
        if exc.hint:
            print(f"hint: {exc.hint}", file=sys.stderr)
        return 1
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); returns the exit code.

    A reader that stops early (``python -m browserkit tools | head -1``) ends
    the command quietly with exit code 141, as SIGPIPE would for a C tool.
    """
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        # A session command goes straight to its session (no parser, no registry to build).
        from browserkit.cli._client import forward

        forwarded = forward(args)
        code = _run(args) if forwarded is None else forwarded
        # Flush inside the try: a closed pipe must fail here, not in the
        # interpreter's final flush, where it would print a traceback.
        sys.stdout.flush()
    except BrokenPipeError:
        # Point stdout at devnull so the final flush has nowhere to fail.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    return code


if __name__ == "__main__":
    sys.exit(main())
