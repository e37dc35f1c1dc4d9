"""The command line for coding agents: a browser session that outlives each shell command.

``browserkit open URL`` starts a session in a background process (one per
name, ``-s NAME``); every tool of the registry is then a command on it
(``browserkit snapshot``, ``click e3``, ``type e5 "ada" --submit``, ...),
each answered with what the tool answers, as plain text; ``browserkit
close`` ends it. ``browserkit skill`` prints the skill file a coding agent
reads to learn all this.

The modules: ``_commands`` (the commands, from the registry), ``_options``
(what ``open`` starts a session with), ``_output`` (answers as text, exit
statuses), ``_folder`` and ``_wire`` (the private socket folder, the
messages), ``_client`` (the command's side), ``_server`` (the session
process) and ``_skill`` (the skill file).

This module imports nothing heavy: a session command's own process only
needs ``_client``.
"""

from __future__ import annotations

import argparse
import os

__all__ = ["add_commands"]


def _open(args: argparse.Namespace) -> int:
    from browserkit.cli._client import open_session, session_name
    from browserkit.cli._options import options_of

    name = args.session or session_name([])
    options = options_of(args, name, os.getcwd())
    try:
        return open_session(name, options.to_json(), args.argv)
    except KeyboardInterrupt:  # while the session's process starts: it starts on
        from browserkit.cli._client import print_error

        return print_error(
            "interrupted",
            "the command was stopped (Ctrl-C)",
            "the session may still be starting: `browserkit sessions` shows it",
            130,
        )


def _close(args: argparse.Namespace) -> int:
    from browserkit.cli._client import close

    if args.all and args.session:
        from browserkit.cli._client import print_error

        return print_error("invalid_argument", "give -s NAME or --all, not both", "", 2)
    return close(args.session, args.all)


def _sessions(_args: argparse.Namespace) -> int:
    from browserkit.cli._client import sessions

    return sessions()


def _skill(args: argparse.Namespace) -> int:
    from browserkit.cli._skill import install, skill

    if args.install is None:
        print(skill(), end="")
        return 0
    print(install(args.install))
    return 0


def _session_command(args: argparse.Namespace) -> int:
    from browserkit.cli._client import run_session_command

    return run_session_command(args.argv)


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser], prog: str) -> None:
    """Add the session commands (and ``open``, ``attach``, ``sessions``, ``close``,
    ``skill``) to the ``browserkit`` parser's subcommands."""
    from browserkit.cli._commands import add_command, commands, session_option
    from browserkit.cli._options import add_attach, add_open

    add_open(sub, prog)
    sub.choices["open"].set_defaults(func=_open)
    add_attach(sub, prog)
    sub.choices["attach"].set_defaults(func=_open)

    listing = sub.add_parser(
        "sessions",
        help="list the open sessions: name, page, process",
        description="List the sessions that are open, one line each: its name, the URL of its\n"
        "active tab and its process id. Sockets left by killed processes are removed.",
        epilog=f"examples:\n  {prog} sessions",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    listing.set_defaults(func=_sessions)

    closing = sub.add_parser(
        "close",
        help="close a session (-s NAME, default: default) or every one (--all)",
        description="Close the session NAME: its browser is closed and its process ends.\n"
        "With --all, every open session.",
        epilog=f"examples:\n  {prog} close\n  {prog} close -s work\n  {prog} close --all",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    session_option(closing)
    closing.add_argument("--all", action="store_true", help="close every open session")
    closing.set_defaults(func=_close)

    skill = sub.add_parser(
        "skill",
        help="print the SKILL.md that teaches a coding agent these commands",
        description="Print the skill file (SKILL.md) a coding agent reads to drive a browser\n"
        "with these commands: what they are, a quick start, every command with an\n"
        "example, how refs, diffs, folds and errors read. Generated from the tool\n"
        "registry, so it says what this version does. --install DIR writes it to\n"
        "DIR/browserkit/SKILL.md (e.g. DIR=.claude/skills).",
        epilog=f"examples:\n  {prog} skill\n  {prog} skill --install .claude/skills",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    skill.add_argument("--install", metavar="DIR", help="write DIR/browserkit/SKILL.md")
    skill.set_defaults(func=_skill)

    for command in commands():
        parser = add_command(sub, command)
        parser.set_defaults(func=_session_command)
