"""Command line: ``python -m benchmarks [SECTION ...] [--quick] [--only SECTION] [--no-write]``.

With no sections it runs the default ones; ``python -m benchmarks economy`` runs the
scripted agent tasks on real apps (see ``benchmarks/economy``), ``economy-cli`` the same
tasks through browserkit's and Playwright's command lines (``benchmarks.economy.cli``,
written to ``results/cli.md`` and ``cli.json``).
"""

from __future__ import annotations

import argparse
import sys

from benchmarks.report import to_markdown, write
from benchmarks.runner import DEFAULT_SECTIONS, SECTIONS, Options, run


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the benchmark, print the markdown and write the results."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="browserkit vs raw Playwright vs Playwright MCP, side by side.",
    )
    parser.add_argument(
        "section",
        nargs="*",
        metavar="SECTION",
        help=f"sections to run (default: {', '.join(DEFAULT_SECTIONS)}); also: economy "
        "(scripted agent tasks on seven real apps, see benchmarks/README.md) and economy-cli "
        "(the same tasks through two command lines)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="few repetitions: a smoke run (economy, economy-cli: one run per task)",
    )
    parser.add_argument(
        "--only",
        action="append",
        choices=SECTIONS,
        metavar="SECTION",
        help=f"run only this section (repeatable): {', '.join(SECTIONS)}",
    )
    parser.add_argument(
        "--no-write", action="store_true", help="print only; do not write benchmarks/results/"
    )
    args = parser.parse_args(argv)
    unknown = [s for s in args.section if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r} (choose from {', '.join(SECTIONS)})")
    chosen = set(args.section) | set(args.only or ())
    sections = tuple(s for s in SECTIONS if s in chosen) if chosen else DEFAULT_SECTIONS
    failed = False
    if "economy-cli" in sections:
        failed = _economy_cli(args.quick, args.no_write)
        sections = tuple(s for s in sections if s != "economy-cli")
        if not sections:
            return 1 if failed else 0
    opts = Options.quick(sections) if args.quick else Options(sections=sections)
    results = run(opts)
    print(to_markdown(results))
    if not args.no_write:
        md, js = write(results)
        print(f"wrote {md} and {js}", file=sys.stderr)
    return 1 if results.failed or failed else 0


def _economy_cli(quick: bool, no_write: bool) -> bool:
    """The economy tasks through the two command lines (their own report); True if part
    of it could not run."""
    from benchmarks.economy import cli  # apps and tasks load only when asked

    argv = ["--runs", "1" if quick else str(Options().economy_runs)]
    return cli.main([*argv, "--no-write"] if no_write else argv) != 0


if __name__ == "__main__":
    sys.exit(main())
