"""The real apps the economy benchmark drives, each started and stopped inside the run.

- :class:`DjangoAdmin`: Django's admin over a tiny project written to a temporary
  folder (two models joined by a foreign key, sqlite, a superuser), served by
  ``manage.py runserver --noreload`` in a child process.
- :class:`DocsSite`: browserkit's own Sphinx docs, built with ``sphinx-build`` and
  served by :mod:`http.server`.
- :class:`ApiConsole`: swagger-ui-dist from npm (a React single-page app) with an
  OpenAPI document for a tiny JSON API that the same server answers.
- :class:`CmsAdmin`: Wagtail's admin (a CMS with the Draftail rich-text editor)
  over a throwaway project, served by ``manage.py runserver --noreload``.
- :class:`WebUi`: a small order desk written with NiceGUI (Vue and Quasar in the
  page, driven from a Python process over a websocket).
- :class:`TrackingUi`: MLflow's tracking UI (a grid of 60 logged runs, a page per
  run, hash routes) over a sqlite store, served by ``mlflow server``.
- :class:`NotebookIde`: JupyterLab over a one-notebook folder (CodeMirror 6 cells,
  an ipykernel over a websocket), served by ``jupyter lab``.

Every server binds 127.0.0.1 on a free port; every start-up step is bounded in time.
Nothing here imports Django, Wagtail, NiceGUI, Sphinx, MLflow or JupyterLab: they run
in child processes.
"""

from __future__ import annotations

from benchmarks.economy.apps._base import DOCS_DIR, NPM_DIR, App, AppError
from benchmarks.economy.apps.api_console import ITEMS, ApiConsole, ensure_npm
from benchmarks.economy.apps.cms_admin import CmsAdmin
from benchmarks.economy.apps.django_admin import DjangoAdmin
from benchmarks.economy.apps.docs_site import DocsSite, section_sentence
from benchmarks.economy.apps.notebook_ide import NotebookIde
from benchmarks.economy.apps.tracking_ui import TrackingUi
from benchmarks.economy.apps.web_ui import WebUi

__all__ = [
    "DOCS_DIR",
    "ITEMS",
    "NPM_DIR",
    "ApiConsole",
    "App",
    "AppError",
    "CmsAdmin",
    "DjangoAdmin",
    "DocsSite",
    "NotebookIde",
    "TrackingUi",
    "WebUi",
    "ensure_npm",
    "section_sentence",
]
