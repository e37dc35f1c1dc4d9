// @ts-check
// Part of the reading library (see reading_world.js): what scan() keeps, skips
// and folds, and how it tells an element's visibility, role, name and action.
/** @type {ReadingPart} */
(lib) => {
  const { clean, cap } = lib;

  // ------------------------------------------------- scan() vocabulary
  const SKIP = new Set([
    'script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base', 'svg',
    'canvas', 'object', 'embed', 'audio', 'video', 'source', 'track', 'map', 'param', 'datalist',
  ]);
  const KEEP = new Set([
    'a', 'button', 'input', 'select', 'option', 'optgroup', 'textarea', 'label', 'form', 'fieldset',
    'legend', 'img', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'nav', 'main', 'header',
    'footer', 'section', 'article', 'aside', 'dialog', 'details', 'summary', 'iframe', 'frame',
    'blockquote', 'pre', 'code', 'figure', 'figcaption', 'hr', 'br',
  ]);
  const VOID = new Set(['input', 'img', 'hr', 'br', 'iframe', 'frame']);
  const INLINE = new Set([
    'a', 'span', 'b', 'i', 'em', 'strong', 'small', 'code', 'label', 'button', 'input', 'img',
    'abbr', 'cite', 'q', 'sub', 'sup', 'mark', 'time', 'kbd', 'var', 's', 'u', 'del', 'ins',
    'font', 'textarea', 'select', 'bdi', 'bdo', 'data', 'output', 'meter', 'progress', 'wbr',
    'td', 'th',
  ]);
  const ROLES = new Set([
    'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'option', 'textbox', 'searchbox', 'combobox', 'slider', 'spinbutton',
    'treeitem',
  ]);
  const TEXT_INPUTS = new Set([
    '', 'text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local',
    'month', 'week', 'time',
  ]);
  const BUTTON_INPUTS = new Set(['submit', 'button', 'reset', 'image', 'file']);
  const topEditable = (el) => el.isContentEditable &&
    !(el.parentElement && el.parentElement.isContentEditable);
  const BUSY_CLASS = /(^|[\s_-])(spinner|loading|loader|skeleton|shimmer)([\s_-]|$)/i;
  const LOADING_TEXT = /^(loading|please wait|one moment)\b/i;
  const MIN_RUN = 10;
  const SHOW = 3;

  const visibleCache = new WeakMap();
  const visible = (el) => {
    let v = visibleCache.get(el);
    if (v !== undefined) return v;
    v = el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true });
    if (!v) {
      // display:contents has no box of its own but shows its children.
      const cs = getComputedStyle(el);
      v = cs.display === 'contents';
    }
    visibleCache.set(el, v);
    return v;
  };
  // The input's type as the browser takes it: an unknown or misspelt type is
  // "text", which the property says and the attribute does not. This world is
  // isolated, so the page cannot fake the property here.
  const inputType = (el) => String(/** @type {HTMLInputElement} */ (el).type).toLowerCase();
  const roleOf = (el) => {
    const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (explicit) return explicit;
    const tag = el.localName;
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : '';
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'input') {
      const t = inputType(el);
      if (t === 'checkbox' || t === 'radio') return t;
      if (BUTTON_INPUTS.has(t)) return 'button';
      if (t === 'range') return 'slider';
      if (t === 'number') return 'spinbutton';
      if (t === 'search') return 'searchbox';
      return 'textbox';
    }
    if (el.isContentEditable) return 'textbox';
    return '';
  };
  const actionable = (el) => {
    const tag = el.localName;
    if (el.disabled) return false;
    if (tag === 'input') return inputType(el) !== 'hidden';
    if (['button', 'select', 'textarea', 'summary'].includes(tag)) return true;
    if (tag === 'a') return el.hasAttribute('href');
    if (topEditable(el)) return true;
    const role = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    return ROLES.has(role);
  };
  const nameOf = (el) => {
    const aria = el.getAttribute('aria-label');
    if (aria && clean(aria)) return cap(clean(aria), 80);
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const root = el.getRootNode();
      const text = by.split(/\s+/).map((id) => root.getElementById ? root.getElementById(id) : null)
        .filter(Boolean).map((n) => n.textContent).join(' ');
      if (clean(text)) return cap(clean(text), 80);
    }
    const tag = el.localName;
    if (tag === 'input' || tag === 'select' || tag === 'textarea') {
      const t = tag === 'input' ? inputType(el) : '';
      if (tag === 'input' && (t === 'submit' || t === 'button' || t === 'reset')) {
        return cap(clean(el.value || t), 80);
      }
      if (el.labels && el.labels.length) {
        const text = clean(el.labels[0].innerText || el.labels[0].textContent);
        if (text) return cap(text, 80);
      }
      const hint = el.getAttribute('placeholder') || el.getAttribute('title');
      return cap(clean(hint || el.getAttribute('name') || ''), 80);
    }
    const text = clean(el.innerText || el.textContent);
    if (text) return cap(text, 80);
    const img = el.querySelector('img[alt]');
    if (img) return cap(clean(img.getAttribute('alt')), 80);
    return cap(clean(el.getAttribute('title') || ''), 80);
  };
  const actionFor = (el, role) => {
    const tag = el.localName;
    if (tag === 'input') {
      const t = inputType(el);
      if (t === 'file') return 'upload';
      if (TEXT_INPUTS.has(t)) return 'type';
      return 'click';
    }
    if (tag === 'select') return 'select';
    if (tag === 'textarea' || el.isContentEditable) return 'type';
    if (['textbox', 'searchbox', 'combobox', 'spinbutton'].includes(role)) return 'type';
    return 'click';
  };
  const sigOf = (el) => {
    let s = el.localName + '[' + (el.getAttribute('role') || '') + ']/';
    let last = '';
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      if (c.localName !== last) s += c.localName + ',';
      last = c.localName;
    }
    return s;
  };

  return {
    SKIP, KEEP, VOID, INLINE, topEditable, BUSY_CLASS, LOADING_TEXT, MIN_RUN, SHOW,
    visible, roleOf, actionable, nameOf, actionFor, sigOf, inputType,
  };
}
