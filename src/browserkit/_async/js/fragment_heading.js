// @ts-check
// The words of the heading a URL's #fragment points at: the element it names
// is that heading, sits in one, or begins with one (a <section id>). Null when
// none does (a fragment naming a paragraph, a term, or nothing).
/**
 * @param {string} fragment
 * @returns {string | null}
 */
(fragment) => {
  let id = fragment;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    // a malformed escape: the fragment as written
  }
  const target = document.getElementById(id) || document.getElementsByName(id)[0];
  if (!target) return null;
  const headings = 'h1, h2, h3, h4, h5, h6, [role="heading"]';
  const inside = /** @type {HTMLElement | null} */ (target.closest(headings));
  if (inside) return inside.innerText;
  const first = /** @type {HTMLElement | null} */ (target.querySelector(headings));
  if (!first) return null;
  const words = (s) => s.replace(/\s+/g, ' ').trim();
  // Only a heading the element begins with: a wrapper of the whole page
  // (#content) names no one section.
  return words(target.innerText).startsWith(words(first.innerText)) ? first.innerText : null;
}
