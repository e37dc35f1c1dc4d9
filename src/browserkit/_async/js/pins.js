// @ts-check
// The pins of Playwright's utility world, in one place: browserkit pins an
// element there under a random key (the `browserkit-bound` engine, or a CDP
// call for a `d`-ref), and the engine, the hit check and browserkit's probes
// ask here what a pin is now. Called in that world; installs the pin map on
// its first call (never in the page's own world, where the engine's source
// is evaluated but never queried) and returns the same helper ever after.
//   pin(el, key)  pins `el` under `key` (held weakly: a removed subtree is freed);
//   state(key)    the element, 'gone' once it left its document, or 'lost' when
//                 nothing is pinned under `key` here or its element is of another
//                 document (one kept in the back/forward cache would have
//                 Playwright aim at coordinates in this one).
/** @returns {BrowserkitPins} */
() => {
  const G = globalThis;
  const NAME = Symbol.for('browserkit.pins');
  if (G[NAME]) return G[NAME];
  const map = new Map();
  const pins = Object.freeze({
    pin: (el, key) => {
      map.set(key, new WeakRef(el));
      return true;
    },
    state: (key) => {
      const weak = map.get(key);
      if (weak === undefined) return 'lost';
      const el = weak.deref();
      if (el !== undefined && el.ownerDocument !== document) return 'lost';
      if (el === undefined || !el.isConnected) return 'gone';
      return el;
    },
  });
  Object.defineProperty(G, NAME, {value: pins});
  return pins;
}
