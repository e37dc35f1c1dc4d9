// @ts-check
// The same structural path as the isolated world's pathOf, computed in the
// page's own world for the element a Playwright locator found: it is how a
// locator and a d-ref are proven to name the same element. null for an
// element inside an iframe (dom() reads the main frame's document).
/** @param {Element} el */
(el) => {
  const win = el.ownerDocument && el.ownerDocument.defaultView;
  if (!win || win !== win.top) return null;
  // No Array methods: a page may have replaced them.
  const up = [];
  let n = 0;
  /** @type {Element} */
  let cur = el;
  for (;;) {
    const parent = cur.parentNode;
    if (!parent) return null;
    let i = 0;
    for (let s = cur.previousElementSibling; s; s = s.previousElementSibling) i++;
    up[n++] = i;
    if (parent.nodeType === 9) break;
    if (parent.nodeType === 11) {
      const host = /** @type {ShadowRoot} */ (parent).host;
      if (!host) return null;
      up[n++] = -1;
      cur = host;
      continue;
    }
    cur = /** @type {Element} */ (parent);
  }
  const path = [];
  for (let k = 0; k < n; k++) path[k] = up[n - 1 - k];
  return path;
}
