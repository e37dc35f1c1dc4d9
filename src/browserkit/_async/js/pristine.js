// @ts-check
// Init script of every session: runs before any page script, so settling and
// scanning keep working on pages whose polyfills replace DOM globals. Also keeps
// the change stamp an action reads to reuse its last outline, and the time of
// the page's last input event or DOM change, where settling's quiet window starts.
// Called with the scripts browserkit calls by name in the page's own world
// (`scripts`, e.g. {domQuiet}: _js.PRISTINE composes it): they are kept on the
// same frozen holder, so page code can neither replace nor remove them.
/** @param {Partial<BrowserkitPristine>} scripts */
(scripts) => {
  const k = Symbol.for('browserkit.pristine');
  if (window[k]) return;
  const now = performance.now.bind(performance);
  // Every shadow root the page makes, open or closed, weakly held: a
  // document's getAnimations() leaves out what runs inside them, and
  // settling looks there too (dom_quiet.js). attachShadow becomes a proxy of
  // the native function that notes what it returns and changes nothing else.
  const roots = [];
  let pruneAt = 256;
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = new Proxy(attach, {
    apply(target, self, args) {
      const root = Reflect.apply(target, self, args);
      roots.push(new WeakRef(root));
      if (roots.length > pruneAt) {
        const live = roots.filter((r) => r.deref() !== undefined);
        roots.length = 0;
        for (const r of live) roots.push(r);
        pruneAt = Math.max(256, live.length * 2);
      }
      return root;
    },
  });
  const shadowRoots = () => {
    const out = [];
    for (const r of roots) {
      const root = r.deref();
      if (root !== undefined && root.host.isConnected) out.push(root);
    }
    return out;
  };
  Object.defineProperty(window, k, { value: Object.freeze({
    MutationObserver: window.MutationObserver,
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    querySelectorAll: Document.prototype.querySelectorAll,
    elementFromPoint: Document.prototype.elementFromPoint,
    documentAnimations: Document.prototype.getAnimations,
    rootAnimations: ShadowRoot.prototype.getAnimations,
    shadowRoots,
    now,
    ...scripts,
  }), enumerable: false });
  // A change stamp: anything that may alter the accessibility outline
  // without a navigation bumps it, so an unchanged stamp lets an action
  // reuse the last outline as its "before" instead of capturing it again.
  let stamp = 0;
  // When the page last took input or changed its DOM: an action's own events
  // (pointerup, keyup, input) mark when it happened, so the quiet window after
  // it can count from there rather than from when settling starts to watch.
  // Animations and transitions run on their own and do not count.
  let activeAt = -1;
  const bump = () => { stamp++; };
  const touch = () => { stamp++; activeAt = now(); };
  new MutationObserver(touch).observe(document,
    {subtree: true, childList: true, attributes: true, characterData: true});
  for (const type of ['input', 'change', 'focusin', 'focusout', 'mouseover', 'mouseout',
                      'pointerdown', 'pointerup', 'keydown', 'keyup', 'scroll', 'toggle']) {
    window.addEventListener(type, touch, {capture: true, passive: true});
  }
  for (const type of ['animationstart', 'animationend', 'transitionstart', 'transitionend',
                      'resize']) {
    window.addEventListener(type, bump, {capture: true, passive: true});
  }
  Object.defineProperty(window, Symbol.for('browserkit.changes'),
    { get: () => stamp, enumerable: false });
  Object.defineProperty(window, Symbol.for('browserkit.activeAt'),
    { get: () => activeAt, enumerable: false });
}
