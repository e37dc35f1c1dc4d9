"""Capture real Playwright ai-mode outlines into ``tests/outlines/`` for the snapshot tests.

The snapshot parser and diff are pure and tested without a browser; these files
are the real input they are tested against. Re-run after a Playwright upgrade
to catch format drift::

    python scripts/capture_outlines.py [--chromium /usr/bin/chromium] [--out tests/outlines]

Each page is loaded with ``page.set_content`` and written as ``<name>.txt``.
Some pages are also changed by a real interaction and written again as
``<name>_after.txt`` so the diff tests have real before/after pairs.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import threading
from collections.abc import Awaitable, Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.async_api import Browser, Page, async_playwright

ROOT = Path(__file__).resolve().parent.parent

Action = Callable[[Page], Awaitable[None]]

BASIC = """
<div>
  <h1>Hi</h1>
  <button>One</button>
  <input aria-label="name">
  <a href="/x">link</a>
  <iframe srcdoc="<button>inner</button>"></iframe>
  <ul><li>a</li><li>b</li></ul>
  <input type="checkbox" checked>
</div>
"""

FORMS = """
<form>
  <label>Email <input type="email" placeholder="you@example.org"></label>
  <label>Password <input type="password" value="secret"></label>
  <label>Bio <textarea placeholder="Tell us">Line one
Line two</textarea></label>
  <label><input type="checkbox" checked> Remember me</label>
  <span role="checkbox" aria-checked="mixed" tabindex="0">Some selected</span>
  <fieldset><legend>Plan</legend>
    <label><input type="radio" name="p" checked> Free</label>
    <label><input type="radio" name="p"> Pro</label>
  </fieldset>
  <label>Country <select><option>France</option><option selected>Japan</option>
    <option disabled>Mars</option></select></label>
  <label>Tags <select multiple size="3"><option selected>a</option><option>b</option>
    <option selected>c</option></select></label>
  <label>Qty <input type="number" value="2" min="1" max="9"></label>
  <label>Volume <input type="range" value="30"></label>
  <input aria-label="Invalid field" aria-invalid="true" value="x">
  <input aria-label="Spelling" aria-invalid="spelling" value="teh">
  <button type="submit" disabled>Send</button>
  <button aria-pressed="true">Bold</button>
  <button aria-pressed="mixed">Italic</button>
  <button aria-expanded="true" aria-controls="m">Menu</button>
  <button aria-expanded="false">Closed menu</button>
  <details open><summary>More</summary><p>Hidden text</p></details>
  <div role="tablist"><button role="tab" aria-selected="true">Tab A</button>
    <button role="tab" aria-selected="false">Tab B</button></div>
  <progress value="40" max="100">40%</progress>
  <div role="slider" aria-valuenow="5" aria-label="Stars" tabindex="0"></div>
  <input type="search" aria-label="Search" placeholder="Search...">
</form>
"""

TEXT_ESCAPES = (
    """
<main>
  <h2>Quotes "double" and 'single'</h2>
  <button>Back\\slash \\ end</button>
  <button>colon: after</button>
  <button>ends with colon:</button>
  <button>[bracket] start</button>
  <button>has ] and [ref=e99] inside</button>
  <button>hash # sign</button>
  <button>- leading dash</button>
  <button>123</button>
  <button>yes</button>
  <button>   </button>
  <button aria-label=" padded "></button>
  <button aria-label="tab\there"></button>
  <button>émoji 🎉 ünïcode — “curly”</button>
  <p>Plain paragraph text.</p>
  <p>colon: inside paragraph text</p>
  <p>- dash paragraph</p>
  <p>"quoted paragraph"</p>
  <p>true</p>
  <p>{braces} and `ticks`</p>
  <p>@at start</p>
  <p>Text with <a href="https://example.org/a?b=c&amp;d=e#f">a link</a> inline and
    <b>bold</b> tail.</p>
  <pre>line one
line two: with colon
    indented line</pre>
  <p>"""
    + ("long text " * 120)
    + """</p>
  <button aria-label=\""""
    + ("n" * 950)
    + """">x</button>
  <div aria-label="label only" role="group"></div>
  <span>   leading and trailing spaces   </span>
  <img alt="A cat, sitting" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <img alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" aria-label="icon: star">
  <a href="mailto:a@b.c">mail: a@b.c</a>
  <a href="#top">#top</a>
  <a>no href</a>
  <div role="note">note: "x" 'y'</div>
</main>
"""
)

TABLE = """
<table>
  <caption>Prices</caption>
  <thead><tr><th>Item</th><th>Price</th><th>Action</th></tr></thead>
  <tbody>
    <tr><td>Apple</td><td>$1.00</td><td><button>Buy</button></td></tr>
    <tr><td>Pear</td><td>$2.50</td><td><button disabled>Sold out</button></td></tr>
    <tr aria-selected="true"><th scope="row">Plum</th><td></td>
      <td><a href="/plum">Details</a></td></tr>
  </tbody>
  <tfoot><tr><td colspan="3">3 items</td></tr></tfoot>
</table>
<div role="grid" aria-label="Grid">
  <div role="row"><div role="gridcell" aria-selected="true">g1</div>
    <div role="gridcell">g2</div></div>
</div>
"""

IFRAMES = """
<h1>Frames</h1>
<iframe title="outer" srcdoc="<p>outer text</p><button>outer button</button>
  <iframe title='inner' srcdoc='&amp;lt;a href=&amp;quot;/deep&amp;quot;&amp;gt;deep link
  &amp;lt;/a&amp;gt; &amp;lt;input placeholder=&amp;quot;deep input&amp;quot;&amp;gt;'>
  </iframe>"></iframe>
<iframe title="second" srcdoc="<ul><li>one</li><li>two</li></ul>"></iframe>
<iframe title="empty" srcdoc=""></iframe>
<button>after frames</button>
"""

ARTICLE = """
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/docs">Docs</a>
  <a href="/blog" aria-current="page">Blog</a></nav></header>
<main>
  <article>
    <h1>Title of the post</h1>
    <p>By <a href="/ada">Ada</a> on <time>2024-05-01</time></p>
    <p>First paragraph with <em>emphasis</em>, <strong>strong</strong> and <code>code()</code>.</p>
    <blockquote>A quote: wise words.</blockquote>
    <figure><img alt="Diagram" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <figcaption>Figure 1</figcaption></figure>
    <h2>Section</h2>
    <ol><li>First <a href="#1">ref</a></li><li>Second</li><li><p>Para in item</p></li></ol>
    <dl><dt>Term</dt><dd>Definition</dd></dl>
    <hr>
    <h3>Sub section</h3>
    <h4>Level four</h4><h5>Level five</h5><h6>Level six</h6>
  </article>
  <aside aria-label="Related"><h2>Related</h2><ul><li><a href="/r1">R1</a></li></ul></aside>
</main>
<footer><p>© 2024</p><a href="/privacy">Privacy</a></footer>
"""

WIDGETS = """
<div role="dialog" aria-modal="true" aria-labelledby="dt"><h2 id="dt">Confirm</h2>
  <p>Are you sure?</p><button>Cancel</button><button>OK</button></div>
<div role="menu" aria-label="File"><div role="menuitem">New</div>
  <div role="menuitemcheckbox" aria-checked="true">Autosave</div>
  <div role="menuitemradio" aria-checked="false">Draft</div></div>
<ul role="tree" aria-label="Files">
  <li role="treeitem" aria-expanded="true" aria-level="1">src
    <ul role="group"><li role="treeitem" aria-level="2" aria-selected="true">main.py</li></ul></li>
</ul>
<div role="status">Saved</div>
<div role="alert">Error: disk full</div>
<div role="progressbar" aria-valuenow="3" aria-valuemax="10" aria-label="Upload"></div>
<div role="switch" aria-checked="true" tabindex="0">Wi-Fi</div>
<div role="combobox" aria-expanded="true" aria-label="City"></div>
<div role="listbox" aria-label="Cities"><div role="option" aria-selected="true">Paris</div>
  <div role="option">Rome</div></div>
<div style="cursor:pointer" onclick="1">Clickable div</div>
<span aria-hidden="true">hidden</span>
<div hidden>really hidden</div>
<svg role="img" aria-label="Logo"></svg>
<div role="separator"></div>
<div role="toolbar"><button>Cut</button><button>Copy</button></div>
"""


def shop(n: int) -> str:
    items = "\n".join(
        f'<li><span>Product {i}</span> <span>${i}.99</span> <button onclick="'
        f"this.textContent='Added \u2713';document.querySelector('#cart').textContent="
        f"'1 item in cart'\">Add to cart</button></li>"
        for i in range(1, n + 1)
    )
    return f"""
<header><a href="/">Shop</a><input type="search" placeholder="Search products">
  <div id="cart" role="status"></div></header>
<main><h1>Products</h1><ul>{items}</ul></main>
"""


def long_list(n: int) -> str:
    items = "".join(f"<li>Item {i}</li>" for i in range(1, n + 1))
    return f"<main><h1>Long list</h1><ul>{items}</ul></main>"


async def open_dialog(page: Page) -> None:
    await page.click("text=Open promo")


async def click_second_add(page: Page) -> None:
    await page.get_by_role("button", name="Add to cart").nth(41).click()


async def edit_todo(page: Page) -> None:
    await page.fill("#new", "Write tests")
    await page.click("text=Add")
    await page.click("text=Toggle first")
    await page.click("text=Reverse")


PROMO = """
<main><h1>Store</h1><button onclick="
  const d = document.createElement('div');
  d.setAttribute('role', 'dialog'); d.setAttribute('aria-label', 'Promo');
  d.innerHTML = '<h2>Sale</h2><p>Everything 20% off</p><ul>' +
    Array.from({length: 10}, (_, i) => '<li>Deal ' + i + '</li>').join('') +
    '</ul><button>Close</button>';
  document.body.appendChild(d);">Open promo</button></main>
"""

TODO = """
<main><h1>Todos</h1>
<input id="new" aria-label="New todo">
<button onclick="
  const li = document.createElement('li'); li.textContent = document.querySelector('#new').value;
  document.querySelector('ul').appendChild(li);">Add</button>
<button onclick="
  const cb = document.querySelector('input[type=checkbox]');
  cb.checked = !cb.checked;">Toggle first</button>
<button onclick="
  const ul = document.querySelector('ul');
  [...ul.children].reverse().forEach(c => ul.appendChild(c));">Reverse</button>
<ul><li><input type="checkbox" aria-label="done 1"> Buy milk</li><li>Walk dog</li>
  <li>Call mom</li></ul>
<p>Footer text</p>
</main>
"""

PAGES: list[tuple[str, str, Action | None]] = [
    ("basic", BASIC, None),
    ("forms", FORMS, None),
    ("text_escapes", TEXT_ESCAPES, None),
    ("table", TABLE, None),
    ("iframes", IFRAMES, None),
    ("article", ARTICLE, None),
    ("widgets", WIDGETS, None),
    ("shop_300", shop(300), click_second_add),
    ("promo", PROMO, open_dialog),
    ("todo", TODO, edit_todo),
    ("list_5000", long_list(5000), None),
]


async def capture(chromium: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    async with async_playwright() as p:
        browser = await p.chromium.launch(
            executable_path=chromium,
            args=[
                "--no-sandbox",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        for name, html, action in PAGES:
            # A fresh page per sample so refs start low, as an agent sees them.
            page = await browser.new_page()
            await page.set_content(html)
            await page.wait_for_timeout(50)
            text = await page.aria_snapshot(mode="ai")
            (out / f"{name}.txt").write_text(text, encoding="utf-8")
            print(f"{name}.txt: {len(text.splitlines())} lines")
            if action is not None:
                await action(page)
                await page.wait_for_timeout(50)
                after = await page.aria_snapshot(mode="ai")
                (out / f"{name}_after.txt").write_text(after, encoding="utf-8")
                print(f"{name}_after.txt: {len(after.splitlines())} lines")
            await page.close()
        page = await browser.new_page()
        # A locator snapshot starts below the page root.
        await page.set_content(ARTICLE)
        part = await page.locator("article").aria_snapshot(mode="ai")
        (out / "article_locator.txt").write_text(part, encoding="utf-8")
        print(f"article_locator.txt: {len(part.splitlines())} lines")
        await page.close()
        await capture_navigated(browser, out)
        await browser.close()


async def capture_navigated(browser: Browser, out: Path) -> None:
    """After a cross-document navigation even main-frame refs look like ``f1e2``."""
    pages = {
        "/a.html": b'<a href="b.html">to b</a><button>x</button>',
        "/b.html": b'<h1>B</h1><a href="a.html">back</a><iframe srcdoc="<button>in</button>">'
        b"</iframe>",
    }

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path, b"not found")
            self.send_response(200 if self.path in pages else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        page = await browser.new_page()
        await page.goto(f"http://127.0.0.1:{server.server_port}/a.html")
        await page.click("text=to b")
        await page.wait_for_load_state()
        text = await page.aria_snapshot(mode="ai")
        (out / "navigated.txt").write_text(text, encoding="utf-8")
        print(f"navigated.txt: {len(text.splitlines())} lines")
        await page.close()
    finally:
        server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "outlines")
    args = parser.parse_args()
    asyncio.run(capture(args.chromium, args.out))


if __name__ == "__main__":
    main()
