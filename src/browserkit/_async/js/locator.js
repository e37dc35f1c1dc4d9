// @ts-check
// What a careful person would name an element by, read in Playwright's
// utility world (page code can neither reach it nor patch the DOM methods it
// calls). Called with the pin helper (js/pins.js), the pin key of the element
// and the test-id attribute; returns null when the element is gone, else its
// facts: test id, label, placeholder, short text, a CSS path (the last
// resort), and its centre on the page (where a replay may look for it again).
// Which of these is unique is decided by Playwright's own locator count, or
// for the CSS path by the document's own CSS (cssUnique).
/**
 * @param {() => BrowserkitPins} installPins
 * @param {string} key
 * @param {string} testIdAttribute
 */
(installPins, key, testIdAttribute) => {
  const el = installPins().state(key);
  if (typeof el === 'string') return null;
  const clean = (/** @type {string | null | undefined} */ s) =>
    (s || '').replace(/\s+/g, ' ').trim();
  const short = (/** @type {string} */ s) => (s && s.length <= 40 ? s : '');
  const tag = el.tagName.toLowerCase();
  const field = /** @type {HTMLInputElement} */ (el);
  let label = '';
  if (field.labels && field.labels.length === 1) {
    const copy = /** @type {HTMLElement} */ (field.labels[0].cloneNode(true));
    copy.querySelectorAll('input, select, textarea').forEach((c) => c.remove());
    label = clean(copy.textContent);
  }
  const editable = ['input', 'select', 'textarea'].includes(tag);
  const text = editable ? '' : clean(/** @type {HTMLElement} */ (el).innerText);
  // Inside a shadow root the path goes on from its host (Playwright's CSS
  // pierces open shadow roots, and its ">" steps from a host into its root):
  // the same path in two components' shadow roots would otherwise match both.
  // Whether the path steps from a shadow host, or may (an open root on the way).
  let crossed = false;
  const css = (/** @type {Element} */ node) => {
    let path = '';
    for (let at = node; at; ) {
      if (at.shadowRoot) crossed = true;
      const name = at.tagName.toLowerCase();
      if (at.id && /^[A-Za-z][\w-]*$/.test(at.id) && !/\d{3,}/.test(at.id)) {
        return '#' + at.id + path;
      }
      if (name === 'html' || name === 'body') return name + path;
      const parent = at.parentNode;
      const same = parent ? Array.from(parent.children).filter((c) => c.tagName === at.tagName) : [];
      const part = same.length > 1 ? `${name}:nth-of-type(${same.indexOf(at) + 1})` : name;
      const host = parent instanceof ShadowRoot ? parent.host : null;
      if (host) crossed = true;
      path = (host || at.parentElement ? ' > ' : '') + part + path;
      at = /** @type {Element} */ (host || at.parentElement);
    }
    return path;
  };
  // A role and name for elements no outline printed (d-refs): the usual
  // implicit roles only; the count in Python says whether it names the element.
  const type = (el.getAttribute('type') || 'text').toLowerCase();
  const implicit = {
    button: 'button', a: el.hasAttribute('href') ? 'link' : '', select: 'combobox',
    textarea: 'textbox', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading',
    input: {checkbox: 'checkbox', radio: 'radio', submit: 'button', button: 'button',
      search: 'searchbox'}[type] || (['text', 'email', 'password', 'tel', 'url'].includes(type)
      ? 'textbox' : ''),
  }[tag] || '';
  const role = el.getAttribute('role') || implicit;
  const name = clean(el.getAttribute('aria-label')) || label || (editable ? '' : text);
  const box = el.getBoundingClientRect();
  const path = css(el);
  // Found once, on this element, by the document's own CSS (the same as
  // Playwright's where no shadow root is on the way): no need to ask again.
  let cssUnique = false;
  if (!crossed) {
    try {
      const found = document.querySelectorAll(path);
      cssUnique = found.length === 1 && found[0] === el;
    } catch {
      cssUnique = false;
    }
  }
  return {
    tag,
    role,
    name: short(name),
    testId: el.getAttribute(testIdAttribute) || '',
    label: short(label),
    placeholder: short(el.getAttribute('placeholder') || ''),
    text: short(text),
    css: path,
    cssUnique,
    box: [box.x + box.width / 2 + window.scrollX, box.y + box.height / 2 + window.scrollY],
  };
}
