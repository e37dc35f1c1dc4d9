"""Command line: ``python -m browserkit demo|diagnostics|install-browser|mcp|tools``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from browserkit._version import __version__


def _cmd_demo(_args: argparse.Namespace) -> int:
    from browserkit._demo.run import run_demo

    return run_demo(sys.stdout)


def _cmd_diagnostics(_args: argparse.Namespace) -> int:
    from browserkit._async.browser import diagnose
    from browserkit._convert import to_jsonable
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m browserkit",
        description="browserkit: drive a real Chromium from agents and notebooks.",
    )
    parser.add_argument("--version", action="version", version=f"browserkit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    demo = sub.add_parser(
        "demo", help="serve a built-in site on 127.0.0.1 and drive it like an agent"
    )
    demo.set_defaults(func=_cmd_demo)
    diag = sub.add_parser(
        "diagnostics",
        help="print as JSON which Chromium would be used and what is degraded (starts no browser)",
    )
    diag.set_defaults(func=_cmd_diagnostics)
    install = sub.add_parser(
        "install-browser",
        help="install Chromium: Playwright's installer, then apt as root, else say what to run",
    )
    install.set_defaults(func=_cmd_install_browser)
    from browserkit.mcp import add_arguments

    mcp = sub.add_parser(
        "mcp",
        help="serve the agent tools over MCP (stdio, or --http on 127.0.0.1); "
        "needs browserkit[mcp]",
        description="Serve browserkit's agent tools to an MCP client. Flags override the "
        "BROWSERKIT_* variables named in brackets.",
    )
    add_arguments(mcp)
    mcp.set_defaults(func=_cmd_mcp)
    tools = sub.add_parser(
        "tools", help="print the agent tool registry (names, descriptions, schemas) as JSON"
    )
    tools.add_argument(
        "--format",
        choices=("mcp", "openai", "anthropic"),
        default="mcp",
        help="shape to print: MCP tools (default), OpenAI function tools, or Anthropic tools",
    )
    tools.set_defaults(func=_cmd_tools)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from browserkit.errors import BrowserkitError

    try:
        code: int = args.func(args)
    except BrowserkitError as exc:
        print(f"error [{exc.code}]: {exc.message}", file=sys.stderr)
        if exc.hint:
            print(f"hint: {exc.hint}", file=sys.stderr)
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
