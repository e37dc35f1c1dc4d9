// @ts-check
// Part of the reading library (see reading_world.js): markdown(), the page's
// main content as Markdown. It drops what scan() drops (scripts, styles, media,
// hidden elements: the same SKIP set and visibility test) and, being for
// reading, the page's chrome too: navigation, banners, footers, sidebars,
// search and form controls. Links are reference-style with their d-ref as the
// label (`[Docs][d12]`, `[d12]: https://...` at the end), so a link read here
// is a target too.
/** @type {ReadingPart} */
(lib) => {
  const { TOKEN, refFor, elementFor, firstId, maxId, clean, isEl, follow, SKIP, visible } = lib;

  const CHROME_TAGS = new Set(['nav', 'aside', 'footer', 'header', 'form', 'dialog', 'menu']);
  const CHROME_ROLES = new Set([
    'navigation', 'banner', 'contentinfo', 'complementary', 'search', 'dialog', 'menu',
    'menubar', 'toolbar', 'tablist', 'alertdialog',
  ]);
  const CONTROLS = new Set(['input', 'select', 'textarea', 'button', 'option', 'optgroup']);
  const BLOCKS = new Set([
    'p', 'div', 'section', 'article', 'main', 'header', 'footer', 'ul', 'ol', 'li', 'dl', 'dt',
    'dd', 'table', 'pre', 'blockquote', 'figure', 'figcaption', 'hr', 'h1', 'h2', 'h3', 'h4',
    'h5', 'h6', 'details', 'summary', 'address', 'center', 'body', 'tr', 'caption',
  ]);

  const markdown = ({ ref, path, maxChars }) => {
    const unseen = lib.seer().unseen;
    let hidden = 0;
    const links = [];
    let length = 0;
    let stopped = false;
    // A heading inside <header> of an article is content; the site's banner is not.
    const chrome = (el, inContent) => {
      const role = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
      if (CHROME_ROLES.has(role)) return true;
      if (el.getAttribute('aria-hidden') === 'true') return true;
      if (!CHROME_TAGS.has(el.localName)) return false;
      return !(inContent && el.localName === 'header');
    };
    const kids = (el) => {
      if (el.shadowRoot) return Array.from(el.shadowRoot.childNodes);
      if (el.localName === 'slot') {
        const assigned = el.assignedNodes({ flatten: true });
        return assigned.length ? assigned : Array.from(el.childNodes);
      }
      return Array.from(el.childNodes);
    };
    const shown = (el) => isEl(el) && !SKIP.has(el.localName) && !CONTROLS.has(el.localName) &&
      visible(el);
    const isBlock = (el) => {
      if (BLOCKS.has(el.localName)) return true;
      const display = getComputedStyle(el).display;
      return display === 'block' || display === 'flex' || display === 'grid' ||
        display === 'list-item' || display === 'table';
    };
    const escText = (s) => s.replace(/([\\`*_[\]<>])/g, '\\$1');

    // ------------------------------------------------------------ inline
    const inline = (node, inContent) => {
      if (node.nodeType === 3) {
        if (/\S/.test(node.data) && unseen(node)) {
          hidden++;
          return '';
        }
        const text = escText(node.data.replace(/\s+/g, ' '));
        // The text alone past maxChars: the Markdown will be cut, stop reading.
        length += text.length;
        if (length > maxChars + 64) stopped = true;
        return text;
      }
      if (stopped || !shown(node) || chrome(node, inContent)) return '';
      const el = node;
      const tag = el.localName;
      if (tag === 'br') return '\n';
      if (tag === 'img') {
        const alt = clean(el.getAttribute('alt') || '');
        return alt ? '![' + escText(alt) + '](' + el.src + ')' : '';
      }
      if (tag === 'code' || tag === 'kbd' || tag === 'samp') {
        const text = clean(el.textContent);
        if (!text) return '';
        const fence = text.includes('`') ? '``' : '`';
        return fence + text + fence;
      }
      const inner = kids(el).map((n) => inline(n, inContent)).join('');
      if (tag === 'a' && el.hasAttribute('href')) {
        const text = clean(inner);
        const href = el.href;
        // Symbol-only links to the same page (a heading's ¶ anchor) are chrome,
        // and a heading that links to itself reads as the heading.
        if ((el.getAttribute('href') || '').startsWith('#')) {
          if (!/[\p{L}\p{N}]/u.test(text)) return '';
          if (el.closest('h1, h2, h3, h4, h5, h6')) return inner;
        }
        if (!text || !/^(https?|mailto|ftp|file):/i.test(href)) return inner;
        const id = refFor(el);
        links.push({ ref: id, text: clean(el.textContent), url: href });
        return '[' + text + '][' + id + ']';
      }
      const text = clean(inner);
      if (!text) return inner.trim() ? inner : (inner ? ' ' : '');
      const pad = (mark) => (inner.startsWith(' ') ? ' ' : '') + mark + text + mark +
        (inner.endsWith(' ') ? ' ' : '');
      if (tag === 'strong' || tag === 'b') return pad('**');
      if (tag === 'em' || tag === 'i' || tag === 'cite') return pad('*');
      if (tag === 'del' || tag === 's') return pad('~~');
      return inner;
    };
    const line = (el, inContent) =>
      kids(el).map((n) => inline(n, inContent)).join('').replace(/[ \t]+/g, ' ')
        .split('\n').map((s) => s.trim()).join('\n').trim();

    // ------------------------------------------------------------ blocks
    const cell = (el, inContent) => line(el, inContent).replace(/\n/g, ' ').replace(/\|/g, '\\|');
    const table = (el, inContent) => {
      const rows = [];
      let header = -1;
      for (const tr of el.querySelectorAll('tr')) {
        if (tr.closest('table') !== el || !visible(tr)) continue;
        const cells = [];
        let heads = 0;
        for (const c of tr.children) {
          if (c.localName !== 'td' && c.localName !== 'th') continue;
          if (c.localName === 'th') heads++;
          cells.push(cell(c, inContent));
          const span = Math.min(Number(c.getAttribute('colspan')) || 1, 50);
          for (let i = 1; i < span; i++) cells.push('');
        }
        if (!cells.length) continue;
        if (header < 0 && (heads === cells.length || tr.parentElement.localName === 'thead')) {
          header = rows.length;
        }
        rows.push(cells);
      }
      if (!rows.length) return '';
      const width = Math.max(...rows.map((r) => r.length));
      const fit = (r) => '| ' + [...r, ...Array(width - r.length).fill('')].join(' | ') + ' |';
      const head = header === 0 ? rows.shift() : Array(width).fill('');
      const caption = el.querySelector('caption');
      const lines = [fit(head), fit(Array(width).fill('---')), ...rows.map(fit)];
      const title = caption && caption.closest('table') === el ? cell(caption, inContent) : '';
      return (title ? '**' + title + '**\n\n' : '') + lines.join('\n');
    };
    const language = (el) => {
      const names = [el, el.querySelector('code'), el.parentElement, el.parentElement &&
        el.parentElement.parentElement];
      for (const n of names) {
        const m = n && /(?:language|lang|highlight)-([\w+#-]+)/.exec(n.getAttribute('class') || '');
        if (m && m[1] !== 'default') return m[1];
      }
      return '';
    };
    const list = (el, depth, inContent) => {
      const items = [];
      let n = Number(el.getAttribute('start')) || 1;
      for (const li of el.children) {
        if (li.localName !== 'li' || !shown(li)) continue;
        const mark = el.localName === 'ol' ? n++ + '. ' : '- ';
        const parts = blocks(li, depth + 1, inContent);
        const [first = '', ...rest] = parts;
        const pad = ' '.repeat(mark.length);
        items.push(mark + first.split('\n').join('\n' + pad) +
          rest.map((b) => '\n' + pad + b.split('\n').join('\n' + pad)).join(''));
      }
      return items.join('\n');
    };
    // The blocks of el's children: runs of inline content become paragraphs.
    const blocks = (el, depth, inContent) => {
      const result = [];
      let run = '';
      const flush = () => {
        const text = run.replace(/[ \t]+/g, ' ').split('\n').map((s) => s.trim()).join('\n')
          .trim();
        if (text) result.push(text);
        run = '';
      };
      for (const n of kids(el)) {
        if (stopped) break;
        if (n.nodeType === 3) {
          run += inline(n, inContent);
          continue;
        }
        if (!shown(n) || chrome(n, inContent)) continue;
        if (!isBlock(n)) {
          run += inline(n, inContent);
          continue;
        }
        flush();
        for (const b of block(n, depth, inContent)) result.push(b);
      }
      flush();
      return result;
    };
    const block = (el, depth, inContent) => {
      const tag = el.localName;
      const content = inContent || tag === 'main' || tag === 'article' ||
        el.getAttribute('role') === 'main';
      if (/^h[1-6]$/.test(tag)) {
        const text = line(el, content).replace(/\n/g, ' ');
        return text ? ['#'.repeat(Number(tag[1])) + ' ' + text] : [];
      }
      if (tag === 'hr') return ['---'];
      if (tag === 'pre') {
        const text = (/** @type {HTMLElement} */ (el).innerText || el.textContent || '')
          .replace(/\n+$/, '');
        const fence = text.includes('```') ? '````' : '```';
        return text.trim() ? [fence + language(el) + '\n' + text + '\n' + fence] : [];
      }
      if (tag === 'table') {
        const text = table(el, content);
        return text ? [text] : [];
      }
      if (tag === 'ul' || tag === 'ol') {
        const text = list(el, depth, content);
        return text ? [text] : [];
      }
      if (tag === 'blockquote') {
        const inner = blocks(el, depth, content).join('\n\n');
        return inner ? [inner.split('\n').map((s) => (s ? '> ' + s : '>')).join('\n')] : [];
      }
      if (tag === 'dt') {
        const text = line(el, content);
        return text ? ['**' + text.replace(/\n/g, ' ') + '**'] : [];
      }
      if (tag === 'p' || tag === 'summary' || tag === 'figcaption' || tag === 'caption') {
        const text = line(el, content);
        return text ? [text] : [];
      }
      return blocks(el, depth, content);
    };

    // The root: the target, else the page's main content (<main>, role=main,
    // else its longest <article>), else the body.
    let root;
    if (ref !== undefined && ref !== null) {
      root = elementFor(ref);
      if (!root || !root.isConnected) return { error: 'gone', token: TOKEN, first_id: firstId() };
    } else if (path) {
      root = follow(path);
      if (!root) return { error: 'gone', token: TOKEN, first_id: firstId() };
    } else {
      const mains = Array.from(document.querySelectorAll('main, [role="main"]')).filter(visible);
      const articles = Array.from(document.querySelectorAll('article')).filter(visible);
      const longest = (els) => els.reduce((a, b) =>
        ((b.textContent || '').length > (a.textContent || '').length ? b : a));
      if (mains.length) root = longest(mains);
      else if (articles.length) root = longest(articles);
      else root = document.body || document.documentElement;
    }
    const inContent = root !== document.body && root !== document.documentElement;
    let body = root ? block(root, 0, inContent).join('\n\n') : '';
    let truncated = stopped;
    // The link definitions close the text and count towards maxChars too.
    const defsOf = (text) => {
      const used = links.filter((l) => text.includes('[' + l.ref + ']'));
      const defs = used.map((l) => '[' + l.ref + ']: <' + l.url.replace(/>/g, '%3E') + '>');
      return { used, defs: defs.length ? '\n\n' + defs.join('\n') : '' };
    };
    let { used, defs } = defsOf(body);
    if (body.length + defs.length > maxChars) {
      truncated = true;
      body = body.slice(0, Math.max(0, maxChars - defs.length)).replace(/\[[^\]]*$/, '');
      ({ used, defs } = defsOf(body));
    }
    const text = body + defs;
    return {
      text,
      title: clean(document.title),
      links: used,
      truncated,
      hidden,
      token: TOKEN,
      first_id: firstId(),
      max_id: maxId(),
    };
  };

  return { markdown };
}
