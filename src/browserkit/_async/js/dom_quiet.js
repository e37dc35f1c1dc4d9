// Resolves true once the DOM has been quiet for quietMs, false at maxMs.
// The observer is made from the page's own MutationObserver but captured at
// call time; the init script (pristine.js) keeps pristine copies under a
// symbol so a page that replaces the global cannot break settling.
([quietMs, maxMs]) => new Promise((resolve) => {
  const k = Symbol.for('browserkit.pristine');
  const P = (window[k] || {});
  const MO = P.MutationObserver || MutationObserver;
  const setT = P.setTimeout || setTimeout;
  const clearT = P.clearTimeout || clearTimeout;
  let timer = null;
  let done = false;
  const finish = (quiet) => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearT(timer);
    clearT(cap);
    resolve(quiet);
  };
  const observer = new MO(() => { clearT(timer); timer = setT(() => finish(true), quietMs); });
  observer.observe(document,
    {subtree: true, childList: true, attributes: true, characterData: true});
  timer = setT(() => finish(true), quietMs);
  const cap = setT(() => finish(false), maxMs);
})
