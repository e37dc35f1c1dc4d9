"""JupyterLab: a notebook IDE whose cells are CodeMirror 6 editors, run on a kernel.

Set-up writes a notebook (a heading and an empty code cell) into a temporary
folder, and ``jupyter lab`` serves that folder on
127.0.0.1 with no token, no password and no XSRF check, its configuration,
settings, workspaces and runtime files in the same folder so nothing is read
from or left in the user's home. Opening the notebook starts an ipykernel,
which the page drives over a websocket. What a task's code writes lands in the
folder, where the check reads it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from benchmarks.economy.apps._base import ProcessApp, require

__all__ = ["NotebookIde"]

NOTEBOOK = "analysis.ipynb"

# "Would you like to get notified about official Jupyter news?": answered once by
# anyone who uses JupyterLab, so not asked here.
_NO_NEWS = {"fetchNews": "false", "checkForUpdates": False}


def _notebook() -> dict[str, object]:
    return {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": ["# Weekly numbers"]},
            {
                "cell_type": "code",
                "metadata": {},
                "source": [],
                "outputs": [],
                "execution_count": None,
            },
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


class NotebookIde(ProcessApp):
    """JupyterLab over a one-notebook folder, with an ipykernel."""

    name = "JupyterLab"
    folder_prefix = "bk-economy-jupyterlab-"
    ready_path = "/api"
    ready_timeout_s = 90.0

    @property
    def notebooks(self) -> Path:
        """The folder JupyterLab serves (and the kernel's working folder)."""
        return self.folder / "notebooks"

    def start(self) -> None:
        """Write the notebook and the settings, then start JupyterLab."""
        require("jupyterlab", "JupyterLab")
        require("ipykernel", "ipykernel")
        self.notebooks.mkdir()
        (self.notebooks / NOTEBOOK).write_text(json.dumps(_notebook(), indent=1))
        settings = self.folder / "settings" / "@jupyterlab" / "apputils-extension"
        settings.mkdir(parents=True)
        (settings / "notification.jupyterlab-settings").write_text(json.dumps(_NO_NEWS))
        self.serve()

    def server_env(self) -> dict[str, str]:
        home = self.folder
        return {
            **os.environ,
            "JUPYTER_CONFIG_DIR": str(home / "config"),
            "JUPYTER_DATA_DIR": str(home / "data"),
            "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
            "IPYTHONDIR": str(home / "ipython"),
        }

    def server_command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            # Refuses to start as root without it (CI runs as root).
            "--allow-root",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            f"--ServerApp.root_dir={self.notebooks}",
            f"--LabApp.user_settings_dir={self.folder / 'settings'}",
            f"--LabApp.workspaces_dir={self.folder / 'workspaces'}",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]

    def written(self, name: str) -> str | None:
        """The text of the file ``name`` that code run in the notebook wrote, if any."""
        path = self.notebooks / name
        return path.read_text() if path.is_file() else None
