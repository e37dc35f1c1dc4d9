"""browserkit's own docs, built by ``sphinx-build`` into a temporary folder and served."""

from __future__ import annotations

import functools
import re
import shutil
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

from benchmarks.economy.apps._base import (
    DOCS_DIR,
    ROOT,
    App,
    AppError,
    QuietFiles,
    run_command,
    wait_ready,
)
from benchmarks.pages import PageServer

__all__ = ["DocsSite", "section_sentence"]


class _Paragraphs(HTMLParser):
    """The paragraphs of one ``<section id=...>``, each as its runs of text.

    A run is text directly inside the ``<p>``; markup inside it (code, a link)
    ends the run, so ``runs[0]`` is the paragraph's plain opening.
    """

    def __init__(self, section: str) -> None:
        super().__init__()
        self.section = section
        self.found = False
        self.paragraphs: list[list[str]] = []
        self._depth = 0  # open <section> elements, counting ours, while inside it
        self._in_p = False
        self._nested = 0
        self._run: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "section":
            if self._depth:
                self._depth += 1
            elif dict(attrs).get("id") == self.section:
                self.found = True
                self._depth = 1
        elif self._depth and tag == "p":
            self._in_p, self._nested, self._run = True, 0, []
            self.paragraphs.append([])
        elif self._in_p:
            self._endrun_command()
            self._nested += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self._depth:
            self._depth -= 1
        elif self._in_p and tag == "p":
            self._endrun_command()
            self._in_p = False
        elif self._in_p and self._nested:
            self._nested -= 1

    def handle_data(self, data: str) -> None:
        if self._in_p and not self._nested:
            self._run.append(data)

    def _endrun_command(self) -> None:
        text = "".join(self._run)
        # An empty first run marks a paragraph that opens with markup.
        if text.strip() or not self.paragraphs[-1]:
            self.paragraphs[-1].append(text)
        self._run = []


def section_sentence(html: str, section: str) -> str:
    """A sentence of ``<section id=section>`` that a reader must open the page to see.

    The first sentence of the section's second or later paragraph that opens
    with plain text (no code, links or emphasis inside the sentence): a search
    result's snippet shows only the start of a section, and plain text reads the
    same in every outline. :class:`LookupError` when there is none.
    """
    parser = _Paragraphs(section)
    parser.feed(html)
    parser.close()
    if not parser.found:
        raise LookupError(f"no section #{section}")
    for runs in parser.paragraphs[1:]:
        plain = " ".join(runs[0].split()) if runs else ""
        m = re.match(r"(.{30,}?[.!?])(?:\s|$)", plain)
        if m:
            return m.group(1)
    raise LookupError(f"no plain sentence in a later paragraph of #{section}")


class DocsSite(App):
    """browserkit's docs (``docs/``) built by Sphinx into a temporary folder and served."""

    name = "Sphinx docs"

    def __init__(self, source: Path = DOCS_DIR) -> None:
        self.source = source
        self.folder = Path(tempfile.mkdtemp(prefix="bk-economy-docs-"))
        self._server: PageServer | None = None

    @property
    def html(self) -> Path:
        return self.folder / "html"

    def url(self, path: str) -> str:
        """The full URL of ``path`` on the running server."""
        assert self._server is not None, "start() first"
        return self._server.base + path

    def start(self) -> None:
        """Build the HTML with ``sphinx-build`` and serve it."""
        try:
            import myst_parser  # noqa: F401
            import sphinx  # noqa: F401
        except ImportError:
            raise AppError(
                "Sphinx and myst-parser are not installed: pip install --group bench"
            ) from None
        run_command(
            [
                sys.executable,
                "-m",
                "sphinx",
                "-b",
                "html",
                "-q",
                "-d",
                str(self.folder / "doctrees"),
                str(self.source),
                str(self.html),
            ],
            ROOT,
            "building the docs with sphinx-build",
        )
        handler = functools.partial(QuietFiles, directory=str(self.html))
        self._server = PageServer(handler)
        wait_ready(self.url("/index.html"))

    def sentence(self, page: str, section: str) -> str:
        """A sentence of ``section`` in the built ``page`` (see :func:`section_sentence`)."""
        html = (self.html / page).read_text(encoding="utf-8")
        try:
            return section_sentence(html, section)
        except LookupError as exc:
            raise AppError(f"{page}: {exc}; the docs changed, update the docs task") from None

    def close(self) -> None:
        """Stop serving and remove the build."""
        if self._server is not None:
            self._server.close()
        shutil.rmtree(self.folder, ignore_errors=True)
