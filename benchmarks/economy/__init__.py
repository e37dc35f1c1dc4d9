"""Agent economy: what an agent reads to finish real tasks on real apps.

``python -m benchmarks economy`` (or ``nox -s bench -- economy``) runs scripted
agent tasks on apps installed from packages, through browserkit's tool layer and
through Playwright's MCP server, side by side in one run, and reports per task and
contender the tokens read, the number of reads, success (checked against the
app's own state) and wall time, with the browserkit / MCP token ratio against the
target of 0.2.

- :mod:`.policy`: the steps tasks are written in, the ref lookup in both
  contenders' outlines, and the one driver both contenders are played through.
- :mod:`.agents`: the two contenders behind one small interface.
- :mod:`.apps`: Django's admin, browserkit's docs built by Sphinx, swagger-ui
  from npm, Wagtail's admin, a NiceGUI app, a Streamlit app and a Gradio demo;
  each started and stopped inside the run.
- :mod:`.tasks`: the scripted tasks and how their success is checked.
- :mod:`.run` and :mod:`.report`: the repetitions, medians and markdown.

Importing this package loads nothing heavy; the runner imports :mod:`.run`
only when the section is asked for.
"""
