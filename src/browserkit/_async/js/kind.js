// @ts-check
// How fill_form fills an element: text, checkbox, radio, select, file, or its tag.
// A code editor (CodeMirror, Ace, Monaco) is 'editor': typed into through the
// hidden textarea or contenteditable behind it, since filling would append.
/** @param {HTMLElement} el */
(el) => {
  if (el.closest('.CodeMirror, .cm-editor, .ace_editor, .monaco-editor')) return 'editor';
  const tag = el.tagName.toLowerCase();
  if (tag === 'select') return 'select';
  if (tag === 'textarea' || el.isContentEditable) return 'text';
  if (el.getAttribute('role') === 'checkbox' || el.getAttribute('role') === 'switch') return 'checkbox';
  if (tag !== 'input') return tag;
  const type = (/** @type {HTMLInputElement} */ (el).type || 'text').toLowerCase();
  if (type === 'checkbox' || type === 'radio' || type === 'file') return type;
  if (['button', 'submit', 'reset', 'image', 'hidden'].includes(type)) return type;
  return 'text';
}
