"""Side-by-side benchmark of browserkit, raw Playwright and Playwright's MCP server.

Run ``python -m benchmarks`` (or ``nox -s bench``); ``--quick`` for a smoke run,
``--only SECTION`` to run some sections. Results are printed as a markdown
table and written to ``benchmarks/results/latest.md`` and ``latest.json``.
"""
