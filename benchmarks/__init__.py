"""Side-by-side benchmark of browserkit, raw Playwright and Playwright's MCP server.

Run ``python -m benchmarks`` (or ``nox -s bench``); ``--quick`` for a smoke run,
section names (or ``--only SECTION``) to run some sections. Results are printed
as a markdown table and written to ``benchmarks/results/latest.md`` and
``latest.json``. ``python -m benchmarks economy`` runs scripted agent tasks on
real apps (:mod:`benchmarks.economy`); see ``benchmarks/README.md``.
"""
