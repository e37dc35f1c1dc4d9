// @ts-check
// Resolves true at the page's next DOM change, or false once maxMs passed:
// how an app shell that has not rendered yet is waited for without polling.
// A change stamp `since` (>= 0) is the one the caller read the page at: a page
// whose stamp moved on since then has changed already, and resolves true at once
// (a change between that read and this call is not missed).
// Observer and timers are the pristine copies pristine.js keeps.
/** @param {{maxMs: number, since: number}} args */
({ maxMs, since }) => new Promise((resolve) => {
  const P = (window[Symbol.for('browserkit.pristine')] || {});
  const MO = P.MutationObserver || MutationObserver;
  const setT = P.setTimeout || setTimeout;
  const clearT = P.clearTimeout || clearTimeout;
  const changes = P.changes || (() => true);
  const stamp = window[Symbol.for('browserkit.changes')];
  if (since >= 0 && typeof stamp === 'number' && stamp !== since) {
    resolve(true);
    return;
  }
  let timer = null;
  const observer = new MO((records) => {
    if (!changes(records)) return; // the same attribute value set again
    observer.disconnect();
    clearT(timer);
    resolve(true);
  });
  observer.observe(document, {
    subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true,
  });
  timer = setT(() => {
    observer.disconnect();
    resolve(false);
  }, maxMs);
})
