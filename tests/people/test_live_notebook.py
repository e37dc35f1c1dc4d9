"""The live view in a Jupyter notebook: ``s.live()`` renders inline; a screenshot stays an image."""

from __future__ import annotations

import re
from pathlib import Path

import pytest


@pytest.mark.slow
def test_live_renders_inline_in_a_notebook_and_a_screenshot_stays_an_image(
    base_url: str, tmp_path: Path
) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "import browserkit as bk\n"
            "browser = bk.Browser(idle_stop_ms=0)\n"
            f"s = browser.start(url='{base_url}/basic.html')"
        ),
        nbformat.v4.new_code_cell("view = s.live()\nview"),
        nbformat.v4.new_code_cell("print(view.url)"),
        nbformat.v4.new_code_cell("s.screenshot(format='png')"),
        nbformat.v4.new_code_cell("view.stop()\nprint(view.running)\nbrowser.close()"),
    ]
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    (shown,) = (o for o in nb.cells[1].outputs if o.get("output_type") == "execute_result")
    url = nb.cells[2].outputs[0]["text"].strip()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?token=[\w-]{40,}", url)
    frame = shown["data"]["text/html"]
    assert frame.startswith("<iframe ")
    assert f'src="{url}"' in frame
    (still,) = (o for o in nb.cells[3].outputs if o.get("output_type") == "execute_result")
    assert "image/png" in still["data"]
    assert "text/html" not in still["data"]
    assert nb.cells[4].outputs[0]["text"].strip() == "False"
