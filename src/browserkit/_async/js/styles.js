// @ts-check
// Computed styles of an element (every property when names is null) and its
// inline style; names Chromium does not know are listed in unknown.
/**
 * @param {Element} el
 * @param {string[]} names
 */
(el, names) => {
  const view = /** @type {Window} */ (el.ownerDocument.defaultView);
  const cs = view.getComputedStyle(el);
  const out = {};
  const unknown = [];
  if (names === null) {
    for (let i = 0; i < cs.length; i++) out[cs[i]] = cs.getPropertyValue(cs[i]);
  } else {
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (!name.startsWith('--') && !CSS.supports(name, 'inherit')) unknown.push(name);
      out[name] = cs.getPropertyValue(name).trim();
    }
  }
  const style = /** @type {HTMLElement} */ (el).style;
  return { properties: out, inline: style ? style.cssText : '', unknown };
}
