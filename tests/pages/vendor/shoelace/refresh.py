"""Re-vendor the Shoelace files the web-component tests load (see README.md).

Usage: ``python tests/pages/vendor/shoelace/refresh.py [VERSION]`` (needs npm).
Copies the import closure of the components the tests use, plus the light
theme and the licence, from ``npm pack @shoelace-style/shoelace``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
ENTRIES = ("button", "dialog", "select", "option", "switch")
IMPORT = re.compile(
    r"""(?:import|export)\s*(?:[^'"]*?from\s*)?["'](\.{1,2}/[^"']+)["']"""
    r"""|import\(\s*["'](\.{1,2}/[^"']+)["']\s*\)"""
)


def main(version: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        spec = f"@shoelace-style/shoelace@{version}"
        name = (
            subprocess.run(
                ["npm", "pack", spec, "--silent"],
                cwd=tmp,
                check=True,
                capture_output=True,
                text=True,
            )
            .stdout.strip()
            .splitlines()[-1]
        )
        with tarfile.open(Path(tmp) / name) as tar:
            tar.extractall(tmp, filter="data")
        cdn = Path(tmp) / "package" / "cdn"
        seen: set[str] = set()
        stack = [f"components/{c}/{c}.js" for c in ENTRIES]
        while stack:
            rel = os.path.normpath(stack.pop())
            if rel in seen:
                continue
            seen.add(rel)
            for m in IMPORT.finditer((cdn / rel).read_text("utf-8")):
                stack.append(os.path.join(os.path.dirname(rel), m.group(1) or m.group(2)))
        shutil.rmtree(HERE / "cdn", ignore_errors=True)
        for rel in [*sorted(seen), "themes/light.css"]:
            (HERE / "cdn" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(cdn / rel, HERE / "cdn" / rel)
        shutil.copy(cdn.parent / "LICENSE.md", HERE / "LICENSE.md")
        print(f"vendored {len(seen)} modules of {name}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "2.20.1")
