// @ts-check
// Set (or, with an empty value, remove) one inline property; a value Chromium
// rejects leaves the inline style as it was.
/**
 * @param {HTMLElement} el
 * @param {[string, string, boolean]} args
 */
(el, [name, value, important]) => {
  if (!el.style) return { ok: false, inline: '', reason: 'the element has no style' };
  if (value === '') {
    el.style.removeProperty(name);
    return { ok: true, inline: el.style.cssText };
  }
  if (!name.startsWith('--') && !CSS.supports(name, 'inherit')) {
    return { ok: false, inline: el.style.cssText, reason: 'unknown property' };
  }
  if (!CSS.supports(name, value)) {
    return { ok: false, inline: el.style.cssText, reason: 'not a valid value for it' };
  }
  const before = el.style.cssText;
  el.style.setProperty(name, value, important ? 'important' : '');
  if (el.style.getPropertyValue(name) === '') {
    el.style.cssText = before;
    return { ok: false, inline: before, reason: 'the value was rejected' };
  }
  return { ok: true, inline: el.style.cssText };
}
