// What would receive a click at the element's centre. Scrolls only when the
// element is out of view (then to the centre, clear of sticky headers).
(el) => {
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
          text: (hit.innerText || hit.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60)};
}
