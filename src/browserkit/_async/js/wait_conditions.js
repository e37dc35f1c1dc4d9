// @ts-check
// Whether one frame's document shows text and shows gone (each null when not
// asked): [hasText, hasGone]. The caller asks every
// frame and combines the answers. innerText: display:none text does not
// count, but visually-hidden status text does. body.innerText leaves out open
// shadow roots (web components), so their rendered text is read too, but only
// when the body alone does not settle the question.
/** @param {[string | null, string | null]} args text to appear, text to go */
([text, gone]) => {
  const body = document.body ? document.body.innerText : '';
  let shadow = null;
  const shadowText = () => {
    if (shadow !== null) return shadow;
    const parts = [];
    const visit = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
      for (let n = /** @type {Element | null} */ (walker.nextNode()); n; n = /** @type {Element | null} */ (walker.nextNode())) {
        const inner = n.shadowRoot;
        if (!inner) continue;
        for (const child of inner.childNodes) {
          if (child.nodeType === 3) parts.push(/** @type {Text} */ (child).data);
          else if (child.nodeType === 1) {
            const el = /** @type {HTMLElement} */ (child);
            if (el.checkVisibility()) parts.push(el.innerText);
          }
        }
        visit(inner);
      }
    };
    if (document.body) visit(document.body);
    shadow = parts.join('\n');
    return shadow;
  };
  const shows = (s) => body.includes(s) || shadowText().includes(s);
  return [
    text !== null && shows(text),
    gone !== null && shows(gone),
  ];
}
