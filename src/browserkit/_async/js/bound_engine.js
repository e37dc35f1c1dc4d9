// @ts-check
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
// Composed in page_scripts.py as (this)(pins), `pins` being js/pins.js.
/** @param {() => BrowserkitPins} installPins */
(installPins) => {
  const G = globalThis;
  const pins = () => installPins();
  const pick = (root, body) => {
    if (body.startsWith('hello:')) {
      const hello = G.__browserkitHello;
      if (typeof hello === 'function') hello(body.slice(6));
      return [];
    }
    if (body.startsWith('pin:')) {
      pins().pin(root, body.slice(4));
      return [root];
    }
    if (body.startsWith('probe:')) {
      const found = pins().state(body.slice(6));
      if (found === 'gone') return [];
      if (found === 'lost') return Array.from(document.querySelectorAll('*')).slice(0, 2);
      return [found];
    }
    const found = pins().state(body);
    if (found === 'lost') throw new Error('browserkit: the bound element is of another document');
    if (found === 'gone') throw new Error('browserkit: the bound element left its document');
    return [found];
  };
  return {
    query: (root, body) => pick(root, body)[0] || null,
    queryAll: (root, body) => pick(root, body),
  };
}
