// @ts-check
// The hit check of clicks, run in Playwright's utility world (an isolated
// world page scripts can neither reach nor patch) on the element the action
// is bound to: the `browserkit-bound` engine pinned it there under `key`, so
// the check looks at exactly the element the click will get, with functions
// the page cannot replace (a page that patches elementFromPoint or
// getBoundingClientRect in its own world cannot make a covered target look
// clear). Installed once per document in that world (page_scripts.HIT: `(this)(pins)`,
// kept under Symbol.for('browserkit.hit')); each call is then
// `hit(command, args)`, and the guard's state lives in this closure.
//
//   check({key, fadeMs, coverMs, armMs}) picks the click point inside the
//     pinned element's first line box and hit-tests it through shadow roots
//     and slots; a cover is waited for, bounded, before it is reported. When
//     the target is clear and settled it arms a guard that blocks trusted
//     pointer events landing anywhere but the target until disarm().
//     The editable element behind a code editor (CodeMirror's hidden
//     textarea) is clicked through the editor's visible area: the editor is
//     pinned as `<key>.editor` and is the target.
//     It answers the point both in the viewport and relative to the element.
//     A target a popup hid from assistive technology while it is open answers
//     'veiled', naming the popup.
//   disarm() ends the guard and reports what it blocked.
/** @param {BrowserkitPins} pins */
(pins) => {
  /** @type {{disarm: (() => void) | null, blocked: ReturnType<typeof describe> | null}} */
  const state = {disarm: null, blocked: null};
  const parentOf = (n) => n.assignedSlot || n.parentNode || n.host || null;
  // Whether a pointer event at `node` reaches `target`: the event path runs
  // through slots into the shadow trees they sit in, then out through hosts.
  const reaches = (target, node) => {
    for (let n = node; n; n = parentOf(n)) if (n === target) return true;
    return false;
  };
  const labelFor = (target, node) => {
    for (let n = node; n; n = parentOf(n)) {
      if (n.localName === 'label') {
        if (n.control === target || reaches(n, target)) return n;
        return null;
      }
    }
    return null;
  };
  // The deepest node at (x, y) that a click would target: descend open shadow
  // roots; a host hit where its slotted light-DOM text lies is that text.
  const deepest = (x, y) => {
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (inner && inner !== hit && inner.getRootNode() === hit.shadowRoot) { hit = inner; continue; }
      break;
    }
    if (hit) {
      for (const child of hit.childNodes) {
        if (child.nodeType !== 3 || !(/** @type {Text} */ (child)).assignedSlot) continue;
        const range = document.createRange();
        range.selectNodeContents(child);
        for (const r of range.getClientRects()) {
          if (x >= r.left && x < r.right && y >= r.top && y < r.bottom) return child;
        }
      }
    }
    return hit;
  };
  const pinned = (key) => {
    const found = pins.state(key);
    return typeof found === 'string' ? null : found;
  };
  // Code editors keep their editable element out of sight (CodeMirror 5's
  // textarea sits in a zero-height box under the text): a click meant for it
  // goes to the editor's visible area.
  const EDITORS = '.CodeMirror, .cm-editor, .ace_editor, .monaco-editor';
  const editorOf = (el) => {
    for (let n = el; n; n = parentOf(n)) {
      if (n.nodeType === 1 && n.matches(EDITORS)) return n;
    }
    return null;
  };
  const visibleRects = (el) => {
    const out = [];
    for (const r of el.getClientRects()) {
      const left = Math.max(r.left, 0), top = Math.max(r.top, 0);
      const right = Math.min(r.right, innerWidth), bottom = Math.min(r.bottom, innerHeight);
      if ((right - left) * (bottom - top) > 0.99) out.push({left, top, right, bottom});
    }
    return out;
  };
  // Inside the first line box that shows, as Playwright aims: the centre of
  // the bounding box of a link that wraps lies between its lines.
  const pointOf = (el) => {
    const rects = visibleRects(el);
    if (!rects.length) return null;
    const r = rects[0];
    return {x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2};
  };
  const chainOf = (node) => {
    const out = [];
    for (let n = node; n; n = parentOf(n)) if (n.nodeType === 1) out.push(n);
    return out;
  };
  // Leaving: an animation or transition of the cover (or an ancestor) that
  // ends at opacity 0 is running; a cover on its way out is waited for.
  /**
   * Where the target is and what covers it, as one string: a change of
   * either is a scene still in motion.
   * @param {Element} el
   * @param {Node | undefined} cover
   */
  const sceneOf = (el, cover) => {
    const r = el.getBoundingClientRect();
    const c = cover instanceof Element ? cover.getBoundingClientRect() : null;
    const box = (/** @type {DOMRect | null} */ b) => (b ? [b.x, b.y, b.width, b.height].map(Math.round).join(',') : '');
    return box(r) + '|' + box(c) + '|' + (cover ? cover.nodeName : '');
  };

  const fading = (node) => {
    for (const n of chainOf(node)) {
      for (const a of n.getAnimations()) {
        if (a.playState !== 'running' || !a.effect || !a.effect.getKeyframes) continue;
        const frames = a.effect.getKeyframes();
        const last = frames.length ? frames[frames.length - 1] : null;
        if (last && last.opacity !== undefined && parseFloat(last.opacity) < 0.01) return true;
      }
    }
    return false;
  };
  const describe = (node) => {
    const el = node.nodeType === 1 ? node : node.parentNode.nodeType === 1 ? node.parentNode : node.parentNode.host;
    const chain = chainOf(el);
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const text = (el.innerText || el.textContent || '').trim().replace(/\s+/g, ' ');
    const words = (text + ' ' + el.id + ' ' + (el.getAttribute('class') || '')).toLowerCase();
    let opacity = 1;
    for (const n of chain) opacity *= parseFloat(getComputedStyle(n).opacity);
    const bg = style.backgroundColor;
    const modal = chain.find((n) => n.localName === 'dialog'
      || /^(alert)?dialog$/.test(n.getAttribute('role') || '') || n.getAttribute('aria-modal') === 'true')
      || Array.from(el.querySelectorAll('dialog, [role=dialog], [role=alertdialog], [aria-modal=true]'))
        .find((d) => d.getClientRects().length);
    return {
      tag: el.localName, id: el.id || '', classes: Array.from(el.classList).slice(0, 3),
      text: text.slice(0, 60), iframe: el.localName === 'iframe',
      fixed: chain.some((n) => /^(fixed|sticky)$/.test(getComputedStyle(n).position)),
      full: r.width * r.height >= 0.8 * innerWidth * innerHeight,
      invisible: opacity < 0.05 || (!text && /^(transparent|rgba\(0, 0, 0, 0\))$/.test(bg)
        && style.backgroundImage === 'none'),
      dialog: !!modal, consent: /cookie|consent|gdpr|privacy/.test(words),
    };
  };
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // A popup that hid the rest of the page from assistive technology (a
  // popover select, a menu, a modal: aria-hidden or inert on all outside it)
  // is open while the target is under such a veil: the target is not there
  // for the agent until the popup closes. It is such a veil when it hides most
  // of the controls outside the popup, not one icon or toggle a page hides for
  // good. Answers the popup's role and name.
  const VEIL = '[aria-hidden="true" i], [inert]';
  const POPUPS = 'dialog[open], [role=dialog], [role=alertdialog], [aria-modal="true" i], ' +
    '[role=listbox], [role=menu]';
  const CONTROLS = 'a[href], button, input, select, textarea, [role=button], [role=link], ' +
    '[role=combobox], [role=textbox], [tabindex]';
  const veiledUnder = (node) => {
    for (let n = node; n; n = parentOf(n)) if (n.nodeType === 1 && n.matches(VEIL)) return true;
    return false;
  };
  const veiledBy = (el) => {
    if (!veiledUnder(el)) return null;
    const popup = Array.from(document.querySelectorAll(POPUPS))
      .find((p) => !reaches(p, el) && !veiledUnder(p) && p.getClientRects().length);
    if (!popup) return null;
    let outside = 0, hidden = 0;
    for (const c of document.querySelectorAll(CONTROLS)) {
      if (reaches(popup, c) || !c.getClientRects().length) continue;
      outside += 1;
      if (veiledUnder(c)) hidden += 1;
    }
    if (hidden * 2 < outside) return null;
    const named = popup.getAttribute('aria-label')
      || (popup.getAttribute('aria-labelledby') || '').split(/\s+/)
        .map((id) => (document.getElementById(id) || {}).textContent || '').join(' ');
    const role = popup.getAttribute('role') || (popup.localName === 'dialog' ? 'dialog' : 'popup');
    return {role, name: (named || '').trim().replace(/\s+/g, ' ').slice(0, 60)};
  };

  // The world lives as long as its document, so end what an earlier check
  // left (a guard whose click never came).
  const reset = () => {
    if (state.disarm) state.disarm();
    state.disarm = state.blocked = null;
  };

  // The guard: the first trusted pointer event of the click, when it would land
  // outside the target (a trap that appears between the check and the click),
  // is stopped before the page's own handlers see it, and so is the rest of the
  // click; it is reported. Once the press landed on the target the rest goes
  // through wherever it lands: an option that picks itself on mousedown and
  // closes its list gets its mouseup and click over what lay beneath, as in a
  // person's click (and Playwright's own check).
  const arm = (target, ms) => {
    const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick',
                   'auxclick', 'contextmenu'];
    const until = performance.now() + ms;
    let landed = false;
    const guard = (event) => {
      if (!event.isTrusted || landed || performance.now() > until) return;
      if (!state.blocked) {
        const hit = deepest(event.clientX, event.clientY);
        if (!hit || reaches(target, hit) || labelFor(target, hit)) {
          landed = true;
          return;
        }
        state.blocked = describe(hit);
      }
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    for (const type of types) window.addEventListener(type, guard, {capture: true});
    state.disarm = () => {
      for (const type of types) window.removeEventListener(type, guard, {capture: true});
    };
  };

  return async (command, args) => {
    if (command === 'check') {
      reset();
      const found = pinned(args.key);
      if (!found) return {status: 'gone'};
      const editor = editorOf(found);
      const el = editor && (found.localName === 'textarea' || !pointOf(found)) ? editor : found;
      // Hidden by CSS (visibility, content-visibility): nothing there takes a
      // click, whatever lies at its box. Playwright waits for it, or says so.
      if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true})) {
        return {status: 'hidden'};
      }
      const popup = veiledBy(el);
      if (popup) return {status: 'veiled', popup};
      let point = pointOf(el);
      if (!point) {
        if (!el.getClientRects().length) return {status: 'hidden'};
        el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
        point = pointOf(el);
        if (!point) return {status: 'hidden'};
      }
      const judge = () => {
        const at = /** @type {{x: number, y: number}} */ (point);
        const hit = deepest(at.x, at.y);
        if (!hit || reaches(el, hit)) return {ok: true};
        if (labelFor(el, hit)) return {ok: true, viaLabel: true};
        return {ok: false, hit};
      };
      let verdict = judge();
      if (!verdict.ok) {
        // Clear of a sticky header or footer, the way Playwright retries.
        el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
        point = pointOf(el);
        if (!point) return {status: 'hidden'};
        verdict = judge();
      }
      // A cover is refused once the scene holds still under it for coverMs (or
      // fadeMs while it fades out): a target still placing itself (a popup
      // that measures, then moves) or a cover that changes is waited out, up
      // to fadeMs in all, as Playwright's own retries would.
      const started = performance.now();
      let stillSince = started;
      let scene = sceneOf(el, verdict.hit);
      while (!verdict.ok) {
        const now = performance.now();
        const seen = sceneOf(el, verdict.hit);
        if (seen !== scene) {
          scene = seen;
          stillSince = now;
        }
        const still = now - stillSince;
        if (still >= (fading(verdict.hit) ? args.fadeMs : args.coverMs) || now - started >= args.fadeMs) {
          return {status: 'covered', cover: describe(verdict.hit)};
        }
        await sleep(40);
        point = pointOf(el);
        if (!point) return {status: 'hidden'};
        verdict = judge();
      }
      // Settled: enabled and not moved by a running animation of it or an
      // ancestor; then Playwright's own waits add nothing this check showed.
      const disabled = found.matches(':disabled') || found.getAttribute('aria-disabled') === 'true';
      const moving = chainOf(el).some((n) => n.getAnimations().some((a) => a.playState === 'running'));
      const settled = !disabled && !moving;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Relative to the padding box, as Playwright's `position` option is.
      const rel = {x: point.x - r.left - (parseInt(style.borderLeftWidth, 10) || 0),
                   y: point.y - r.top - (parseInt(style.borderTopWidth, 10) || 0)};
      let pin = args.key;
      if (el !== found) {
        pin = args.key + '.editor';
        pins.pin(el, pin);
      }
      if (settled || verdict.viaLabel) arm(el, args.armMs);
      return {status: 'ok', rel, point, pin, viaLabel: !!verdict.viaLabel, settled};
    }

    if (command === 'disarm') {
      const blocked = state.blocked || null;
      reset();
      return {blocked};
    }
    return null;
  };
}
