"""The version is written once (``src/browserkit/_version.py``) and reads the same everywhere."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import version

import pytest

import browserkit

# Packaging: runs on every Python.
pytestmark = pytest.mark.every_python


def test_installed_metadata_matches_the_package_version() -> None:
    # Differs when _version.py was bumped without reinstalling: run `pip install -e .`.
    assert version("browserkit") == browserkit.__version__


def test_cli_prints_the_package_version() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "browserkit", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert result.stdout == f"browserkit {browserkit.__version__}\n"


def test_diagnostics_name_the_browserkit_that_made_them() -> None:
    """A bug report pasted from ``python -m browserkit diagnostics`` says which version."""
    result = subprocess.run(
        [sys.executable, "-m", "browserkit", "diagnostics"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert json.loads(result.stdout)["browserkit_version"] == browserkit.__version__
    with browserkit.Browser() as browser:
        assert browser.diagnostics().browserkit_version == browserkit.__version__
