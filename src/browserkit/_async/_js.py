"""JavaScript that browserkit runs in pages, kept apart from the Python that sends it."""

from __future__ import annotations

__all__ = ["CHANGE_STAMP", "HANDOFF_BANNER", "HIT_CHECK", "KIND", "METRICS", "OPTIONS", "PRISTINE"]

# Captured before any page script runs, so settling and scanning keep working
# on pages whose polyfills replace DOM globals.
PRISTINE = """
(() => {
  const k = Symbol.for('browserkit.pristine');
  if (window[k]) return;
  Object.defineProperty(window, k, { value: Object.freeze({
    MutationObserver: window.MutationObserver,
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    querySelectorAll: Document.prototype.querySelectorAll,
    elementFromPoint: Document.prototype.elementFromPoint,
  }), enumerable: false });
  // A change stamp: anything that may alter the accessibility outline
  // without a navigation bumps it, so an unchanged stamp lets an action
  // reuse the last outline as its "before" instead of capturing it again.
  let stamp = 0;
  const bump = () => { stamp++; };
  new MutationObserver(bump).observe(document,
    {subtree: true, childList: true, attributes: true, characterData: true});
  for (const type of ['input', 'change', 'focusin', 'focusout', 'mouseover', 'mouseout',
                      'pointerdown', 'pointerup', 'keydown', 'keyup', 'scroll', 'toggle',
                      'animationstart', 'animationend', 'transitionstart', 'transitionend',
                      'resize']) {
    window.addEventListener(type, bump, {capture: true, passive: true});
  }
  Object.defineProperty(window, Symbol.for('browserkit.changes'),
    { get: () => stamp, enumerable: false });
})();
"""

CHANGE_STAMP = "() => { const n = window[Symbol.for('browserkit.changes')]; return [typeof n === 'number' ? n : -1, document.title]; }"

METRICS = """() => {
  const d = document.documentElement, b = document.body;
  return [innerWidth, innerHeight, scrollX, scrollY,
          Math.max(d.scrollWidth, b ? b.scrollWidth : 0),
          Math.max(d.scrollHeight, b ? b.scrollHeight : 0)];
}"""

# What would receive a click at the element's centre. Scrolls only when the
# element is out of view (then to the centre, clear of sticky headers).
HIT_CHECK = """(el) => {
  const P = window[Symbol.for('browserkit.pristine')] || {};
  const fromPoint = P.elementFromPoint || Document.prototype.elementFromPoint;
  const box = () => el.getBoundingClientRect();
  const inView = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  let r = box();
  if (r.width === 0 || r.height === 0) return null;  // hidden: let the click wait/fail
  if (!inView(r)) { el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'}); r = box(); }
  const within = (outer, node) => {
    for (let n = node; n; n = n.parentNode || n.host) if (n === outer) return true;
    return false;
  };
  const probe = () => {
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    let hit = fromPoint.call(document, x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  let hit = probe();
  if (hit && !within(el, hit)) {
    el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
    r = box();
    hit = probe();
  }
  // Settled: enabled and not moved by a running animation of it or an
  // ancestor; then Playwright's own waits (stable for two frames, enabled,
  // receives events) add nothing this check has not shown.
  const disabled = el.disabled === true || el.getAttribute('aria-disabled') === 'true';
  const moving = document.getAnimations().some((a) => a.playState === 'running'
    && a.effect && a.effect.target && within(a.effect.target, el));
  const settled = !disabled && !moving;
  if (!hit || within(el, hit)) return {ok: true, settled};
  const label = hit.closest ? hit.closest('label') : null;
  if (label && (label.control === el || within(label, el))) return {ok: true, via_label: true, settled};
  if (el.labels && Array.from(el.labels).some((l) => within(l, hit))) return {ok: true, via_label: true, settled};
  return {ok: false, tag: hit.tagName.toLowerCase(), id: hit.id || '',
          classes: Array.from(hit.classList || []).slice(0, 3),
          text: (hit.innerText || hit.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60)};
}"""

OPTIONS = """(el) => el instanceof HTMLSelectElement
  ? {select: true, multiple: el.multiple,
     options: Array.from(el.options).map((o) => ({value: o.value, label: o.label || o.text}))}
  : {select: false, tag: el.tagName.toLowerCase()}"""

KIND = """(el) => {
  const tag = el.tagName.toLowerCase();
  if (tag === 'select') return 'select';
  if (tag === 'textarea' || el.isContentEditable) return 'text';
  if (el.getAttribute('role') === 'checkbox' || el.getAttribute('role') === 'switch') return 'checkbox';
  if (tag !== 'input') return tag;
  const type = (el.type || 'text').toLowerCase();
  if (type === 'checkbox' || type === 'radio' || type === 'file') return type;
  if (['button', 'submit', 'reset', 'image', 'hidden'].includes(type)) return type;
  return 'text';
}"""

# The handoff banner lives in a closed shadow root, and only a trusted click
# (a person's, or input the browser itself dispatched) resolves it: page
# scripts can neither reach the button nor forge an isTrusted click.
HANDOFF_BANNER = """(text) => {
  const host = document.createElement('browserkit-handoff');
  const root = host.attachShadow({mode: 'closed'});
  const bar = document.createElement('div');
  bar.setAttribute('style', 'position:fixed;left:0;right:0;top:0;z-index:2147483647;display:flex;gap:12px;align-items:center;padding:8px 12px;background:#1d4ed8;color:#fff;font:14px/1.4 system-ui,sans-serif;box-shadow:0 2px 6px rgba(0,0,0,.3)');
  const button = document.createElement('button');
  button.textContent = 'Continue';
  button.setAttribute('style', 'font:inherit;padding:4px 14px;border:0;border-radius:4px;background:#fff;color:#1d4ed8;cursor:pointer');
  const label = document.createElement('span');
  label.textContent = text;
  bar.append(button, label);
  root.append(bar);
  let resolve;
  const done = new Promise((r) => { resolve = r; });
  button.addEventListener('click', (event) => { if (event.isTrusted) resolve(true); });
  (document.body || document.documentElement).appendChild(host);
  return {done, remove: () => host.remove(), box: () => { const r = button.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }};
}"""
