// @ts-check
// Where the page runs words together across inline elements. In
// `logs.<mark>retention</mark>_days` a reader sees one word, but the outline
// prints the pieces on lines of their own with the whitespace around them
// trimmed, so it cannot tell that run from `x <mark>y</mark> z`. glue() answers
// the pairs [last word before, first word after] of every element boundary
// inside one block of text that no whitespace, line break or block separates;
// the compact outline joins just those pieces without a space
// (snapshot/_compact.py). Computed style is read only for those candidates.
/** @param {ReadingLib} lib */
(lib) => {
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
  // Elements that part the text around them even when displayed inline.
  const PARTS = new Set([
    'BR', 'HR', 'IMG', 'INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'IFRAME', 'VIDEO', 'AUDIO',
    'CANVAS', 'svg', 'OBJECT', 'EMBED', 'METER', 'PROGRESS',
  ]);
  /** @param {number} limit */
  const glue = (limit) => {
    /** @type {[string, string][]} */
    const pairs = [];
    const root = document.body || document.documentElement;
    if (!root) return pairs;
    const keys = new Set();
    /** @type {Map<Element, Element | null>} */
    const blocks = new Map();
    /** The nearest element (itself included) laid out as a block: the line box it sits in.
     * @param {Element | null} el */
    const blockOf = (el) => {
      /** @type {Element[]} */
      const path = [];
      let found = null;
      for (let at = el; at; at = at.parentElement) {
        const known = blocks.get(at);
        if (known !== undefined) {
          found = known;
          break;
        }
        path.push(at);
        const display = getComputedStyle(at).display;
        if (!display.startsWith('inline') && display !== 'contents') {
          found = at;
          break;
        }
      }
      for (const at of path) blocks.set(at, found);
      return found;
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: (n) =>
        n.nodeType === 1 && SKIP.has(n.nodeName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    /** @type {Text | null} */
    let prev = null;
    for (let n = walker.nextNode(); n && pairs.length < limit; n = walker.nextNode()) {
      if (!(n instanceof Text)) {
        if (PARTS.has(n.nodeName)) prev = null;
        continue;
      }
      const data = n.data;
      if (!data) continue;
      if (!/\S/.test(data)) {
        prev = null;
        continue;
      }
      if (
        prev &&
        prev.parentElement !== n.parentElement &&
        !/\s$/.test(prev.data) &&
        !/^\s/.test(data) &&
        blockOf(prev.parentElement) === blockOf(n.parentElement)
      ) {
        const left = lib.clean(prev.data).split(' ').pop() || '';
        const right = lib.clean(data).split(' ')[0];
        const key = left + '\u0000' + right;
        if (!keys.has(key)) {
          keys.add(key);
          pairs.push([left, right]);
        }
      }
      prev = n;
    }
    return pairs;
  };
  return { glue };
}
