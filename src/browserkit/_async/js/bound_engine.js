// The `browserkit-bound` selector engine, registered as a content script: it
// runs in Playwright's utility world, an isolated world whose globals and
// prototypes page code can neither reach nor replace. It pins an element
// there under a random key, and a locator `browserkit-bound=<key>` then
// matches that one element, in that one document, or fails at once instead
// of waiting for it to appear:
//   hello:<key>  reports this world's execution context to browserkit
//                through a CDP binding that only Playwright's utility world
//                has, so browserkit can pin elements here over CDP;
//   pin:<key>    pins the element the selector part before it matched;
//   probe:<key>  what became of a pinned element, as a match count: 1 still
//                here, 0 removed, 2 not of this document;
//   <key>        the pinned element; throws in any other document (a
//                navigation replaced it) and once it left its document.
// Elements are held weakly, so pins never keep a removed subtree alive.
(() => {
  const KEY = '__browserkitBound';
  const G = globalThis;
  const pins = () => {
    if (!G[KEY]) Object.defineProperty(G, KEY, { value: new Map() });
    return G[KEY];
  };
  // Playwright evaluates this in the page's own world too (never queried
  // there): so nothing is put on a global until an element is pinned.
  // browserkit's CDP call (_PIN in _binding.py) pins into the same map.
  const pin = (el, key) => {
    pins().set(key, new WeakRef(el));
    return true;
  };
  const state = (key) => {
    const weak = pins().get(key);
    if (weak === undefined) return 'lost';
    const el = weak.deref();
    // A node of another document (one kept in the back/forward cache) would
    // have Playwright aim at coordinates in this one: never match it.
    if (el !== undefined && el.ownerDocument !== document) return 'lost';
    if (el === undefined || !el.isConnected) return 'gone';
    return el;
  };
  const pick = (root, body) => {
    if (body.startsWith('hello:')) {
      const hello = G.__browserkitHello;
      if (typeof hello === 'function') hello(body.slice(6));
      return [];
    }
    if (body.startsWith('pin:')) {
      pin(root, body.slice(4));
      return [root];
    }
    if (body.startsWith('probe:')) {
      const found = state(body.slice(6));
      if (found === 'gone') return [];
      if (found === 'lost') return Array.from(document.querySelectorAll('*')).slice(0, 2);
      return [found];
    }
    const found = state(body);
    if (found === 'lost') throw new Error('browserkit: the bound element is of another document');
    if (found === 'gone') throw new Error('browserkit: the bound element left its document');
    return [found];
  };
  return {
    query: (root, body) => pick(root, body)[0] || null,
    queryAll: (root, body) => pick(root, body),
  };
})()
