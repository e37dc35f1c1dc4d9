// Computed styles of an element (every property when names is null) and its
// inline style; names Chromium does not know are listed in unknown.
(el, names) => {
  const cs = el.ownerDocument.defaultView.getComputedStyle(el);
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
  return { properties: out, inline: el.style ? el.style.cssText : '', unknown };
}
