// @ts-check
// What a person sees at a point they picked in the live view. Run over CDP in
// browserkit's own isolated world of the tab's main frame (`browserkit-pick`):
// page scripts can neither reach nor patch what runs there, and nothing here
// dispatches an event or writes to the page.
//
// `top` is the browser's own hit test at the point (CDP DOM.getNodeForLocation,
// which also sees into closed shadow roots), or null when it is out of this
// world's reach (a cross-origin frame). When it is seen, it is the answer.
// Otherwise layers nobody can see are looked through: the elements at the
// point, top first (through open shadow roots and same-origin iframes), and the
// first one that is seen is the answer. Null: nothing there can be seen.
//
// Seen: its own visibility is `visible`, and something it paints (background,
// border, outline, shadow, text inside its box, an image or other replaced
// content, generated content) times the opacity of it and every ancestor (across
// shadow roots and frames; `filter: opacity()` and a gradient mask count)
// reaches MIN_ALPHA. The root element paints
// the canvas. Clip paths, zero sizes and `pointer-events: none` need no rule:
// the browser's hit test leaves those out already. A frame's document shows
// what is under it where it paints nothing.
/**
 * @param {Element | null} top
 * @param {number} x
 * @param {number} y
 * @returns {Element | null}
 */
(top, x, y) => {
  // Below 10% a layer is a ghost a person does not notice over what is under it.
  const MIN_ALPHA = 0.1;
  const SVG = 'http://www.w3.org/2000/svg';
  const REPLACED = new Set(['img', 'video', 'canvas', 'svg', 'embed', 'object', 'iframe', 'frame',
                            'picture', 'audio', 'meter', 'progress']);
  const FORM = new Set(['input', 'textarea', 'select']);
  /** @param {Element} el @param {string | null} [pseudo] */
  const styleOf = (el, pseudo) => {
    const view = el.ownerDocument.defaultView || window;
    return view.getComputedStyle(el, pseudo);
  };
  /** The alpha of one computed colour (`rgb()`, `rgba()`, or any `/ alpha` form). */
  const alphaOf = (/** @type {string} */ color) => {
    const c = color.trim();
    if (!c || c === 'transparent' || c === 'none') return 0;
    const slash = c.match(/\/\s*([\d.]+)(%?)\s*\)$/);
    if (slash) return slash[2] ? parseFloat(slash[1]) / 100 : parseFloat(slash[1]);
    const rgba = c.match(/^rgba\(([^)]*)\)$/);
    if (rgba) {
      const parts = rgba[1].split(',');
      if (parts.length === 4) {
        const a = parts[3].trim();
        return a.endsWith('%') ? parseFloat(a) / 100 : parseFloat(a);
      }
    }
    return 1;
  };
  /** The strongest alpha of the colours in a list value (shadows); none: 0. */
  const strongest = (/** @type {string} */ value) => {
    if (!value || value === 'none') return 0;
    const colors = value.match(/(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^)]*\)/g);
    if (!colors) return 1;
    return Math.max(...colors.map(alphaOf));
  };
  /** The opacity one element applies to itself and what it holds: its own, its
   * `filter: opacity()`, and a mask made of colours (a gradient) at its strongest. */
  const opacityOf = (/** @type {Element} */ el) => {
    const s = styleOf(el);
    let o = parseFloat(s.opacity);
    if (!(o >= 0)) o = 1;
    for (const m of s.filter.matchAll(/opacity\(([\d.]+)(%?)\)/g)) {
      o *= m[2] ? parseFloat(m[1]) / 100 : parseFloat(m[1]);
    }
    const mask = s.getPropertyValue('mask-image') || s.getPropertyValue('-webkit-mask-image');
    if (mask && mask !== 'none' && !/url\(/.test(mask)) o *= strongest(mask);
    return o;
  };
  /** The next node up in the flat tree, out of shadow roots and frames. */
  const parentOf = (/** @type {Node} */ n) => {
    if (n.nodeType === 9) {
      try {
        return /** @type {Document} */ (n).defaultView?.frameElement || null;
      } catch {
        return null;
      }
    }
    const el = /** @type {Element} */ (n);
    return el.assignedSlot || n.parentNode || /** @type {ShadowRoot} */ (n).host || null;
  };
  // The stack under a point shares its ancestors: each chain is worked out once.
  /** @type {Map<Node, number>} */
  const chains = new Map();
  const chainOpacity = (/** @type {Node} */ node) => {
    // Up to the first node already worked out (no recursion: a page may nest deep).
    /** @type {Node[]} */
    const path = [];
    let above = 1;
    for (let n = /** @type {Node | null} */ (node); n; n = parentOf(n)) {
      const known = chains.get(n);
      if (known !== undefined) {
        above = known;
        break;
      }
      path.push(n);
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const n = path[i];
      if (n.nodeType === 1) above *= opacityOf(/** @type {Element} */ (n));
      chains.set(n, above);
    }
    return above;
  };
  /** Whether the element shows text of its own inside its box (not pushed out of it). */
  const hasText = (/** @type {Element} */ el) => {
    if (FORM.has(el.localName)) {
      const control = /** @type {HTMLInputElement} */ (el);
      return !!(control.value || control.getAttribute('placeholder'));
    }
    const box = el.getBoundingClientRect();
    for (const child of el.childNodes) {
      if (child.nodeType !== 3 || !(child.nodeValue || '').trim()) continue;
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(child);
      for (const r of range.getClientRects()) {
        const w = Math.min(r.right, box.right) - Math.max(r.left, box.left);
        const h = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
        if (w > 0 && h > 0) return true;
      }
    }
    return false;
  };
  /** The alpha of what one box paints, given its style and whether it holds text. */
  const boxAlpha = (/** @type {CSSStyleDeclaration} */ s, /** @type {boolean} */ text) => {
    let a = s.backgroundImage !== 'none' ? 1 : alphaOf(s.backgroundColor);
    for (const side of ['top', 'right', 'bottom', 'left']) {
      const width = parseFloat(s.getPropertyValue(`border-${side}-width`));
      const style = s.getPropertyValue(`border-${side}-style`);
      if (width > 0 && style !== 'none' && style !== 'hidden') {
        a = Math.max(a, alphaOf(s.getPropertyValue(`border-${side}-color`)));
      }
    }
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) {
      a = Math.max(a, alphaOf(s.outlineColor));
    }
    a = Math.max(a, strongest(s.boxShadow));
    if (text && parseFloat(s.fontSize) > 0) {
      const fill = s.getPropertyValue('-webkit-text-fill-color') || s.color;
      a = Math.max(a, Math.min(alphaOf(s.color), alphaOf(fill)), strongest(s.textShadow));
    }
    return a;
  };
  const paintAlpha = (/** @type {Element} */ el) => {
    const doc = el.ownerDocument;
    if (el === doc.documentElement) {
      // The top page's canvas is painted (white when nothing else); a frame's
      // only with its root's or body's background: else it shows what is under.
      if (doc === document) return 1;
      return Math.max(boxAlpha(styleOf(el), false), doc.body ? boxAlpha(styleOf(doc.body), false) : 0);
    }
    if (REPLACED.has(el.localName) || el.namespaceURI === SVG) return 1;
    let a = boxAlpha(styleOf(el), hasText(el));
    for (const pseudo of ['::before', '::after', '::marker']) {
      const s = styleOf(el, pseudo);
      const content = s.content;
      if (!content || content === 'none' || content === 'normal') continue;
      const text = content !== '""' && !/^url\(/.test(content);
      a = Math.max(a, /^url\(/.test(content) ? 1 : boxAlpha(s, text));
    }
    return a;
  };
  const seen = (/** @type {Element} */ el) => {
    if (styleOf(el).visibility !== 'visible') return false;
    return paintAlpha(el) * chainOpacity(el) >= MIN_ALPHA;
  };
  /** The elements at (x, y) of a document or shadow root, top first, into open shadow roots. */
  const stackAt = (/** @type {Document | ShadowRoot} */ root, px, py) => {
    /** @type {Element[]} */
    const out = [];
    for (const el of root.elementsFromPoint(px, py)) {
      if (el.getRootNode() !== root) continue;
      if (el.shadowRoot) out.push(...stackAt(el.shadowRoot, px, py));
      out.push(el);
    }
    return out;
  };

  /** The first element seen at (px, py) of `doc`, looking into same-origin frames:
   * a frame where nothing is seen at the point is clear there, and looked past. */
  const lookIn = (/** @type {Document} */ doc, px, py, depth) => {
    for (const el of stackAt(doc, px, py)) {
      if (!seen(el)) continue;
      if (el.localName !== 'iframe' && el.localName !== 'frame') return el;
      /** @type {Document | null} */
      let inner;
      try {
        inner = /** @type {HTMLIFrameElement} */ (el).contentDocument;
      } catch {
        inner = null;
      }
      if (!inner || depth > 16) return el;  // another origin's frame: the caller decides
      const box = el.getBoundingClientRect();
      const s = styleOf(el);
      const found = lookIn(inner, px - box.left - el.clientLeft - parseFloat(s.paddingLeft),
                           py - box.top - el.clientTop - parseFloat(s.paddingTop), depth + 1);
      if (found) return found;
    }
    return null;
  };

  if (top && top.nodeType === 1 && top.isConnected && seen(top)) return top;
  return lookIn(document, x, y, 0);
}
