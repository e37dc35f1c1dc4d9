// Init script of every session: runs before any page script, so settling and
// scanning keep working on pages whose polyfills replace DOM globals. Also keeps
// the change stamp an action reads to reuse its last outline.
(() => {
  const k = Symbol.for('browserkit.pristine');
  if (window[k]) return;
  Object.defineProperty(window, k, { value: Object.freeze({
    MutationObserver: window.MutationObserver,
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    querySelectorAll: Document.prototype.querySelectorAll,
    elementFromPoint: Document.prototype.elementFromPoint,
  }), enumerable: false });
  // A change stamp: anything that may alter the accessibility outline
  // without a navigation bumps it, so an unchanged stamp lets an action
  // reuse the last outline as its "before" instead of capturing it again.
  let stamp = 0;
  const bump = () => { stamp++; };
  new MutationObserver(bump).observe(document,
    {subtree: true, childList: true, attributes: true, characterData: true});
  for (const type of ['input', 'change', 'focusin', 'focusout', 'mouseover', 'mouseout',
                      'pointerdown', 'pointerup', 'keydown', 'keyup', 'scroll', 'toggle',
                      'animationstart', 'animationend', 'transitionstart', 'transitionend',
                      'resize']) {
    window.addEventListener(type, bump, {capture: true, passive: true});
  }
  Object.defineProperty(window, Symbol.for('browserkit.changes'),
    { get: () => stamp, enumerable: false });
})();
