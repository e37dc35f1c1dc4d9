// @ts-check
// A <select>'s options, or the tag of what is not a select.
/** @param {Element} el */
(el) => el instanceof HTMLSelectElement
  ? {select: true, multiple: el.multiple,
     options: Array.from(el.options).map((o) => ({value: o.value, label: o.label || o.text}))}
  : {select: false, tag: el.tagName.toLowerCase()}
