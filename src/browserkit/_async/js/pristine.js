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
  const nativeSetTimeout = window.setTimeout;
  const nativeClearTimeout = window.clearTimeout;
  // Captured, as is everything the proxies use: page code runs between their calls.
  const apply = Reflect.apply;
  const max = Math.max;
  // Timers the page sets while it handles an event (an action's keys and
  // clicks, and what they set off), and those such timers set in turn: a
  // debounced editor copies its text into the form this way, and settling
  // waits for those that are short (dom_quiet.js, timersDue). setTimeout and
  // clearTimeout become proxies of the natives that note the timer and change
  // nothing else: the same call, arguments, id and errors. The page can see
  // the proxies and set timers of its own; the most that does is make
  // settling wait up to its bound. Kept in a prototype-less object so page
  // changes to Map or Object cannot reach it; at most MAX_TIMERS at once.
  const MAX_TIMERS = 1000;
  const currentEvent = Object.getOwnPropertyDescriptor(window, 'event')?.get;
  /** @type {Record<number, {at: number, due: number, ms: number}>} */
  const timers = Object.create(null);
  let timerCount = 0;
  let inTimer = false;  // running the callback of a noted timer
  const forget = (/** @type {number} */ id) => {
    if (id in timers) { delete timers[id]; timerCount--; }
  };
  window.setTimeout = new Proxy(nativeSetTimeout, {
    apply(target, self, args) {
      const handler = args[0];
      const delay = args[1];
      let caused = inTimer;
      try {
        caused = caused || (currentEvent !== undefined && apply(currentEvent, window, []) != null);
      } catch { caused = false; }
      // A delay that is not a plain number would be converted twice (its
      // valueOf is page code): such timers are left alone.
      if (!caused || typeof handler !== 'function'
          || !(delay === undefined || typeof delay === 'number')) {
        return apply(target, self, args);
      }
      /** @type {number} */
      let id = 0;
      /** @this {unknown} */
      function run(/** @type {unknown[]} */ ...rest) {
        forget(id);
        const outer = inTimer;
        inTimer = true;
        try { return apply(handler, this, rest); } finally { inTimer = outer; }
      }
      args[0] = run;  // an own element already: no page setter is reached
      id = apply(target, self, args);
      if (timerCount < MAX_TIMERS) {
        const at = now();
        const ms = max(0, delay || 0);
        timers[id] = {at, due: at + ms, ms};
        timerCount++;
      }
      return id;
    },
  });
  window.clearTimeout = new Proxy(nativeClearTimeout, {
    apply(target, self, args) {
      const result = apply(target, self, args);
      if (typeof args[0] === 'number') forget(args[0]);
      return result;
    },
  });
  // Milliseconds until the last pending noted timer of at most maxMs, set
  // at or after `since`, is due (at least 1 when one is overdue); 0: none.
  const timersDue = (/** @type {number} */ since, /** @type {number} */ maxMs) => {
    const t = now();
    let last = 0;
    for (const key in timers) {
      const id = +key;
      const timer = timers[id];
      // Overdue this long, it will never run (cleared by clearInterval).
      if (t - timer.due > 1000) { forget(id); continue; }
      if (timer.at >= since && timer.ms <= maxMs) last = max(last, timer.due - t, 1);
    }
    return last;
  };
  // Whether mutation records change anything: a write that leaves an
  // attribute as it was (a page that sets the same value again on a timer, as
  // a form's "unsaved edits" check may every half second) changes nothing an
  // outline shows. It neither moves the change stamp nor counts as activity,
  // nor breaks a quiet window (dom_quiet.js, dom_change.js). Anything else
  // does, and so does any doubt. Observers need attributeOldValue for it.
  const getAttributeNS = Element.prototype.getAttributeNS;
  /** @param {MutationRecord[]} records */
  const changes = (records) => {
    try {
      for (let i = 0; i < records.length; i++) {
        const r = records[i];
        if (r.type !== 'attributes') return true;
        const value = apply(getAttributeNS, r.target, [r.attributeNamespace, r.attributeName]);
        if (value !== r.oldValue) return true;
      }
      return false;
    } catch {
      return true;
    }
  };
  Object.defineProperty(window, k, { value: Object.freeze({
    MutationObserver: window.MutationObserver,
    setTimeout: nativeSetTimeout.bind(window),
    clearTimeout: nativeClearTimeout.bind(window),
    timersDue,
    changes,
    promiseThen: Promise.prototype.then,
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
  new MutationObserver((records) => { if (changes(records)) touch(); }).observe(document, {
    subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true,
  });
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
