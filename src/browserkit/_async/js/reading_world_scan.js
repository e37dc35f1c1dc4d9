// @ts-check
// Part of the reading library (see reading_world.js): scan(), the page read as
// condensed HTML or text, with its targets, folded lists, frames and render state.
/** @type {ReadingPart} */
(lib) => {
  const {
    TOKEN, refFor, firstId, maxId, clean, cap, isEl, shadowRoots, resetRoots, uniqueSelector,
    SKIP, KEEP, VOID, INLINE, topEditable, BUSY_CLASS, LOADING_TEXT, MIN_RUN, SHOW,
    visible, roleOf, actionable, nameOf, actionFor, sigOf, inputType,
  } = lib;

  // -------------------------------------------------------------- scan()
  // A text without the words that say the page is still loading.
  const unloaded = (s) => s.replace(/\b(loading|please wait|one moment)\b[.…]*/gi, '').trim();
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const escAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

  const scan = async (opts) => {
    const started = performance.now();
    // Text no person can see is left out, and counted (reading_world_seen.js).
    const unseen = lib.seer().unseen;
    let hidden = 0;
    let added = 0;
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1) added++;
    });
    observer.observe(document, { childList: true, subtree: true });
    resetRoots();
    const textOnly = !!opts.textOnly;
    // Passwords and payment cards read as a mask unless the session shows secrets.
    const secret = (el) => !opts.showSecrets && (
      (el.localName === 'input' && inputType(el) === 'password')
      || /(?:^|\s)cc-/i.test(el.getAttribute('autocomplete') || ''));
    const valueOf = (el) => (el.value && secret(el) ? '•••' : el.value);
    const parts = [];
    let length = 0;
    let stopped = false;
    const collapsed = [];
    const targets = [];
    let controls = 0;
    const emit = (s) => {
      if (!s || stopped) return;
      parts.push(s);
      length += s.length;
      if (length > opts.maxChars + 64) stopped = true;
    };
    const nl = () => {
      if (parts.length && parts[parts.length - 1] !== '\n') emit('\n');
    };
    const note = (el) => {
      controls++;
      if (targets.length >= opts.maxTargets) return;
      const role = roleOf(el);
      const action = actionFor(el, role);
      targets.push({
        selector: uniqueSelector(el),
        ref: refFor(el),
        role: role || el.localName,
        name: nameOf(el),
        editable: action === 'type' && !el.readOnly,
        action,
        tag: el.localName,
      });
    };
    const attrsOf = (el) => {
      const tag = el.localName;
      const out = [];
      const add = (k, v) => {
        if (v === null || v === undefined || v === false) return;
        out.push(v === true ? k : k + '="' + escAttr(cap(String(v), 120)) + '"');
      };
      if (el.id && el.id.length <= 40) add('id', el.id);
      const role = el.getAttribute('role');
      if (role) add('role', role);
      const aria = el.getAttribute('aria-label');
      if (aria) add('aria-label', aria);
      if (tag === 'a') add('href', el.getAttribute('href'));
      else if (tag === 'img') add('alt', el.getAttribute('alt') || '');
      else if (tag === 'form') {
        add('action', el.getAttribute('action'));
        add('method', el.getAttribute('method'));
      } else if (tag === 'label') add('for', el.getAttribute('for'));
      else if (tag === 'iframe' || tag === 'frame') {
        add('name', el.getAttribute('name'));
        add('src', el.getAttribute('src'));
      } else if (tag === 'input' || tag === 'textarea' || tag === 'select' || tag === 'button') {
        const t = tag === 'input' ? inputType(el) : '';
        if (t && t !== 'text') add('type', t);
        add('name', el.getAttribute('name'));
        add('placeholder', el.getAttribute('placeholder'));
        if (tag === 'input') {
          if (t === 'checkbox' || t === 'radio') add('checked', el.checked);
          else if (t !== 'file' && el.value) add('value', valueOf(el));
        }
        add('disabled', el.disabled);
        add('required', el.required);
      } else if (tag === 'option') add('selected', el.selected);
      else if (tag === 'details') add('open', el.open);
      if (topEditable(el)) add('contenteditable', true);
      return out.length ? ' ' + out.join(' ') : '';
    };
    const textLine = (el) => {
      const tag = el.localName;
      if (tag === 'input') {
        const t = inputType(el);
        if (t === 'checkbox' || t === 'radio') return '[' + (el.checked ? 'x' : ' ') + '] ';
        const label = el.getAttribute('placeholder') || el.getAttribute('aria-label') ||
          el.getAttribute('name') || t;
        const v = valueOf(el);
        const shown = v && t !== 'file' ? ': ' + cap(clean(v), 60) : '';
        return '[' + cap(clean(label), 60) + shown + ']';
      }
      if (tag === 'img') {
        const alt = clean(el.getAttribute('alt') || '');
        return alt ? '[image: ' + cap(alt, 80) + ']' : '';
      }
      if (tag === 'select') {
        const o = el.selectedOptions && el.selectedOptions[0];
        const picked = o ? cap(clean(o.textContent), 60) : '';
        return '[' + cap(clean(el.getAttribute('name') || 'select'), 40) + ': ' + picked + ']';
      }
      if (tag === 'textarea') {
        const label = el.getAttribute('placeholder') || el.getAttribute('name') || 'text';
        const shown = el.value ? ': ' + cap(clean(valueOf(el)), 200) : '';
        return '[' + cap(clean(label), 60) + shown + ']';
      }
      return '';
    };

    const childNodesOf = (el) => {
      if (el.shadowRoot) return Array.from(el.shadowRoot.childNodes);
      if (el.localName === 'slot') {
        const assigned = el.assignedNodes({ flatten: true });
        return assigned.length ? assigned : Array.from(el.childNodes);
      }
      return Array.from(el.childNodes);
    };
    // Words of one line (the coloured token spans of highlighted code, links
    // in a sentence) flow as inline boxes: they read as text, not as a list.
    // Items laid out as blocks, flex or grid items, or inline-block chips do.
    const LIST_ITEMS = new Set(['li', 'tr', 'option', 'dt', 'dd']);
    const inlineRun = (members) => !LIST_ITEMS.has(members[0].localName) &&
      getComputedStyle(members[0]).display === 'inline' &&
      getComputedStyle(members[members.length - 1]).display === 'inline';
    const walkList = (nodes) => {
      let hide = null;
      if (opts.cutlist) {
        const els = nodes.filter((n) => isEl(n) && !SKIP.has(n.localName) && visible(n));
        if (els.length >= MIN_RUN) {
          const groups = new Map();
          for (const e of els) {
            const s = sigOf(e);
            const g = groups.get(s);
            if (g) g.push(e);
            else groups.set(s, [e]);
          }
          for (const members of groups.values()) {
            if (members.length < MIN_RUN || inlineRun(members)) continue;
            hide = hide || new Map();
            const rest = members.slice(SHOW);
            hide.set(rest[0], { count: rest.length, first: members[0] });
            for (let i = 1; i < rest.length; i++) hide.set(rest[i], null);
          }
        }
      }
      for (const n of nodes) {
        if (stopped) return;
        if (hide && hide.has(n)) {
          const info = hide.get(n);
          if (info) {
            const parent = info.first.parentNode;
            const container = parent.nodeType === 11 ? parent.host : parent;
            const selector = uniqueSelector(container);
            const tag = info.first.localName;
            collapsed.push({ selector, count: info.count, shown: SHOW, item_tag: tag });
            nl();
            const more = info.count + ' more similar ';
            if (textOnly) emit('… ' + more + tag + ' items (expand: css=' + selector + ')');
            else emit('<!-- ' + more + '<' + tag + '> collapsed; expand: css=' + selector + ' -->');
            nl();
          }
          continue;
        }
        walk(n);
      }
    };
    const walk = (node) => {
      if (stopped) return;
      if (node.nodeType === 3) {
        const t = node.data.replace(/\s+/g, ' ');
        if (t.trim() && unseen(node)) hidden++;
        else if (t.trim()) emit(textOnly ? t : esc(t));
        else if (t) emit(' ');
        return;
      }
      if (!isEl(node)) return;
      const el = node;
      const tag = el.localName;
      if (SKIP.has(tag)) return;
      const inSelect = tag === 'option' || tag === 'optgroup';
      if (!inSelect && !visible(el)) return;
      if (actionable(el)) note(el);
      const block = !INLINE.has(tag);
      const keep = KEEP.has(tag) || el.hasAttribute('role') || topEditable(el);
      if (textOnly) {
        if (block) nl();
        const line = textLine(el);
        if (line) {
          emit(line);
          if (block) nl();
          return;
        }
        if (/^h[1-6]$/.test(tag)) emit('#'.repeat(+tag[1]) + ' ');
        else if (tag === 'li') emit('- ');
        else if ((tag === 'td' || tag === 'th') && el.previousElementSibling) emit(' | ');
        else if (tag === 'button' || (el.getAttribute('role') || '') === 'button') emit('[');
        walkList(childNodesOf(el));
        if (tag === 'button' || (el.getAttribute('role') || '') === 'button') emit(']');
        if (tag === 'td' || tag === 'th') emit(' ');
        if (block) nl();
        return;
      }
      if (!keep) {
        if (block) nl();
        walkList(childNodesOf(el));
        if (block) nl();
        return;
      }
      if (block) nl();
      emit('<' + tag + attrsOf(el) + '>');
      if (VOID.has(tag)) {
        if (block) nl();
        return;
      }
      if (tag === 'textarea') emit(esc(cap(valueOf(el) || '', 300)));
      else walkList(childNodesOf(el));
      emit('</' + tag + '>');
      if (block) nl();
    };

    const body = document.body || document.documentElement;
    if (body) walk(body);
    let content = parts.join('')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n[ \t]+/g, '\n')
      .replace(/ {2,}/g, ' ')
      .replace(/\n{2,}/g, '\n')
      .trim();
    let truncated = stopped;
    if (content.length > opts.maxChars) {
      content = content.slice(0, opts.maxChars);
      truncated = true;
    }

    // Frames, in document order, with a selector for each <iframe>.
    const frames = [];
    const frameEls = [];
    for (const r of [document, ...shadowRoots()]) {
      for (const f of r.querySelectorAll('iframe, frame')) frameEls.push(f);
    }
    for (const f of frameEls) {
      const name = f.getAttribute('name') || '';
      frames.push({ selector: uniqueSelector(f), name, src: f.src || '' });
    }

    // Render state.
    let busy = false;
    let scanned = 0;
    const all = document.createTreeWalker(document, NodeFilter.SHOW_ELEMENT);
    const next = () => /** @type {Element | null} */ (all.nextNode());
    for (let n = next(); n && scanned < 20000 && !busy; n = next()) {
      scanned++;
      if (SKIP.has(n.localName)) continue;
      const own = n.firstElementChild ? '' : clean(n.textContent);
      const hint = n.getAttribute('aria-busy') === 'true' ||
        n.getAttribute('role') === 'progressbar' ||
        BUSY_CLASS.test((n.getAttribute('class') || '') + ' ' + n.id) ||
        (own.length < 40 && LOADING_TEXT.test(own));
      if (hint && visible(n)) busy = true;
    }
    const text = clean(document.body ? document.body.innerText : '');
    const meaningful = unloaded(text).length;
    const media = document.querySelector('img, video, canvas, svg') !== null;
    const mounts = '#root, #app, #__next, #__nuxt, [data-reactroot], [ng-version], app-root';
    const hasApp = document.scripts.length > 0 || document.querySelector(mounts) !== null;
    const empty = meaningful < 50 && controls === 0 && !media;
    const shell = empty && hasApp;
    const nav = /** @type {PerformanceNavigationTiming | undefined} */ (
      performance.getEntriesByType('navigation')[0]);
    const loadedAgo = nav && nav.loadEventEnd > 0 ? performance.now() - nav.loadEventEnd : 0;
    const loading = document.readyState !== 'complete';
    // A short quiet window tells a page still being rendered from a settled
    // one; skipped when the page already says it is busy.
    const left = opts.sampleMs - (performance.now() - started);
    if (left > 0 && !(busy || loading || opts.pendingRequests > 0)) {
      await new Promise((resolve) => setTimeout(resolve, left));
    }
    for (const r of observer.takeRecords()) {
      for (const n of r.addedNodes) if (n.nodeType === 1) added++;
    }
    observer.disconnect();
    const working = busy || loading || added > 0 || opts.pendingRequests > 0;
    let state;
    if (shell) state = working || loadedAgo < opts.bootMs ? 'hydrating' : 'shell_only';
    else state = working ? 'hydrating' : 'ready';
    return {
      content,
      truncated,
      collapsed,
      targets,
      frames,
      render_state: state,
      hidden,
      content_ready: !shell && (meaningful > 0 || controls > 0 || media),
      token: TOKEN, first_id: firstId(),
      max_id: maxId(),
    };
  };

  // -------------------------------------------------------------- drawing()
  // Whether the page has drawn its chrome but not yet its main panel: a main
  // landmark is shown and holds nothing a person can read or use (no text but
  // "Loading…", no control, no media but a busy indicator's). A page without a
  // main landmark, or with one it hides, says nothing here. A panel with a
  // shadow root or a frame in it is taken as drawn: its content is out of reach.
  const CONTENT = 'img, svg, canvas, video, audio, iframe, frame, embed, object, input, select,'
    + ' textarea, button, a[href], [contenteditable]';
  const busyHint = (el) => el.getAttribute('aria-busy') === 'true'
    || el.getAttribute('role') === 'progressbar'
    || BUSY_CLASS.test((el.getAttribute('class') || '') + ' ' + el.id);
  const emptyPanel = (main) => {
    if (unloaded(clean(/** @type {HTMLElement} */ (main).innerText))) return false;
    let seen = 0;
    for (const el of main.querySelectorAll('*')) {
      if (++seen > 2000 || el.shadowRoot) return false;
      if (!el.matches(CONTENT) || !visible(el)) continue;
      let busy = false;
      for (let up = /** @type {Element | null} */ (el); up && up !== main && !busy;
        up = up.parentElement) busy = busyHint(up);
      if (!busy) return false;
    }
    return true;
  };
  const drawing = () => {
    const shown = [...document.querySelectorAll('main, [role="main"]')]
      .filter((el) => el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true }));
    return shown.length > 0 && shown.every(emptyPanel);
  };

  return { scan, drawing };
}
