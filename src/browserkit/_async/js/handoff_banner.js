// @ts-check
// The handoff banner. It is built in an isolated world of the page (CDP
// Page.createIsolatedWorld, see handoff.py), never in the page's own world:
// there, document.createElement, attachShadow, addEventListener and Promise
// are this world's pristine ones, so a page that replaced them in its world
// before the banner existed catches neither the button, nor its listener, nor
// the promise's resolver. The button sits in a closed shadow root of a plain
// <div> (no custom element the page could have defined), and only a trusted
// click resolves it: a person's, or input the browser itself dispatched.
// Keeps {done, remove} in this world's globals (Symbol.for('browserkit.handoff')),
// out of the page's reach.
/** @param {string} text */
(text) => {
  /** @type {Record<symbol, {done: Promise<unknown>, remove: () => void} | null>} */
  const G = /** @type {any} */ (globalThis);
  const K = Symbol.for('browserkit.handoff');
  const shown = G[K];
  if (shown) shown.remove();
  const host = document.createElement('div');
  host.setAttribute('data-browserkit-handoff', '');
  host.setAttribute('style', 'display:block !important');
  const root = host.attachShadow({ mode: 'closed' });
  const bar = document.createElement('div');
  bar.setAttribute('style', 'position:fixed;left:0;right:0;top:0;z-index:2147483647;display:flex;gap:12px;align-items:center;padding:8px 12px;background:#1d4ed8;color:#fff;font:14px/1.4 system-ui,sans-serif;box-shadow:0 2px 6px rgba(0,0,0,.3)');
  const button = document.createElement('button');
  button.textContent = 'Continue';
  button.setAttribute('style', 'font:inherit;padding:4px 14px;border:0;border-radius:4px;background:#fff;color:#1d4ed8;cursor:pointer');
  const label = document.createElement('span');
  label.textContent = text;
  bar.append(button, label);
  root.append(bar);
  let resolve;
  const done = new Promise((r) => { resolve = r; });
  button.addEventListener('click', (event) => { if (event.isTrusted) resolve(true); });
  (document.body || document.documentElement).appendChild(host);
  const remove = () => {
    host.remove();
    resolve(false);
    const now = G[K];
    if (now && now.done === done) G[K] = null;
  };
  G[K] = { done, remove };
  return true;
}
