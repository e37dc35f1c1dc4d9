// @ts-check
// The values of the fields whose content is a secret (passwords, payment
// cards) in this frame's document, so outlines can mask them; empty ones
// are left out.
/** @returns {string[]} */
() => {
  const P = window[Symbol.for('browserkit.pristine')] || {};
  const all = P.querySelectorAll || Document.prototype.querySelectorAll;
  // A card field has an autocomplete token starting with "cc-", first or not
  // ("billing cc-number"); the selector narrows, the test decides.
  const found = all.call(document,
    'input[type=password i], input[autocomplete*="cc-" i], textarea[autocomplete*="cc-" i]');
  const card = /(?:^|\s)cc-/i;
  const out = [];
  for (let i = 0; i < found.length; i++) {
    const el = /** @type {HTMLInputElement} */ (found[i]);
    const secret = el.type === 'password' || card.test(el.getAttribute('autocomplete') || '');
    if (secret && el.value) out.push(String(el.value));
  }
  return out;
}
