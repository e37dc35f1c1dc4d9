// Input guard of a document that began while an action bound to an element
// of the previous document was under way (see _binding.py). Playwright aims
// such an action's input at a point computed in the old document; if the new
// one commits before that input arrives, it would land on whatever the new
// page has there. This script runs at the new document's start, in an
// isolated world (before any page script, so its listeners come first, and
// out of the page's reach), and swallows every trusted pointer and key event
// until browserkit releases it once the action is over. Releasing is
// browserkit's job; the timer only keeps a person from being locked out if
// browserkit went away meanwhile.
(() => {
  if (window !== window.top || globalThis.__browserkitGuard) return;
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
  Object.defineProperty(globalThis, '__browserkitGuard', { value: { release } });
  setTimeout(release, 10000);
})()
