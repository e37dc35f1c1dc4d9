// How fill_form fills an element: text, checkbox, radio, select, file, or its tag.
(el) => {
  const tag = el.tagName.toLowerCase();
  if (tag === 'select') return 'select';
  if (tag === 'textarea' || el.isContentEditable) return 'text';
  if (el.getAttribute('role') === 'checkbox' || el.getAttribute('role') === 'switch') return 'checkbox';
  if (tag !== 'input') return tag;
  const type = (el.type || 'text').toLowerCase();
  if (type === 'checkbox' || type === 'radio' || type === 'file') return type;
  if (['button', 'submit', 'reset', 'image', 'hidden'].includes(type)) return type;
  return 'text';
}
