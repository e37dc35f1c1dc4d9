// @ts-check
// Init script of every session: runs before any page script, so settling and
// scanning keep working on pages whose polyfills replace DOM globals. Also keeps
// the change stamp an action reads to reuse its last outline, and the time of
// the page's last input event or DOM change, where settling's quiet window starts.
// Called with the scripts browserkit calls by name in the page's own world
// (`scripts`, e.g. {domQuiet}: page_scripts.PRISTINE composes it): they are kept on the
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
  const nativeRequestFrame = window.requestAnimationFrame;
  const nativeCancelFrame = window.cancelAnimationFrame;
  // Captured, as is everything the proxies use: page code runs between their calls.
  const apply = Reflect.apply;
  const max = Math.max;
  // Timers and animation frames the page asks for while it handles an event
  // (an action's keys and clicks, and what they set off), and those of at
  // most CHAIN_MS that their callbacks ask for in turn, up to MAX_DEPTH links
  // from the event: a debounced editor copies its text into the form this
  // way, and a select filters its options, then draws them a few frames
  // later; settling waits for those that are short (dom_quiet.js,
  // timersDue). A callback's promise reactions are part of it (a framework
  // renders in a microtask): it counts as running until its task is over.
  // setTimeout, clearTimeout, requestAnimationFrame and cancelAnimationFrame
  // become proxies of the natives that note the timer or frame and change
  // nothing else: the same call, arguments, id and errors. The page can see
  // the proxies and set timers of its own; the most that does is make
  // settling wait up to its bound, and a chain that re-arms for ever (a
  // poll, an animation loop) stops counting MAX_DEPTH links on. Kept in a
  // prototype-less object so page changes to Map or Object cannot reach it;
  // at most MAX_TIMERS at once.
  const MAX_TIMERS = 1000;
  const MAX_DEPTH = 8;
  const FRAME_MS = 16;  // when a frame asked for now is due, near enough
  const CHAIN_MS = 50;  // the longest delay a callback's own timer may have to count
  const currentEvent = Object.getOwnPropertyDescriptor(window, 'event')?.get;
  /** @type {Record<string, {at: number, due: number, ms: number}>} */
  const timers = Object.create(null);
  let timerCount = 0;
  // Links from an event of the callback running now (0: none), until its task ends.
  let depth = 0;
  const ended = new MessageChannel();
  const post = MessagePort.prototype.postMessage;
  ended.port1.onmessage = () => { depth = 0; };
  const forget = (/** @type {string} */ key) => {
    if (key in timers) { delete timers[key]; timerCount--; }
  };
  // The depth a timer or frame asked for now gets (0: not the action's).
  const linkDepth = () => {
    if (depth > 0) return depth + 1;
    try {
      return currentEvent !== undefined && apply(currentEvent, window, []) != null ? 1 : 0;
    } catch {
      return 0;
    }
  };
  /**
   * A proxy of a native that schedules `args[0]`, noting what it schedules.
   * @template {Function} F
   * @param {F} native
   * @param {string} prefix the key's, so timer and frame ids never meet
   * @param {(args: unknown[]) => number | null} delayOf its delay; null: leave it alone
   * @returns {F}
   */
  const noting = (native, prefix, delayOf) => new Proxy(native, {
    apply(target, self, args) {
      const handler = args[0];
      const link = linkDepth();
      const ms = link > 0 && link <= MAX_DEPTH && typeof handler === 'function'
        ? delayOf(args) : null;
      // Past the event's own handlers, only what comes at once counts: a tick,
      // a frame, not a transition's end or a later poll.
      if (ms === null || (link > 1 && ms > CHAIN_MS)) return apply(target, self, args);
      let key = '';
      /** @this {unknown} */
      function run(/** @type {unknown[]} */ ...rest) {
        forget(key);
        depth = link;
        // Reset once this task, promise reactions included, is over.
        try { apply(post, ended.port2, [null]); } catch { depth = 0; }
        return apply(handler, this, rest);
      }
      args[0] = run;  // an own element already: no page setter is reached
      const id = apply(target, self, args);
      if (timerCount < MAX_TIMERS) {
        const at = now();
        key = prefix + id;
        timers[key] = {at, due: at + ms, ms};
        timerCount++;
      }
      return id;
    },
  });
  /**
   * A proxy of a native that cancels what `noting` noted.
   * @template {Function} F
   * @param {F} native
   * @param {string} prefix
   * @returns {F}
   */
  const cancelling = (native, prefix) =>
    new Proxy(native, {
      apply(target, self, args) {
        const result = apply(target, self, args);
        if (typeof args[0] === 'number') forget(prefix + args[0]);
        return result;
      },
    });
  // A delay that is not a plain number would be converted twice (its
  // valueOf is page code): such timers are left alone.
  window.setTimeout = noting(nativeSetTimeout, 't', (args) => {
    const delay = args[1];
    return delay === undefined || typeof delay === 'number' ? max(0, delay || 0) : null;
  });
  window.clearTimeout = cancelling(nativeClearTimeout, 't');
  window.requestAnimationFrame = noting(nativeRequestFrame, 'f', () => FRAME_MS);
  window.cancelAnimationFrame = cancelling(nativeCancelFrame, 'f');
  // Milliseconds until the last pending noted timer or frame of at most maxMs,
  // asked for at or after `since`, is due (at least 1 when one is overdue); 0: none.
  const timersDue = (/** @type {number} */ since, /** @type {number} */ maxMs) => {
    const t = now();
    let last = 0;
    for (const key in timers) {
      const timer = timers[key];
      // Overdue this long, it will never run (cleared by clearInterval).
      if (t - timer.due > 1000) { forget(key); continue; }
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
