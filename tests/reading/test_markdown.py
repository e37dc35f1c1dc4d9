"""markdown(): a page's main content as Markdown, read in the isolated world."""

from __future__ import annotations

import pytest

import browserkit as bk
from browserkit import tools
from tests.helpers import AnySession, aw

ARTICLE = """\
# Growing tomatoes

Tomatoes like **sun** and *steady* water. Read the [soil guide][{ref}] first.

## What you need

- Seeds
- Pots
  - Clay
  - Plastic

1. Sow
2. Water

**Varieties**

| Name | Days | Colour |
| --- | --- | --- |
| Roma | 75 | red |
| Sungold \\| cherry | 57 | orange |

```python
def water(pot):
    return pot.fill(0.5)
```

> Patience grows fruit.

Use `water()` daily.

[{ref}]: <{base}/guide/soil>"""


async def test_markdown_reads_headings_links_with_refs_and_a_table_without_chrome(
    sess: AnySession, base_url: str
) -> None:
    # The page breaks getComputedStyle, localName and childNodes in its own world:
    # markdown() reads in an isolated one, so the text comes out whole anyway.
    await aw(sess.navigate(f"{base_url}/md_article.html"))
    md = await aw(sess.markdown())
    (link,) = md.links
    assert md.text == ARTICLE.format(ref=link.ref, base=base_url)
    assert (link.text, link.url) == ("soil guide", f"{base_url}/guide/soil")
    assert md.title == "Garden notes" and md.url == f"{base_url}/md_article.html"
    assert not md.truncated and str(md) == md.text
    # Chrome (header, nav, aside, footer), the form and hidden text are left out.
    for gone in ("Site home", "Blog", "Related", "Privacy", "Subscribe", "Hidden", "¶"):
        assert gone not in md.text
    # A link's ref is a target.
    assert (await aw(sess.dom(link.ref, depth=0))).tag == "a"

    table = await aw(sess.markdown(bk.css("table")))
    assert table.text.splitlines()[2] == "| Name | Days | Colour |" and not table.links
    cut = await aw(sess.markdown(max_chars=120))
    assert cut.truncated and len(cut.text) <= 120 and cut.text.startswith("# Growing tomatoes")
    with pytest.raises(bk.InvalidArgumentError):
        await aw(sess.markdown(max_chars=10))


async def test_the_markdown_tool_is_in_the_reading_group(
    abrowser: bk.AsyncBrowser, base_url: str
) -> None:
    assert "browser_markdown" not in {t["name"] for t in tools.to_mcp()}
    assert "browser_markdown" in {t["name"] for t in tools.to_mcp(caps=["reading"])}
    session = await abrowser.start(f"{base_url}/md_article.html", read_only=True)
    try:
        out = await tools.call(
            abrowser, "browser_markdown", {"session_id": session.id, "selector": "h1"}
        )
        assert out == {
            "markdown": "# Growing tomatoes",
            "title": "Garden notes",
            "url": f"{base_url}/md_article.html",
        }
    finally:
        await session.stop()


async def test_main_frame_readers_refuse_a_point_and_a_frame_element_naming_themselves(
    sess: AnySession, base_url: str
) -> None:
    await aw(sess.navigate(f"{base_url}/frames.html"))
    inside = bk.css("button", frame="#same")
    for read, name in ((sess.markdown, "markdown"), (sess.dom, "dom")):
        with pytest.raises(bk.InvalidArgumentError, match=rf"{name}\(\) needs an element"):
            await aw(read(bk.Point(5, 5)))
        with pytest.raises(bk.InvalidArgumentError, match=rf"{name}\(\) reads the main frame"):
            await aw(read(inside))
