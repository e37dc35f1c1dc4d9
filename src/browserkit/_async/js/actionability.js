// @ts-check
// Whether an element can take an action (type or check), read in the page
// before acting so a refusal names the real reason instead of Playwright's
// raw text. For type it also finds what takes the text: code editors
// (CodeMirror, Ace, Monaco) draw their text as spans and read keys from a
// hidden textarea or a contenteditable, where setting a value appends.
// pick === 'element' returns that editable element instead of the report.
/**
 * @param {Element} el
 * @param {[string, string | null | undefined]} args the action and what it picks
 */
(el, [action, pick]) => {
  const EDITOR_ROOTS = '.CodeMirror, .cm-editor, .ace_editor, .monaco-editor';
  const EDITABLE = 'textarea, [contenteditable=""], [contenteditable="true"], ' +
    '[contenteditable="plaintext-only"]';
  const TEXT_TYPES = new Set([
    '', 'text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local',
    'month', 'week', 'time',
  ]);
  const CHECK_ROLES = new Set([
    'checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem',
  ]);
  const what = (e) => {
    let s = e.localName;
    const type = e.getAttribute('type');
    if (type) s += ' type=' + type;
    const role = e.getAttribute('role');
    if (role) s += ' role=' + role;
    return 'a <' + s + '>';
  };
  // The input's type as the browser takes it: a type it does not know (or a
  // misspelt one) is "text", which only the property says. This runs in the
  // page's world, where the page could fake the property; faking it gains
  // nothing, since Playwright's own fill reads it again in its utility world.
  const inputType = (e) => String(/** @type {HTMLInputElement} */ (e).type).toLowerCase();
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 &&
      e.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true });
  };
  const disabled = (e) => e.matches(':disabled') ||
    e.closest('[aria-disabled="true"]') !== null;
  // A label acts for its control, as Playwright retargets it.
  const follow = (e) => {
    if (['input', 'textarea', 'select'].includes(e.localName) || e.isContentEditable) return e;
    const label = e.closest('label');
    return label && label.control ? label.control : e;
  };
  const report = (target, reason, mode) => ({
    ok: reason === null, reason, what: what(target), mode,
  });

  if (action === 'type') {
    const root = el.closest(EDITOR_ROOTS);
    const editable = root && root.querySelector(EDITABLE);
    if (editable) {
      if (pick === 'element') return editable;
      return report(root, visible(root) ? null : 'not_visible', 'editor');
    }
    const t = follow(el);
    if (pick === 'element') return t;
    if (t.isContentEditable) return report(t, visible(t) ? null : 'not_visible', 'plain');
    const textInput = t.localName === 'input' && TEXT_TYPES.has(inputType(t));
    if (!textInput && t.localName !== 'textarea') return report(t, 'not_editable', 'plain');
    if (!visible(t)) return report(t, 'not_visible', 'plain');
    if (disabled(t)) return report(t, 'disabled', 'plain');
    if (t.readOnly || t.getAttribute('aria-readonly') === 'true') {
      return report(t, 'read_only', 'plain');
    }
    return report(t, null, 'plain');
  }
  // check
  const t = follow(el);
  const kind = t.localName === 'input' ? inputType(t) : '';
  const native = t.localName === 'input' && (kind === 'checkbox' || kind === 'radio');
  const role = (t.getAttribute('role') || '').trim().split(/\s+/)[0];
  if (!native && !CHECK_ROLES.has(role)) return report(t, 'not_checkable', 'plain');
  if (disabled(t)) return report(t, 'disabled', 'plain');
  return report(t, null, 'plain');
}
