// Resolves [quiet, stamp] once the DOM has been quiet for quietMs (quiet true),
// or at maxMs (false); stamp is the change stamp read then (-1 when unknown),
// so the outline captured next needs no round trip of its own for it.
// The window starts when the action last touched the page: its last input
// event or DOM change (kept by pristine.js) when that happened while the action
// ran (sinceMs ago it returned, after running tookMs), else when it returned.
// Observer and timers are the pristine copies pristine.js keeps, so a page
// that replaces the globals cannot break settling.
([quietMs, maxMs, sinceMs, tookMs]) => new Promise((resolve) => {
  const P = (window[Symbol.for('browserkit.pristine')] || {});
  const MO = P.MutationObserver || MutationObserver;
  const setT = P.setTimeout || setTimeout;
  const clearT = P.clearTimeout || clearTimeout;
  const now = P.now || (() => performance.now());
  const t0 = now();
  const returned = t0 - sinceMs;
  const activeAt = window[Symbol.for('browserkit.activeAt')];
  let last = (typeof activeAt === 'number' && activeAt >= returned - tookMs)
    ? Math.min(activeAt, t0) : returned;
  let timer = null;
  let done = false;
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
        finish(true);
      } else {
        arm();
      }
    }, wait);
  };
  const observer = new MO(() => { last = now(); arm(); });
  observer.observe(document,
    {subtree: true, childList: true, attributes: true, characterData: true});
  arm();
  const cap = setT(() => finish(false), maxMs);
})
