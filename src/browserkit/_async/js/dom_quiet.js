// @ts-check
// Resolves [quiet, stamp] once the DOM has been quiet for quietMs (quiet true),
// or at maxMs (false); stamp is the change stamp read then (-1 when unknown),
// so the outline captured next needs no round trip of its own for it.
// The window starts when the action last touched the page: its last input
// event or DOM change (kept by pristine.js) when that happened while the action
// ran (sinceMs ago it returned, after running tookMs), else when it returned.
// Once quiet, an animation that ends with its element hidden (faded out,
// folded to no height, scaled to nothing) within animMs of the call holds
// the window until it ends: a dialog that fades out or a panel that
// collapses changes the DOM only at its end. Animations that show something
// (a menu opening: its content is there already), recolour it, run on a
// pseudo-element (a ripple), never end (a spinner) or end later (a toast
// fading out seconds from now) do not. When one began does not count: the
// page's clock and the action's agree only as closely as the transport is fast.
// Once quiet, short timers (of at most timerMaxMs) that the page set while
// handling an event since the action began, and the ticks and animation
// frames those set off in turn (pristine.js says which), hold the window
// too, until timerMs after the action returned: a debounced editor copies
// its text into the form 250 ms after the last key, and a "Publish"
// clicked before that posts the old text. pristine.js notes them;
// a page that re-arms one for ever holds the window only up to that bound.
// Observer and timers are the pristine copies pristine.js keeps, so a page
// that replaces the globals cannot break settling. The arguments come by name
// from one place (_loading.dom_quiet), which also sets their values.
/**
 * @param {{quietMs: number, maxMs: number, sinceMs: number, tookMs: number, animMs: number,
 *   timerMs: number, timerMaxMs: number}} args
 * @returns {Promise<[boolean, number]>}
 */
({quietMs, maxMs, sinceMs, tookMs, animMs, timerMs, timerMaxMs}) => new Promise((resolve) => {
  const P = (window[Symbol.for('browserkit.pristine')] || {});
  const MO = P.MutationObserver || MutationObserver;
  const setT = P.setTimeout || setTimeout;
  const clearT = P.clearTimeout || clearTimeout;
  const now = P.now || (() => performance.now());
  const t0 = now();
  const returned = t0 - sinceMs;
  const animEnd = t0 + Math.min(animMs, maxMs);
  const began = returned - tookMs;
  const timersEnd = Math.min(returned + (timerMs || 0), t0 + maxMs);
  // Milliseconds until the action's last pending short timer is due (within
  // the bound); 0: none, or the bound is reached.
  const timersDue = () => {
    const room = timersEnd - now();
    if (room <= 0 || typeof P.timersDue !== 'function') return 0;
    try {
      const due = P.timersDue(began, timerMaxMs);
      return typeof due === 'number' && due > 0 ? Math.min(due, room) : 0;
    } catch {
      return 0;
    }
  };
  // Whether an animation's last keyframe leaves its element invisible.
  const zero = (v) => typeof v === 'string' && v.trim() !== '' && parseFloat(v) === 0;
  const flattened = (t) => {
    if (typeof t !== 'string') return false;
    if (/scale(?:[XYZ]|3d)?\(\s*[0.]+\s*[,)]/.test(t)) return true;
    const m = /^matrix\(([^)]*)\)$/.exec(t.trim());
    if (!m) return false;
    const [a, b, c, d] = m[1].split(',').map(parseFloat);
    return (a === 0 && b === 0) || (c === 0 && d === 0);
  };
  const hides = (frame) => parseFloat(frame.opacity) < 0.05
    || frame.visibility === 'hidden' || frame.display === 'none'
    || zero(frame.height) || zero(frame.maxHeight) || zero(frame.width) || zero(frame.maxWidth)
    || zero(frame.scale) || flattened(frame.transform);
  // The animations that held the window, and how many of them have not yet
  // settled their `finished` promise. Chromium can report one finished (its
  // clock reads the time of the task) before the frame that runs the page's
  // `finished.then(...)` and `animationend` handlers: the window stays held
  // until that frame has come (our reaction runs after the page's), within
  // animMs. A page that broke promises only makes us wait up to that bound.
  const followed = new WeakSet();
  let unfinished = 0;
  const follow = (a) => {
    try {
      if (followed.has(a)) return;
      followed.add(a);
      const done = () => { unfinished--; };
      (P.promiseThen || Promise.prototype.then).call(a.finished, done, done);
      unfinished++;
    } catch {
      // No promise to follow: its end is seen by the clock alone.
    }
  };
  // Milliseconds until the last animation that holds the window ends; 0: none.
  const moving = () => {
    let longest = 0;
    const room = animEnd - now();
    const consider = (a) => {
      const effect = a.effect;
      if (a.playState !== 'running' || !effect || effect.pseudoElement) return;
      if (!(effect.target instanceof Element)) return;
      const timing = effect.getComputedTiming();
      if (!Number.isFinite(timing.endTime)) return;
      const reversed = timing.direction === 'reverse' || timing.direction === 'alternate-reverse';
      const last = reversed ? 0 : 1;
      const end = effect.getKeyframes().filter((f) => f.computedOffset === last).pop();
      if (!end || !hides(end)) return;
      const left = (timing.endTime - (timing.localTime || 0)) / (Math.abs(a.playbackRate) || 1);
      // One that ends later (a toast that fades out seconds from now) is the
      // page's own schedule, not the action's answer.
      if (left > room) return;
      // Past its end but not yet finished: its last frame is still to come.
      longest = Math.max(longest, left, 1);
      follow(a);
    };
    try {
      for (const a of (P.documentAnimations || Document.prototype.getAnimations).call(document)) {
        consider(a);
      }
      const inRoot = P.rootAnimations || ShadowRoot.prototype.getAnimations;
      for (const root of (P.shadowRoots ? P.shadowRoots() : [])) {
        for (const a of inRoot.call(root)) consider(a);
      }
    } catch {
      return 0;  // a page that broke the animation API: nothing to wait for
    }
    return longest;
  };
  const activeAt = window[Symbol.for('browserkit.activeAt')];
  let last = (typeof activeAt === 'number' && activeAt >= returned - tookMs)
    ? Math.min(activeAt, t0) : returned;
  let timer = null;
  let done = false;
  // Held for an animation or a timer: when it ends, what the page does then
  // must fall in a quiet window of its own.
  let holding = false;
  const stamp = () => {
    const n = window[Symbol.for('browserkit.changes')];
    return typeof n === 'number' ? n : -1;
  };
  const finish = (quiet) => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearT(timer);
    clearT(cap);
    resolve([quiet, stamp()]);
  };
  // A timer that fires late means the page's thread could not run meanwhile
  // (its own long task, or an outline being read): that stretch proves no
  // quiet, so half a window of free time must follow it (the page's overdue
  // timers run in it).
  const arm = () => {
    clearT(timer);
    const wait = Math.max(0, last + quietMs - now());
    const due = now() + wait;
    timer = setT(() => {
      if (now() - due > quietMs) {
        last = Math.max(last, now() - quietMs / 2);
        arm();
      } else if (now() - last >= quietMs) {
        const left = animMs > 0 ? moving() : 0;
        const due = left > 0 || holding ? 0 : timersDue();
        if (left > 0 || due > 0) {
          // Come back when it ends: its end may change the DOM.
          holding = true;
          clearT(timer);
          timer = setT(arm, (left || due) + 1);
        } else if (holding && unfinished > 0 && now() < animEnd) {
          // Ended by the clock; its last frame, and the page's handlers, to come.
          clearT(timer);
          timer = setT(arm, 4);
        } else if (holding) {
          // Just ended: an animation's finish event comes with the next frame,
          // a timer may set more off, and what the page does then must fall
          // in a window of its own.
          holding = false;
          last = now();
          arm();
        } else {
          finish(true);
        }
      } else {
        arm();
      }
    }, wait);
  };
  const changes = P.changes || (() => true);
  const observer = new MO((records) => {
    if (!changes(records)) return; // the same attribute value set again
    last = now();
    arm();
  });
  observer.observe(document, {
    subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true,
  });
  arm();
  const cap = setT(() => finish(false), maxMs);
})
