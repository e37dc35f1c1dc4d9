// @ts-check
// Input guard of a document that began while an action bound to an element
// was under way (see binding.py): a new page in the tab, or a new document
// in any of its iframes. Playwright aims such an action's input at a point
// computed in the old document; if a new one commits there before that input
// arrives, it would land on whatever the new document has there. This script
// runs at the new document's start, in an isolated world (before any page
// script, so its listeners come first, and out of the page's reach), and
// swallows every trusted pointer and key event until browserkit releases it
// once the action is over. It announces itself through a CDP binding that
// only this world has, so browserkit knows every guarded document, in every
// frame, and releases exactly those. Releasing is browserkit's job; the
// timer only keeps a person from being locked out if browserkit went away.
(() => {
  const K = Symbol.for('browserkit.guard');
  if (Object.prototype.hasOwnProperty.call(globalThis, K)) return;
  let armed = true;
  const types = [
    'pointerdown', 'pointerup', 'pointermove', 'pointerover', 'pointerenter', 'pointercancel',
    'mousedown', 'mouseup', 'mousemove', 'mouseover', 'mouseenter', 'click', 'auxclick',
    'dblclick', 'contextmenu', 'wheel', 'keydown', 'keypress', 'keyup', 'beforeinput',
  ];
  const swallow = (event) => {
    if (!armed || !event.isTrusted) return;
    event.stopImmediatePropagation();
    if (event.cancelable) event.preventDefault();
  };
  for (const type of types) window.addEventListener(type, swallow, { capture: true });
  const release = () => { armed = false; };
  Object.defineProperty(globalThis, K, { value: Object.freeze({ release }) });
  const hello = globalThis.__browserkitGuardHello;
  if (typeof hello === 'function') hello('');
  setTimeout(release, 10000);
})()
