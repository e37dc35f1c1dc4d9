// @ts-check
// Part of the reading library (see reading_world.js): element paths, and the
// short unique selectors scan() reports.
/** @type {ReadingPart} */
(lib) => {
  const { isEl } = lib;

  // ------------------------------------------------------------ paths
  // A path is the child-element index at each level from the document, with
  // -1 for "enter the shadow root"; the main-world twin computes the same.
  const pathOf = (el) => {
    const out = [];
    let cur = el;
    for (;;) {
      const parent = cur.parentNode;
      if (!parent) return null;
      let i = 0;
      for (let s = cur.previousElementSibling; s; s = s.previousElementSibling) i++;
      out.push(i);
      if (parent.nodeType === 9) break;
      if (parent.nodeType === 11) {
        if (!parent.host) return null;
        out.push(-1);
        cur = parent.host;
        continue;
      }
      cur = parent;
    }
    return out.reverse();
  };
  /** @param {number[]} path */
  const follow = (path) => {
    /** @type {(ParentNode & {shadowRoot?: ShadowRoot | null}) | null | undefined} */
    let node = document;
    for (const step of path) {
      node = step === -1 ? node.shadowRoot : node && node.children[step];
      if (!node) return null;
    }
    return isEl(node) ? node : null;
  };
  const typeSel = (el) => (/^[A-Za-z][A-Za-z0-9-]*$/.test(el.localName) ? el.localName : '*');

  // -------------------------------------------------- unique selectors
  let rootsCache = null;
  const shadowRoots = () => {
    if (rootsCache) return rootsCache;
    const roots = [];
    const visit = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
      for (let n = /** @type {Element | null} */ (walker.nextNode()); n; n = /** @type {Element | null} */ (walker.nextNode())) {
        if (n.shadowRoot) {
          roots.push(n.shadowRoot);
          visit(n.shadowRoot);
        }
      }
    };
    visit(document);
    rootsCache = roots;
    return roots;
  };
  // Matches over the document and every open shadow root, the way
  // Playwright's piercing css counts them.
  const countAll = (sel, scope) => {
    let n = 0;
    try {
      if (scope) {
        n += scope.querySelectorAll(sel).length;
        if (scope.shadowRoot) n += scope.shadowRoot.querySelectorAll(sel).length;
        for (const r of shadowRoots()) {
          if (r.host !== scope && scope.contains(r.host)) n += r.querySelectorAll(sel).length;
        }
        return n;
      }
      n += document.querySelectorAll(sel).length;
      for (const r of shadowRoots()) n += r.querySelectorAll(sel).length;
    } catch {
      return -1;
    }
    return n;
  };
  const GOOD_ID = /^[A-Za-z][\w-]{0,63}$/;
  const goodClass = (c) => /^[A-Za-z_-][\w-]{0,40}$/.test(c) && !/\d{3,}/.test(c);
  // A short selector built from the element's own id, classes and position,
  // unique within its tree (and, for shadow content, chained from its host).
  const selectorIn = (el, scope) => {
    const count = (sel) => countAll(sel, scope);
    if (el.id && GOOD_ID.test(el.id) && count('#' + el.id) === 1) return '#' + el.id;
    const tag = typeSel(el);
    const href = el.localName === 'a' ? el.getAttribute('href') : null;
    if (href && href.length <= 80 && !/["\\\n]/.test(href)) {
      const s = 'a[href="' + href + '"]';
      if (count(s) === 1) return s;
    }
    const name = el.getAttribute('name');
    if (name && /^[\w.:[\]-]{1,60}$/.test(name)) {
      const s = tag + '[name="' + name + '"]';
      if (count(s) === 1) return s;
    }
    const parts = [];
    let cur = el;
    while (cur && isEl(cur)) {
      let part = typeSel(cur);
      if (cur !== el && cur.id && GOOD_ID.test(cur.id) && count('#' + cur.id) === 1) {
        parts.unshift('#' + cur.id);
        return parts.join(' > ');
      }
      const cls = (cur.getAttribute('class') || '').split(/\s+/).filter(goodClass).slice(0, 2);
      for (const c of cls) part += '.' + c;
      // Siblings live under an element, a shadow root or the document.
      const holder = cur.parentNode;
      if (holder) {
        let same = 0;
        let index = 0;
        for (let s = holder.firstElementChild; s; s = s.nextElementSibling) {
          if (s.localName === cur.localName) {
            same++;
            if (s === cur) index = same;
          }
        }
        const probe = [part, ...parts].join(' > ');
        if (same > 1 && count(probe) !== 1) part += ':nth-of-type(' + index + ')';
      }
      parts.unshift(part);
      const sel = parts.join(' > ');
      if (count(sel) === 1) return sel;
      cur = cur.parentElement;
    }
    return parts.join(' > ');
  };
  const uniqueSelector = (el) => {
    const root = el.getRootNode();
    if (root.nodeType === 11 && root.host) {
      return uniqueSelector(root.host) + ' >> ' + selectorIn(el, root.host);
    }
    return selectorIn(el, null);
  };
  // scan() starts each read from a fresh list of shadow roots.
  const resetRoots = () => {
    rootsCache = null;
  };

  return { pathOf, follow, shadowRoots, resetRoots, uniqueSelector };
}
