// @ts-check
// Resolves true once a busy indicator an action put up (a "processing | 0.4s"
// line, a progress bar) is gone: detached, hidden, or no longer saying it is
// busy; false once maxMs passed. How an observed action waits for the result
// a queue or a stream brings it, without polling. Bound to the element by
// Playwright's aria-ref locator; observer and timers are the pristine copies
// pristine.js keeps. The page can only end this wait early or let it run to
// its bound: it guards nothing.
/**
 * @param {Element} el
 * @param {{maxMs: number, words: string | null}} args
 */
(el, { maxMs, words }) => new Promise((resolve) => {
  const P = (window[Symbol.for('browserkit.pristine')] || {});
  const MO = P.MutationObserver || MutationObserver;
  const setT = P.setTimeout || setTimeout;
  const clearT = P.clearTimeout || clearTimeout;
  const busy = words === null ? null : new RegExp(words, 'i');
  const gone = () => !el.isConnected
    || (el.checkVisibility && !el.checkVisibility())
    || (busy !== null && !busy.test((el.textContent || '').trim()));
  if (gone()) {
    resolve(true);
    return;
  }
  let timer = null;
  const observer = new MO(() => {
    if (!gone()) return;
    observer.disconnect();
    clearT(timer);
    resolve(true);
  });
  observer.observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  timer = setT(() => {
    observer.disconnect();
    resolve(false);
  }, maxMs);
})
