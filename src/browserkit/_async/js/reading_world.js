// @ts-check
// The core of the reading library behind dom(), scan(), styles() and markdown(): d-refs,
// ids and small text helpers. page_scripts.py composes READING as
// `(this file)([parts...])`, the parts being the other reading_world_*.js files
// in order (paths, dom, controls, seen, scan, text, markdown). Each part is
// `(lib) => ({ ...what it adds })`: it takes what earlier parts and this core
// put on `lib` and answers its own additions. Answers the library, which
// isolated_world.py installs once per document under Symbol.for('browserkit.reading')
// and calls as `library.enter(base, generation).dom(args)`.
/** @param {ReadingPart[]} parts */
(parts) => {
  // This runs in an isolated world of the page (CDP Page.createIsolatedWorld):
  // it shares the DOM but none of the page's JavaScript objects, so page code
  // can neither see what is kept here nor break it by replacing globals.
  const TOKEN = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
  // Refs belong to one document and one page generation. Ids continue from
  // the highest the session handed out (``base``), so an id is never handed
  // out twice; a document restored from the back/forward cache starts over.
  let epoch = null;
  let first = 0;
  let nextId = 0;
  let idOf = new WeakMap();
  let byId = new Map();
  const enter = (b, g) => {
    if (g !== epoch) {
      epoch = g;
      idOf = new WeakMap();
      byId = new Map();
      nextId = Math.max(nextId, b);
      first = nextId;
    }
    return api;
  };
  const refFor = (el) => {
    let n = idOf.get(el);
    if (n === undefined) {
      n = nextId++;
      idOf.set(el, n);
      byId.set(n, new WeakRef(el));
    }
    return 'd' + n;
  };
  const elementFor = (n) => {
    const weak = byId.get(n);
    return weak === undefined ? undefined : weak.deref();
  };
  // The parts read these through functions: enter() moves them on.
  const firstId = () => first;
  const maxId = () => nextId - 1;
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const cap = (s, n) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
  const isEl = (n) => n && n.nodeType === 1;

  const lib = { TOKEN, refFor, elementFor, firstId, maxId, clean, cap, isEl };
  for (const part of parts) Object.assign(lib, part(lib));
  const { dom, locate, scan, styles, glue, markdown, hidden, veils, drawing } = lib;
  // The element of d-ref n, for binding an action to it (binding.py); only
  // while this library is the one that handed it out (``token``).
  const element = (n, token) => {
    const el = elementFor(n);
    return token === TOKEN && el && el.isConnected ? el : null;
  };
  // What an outline's capture reads beside it, in one call of the same
  // generation (outline_capture.py): the hidden texts (none asked for when
  // `hiddenLimit` is 0), the word pairs inline markup runs together, and what a
  // popup veiled from assistive technology.
  /** @param {number} hiddenLimit @param {number} glueLimit @param {number} veilLimit */
  const beside = (hiddenLimit, glueLimit, veilLimit) => [
    hiddenLimit > 0 ? hidden(hiddenLimit) : null,
    glue(glueLimit),
    veils(veilLimit),
  ];
  const api = Object.freeze({
    dom, locate, scan, styles, markdown, beside, drawing, enter, element,
  });
  return api;
}
