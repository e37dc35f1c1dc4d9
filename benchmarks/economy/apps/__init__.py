"""The real apps the economy benchmark drives, each started and stopped inside the run.

- :class:`DjangoAdmin`: Django's admin over a tiny project written to a temporary
  folder (two models joined by a foreign key, sqlite, a superuser), served by
  ``manage.py runserver --noreload`` in a child process.
- :class:`DocsSite`: browserkit's own Sphinx docs, built with ``sphinx-build`` and
  served by :mod:`http.server`.
- :class:`ApiConsole`: swagger-ui-dist from npm (a React single-page app) with an
  OpenAPI document for a tiny JSON API that the same server answers, and a second
  console for a catalog API whose list is long.
- :class:`CmsAdmin`: Wagtail's admin (a CMS with the Draftail rich-text editor)
  over a throwaway project, served by ``manage.py runserver --noreload``.
- :class:`WebUi`: a small order desk written with NiceGUI (Vue and Quasar in the
  page, driven from a Python process over a websocket).
- :class:`IssueTracker`: Trac's tickets over a seeded sqlite environment, served by
  ``tracd`` in a child process.
- :class:`DataApp`: a small expense tracker written with Streamlit (a script rerun
  on every input, its output sent over a websocket), with BaseWeb's popover select.
- :class:`MlDemo`: a small dose calculator written with Gradio, whose result comes
  back over Gradio's queue (server-sent events) a second or more after the click.
- :class:`TrackingUi`: MLflow's tracking UI (a grid of 60 logged runs, a page per
  run, hash routes) over a sqlite store, served by ``mlflow server``.
- :class:`NotebookIde`: JupyterLab over a one-notebook folder (CodeMirror 6 cells,
  an ipykernel over a websocket), served by ``jupyter lab``.

Every server binds 127.0.0.1 on a free port; every start-up step is bounded in time.
Nothing here imports Django, Wagtail, NiceGUI, Trac, Streamlit, Gradio, MLflow, JupyterLab
or Sphinx: they run in child processes.
"""

from __future__ import annotations

from benchmarks.economy.apps._base import DOCS_DIR, NPM_DIR, App, AppError
from benchmarks.economy.apps.api_console import (
    CATALOG,
    CATALOG_PREFIX,
    ITEMS,
    ApiConsole,
    ensure_npm,
)
from benchmarks.economy.apps.cms_admin import CmsAdmin
from benchmarks.economy.apps.data_app import DataApp
from benchmarks.economy.apps.django_admin import DjangoAdmin
from benchmarks.economy.apps.docs_site import DocsSite, section_sentence
from benchmarks.economy.apps.issue_tracker import IssueTracker
from benchmarks.economy.apps.ml_demo import MlDemo
from benchmarks.economy.apps.notebook_ide import NotebookIde
from benchmarks.economy.apps.tracking_ui import TrackingUi
from benchmarks.economy.apps.web_ui import WebUi

__all__ = [
    "CATALOG",
    "CATALOG_PREFIX",
    "DOCS_DIR",
    "ITEMS",
    "NPM_DIR",
    "ApiConsole",
    "App",
    "AppError",
    "CmsAdmin",
    "DataApp",
    "DjangoAdmin",
    "DocsSite",
    "IssueTracker",
    "MlDemo",
    "NotebookIde",
    "TrackingUi",
    "WebUi",
    "ensure_npm",
    "section_sentence",
]
