"""Developer tasks: ``nox -s lint typecheck tests docs bench``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import nox

nox.options.sessions = ["lint", "typecheck", "tests"]
nox.options.reuse_existing_virtualenvs = True
# uv makes the environments several times faster than virtualenv and pip (CI
# builds seven of them); without uv, nox falls back to virtualenv.
nox.options.default_venv_backend = "uv|virtualenv"

# The first runs the whole suite: 3.11, the machine's own Python (and a faster
# interpreter than 3.10, which took 892 s for it where 3.11 takes about 730).
PYTHONS = ["3.11", "3.10", "3.12", "3.13"]
JS_DIR = Path("src/browserkit/_async/js")


def _runs(version: str) -> bool:
    exe = shutil.which(f"python{version}")
    if exe is None:
        return False
    # pyenv puts shims on PATH for versions that are installed but not selected.
    probe = subprocess.run([exe, "-c", "pass"], capture_output=True, check=False)
    return probe.returncode == 0


def _available() -> list[str]:
    """The Pythons this machine can run; a missing one is skipped, not failed."""
    return [v for v in PYTHONS if _runs(v)] or ["3"]


def _install(session: nox.Session, *args: str) -> None:
    # Dependency groups (PEP 735) need pip >= 25.1.
    session.install("-q", "pip>=25.1")
    session.install("-q", *args)


PYTHONS_HERE = _available()


# What the Pythons after the first run (see ``tests``); a marker expression.
EVERY_PYTHON = "every_python and not sync_twin"
# What the others run: the async smoke tests (``in_browser``) run on the first
# only; the sync API's tests, the MCP server's and the CLI's still drive the
# async core on every Python.
OTHERS = f"{EVERY_PYTHON} and not in_browser"
# What the first Python runs: everything but the sync repeats of browser
# behaviour (the sync API's own tests, and the repeats marked every_python, stay).
FIRST_PYTHON = "not sync_twin or every_python"
# pytest-xdist workers for a plain ``nox -s tests``: CI has 2 cores.
WORKERS = "2"


@nox.session(python=PYTHONS_HERE)
def tests(session: nox.Session) -> None:
    """The test suite against real Chromium, on every Python the machine has.

    The first Python runs everything but the sync repeats (``sync_twin``) of
    tests outside the ``every_python`` set: a browser behaviour is tested
    through the async API, and the sync API through its own tests (the
    portal, signals, threads, Jupyter) and the repeats of the every-Python
    set; plain ``pytest`` runs every repeat. The others run the tests marked
    ``every_python`` that drive no async browser fixture (conftest marks
    those ``in_browser``): the pure-Python modules (event buffers and their
    regex guard, outline parsing and diffs, config), the sync API with its
    signals, threads, atexit and Jupyter kernel, the CLI and MCP server
    (which drive the async core end to end), and packaging and import
    checks. Their property tests try a fifth of the examples
    (``tests/examples.py``): an interpreter difference shows in a few. The
    async smoke tests per public surface (navigate, snapshot, click, dom,
    scan, find, execute, evidence, tabs, dialogs, handoff, attach...) run on
    the first Python.
    Browser behaviour (floods, fuzzing, hostile pages, timing bounds) does not
    change with the interpreter, so it runs once. A new test runs on the
    first Python only unless it is marked ``every_python``.

    With no arguments the run is spread over two pytest-xdist workers, each
    with its own server and Chromium; tests that must share a worker (a
    module fixture that one test leaves for the next) carry the same
    ``xdist_group``. Arguments after ``--`` go to pytest as they are and turn
    the workers off (add ``-n 2 --dist loadgroup`` to keep them); ``-m`` in
    them replaces the marker selection.
    """
    _install(session, "-e", ".[mcp]", "--group", "test")
    args = list(session.posargs)
    first = session.python == PYTHONS_HERE[0]
    if first and not Path("node_modules", "todomvc").is_dir():
        # The script reruns drive TodoMVC, a single-page app from npm (package.json).
        if shutil.which("npm") is None:
            session.error(
                "the tests install TodoMVC from npm: install Node.js >= 20.19 with npm "
                "(https://nodejs.org or your package manager), then rerun `nox -s tests`."
            )
        session.run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error", external=True)
    if not any(a.startswith("-m") for a in args):
        args = ["-m", FIRST_PYTHON if first else OTHERS, *args]
    if not session.posargs:
        # The slowest tests are listed at the end: where the run's time goes.
        args = ["-n", WORKERS, "--dist", "loadgroup", "--durations=25", *args]
    # A repeat run tries a fifth of each property test's examples (tests/examples.py).
    env = {} if first else {"BROWSERKIT_TEST_REPEAT": "1"}
    session.run("python", "-m", "pytest", *args, env=env)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check; eslint, tsc --checkJs and node --check on the
    page JavaScript."""
    _install(session, "--group", "lint")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    _lint_js(session)


def _lint_js(session: nox.Session) -> None:
    """ESLint (versions pinned in package-lock.json) and a V8 parse of every file."""
    scripts = sorted(JS_DIR.rglob("*.js"))
    if not scripts:
        # A silent pass here would hide JavaScript that moved out of reach of the linter.
        session.error(
            f"no .js files under {JS_DIR}; if they moved, update JS_DIR in noxfile.py "
            "and `files` in eslint.config.js"
        )
    missing = [tool for tool in ("node", "npm", "npx") if shutil.which(tool) is None]
    if missing:
        session.error(
            f"linting the JavaScript in {JS_DIR} needs Node.js >= 20.19 with npm; "
            f"not on PATH: {', '.join(missing)}. Install it from https://nodejs.org "
            "(or your package manager), then rerun `nox -s lint`."
        )
    session.run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error", external=True)
    session.run("npx", "--no-install", "eslint", str(JS_DIR), external=True)
    # Types (// @ts-check and JSDoc in every file; tsconfig.json at the root).
    unchecked = [s for s in scripts if not s.read_text("utf-8").startswith("// @ts-check")]
    if unchecked:
        session.error(f"{unchecked[0]} does not begin with // @ts-check")
    session.run("npx", "--no-install", "tsc", "--noEmit", "--checkJs", "-p", ".", external=True)
    # ESLint parses with espree; V8 is what runs these files in the page, so
    # let it have the last word on syntax.
    for script in scripts:
        session.run("node", "--check", str(script), external=True, silent=True)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict on the package."""
    _install(session, "-e", ".[mcp]", "--group", "typecheck")
    session.run("mypy")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the Sphinx docs, nitpicky (every cross-reference resolves), warnings as errors."""
    _install(session, "-e", ".", "--group", "docs")
    session.run(
        "sphinx-build", "-n", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html"
    )


ECONOMY_NPM = Path("benchmarks/economy/npm")


@nox.session
def bench(session: nox.Session) -> None:
    """Side-by-side benchmark against raw Playwright and Playwright's MCP server.

    Arguments after ``--`` go to ``python -m benchmarks``: ``--quick``, section
    names. ``nox -s bench -- economy`` runs the scripted agent tasks on real apps
    (Django admin, these docs built by Sphinx, swagger-ui from npm, Wagtail, NiceGUI),
    ``nox -s bench -- economy-cli`` the same tasks through browserkit's and
    Playwright's command lines; both install the npm app first with ``npm ci``
    (needs Node.js and npm).
    """
    _install(session, "-e", ".[mcp]", "--group", "bench")
    economy = ("economy", "economy-cli")
    if any(a in economy or a.endswith(tuple(f"={e}" for e in economy)) for a in session.posargs):
        if shutil.which("npm") is None:
            session.error("the economy section serves swagger-ui from npm: install Node.js + npm")
        with session.chdir(ECONOMY_NPM):
            # --ignore-scripts: the only install script is swagger-ui-dist's analytics.
            session.run(
                "npm",
                "ci",
                "--ignore-scripts",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                external=True,
            )
    session.run("python", "-m", "benchmarks", *session.posargs)
