// @ts-check
// Part of the reading library (see reading_world.js): what a person cannot see.
// Pages hide text from people and leave it in the accessibility tree: a zero or
// 1-px font, text the colour of what lies behind it, transparent or zero-opacity
// text, text placed off the page or pushed out of it by text-indent, clipped or
// scaled to nothing, inside a box of no size, or covered by another element.
// Such text is how a page writes to an agent what no person reviewing the page
// would read. seer() answers a test of one text node (its caches live as long
// as one read); hidden(limit) lists the document's hidden texts in reading
// order, each with whether a text a person sees holds the same words (then the
// outline keeps them: see snapshot/_hidden.py).
// Computed style and layout are read here, in the isolated world: page code
// cannot patch getComputedStyle or elementsFromPoint for this reader.
/** @type {ReadingPart} */
(lib) => {
  const { clean, isEl } = lib;
  const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'title']);
  // Glyphs or boxes smaller than this (CSS px) no one reads.
  const MIN_PX = 2;
  // Hit tests per read: each costs a hit test of the page, so only text on
  // screen is tested, and at most this many texts.
  const MAX_HIT_TESTS = 200;

  /** @type {Map<string, { r: number, g: number, b: number, a: number } | null>} */
  const colours = new Map();
  /** A computed colour's channels (pages use few colours: each is parsed once).
   * @param {string} value */
  const rgba = (value) => {
    let colour = colours.get(value);
    if (colour === undefined) {
      const m = /rgba?\(([^)]+)\)/.exec(value || '');
      const parts = m ? m[1].split(/[\s,/]+/).filter(Boolean).map(Number) : [];
      colour = parts.length < 3 ? null
        : { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
      if (colours.size < 1000) colours.set(value, colour);
    }
    return colour;
  };

  const PAINTS = new Set(['img', 'video', 'canvas', 'iframe', 'svg']);

  /**
   * What an element passes to what it holds, read once per element on the way down:
   * whether it hides its content, the box of no size that clips it (`clipAt`: what
   * is positioned out of that box escapes it), the nearest background colour
   * painted behind it (`bgAt` the element that paints it), and its own display.
   * @typedef {{ hides: boolean, clipAt: Element | null,
   *   bg: { r: number, g: number, b: number, a: number },
   *   bgAt: Element | null, display: string }} Context
   */
  /** @type {Context} */
  const CANVAS = {
    hides: false, clipAt: null, bg: { r: 255, g: 255, b: 255, a: 1 }, bgAt: null,
    display: 'block',
  };

  /** Whether `el`'s overflow clips what it holds. The root's does not (it is the
   * viewport's), nor the body's when the root's is visible: the browser hands it to
   * the viewport then. (A notebook IDE's body is 0 px high, overflow hidden, and its
   * app is drawn in boxes positioned over it.)
   * @param {Element} el */
  const clipsItself = (el) => el !== document.documentElement
    && !(el === document.body && getComputedStyle(document.documentElement).overflow === 'visible');

  /** Whether `el`, positioned absolutely or fixed, is drawn out of the clipping box
   * `box`: its containing block is not inside it.
   * @param {Element} el @param {CSSStyleDeclaration} cs @param {Element} box */
  const escapes = (el, cs, box) => {
    if (cs.position === 'fixed') return true;
    if (cs.position !== 'absolute') return false;
    const block = el instanceof HTMLElement ? el.offsetParent : null;
    return block === null || (block !== box && !box.contains(block));
  };

  /** The context `el` passes on, from its computed style `cs` (whose `display` the
   * caller read) and its parent's `ctx`. Each property read costs about a
   * microsecond, on every element: only what decides is read, and the rare cases
   * (a background image, a pinned cover) are checked only where they could matter.
   * @param {Element} el @param {CSSStyleDeclaration} cs @param {string} display
   * @param {Context} ctx @returns {Context} */
  const enter = (el, cs, display, ctx) => {
    let hides = ctx.hides;
    let clipAt = ctx.clipAt && !escapes(el, cs, ctx.clipAt) ? ctx.clipAt : null;
    if (!hides && !clipAt && cs.overflow !== 'visible' && display !== 'contents' && clipsItself(el)) {
      const rect = el.getBoundingClientRect();
      if (rect.width < MIN_PX || rect.height < MIN_PX) clipAt = el;
    }
    if (!hides && cs.opacity === '0') hides = true;
    const clip = hides ? 'auto' : cs.clip; // 'auto' unless positioned with a clip
    if (clip !== 'auto' && clip.startsWith('rect')) {
      const n = (clip.match(/-?[\d.]+/g) || []).map(Number);
      hides = n.length === 4 && (n[1] - n[3] < MIN_PX || n[2] - n[0] < MIN_PX);
    }
    if (!hides) {
      const path = cs.clipPath;
      if (path !== 'none') {
        const inset = /^inset\(\s*([\d.]+)%/.exec(path);
        hides = (inset !== null && Number(inset[1]) >= 50) || /^(circle|ellipse)\(\s*0(px|%)?[\s)]/.test(path);
      }
    }
    let { bg, bgAt } = ctx;
    const paint = cs.backgroundColor;
    if (paint !== 'rgba(0, 0, 0, 0)' && paint !== 'transparent') {
      const colour = rgba(paint);
      if (colour && colour.a > 0) {
        bg = colour;
        bgAt = el;
      }
    }
    return { hides, clipAt, bg, bgAt, display };
  };

  /** Whether text in `el`, of colour `ink`, is drawn in the colour of what lies behind
   * it: the nearest painted background is opaque and of the same colour, no image
   * lies between, and the text has no shadow or outline that would show it.
   * @param {Element} el @param {CSSStyleDeclaration} cs @param {Context} ctx
   * @param {{ r: number, g: number, b: number, a: number }} ink */
  const inkOfBackground = (el, cs, ctx, ink) => {
    const { bg } = ctx;
    if (bg.a < 0.9) return false;
    if (Math.max(Math.abs(bg.r - ink.r), Math.abs(bg.g - ink.g), Math.abs(bg.b - ink.b)) > 8) return false;
    if (cs.textShadow !== 'none' || cs.webkitTextStrokeWidth !== '0px') return false;
    for (let at = /** @type {Element | null} */ (el); at; at = at.parentElement) {
      if (PAINTS.has(at.localName) || getComputedStyle(at).backgroundImage !== 'none') return false;
      if (at === ctx.bgAt) return true;
    }
    return true;
  };

  /** Whether text of a transparent colour in `el` is drawn with no ink at all: no fill
   * colour of its own, no outline or shadow, and no background clipped to the text
   * (how gradient headings are drawn).
   * @param {Element} el @param {CSSStyleDeclaration} cs */
  const noInk = (el, cs) => {
    const fill = rgba(cs.webkitTextFillColor);
    if ((fill && fill.a >= 0.1) || cs.textShadow !== 'none' || cs.webkitTextStrokeWidth !== '0px') {
      return false;
    }
    for (let at = /** @type {Element | null} */ (el); at; at = at.parentElement) {
      const s = getComputedStyle(at);
      if ((s.backgroundClip || '').includes('text') || (s.webkitBackgroundClip || '').includes('text')) {
        return false;
      }
    }
    return true;
  };

  /** Whether an element drawn over text hides it: opaque, painting a background or
   * an image, and not pinned in place (a bar or dialog that stays while the page
   * scrolls moves off what lies under it).
   * @param {Element} cover @param {Element} el */
  const covers = (cover, el) => {
    if (cover.contains(el) || el.contains(cover)) return false;
    for (let at = /** @type {Element | null} */ (cover); at; at = at.parentElement) {
      const p = getComputedStyle(at).position;
      if (p === 'fixed' || p === 'sticky') return false;
    }
    const cs = getComputedStyle(cover);
    if (Number(cs.opacity) < 0.9) return false;
    const bg = rgba(cs.backgroundColor);
    return (bg !== null && bg.a >= 0.9) || cs.backgroundImage !== 'none' || PAINTS.has(cover.localName);
  };

  /** A test of the text an element holds directly: whether a person sees none of it.
   * Its answers for one element are kept for the read. */
  const seer = () => {
    /** @type {Map<Element, boolean>} */
    const verdicts = new Map();
    /** @type {Map<Element, Context>} */
    const contexts = new Map();
    let hitTests = 0;
    // Read once: each is a property of the window, dear to read from this world.
    const view = { x: scrollX, y: scrollY, width: innerWidth, height: innerHeight };
    /** @param {Element} el @returns {Context} */
    const contextOf = (el) => {
      let ctx = contexts.get(el);
      if (ctx === undefined) {
        const parent = el.parentElement || (el.getRootNode() instanceof ShadowRoot
          ? /** @type {ShadowRoot} */ (el.getRootNode()).host : null);
        const cs = getComputedStyle(el);
        ctx = enter(el, cs, cs.display, parent ? contextOf(parent) : CANVAS);
        contexts.set(el, ctx);
      }
      return ctx;
    };
    /** @param {Element} el @param {Context} ctx @param {CSSStyleDeclaration} cs */
    const judge = (el, ctx, cs) => {
      if (ctx.hides || ctx.clipAt || parseFloat(cs.fontSize) < MIN_PX) return true;
      const ink = rgba(cs.color);
      if (ink && (ink.a < 0.1 ? noInk(el, cs) : inkOfBackground(el, cs, ctx, ink))) return true;
      const rect = el.getBoundingClientRect();
      const display = ctx.display;
      if (display !== 'contents' && display !== 'inline' && (rect.width < MIN_PX || rect.height < MIN_PX)) {
        return true;
      }
      if (display === 'inline' && rect.width === 0 && rect.height === 0) return true;
      // Off the page to the left or above, itself or its first line pushed out by
      // text-indent: no scrolling brings it into view.
      // (The indent moves an inline element's own box, which shows it already.)
      const indent = display === 'inline' ? 0 : Math.min(parseFloat(cs.textIndent) || 0, 0);
      if (rect.right + view.x + indent <= 0 || rect.bottom + view.y <= 0) return true;
      const x = rect.left + Math.min(rect.width / 2, 8);
      const y = rect.top + Math.min(rect.height / 2, 8);
      if (x < 0 || y < 0 || x >= view.width || y >= view.height || hitTests >= MAX_HIT_TESTS) return false;
      if (display === 'contents' || cs.pointerEvents === 'none') return false;
      hitTests++;
      const root = el.getRootNode();
      const top = root instanceof ShadowRoot ? root.elementFromPoint(x, y) : document.elementFromPoint(x, y);
      if (top && (top === el || el.contains(top))) return false; // drawn on top: the common case
      const at = root instanceof ShadowRoot ? root.elementsFromPoint(x, y) : document.elementsFromPoint(x, y);
      const index = at.indexOf(el);
      if (index < 0) {
        // Not drawn at its own place: clipped away (a clip path), unless a scroller
        // shows other content there.
        for (let box = el.parentElement; box; box = box.parentElement) {
          const s = getComputedStyle(box);
          if (s.overflowX !== 'visible' || s.overflowY !== 'visible') return false;
        }
        return !at.some((found) => found.contains(el));
      }
      return at.slice(0, index).some((cover) => covers(cover, el));
    };
    /** Whether the person looking at the page sees nothing of text node `t`.
     * @param {Text} t @param {Context} [ctx] its parent's context, when known */
    const unseen = (t, ctx) => {
      const el = t.parentElement;
      if (!el) return false;
      let verdict = verdicts.get(el);
      if (verdict === undefined) {
        verdict = judge(el, ctx || contextOf(el), getComputedStyle(el));
        verdicts.set(el, verdict);
      }
      return verdict;
    };
    /** @param {Element} el @param {CSSStyleDeclaration} cs @param {string} display
     * @param {Context} outer */
    const into = (el, cs, display, outer) => {
      const ctx = enter(el, cs, display, outer);
      contexts.set(el, ctx);
      return ctx;
    };
    return { unseen, into };
  };

  /** The text nodes the outline prints, in its order, each with its parent's context:
   * the flat tree (shadow roots, slots) without scripts and styles, and without
   * what no one sees or hears (display: none, visibility: hidden), which the
   * outline leaves out itself.
   * @param {ReturnType<typeof seer>} eye @param {(t: Text, ctx: Context) => void} visit */
  const eachText = (eye, visit) => {
    /** @param {Element} el @param {Context} outer */
    const walk = (el, outer) => {
      if (SKIP.has(el.localName)) return;
      const cs = getComputedStyle(el);
      const display = cs.display;
      if (display === 'none') return;
      const ctx = eye.into(el, cs, display, outer);
      /** @type {ArrayLike<Node>} */
      let kids = el.childNodes;
      if (el.shadowRoot) kids = el.shadowRoot.childNodes;
      else if (el.localName === 'slot') {
        const assigned = /** @type {HTMLSlotElement} */ (el).assignedNodes({ flatten: true });
        if (assigned.length) kids = assigned;
      }
      const shows = cs.visibility === 'visible';
      for (let i = 0; i < kids.length; i++) {
        const kid = kids[i];
        if (kid.nodeType === 3) {
          if (shows && /\S/.test(/** @type {Text} */ (kid).data)) visit(/** @type {Text} */ (kid), ctx);
        } else if (isEl(kid)) walk(/** @type {Element} */ (kid), ctx);
      }
    };
    if (document.body) walk(document.body, CANVAS);
  };

  /** The hidden texts, at most `limit`: [words, shown elsewhere], in reading order.
   * "Shown elsewhere" says whether a text a person sees holds the same words.
   * @param {number} limit */
  const hidden = (limit) => {
    const eye = seer();
    /** @type {{ text: string, hidden: boolean }[]} */
    const texts = [];
    /** @type {Set<string>} */
    const words = new Set();
    eachText(eye, (t, ctx) => {
      const text = clean(t.data);
      const isHidden = words.size < limit && eye.unseen(t, ctx);
      if (isHidden) words.add(text);
      texts.push({ text, hidden: isHidden });
    });
    /** @type {[string, boolean][]} */
    const found = [];
    if (!words.size) return found;
    /** @type {Set<string>} */
    const shown = new Set();
    for (const { text, hidden: isHidden } of texts) {
      if (isHidden && found.length < limit) found.push([text, false]);
      if (isHidden) continue;
      for (const w of words) if (text.includes(w)) shown.add(w);
    }
    for (const item of found) item[1] = shown.has(item[0]);
    return found;
  };

  // What a popup hid from assistive technology: the outermost elements marked
  // aria-hidden or inert. A veil on a box the outline does not print (a
  // wrapper around a label, say) leaves no trace in it but names gone blank.
  const VEILED = '[aria-hidden="true" i], [inert]';
  // The words of one veil kept at most (a veil over a whole app holds all of them).
  const VEIL_CHARS = 4000;
  const LABELS = ['aria-label', 'title', 'alt'];
  const LABELLED = LABELS.map((key) => `[${key}]`).join(', ');

  /** The veils: [elements under one, the words of at most `limit` of them that hold
   * any], the words capped at VEIL_CHARS each.
   * @param {number} limit */
  const veils = (limit) => {
    let under = 0;
    /** @type {string[]} */
    const words = [];
    /** @param {string | null} text */
    const keep = (text) => {
      const said = clean(text);
      if (said && words.length < limit) words.push(said.slice(0, VEIL_CHARS));
    };
    for (const el of document.querySelectorAll(VEILED)) {
      const above = el.parentElement && el.parentElement.closest(VEILED);
      if (above || SKIP.has(el.localName)) continue;
      under += 1 + el.getElementsByTagName('*').length;
      keep(el.textContent);
      // Names a veil takes away that are no text of it: labels, titles, alt texts.
      for (const named of [el, ...el.querySelectorAll(LABELLED)]) {
        for (const key of LABELS) keep(named.getAttribute(key));
      }
    }
    return [under, words];
  };

  return { seer, hidden, veils };
}
