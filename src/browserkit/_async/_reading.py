"""Reading and scripting: DOM outline, page scan, find, styles, execute.

``ReadingMixin`` is mixed into :class:`~browserkit.AsyncSession`; its methods
use the session's internal helpers (``_check``, ``_timeout``, ``_resolve``,
``_guard``, ``_act``) and are mirrored into the sync ``Session`` by the
generator like the session's own.

``dom`` and ``scan`` run their JavaScript in an isolated world of the page
(CDP ``Page.createIsolatedWorld``): it shares the DOM with the page but none
of its JavaScript objects. Page code cannot see what it keeps (the ``d``-ref
map), and polyfills that replace ``document.querySelectorAll`` or
``Array.prototype.map`` cannot break it. A new document gets a new world, so
refs of an old page can never name an element of the new one.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import urlsplit

import attrs
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator, Page

from browserkit._async._tab import swallow, unless_blocked
from browserkit.errors import (
    BrowserkitError,
    EvaluationError,
    InvalidArgumentError,
    ModalStateBlockedError,
    RefNotFoundError,
    StaleRefError,
    TimeoutError,
)
from browserkit.refs import Ref
from browserkit.results import (
    ActionResult,
    CollapsedList,
    DomNode,
    ExecuteResult,
    FindMatch,
    FrameInfo,
    PageScan,
    ScanTarget,
    Styles,
)
from browserkit.snapshot import Node
from browserkit.snapshot import parse as parse_outline
from browserkit.targets import Point, Selector, Target, css

if TYPE_CHECKING:
    from browserkit._async._evidence import NetworkView
    from browserkit._async._tab import Tab
    from browserkit._async.session import Aim
    from browserkit.config import Config

__all__ = ["ReadingMixin"]

_WORLD = "browserkit-reading"
_DOM_REF = re.compile(r"^d(\d+)$")
_DOM_MAX_NODES = 3000
_SCAN_SAMPLE_MS = 120  # quiet window that tells "still rendering" from "settled"
_SCAN_BOOT_MS = 1500  # an empty app shell younger than this is still booting
_PENDING_WINDOW_MS = 5000  # requests older than this (long polls) do not count as loading
_PRINTED_KEPT = 8
_MAX_LOGS = 1000
_PROPERTY = re.compile(r"^(--[\w-]+|-?[a-zA-Z][a-zA-Z0-9-]*)$")

# The design properties styles() reads when no names are given.
DESIGN_PROPERTIES: tuple[str, ...] = (
    "display",
    "position",
    "top",
    "right",
    "bottom",
    "left",
    "z-index",
    "box-sizing",
    "width",
    "height",
    "min-width",
    "max-width",
    "margin",
    "padding",
    "border",
    "border-radius",
    "color",
    "background-color",
    "background-image",
    "opacity",
    "visibility",
    "overflow",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "line-height",
    "letter-spacing",
    "text-align",
    "text-decoration-line",
    "text-transform",
    "white-space",
    "flex-direction",
    "flex-wrap",
    "justify-content",
    "align-items",
    "gap",
    "grid-template-columns",
    "box-shadow",
    "cursor",
    "transform",
    "transition",
)

# The same structural path as the isolated world's pathOf, computed in the
# page's own world for the element a Playwright locator found: it is how a
# locator and a d-ref are proven to name the same element. None for an
# element inside an iframe (dom() reads the main frame's document).
_PATH_JS = """(el) => {
  const win = el.ownerDocument && el.ownerDocument.defaultView;
  if (!win || win !== win.top) return null;
  // No Array methods: a page may have replaced them.
  const up = [];
  let n = 0;
  let cur = el;
  for (;;) {
    const parent = cur.parentNode;
    if (!parent) return null;
    let i = 0;
    for (let s = cur.previousElementSibling; s; s = s.previousElementSibling) i++;
    up[n++] = i;
    if (parent.nodeType === 9) break;
    if (parent.nodeType === 11) {
      if (!parent.host) return null;
      up[n++] = -1;
      cur = parent.host;
      continue;
    }
    cur = parent;
  }
  const path = [];
  for (let k = 0; k < n; k++) path[k] = up[n - 1 - k];
  return path;
}"""

_STYLES_JS = """(el, names) => {
  const cs = el.ownerDocument.defaultView.getComputedStyle(el);
  const out = {};
  const unknown = [];
  if (names === null) {
    for (let i = 0; i < cs.length; i++) out[cs[i]] = cs.getPropertyValue(cs[i]);
  } else {
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (!name.startsWith('--') && !CSS.supports(name, 'inherit')) unknown.push(name);
      out[name] = cs.getPropertyValue(name).trim();
    }
  }
  return { properties: out, inline: el.style ? el.style.cssText : '', unknown };
}"""

_SET_STYLE_JS = """(el, [name, value, important]) => {
  if (!el.style) return { ok: false, inline: '', reason: 'the element has no style' };
  if (value === '') {
    el.style.removeProperty(name);
    return { ok: true, inline: el.style.cssText };
  }
  if (!name.startsWith('--') && !CSS.supports(name, 'inherit')) {
    return { ok: false, inline: el.style.cssText, reason: 'unknown property' };
  }
  if (!CSS.supports(name, value)) {
    return { ok: false, inline: el.style.cssText, reason: 'not a valid value for it' };
  }
  const before = el.style.cssText;
  el.style.setProperty(name, value, important ? 'important' : '');
  if (el.style.getPropertyValue(name) === '') {
    el.style.cssText = before;
    return { ok: false, inline: before, reason: 'the value was rejected' };
  }
  return { ok: true, inline: el.style.cssText };
}"""

# The body of execute(): the caller's code runs inside an async function, with
# state/log/sleep/waitFor in scope. The run is also reachable under a
# non-enumerable symbol so a timed-out run's logs can be read back after it
# is stopped.
_EXECUTE_JS = """async (__bkArg) => {
  const __bkKey = Symbol.for('browserkit.execute');
  const __bkPristine = window[Symbol.for('browserkit.pristine')] || {};
  const __bkSetTimeout = __bkPristine.setTimeout || window.setTimeout.bind(window);
  const __bkQuery = __bkPristine.querySelectorAll || Document.prototype.querySelectorAll;
  const __bkStringify = JSON.stringify;
  const __bkParse = JSON.parse;
  let __bkRuns = window[__bkKey];
  if (!__bkRuns) {
    __bkRuns = Object.create(null);
    Object.defineProperty(window, __bkKey, { value: __bkRuns, configurable: true });
  }
  let state = __bkArg.state;
  const __bkLogs = [];
  const __bkRun = { logs: __bkLogs, dropped: 0, cancelled: false, get state() { return state; } };
  __bkRuns[__bkArg.run] = __bkRun;
  const __bkStopped = () => new Error('execute was stopped at its timeout');
  const __bkFormat = (v) => {
    if (typeof v === 'string') return v;
    try {
      const s = __bkStringify(v);
      return s === undefined ? String(v) : s;
    } catch (e) {
      return String(v);
    }
  };
  const __bkDescribe = (e) => {
    if (e && typeof e === 'object' && 'message' in e) {
      return (e.name ? e.name + ': ' : '') + e.message;
    }
    return 'thrown: ' + __bkFormat(e);
  };
  const __bkJsonState = () => {
    try {
      const s = __bkParse(__bkStringify(state));
      return s !== null && typeof s === 'object' && !Array.isArray(s) ? s : undefined;
    } catch (e) {
      return undefined;
    }
  };
  const log = (...args) => {
    if (__bkRun.cancelled) throw __bkStopped();
    let line = '';
    for (let i = 0; i < args.length; i++) line += (i ? ' ' : '') + __bkFormat(args[i]);
    if (__bkLogs.length < __bkArg.maxLogs) {
      __bkLogs.push(line.length > __bkArg.maxChars ? line.slice(0, __bkArg.maxChars) + '…' : line);
    } else {
      __bkRun.dropped++;
    }
  };
  const sleep = (ms) => new Promise((resolve, reject) => {
    const wake = () => (__bkRun.cancelled ? reject(__bkStopped()) : resolve());
    __bkSetTimeout(wake, Math.max(0, Number(ms) || 0));
  });
  const waitFor = (selector, options) => new Promise((resolve, reject) => {
    const asked = options && options.timeout != null ? Number(options.timeout) : __bkArg.timeout;
    const limit = Math.min(asked, __bkArg.timeout);
    const start = Date.now();
    const tick = () => {
      if (__bkRun.cancelled) return reject(__bkStopped());
      let found;
      try {
        found = __bkQuery.call(document, selector)[0];
      } catch (e) {
        return reject(new Error('waitFor: not a valid selector: ' + selector));
      }
      if (found) return resolve(found);
      if (Date.now() - start >= limit) {
        const what = 'waitFor(' + __bkStringify(selector) + ')';
        return reject(new Error(what + ' timed out after ' + limit + ' ms'));
      }
      __bkSetTimeout(tick, 50);
    };
    tick();
  });
  try {
    const __bkValue = await (async () => {
/*BODY*/
    })();
    let result = null;
    if (__bkValue !== undefined) {
      try {
        result = __bkParse(__bkStringify(__bkValue) ?? 'null');
      } catch (e) {
        const error = 'the return value is not JSON: ' + __bkDescribe(e);
        const dropped = __bkRun.dropped;
        return { ok: false, error, logs: __bkLogs, dropped, state: __bkJsonState() };
      }
    }
    return { ok: true, result, logs: __bkLogs, dropped: __bkRun.dropped, state: __bkJsonState() };
  } catch (e) {
    return { ok: false, error: __bkDescribe(e), logs: __bkLogs, dropped: __bkRun.dropped,
             state: __bkJsonState() };
  } finally {
    delete __bkRuns[__bkArg.run];
    let idle = true;
    for (const _ in __bkRuns) idle = false;
    if (idle) delete window[__bkKey];
  }
}"""

_EXECUTE_STASH_JS = """(id) => {
  const runs = window[Symbol.for('browserkit.execute')];
  const run = runs && runs[id];
  if (!run) return null;
  run.cancelled = true;
  delete runs[id];
  let idle = true;
  for (const _ in runs) idle = false;
  if (idle) delete window[Symbol.for('browserkit.execute')];
  let state = null;
  try { state = JSON.parse(JSON.stringify(run.state)); } catch (e) {}
  return { logs: run.logs, dropped: run.dropped, state };
}"""

_LIB = r"""
(base, generation) => {
  const G = globalThis;
  if (G.__browserkit) return G.__browserkit.enter(base, generation);
  // This runs in an isolated world of the page (CDP Page.createIsolatedWorld):
  // it shares the DOM but none of the page's JavaScript objects, so page code
  // can neither see what is kept here nor break it by replacing globals.
  const TOKEN = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
  // Refs belong to one document and one page generation. Ids continue from
  // the highest the session handed out (``base``), so an id is never handed
  // out twice; a document restored from the back/forward cache starts over.
  let epoch = null;
  let first = base;
  let nextId = base;
  let idOf = new WeakMap();
  let byId = new Map();
  const enter = (b, g) => {
    if (g !== epoch) {
      epoch = g;
      idOf = new WeakMap();
      byId = new Map();
      nextId = Math.max(nextId, b);
      first = nextId;
    }
    return G.__browserkit;
  };
  const refFor = (el) => {
    let n = idOf.get(el);
    if (n === undefined) {
      n = nextId++;
      idOf.set(el, n);
      byId.set(n, new WeakRef(el));
    }
    return 'd' + n;
  };
  const elementFor = (n) => {
    const weak = byId.get(n);
    return weak === undefined ? undefined : weak.deref();
  };
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const cap = (s, n) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
  const isEl = (n) => n && n.nodeType === 1;

  // ------------------------------------------------------------ paths
  // A path is the child-element index at each level from the document, with
  // -1 for "enter the shadow root"; the main-world twin computes the same.
  const pathOf = (el) => {
    const out = [];
    let cur = el;
    for (;;) {
      const parent = cur.parentNode;
      if (!parent) return null;
      let i = 0;
      for (let s = cur.previousElementSibling; s; s = s.previousElementSibling) i++;
      out.push(i);
      if (parent.nodeType === 9) break;
      if (parent.nodeType === 11) {
        if (!parent.host) return null;
        out.push(-1);
        cur = parent.host;
        continue;
      }
      cur = parent;
    }
    return out.reverse();
  };
  const follow = (path) => {
    let node = document;
    for (const step of path) {
      node = step === -1 ? node.shadowRoot : node && node.children[step];
      if (!node) return null;
    }
    return isEl(node) ? node : null;
  };
  const typeSel = (el) => (/^[A-Za-z][A-Za-z0-9-]*$/.test(el.localName) ? el.localName : '*');
  // Playwright's css engine pierces open shadow roots, so one chain of child
  // steps addresses any element; `rich` adds id and classes to tell apart a
  // shadow child from a light child at the same position.
  const chainFor = (el, rich) => {
    const steps = [];
    let cur = el;
    while (cur) {
      let i = 1;
      for (let s = cur.previousElementSibling; s; s = s.previousElementSibling) i++;
      let step = typeSel(cur);
      if (rich) {
        if (cur.id) step += '[id="' + cur.id.replace(/["\\]/g, '\\$&') + '"]';
        const cls = cur.getAttribute('class');
        const names = cls ? cls.split(/\s+/).filter(Boolean).slice(0, 3) : [];
        for (const c of names) step += '.' + CSS.escape(c);
      }
      steps.push(step + ':nth-child(' + i + ')');
      const parent = cur.parentNode;
      cur = parent && parent.nodeType === 11 ? parent.host : parent && isEl(parent) ? parent : null;
    }
    return steps.reverse().join(' > ');
  };

  // -------------------------------------------------- unique selectors
  let rootsCache = null;
  const shadowRoots = () => {
    if (rootsCache) return rootsCache;
    const roots = [];
    const visit = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.shadowRoot) {
          roots.push(n.shadowRoot);
          visit(n.shadowRoot);
        }
      }
    };
    visit(document);
    rootsCache = roots;
    return roots;
  };
  // Matches over the document and every open shadow root, the way
  // Playwright's piercing css counts them.
  const countAll = (sel, scope) => {
    let n = 0;
    try {
      if (scope) {
        n += scope.querySelectorAll(sel).length;
        if (scope.shadowRoot) n += scope.shadowRoot.querySelectorAll(sel).length;
        for (const r of shadowRoots()) {
          if (r.host !== scope && scope.contains(r.host)) n += r.querySelectorAll(sel).length;
        }
        return n;
      }
      n += document.querySelectorAll(sel).length;
      for (const r of shadowRoots()) n += r.querySelectorAll(sel).length;
    } catch (e) {
      return -1;
    }
    return n;
  };
  const GOOD_ID = /^[A-Za-z][\w-]{0,63}$/;
  const goodClass = (c) => /^[A-Za-z_-][\w-]{0,40}$/.test(c) && !/\d{3,}/.test(c);
  // A short selector built from the element's own id, classes and position,
  // unique within its tree (and, for shadow content, chained from its host).
  const selectorIn = (el, scope) => {
    const count = (sel) => countAll(sel, scope);
    if (el.id && GOOD_ID.test(el.id) && count('#' + el.id) === 1) return '#' + el.id;
    const tag = typeSel(el);
    const href = el.localName === 'a' ? el.getAttribute('href') : null;
    if (href && href.length <= 80 && !/["\\\n]/.test(href)) {
      const s = 'a[href="' + href + '"]';
      if (count(s) === 1) return s;
    }
    const name = el.getAttribute('name');
    if (name && /^[\w.:\[\]-]{1,60}$/.test(name)) {
      const s = tag + '[name="' + name + '"]';
      if (count(s) === 1) return s;
    }
    const parts = [];
    let cur = el;
    while (cur && isEl(cur)) {
      let part = typeSel(cur);
      if (cur !== el && cur.id && GOOD_ID.test(cur.id) && count('#' + cur.id) === 1) {
        parts.unshift('#' + cur.id);
        return parts.join(' > ');
      }
      const cls = (cur.getAttribute('class') || '').split(/\s+/).filter(goodClass).slice(0, 2);
      for (const c of cls) part += '.' + c;
      // Siblings live under an element, a shadow root or the document.
      const holder = cur.parentNode;
      if (holder) {
        let same = 0;
        let index = 0;
        for (let s = holder.firstElementChild; s; s = s.nextElementSibling) {
          if (s.localName === cur.localName) {
            same++;
            if (s === cur) index = same;
          }
        }
        const probe = [part, ...parts].join(' > ');
        if (same > 1 && count(probe) !== 1) part += ':nth-of-type(' + index + ')';
      }
      parts.unshift(part);
      const sel = parts.join(' > ');
      if (count(sel) === 1) return sel;
      cur = cur.parentElement;
    }
    return parts.join(' > ');
  };
  const uniqueSelector = (el) => {
    const root = el.getRootNode();
    if (root.nodeType === 11 && root.host) {
      return uniqueSelector(root.host) + ' >> ' + selectorIn(el, root.host);
    }
    return selectorIn(el, null);
  };

  // ------------------------------------------------------------- dom()
  const SILENT = new Set(['script', 'style', 'noscript', 'template']);
  const kidsOf = (el) => {
    const kids = [];
    if (el.shadowRoot) kids.push(el.shadowRoot);
    if (SILENT.has(el.localName)) return kids;
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 1) kids.push(n);
      else if (n.nodeType === 3 && clean(n.data)) kids.push(n);
    }
    return kids;
  };
  const dom = ({ ref, path, depth, maxNodes }) => {
    let root;
    if (ref !== undefined && ref !== null) {
      root = elementFor(ref);
      if (!root || !root.isConnected) return { error: 'gone', token: TOKEN, first_id: first };
    } else if (path) {
      root = follow(path);
      if (!root) return { error: 'gone', token: TOKEN, first_id: first };
    } else {
      root = document.body || document.documentElement;
      if (!root) return { error: 'empty', token: TOKEN, first_id: first };
    }
    let budget = maxNodes;
    let cut = false;
    const make = (node) => {
      if (node.nodeType === 3) {
        return { tag: '#text', text: cap(clean(node.data), 200), child_count: 0, children: [] };
      }
      if (node.nodeType === 11) {
        return { tag: '#shadow-root', child_count: 0, children: [], _node: node };
      }
      return {
        tag: node.localName,
        id: node.id || null,
        classes: (node.getAttribute('class') || '').split(/\s+/).filter(Boolean),
        ref: refFor(node),
        child_count: 0,
        children: [],
        _node: node,
      };
    };
    const top = make(root);
    budget--;
    const queue = [[top, 0]];
    for (let qi = 0; qi < queue.length; qi++) {
      const [out, level] = queue[qi];
      const node = out._node;
      delete out._node;
      let kids;
      if (node.nodeType === 11) {
        kids = [];
        for (let n = node.firstChild; n; n = n.nextSibling) {
          if (n.nodeType === 1 || (n.nodeType === 3 && clean(n.data))) kids.push(n);
        }
      } else {
        kids = kidsOf(node);
        if (kids.length && kids.every((k) => k.nodeType === 3)) {
          out.text = cap(clean(node.textContent), 200);
          continue;
        }
      }
      out.child_count = kids.length;
      if (level >= depth) continue;
      for (const kid of kids) {
        if (budget <= 0) {
          out.truncated = true;
          cut = true;
          break;
        }
        const child = make(kid);
        budget--;
        out.children.push(child);
        if (kid.nodeType !== 3) queue.push([child, level + 1]);
      }
    }
    for (const [out] of queue) delete out._node;
    if (cut) top.truncated = true;
    return { node: top, token: TOKEN, first_id: first, max_id: nextId - 1 };
  };

  // ------------------------------------------------------ locate(ref)
  const locate = (n) => {
    const el = elementFor(n);
    const dead = { token: TOKEN, first_id: first, alive: false, max_id: nextId - 1 };
    if (!el || !el.isConnected) return dead;
    const path = pathOf(el);
    if (!path) return dead;
    const plain = chainFor(el, false);
    const rich = chainFor(el, true);
    return { token: TOKEN, first_id: first, alive: true, path, plain, rich, max_id: nextId - 1 };
  };

  // -------------------------------------------------------------- scan()
  const SKIP = new Set([
    'script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base', 'svg',
    'canvas', 'object', 'embed', 'audio', 'video', 'source', 'track', 'map', 'param', 'datalist',
  ]);
  const KEEP = new Set([
    'a', 'button', 'input', 'select', 'option', 'optgroup', 'textarea', 'label', 'form', 'fieldset',
    'legend', 'img', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'nav', 'main', 'header',
    'footer', 'section', 'article', 'aside', 'dialog', 'details', 'summary', 'iframe', 'frame',
    'blockquote', 'pre', 'code', 'figure', 'figcaption', 'hr', 'br',
  ]);
  const VOID = new Set(['input', 'img', 'hr', 'br', 'iframe', 'frame']);
  const INLINE = new Set([
    'a', 'span', 'b', 'i', 'em', 'strong', 'small', 'code', 'label', 'button', 'input', 'img',
    'abbr', 'cite', 'q', 'sub', 'sup', 'mark', 'time', 'kbd', 'var', 's', 'u', 'del', 'ins',
    'font', 'textarea', 'select', 'bdi', 'bdo', 'data', 'output', 'meter', 'progress', 'wbr',
    'td', 'th',
  ]);
  const ROLES = new Set([
    'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'option', 'textbox', 'searchbox', 'combobox', 'slider', 'spinbutton',
    'treeitem',
  ]);
  const TEXT_INPUTS = new Set([
    '', 'text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local',
    'month', 'week', 'time',
  ]);
  const BUTTON_INPUTS = new Set(['submit', 'button', 'reset', 'image', 'file']);
  const topEditable = (el) => el.isContentEditable &&
    !(el.parentElement && el.parentElement.isContentEditable);
  const BUSY_CLASS = /(^|[\s_-])(spinner|loading|loader|skeleton|shimmer)([\s_-]|$)/i;
  const LOADING_TEXT = /^(loading|please wait|one moment)\b/i;
  const MIN_RUN = 10;
  const SHOW = 3;

  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const escAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const visibleCache = new WeakMap();
  const visible = (el) => {
    let v = visibleCache.get(el);
    if (v !== undefined) return v;
    v = el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true });
    if (!v) {
      // display:contents has no box of its own but shows its children.
      const cs = getComputedStyle(el);
      v = cs.display === 'contents';
    }
    visibleCache.set(el, v);
    return v;
  };
  const roleOf = (el) => {
    const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (explicit) return explicit;
    const tag = el.localName;
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : '';
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'input') {
      const t = (el.getAttribute('type') || '').toLowerCase();
      if (t === 'checkbox' || t === 'radio') return t;
      if (BUTTON_INPUTS.has(t)) return 'button';
      if (t === 'range') return 'slider';
      if (t === 'number') return 'spinbutton';
      if (t === 'search') return 'searchbox';
      return 'textbox';
    }
    if (el.isContentEditable) return 'textbox';
    return '';
  };
  const actionable = (el) => {
    const tag = el.localName;
    if (el.disabled) return false;
    if (tag === 'input') return (el.getAttribute('type') || '').toLowerCase() !== 'hidden';
    if (['button', 'select', 'textarea', 'summary'].includes(tag)) return true;
    if (tag === 'a') return el.hasAttribute('href');
    if (topEditable(el)) return true;
    const role = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    return ROLES.has(role);
  };
  const nameOf = (el) => {
    const aria = el.getAttribute('aria-label');
    if (aria && clean(aria)) return cap(clean(aria), 80);
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const root = el.getRootNode();
      const text = by.split(/\s+/).map((id) => root.getElementById ? root.getElementById(id) : null)
        .filter(Boolean).map((n) => n.textContent).join(' ');
      if (clean(text)) return cap(clean(text), 80);
    }
    const tag = el.localName;
    if (tag === 'input' || tag === 'select' || tag === 'textarea') {
      const t = (el.getAttribute('type') || '').toLowerCase();
      if (tag === 'input' && (t === 'submit' || t === 'button' || t === 'reset')) {
        return cap(clean(el.value || t), 80);
      }
      if (el.labels && el.labels.length) {
        const text = clean(el.labels[0].innerText || el.labels[0].textContent);
        if (text) return cap(text, 80);
      }
      const hint = el.getAttribute('placeholder') || el.getAttribute('title');
      return cap(clean(hint || el.getAttribute('name') || ''), 80);
    }
    const text = clean(el.innerText || el.textContent);
    if (text) return cap(text, 80);
    const img = el.querySelector('img[alt]');
    if (img) return cap(clean(img.getAttribute('alt')), 80);
    return cap(clean(el.getAttribute('title') || ''), 80);
  };
  const actionFor = (el, role) => {
    const tag = el.localName;
    if (tag === 'input') {
      const t = (el.getAttribute('type') || '').toLowerCase();
      if (t === 'file') return 'upload';
      if (TEXT_INPUTS.has(t)) return 'type';
      return 'click';
    }
    if (tag === 'select') return 'select';
    if (tag === 'textarea' || el.isContentEditable) return 'type';
    if (['textbox', 'searchbox', 'combobox', 'spinbutton'].includes(role)) return 'type';
    return 'click';
  };
  const sigOf = (el) => {
    let s = el.localName + '[' + (el.getAttribute('role') || '') + ']/';
    let last = '';
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      if (c.localName !== last) s += c.localName + ',';
      last = c.localName;
    }
    return s;
  };

  const scan = async (opts) => {
    const started = performance.now();
    let added = 0;
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1) added++;
    });
    observer.observe(document, { childList: true, subtree: true });
    rootsCache = null;
    const textOnly = !!opts.textOnly;
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
        const t = el.getAttribute('type');
        if (t && tag === 'input' && t !== 'text') add('type', t);
        add('name', el.getAttribute('name'));
        add('placeholder', el.getAttribute('placeholder'));
        if (tag === 'input') {
          const kind = (t || '').toLowerCase();
          if (kind === 'checkbox' || kind === 'radio') add('checked', el.checked);
          else if (kind === 'password') add('value', el.value ? '•••' : null);
          else if (kind !== 'file' && el.value) add('value', el.value);
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
        const t = (el.getAttribute('type') || 'text').toLowerCase();
        if (t === 'checkbox' || t === 'radio') return '[' + (el.checked ? 'x' : ' ') + '] ';
        const label = el.getAttribute('placeholder') || el.getAttribute('aria-label') ||
          el.getAttribute('name') || t;
        const v = t === 'password' ? (el.value ? '•••' : '') : el.value;
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
        const shown = el.value ? ': ' + cap(clean(el.value), 200) : '';
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
            if (members.length < MIN_RUN) continue;
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
        if (t.trim()) emit(textOnly ? t : esc(t));
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
      if (tag === 'textarea') emit(esc(cap(el.value || '', 300)));
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
    for (let n = all.nextNode(); n && scanned < 20000 && !busy; n = all.nextNode()) {
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
    const meaningful = text.replace(/\b(loading|please wait|one moment)\b[.…]*/gi, '').trim()
      .length;
    const media = document.querySelector('img, video, canvas, svg') !== null;
    const mounts = '#root, #app, #__next, #__nuxt, [data-reactroot], [ng-version], app-root';
    const hasApp = document.scripts.length > 0 || document.querySelector(mounts) !== null;
    const empty = meaningful < 50 && controls === 0 && !media;
    const shell = empty && hasApp;
    const nav = performance.getEntriesByType('navigation')[0];
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
      content_ready: !shell && (meaningful > 0 || controls > 0 || media),
      token: TOKEN, first_id: first,
      max_id: nextId - 1,
    };
  };

  // ------------------------------------------------------------ styles()
  const styles = ({ ref, path, names }) => {
    const el = ref !== undefined && ref !== null ? elementFor(ref) : follow(path);
    if (!el || !el.isConnected) return { error: 'gone', token: TOKEN, first_id: first };
    const cs = getComputedStyle(el);
    const properties = {};
    const unknown = [];
    if (names === null) {
      for (let i = 0; i < cs.length; i++) properties[cs[i]] = cs.getPropertyValue(cs[i]);
    } else {
      for (const name of names) {
        if (!name.startsWith('--') && !CSS.supports(name, 'inherit')) unknown.push(name);
        properties[name] = cs.getPropertyValue(name).trim();
      }
    }
    const inline = el.style ? el.style.cssText : '';
    return { properties, inline, unknown, token: TOKEN, first_id: first };
  };

  G.__browserkit = { dom, locate, scan, styles, enter };
  return enter(base, generation);
}
"""

_LOADING_KINDS = frozenset({"document", "xhr", "fetch", "script"})


@attrs.define
class _Printed:
    """dom()/scan() handed out d<first_id>..d<max_id> for one document and generation."""

    token: str
    generation: int
    first_id: int
    max_id: int

    def holds(self, number: int) -> bool:
        return self.first_id <= number <= self.max_id


@attrs.define
class _ReadingState:
    """What the reading methods keep on a session (made on first use)."""

    frame_ids: dict[str, str] = attrs.Factory(dict)
    printed: dict[str, list[_Printed]] = attrs.Factory(dict)
    script_state: dict[str, Any] = attrs.Factory(dict)
    next_id: int = 1


class _WorldReply(NamedTuple):
    value: Any
    generation: int


class ReadingMixin:
    """DOM outline, page scan, find, styles and multi-step scripts of a session."""

    if TYPE_CHECKING:
        # Provided by AsyncSession.
        _config: Config
        _tabs: dict[str, Tab]

        @property
        def network(self) -> NetworkView: ...

        def _check(self, *, mutating: bool = False, page_id: str | None = None) -> Tab: ...

        def _timeout(self, timeout_ms: float | None) -> float: ...

        async def _resolve(self, tab: Tab, target: Target, ms: float) -> tuple[Locator, str]: ...

        async def _guard(
            self, coro: Awaitable[Any], what: str, timeout_ms: float, tab: Tab | None = None
        ) -> Any: ...

        def _translate(self, exc: PlaywrightError, what: str) -> BrowserkitError: ...

        async def _capture(
            self, tab: Tab, ms: float, locator: Locator | None = None, depth: int | None = None
        ) -> tuple[str, int]: ...

        def _record(self, tab: Tab, text: str, generation: int) -> int: ...

        async def _act(
            self,
            detail: str,
            body: Callable[[Tab, float, Aim], Awaitable[bool | None]],
            *,
            target: Target | None,
            observe: bool | None,
            timeout_ms: float | None,
            page_id: str | None = None,
        ) -> ActionResult: ...

    # ------------------------------------------------------------ internals

    @property
    def _reading(self) -> _ReadingState:
        state: _ReadingState | None = getattr(self, "_reading_state", None)
        if state is None:
            state = _ReadingState()
            self._reading_state = state
        return state

    async def _world(self, tab: Tab, call: str, ms: float, what: str) -> _WorldReply:
        """Evaluate ``__browserkit.<call>`` in the page's isolated world.

        Retried when a navigation replaced the document mid-call; the reply
        carries the generation it belongs to.
        """
        deadline = time.monotonic() + ms / 1000

        async def once() -> _WorldReply:
            cdp = await tab.cdp_session()
            last: str = ""
            for _ in range(4):
                generation = tab.generation
                base = self._reading.next_id
                left = max(1.0, (deadline - time.monotonic()) * 1000)
                try:
                    frame_id = await self._main_frame_id(tab)
                    world = await cdp.send(
                        "Page.createIsolatedWorld",
                        {"frameId": frame_id, "worldName": _WORLD, "grantUniveralAccess": False},
                    )
                    reply = await cdp.send(
                        "Runtime.evaluate",
                        {
                            "expression": f"({_LIB})({base}, {generation}).{call}",
                            "contextId": world["executionContextId"],
                            "returnByValue": True,
                            "awaitPromise": True,
                            "timeout": int(left),
                        },
                    )
                except PlaywrightError as exc:
                    text = str(exc)
                    if "has been closed" in text or "Target closed" in text:
                        raise self._translate(exc, what) from None
                    # The document went away between the two calls (a
                    # navigation), or the frame id is stale: ask again.
                    self._reading.frame_ids.pop(tab.page_id, None)
                    last = text.strip().splitlines()[0] if text.strip() else "unknown error"
                    await asyncio.sleep(0.05)
                    continue
                details = reply.get("exceptionDetails")
                if details is not None:
                    exc_info = details.get("exception") or {}
                    desc = str(exc_info.get("description") or details.get("text") or "error")
                    if tab.generation != generation or "destroyed" in desc:
                        last = desc
                        continue
                    if "terminated" in desc.lower():
                        raise TimeoutError(f"{what} did not finish within {int(ms)} ms")
                    raise BrowserkitError(f"{what} failed in the page: {desc.splitlines()[0]}")
                if tab.generation != generation:
                    continue  # answered by a document that is already gone
                return _WorldReply(reply.get("result", {}).get("value"), generation)
            raise BrowserkitError(
                f"{what}: the page kept navigating ({last or 'no stable document'})",
                hint="wait for the page to settle, then try again",
            )

        try:
            # A dialog that opens meanwhile stops the page: say so at once.
            return await asyncio.wait_for(unless_blocked(tab, once()), ms / 1000)
        except asyncio.TimeoutError:
            raise TimeoutError(
                f"{what} did not finish within {int(ms)} ms",
                hint="the page may be busy running script; raise timeout_ms or try again",
            ) from None

    async def _main_frame_id(self, tab: Tab) -> str:
        known = self._reading.frame_ids.get(tab.page_id)
        if known is not None:
            return known
        cdp = await tab.cdp_session()
        tree = await cdp.send("Page.getFrameTree")
        frame_id = str(tree["frameTree"]["frame"]["id"])
        self._reading.frame_ids[tab.page_id] = frame_id
        return frame_id

    def _note_printed(self, tab: Tab, reply: _WorldReply) -> None:
        value = reply.value
        token, first, last = str(value["token"]), int(value["first_id"]), int(value["max_id"])
        store = self._reading
        store.next_id = max(store.next_id, last + 1)
        records = store.printed.setdefault(tab.page_id, [])
        for record in records:
            if record.token == token and record.generation == reply.generation:
                record.max_id = max(record.max_id, last)
                return
        records.append(_Printed(token, reply.generation, first, last))
        del records[:-_PRINTED_KEPT]
        if tab.ref_generation is None:
            # Refs were handed out for this document: from now on a
            # navigation of a fresh tab advances its generation too.
            tab.remember_refs(reply.generation, set())

    def _check_reply(self, tab: Tab, args: dict[str, Any], value: Any, hint: str) -> None:
        """Raise if a reply for a d-ref target names a stale ref or a removed element."""
        if "ref" in args:
            self._check_printed(tab, f"d{args['ref']}", int(args["ref"]), str(value["token"]))
        if value.get("error") == "gone":
            raise RefNotFoundError("the target's element was removed from the page", hint=hint)

    def _check_printed(self, tab: Tab, ref: str, number: int, token: str) -> None:
        """Raise unless ``ref`` was handed out for the current document and generation."""
        records = self._reading.printed.get(tab.page_id, [])
        if any(
            r.token == token and r.generation == tab.generation and r.holds(number) for r in records
        ):
            return
        # Ids are never handed out twice in a session: another record that
        # holds it means the ref is of an earlier page.
        earlier = next((r for r in reversed(records) if r.holds(number)), None)
        if earlier is not None:
            raise StaleRefError(
                f"ref {ref} is from generation {earlier.generation}; the page navigated to "
                f"{tab.page.url} (generation {tab.generation})",
                hint="call dom() or scan() again and use its refs",
            )
        raise RefNotFoundError(
            f"ref {ref} was not handed out by dom() or scan() on this page "
            f"(generation {tab.generation})",
            hint="call dom() or scan() and use its refs",
        )

    def _tab_of(self, page: Page, fallback: Tab) -> Tab:
        if fallback.page is page:
            return fallback
        return next((t for t in self._tabs.values() if t.page is page), fallback)

    async def _resolve_dom_ref(
        self, tab: Tab, ref: str, generation: int | None, ms: float
    ) -> Locator:
        """A locator for exactly the element a ``d``-ref names (never another one).

        The isolated world knows the element; its structural position gives a
        CSS chain (Playwright's css pierces open shadow roots). The locator is
        accepted only when the element Playwright finds has the same position.
        """
        match = _DOM_REF.match(ref)
        if match is None:
            raise RefNotFoundError(f"ref {ref} is not known on this page")
        if generation is not None and generation != tab.generation:
            raise StaleRefError(
                f"ref {ref} is from generation {generation}; the page navigated to "
                f"{tab.page.url} (generation {tab.generation})",
                hint="call dom() or scan() again and use its refs",
            )
        number = int(match.group(1))
        info = (await self._world(tab, f"locate({number})", ms, f"resolve ref {ref}")).value
        self._check_printed(tab, ref, number, str(info["token"]))
        if not info["alive"]:
            raise RefNotFoundError(
                f"ref {ref} is gone: its element was removed from the page",
                hint="call dom() or scan() again and use its refs",
            )
        want = list(info["path"])
        # Like any css locator, the chain is resolved again when the action
        # runs; it is checked here, right before, against the element itself.
        for chain in (str(info["plain"]), str(info["rich"])):
            locator = tab.page.locator(chain)
            count = await self._guard(locator.count(), f"resolve ref {ref}", ms, tab)
            if count == 1:
                if await self._path(locator, ms) == want:
                    return locator
                continue
            for index in range(min(count, 16)):
                candidate = locator.nth(index)
                if await self._path(candidate, ms) == want:
                    return candidate
        raise RefNotFoundError(
            f"ref {ref}: its element could not be addressed on its own (the page changed "
            "while it was looked up)",
            hint="call dom() again, or use a css selector",
        )

    async def _path(self, locator: Locator, ms: float) -> list[int] | None:
        try:
            value = await locator.evaluate(_PATH_JS, timeout=ms)
        except PlaywrightError:
            return None
        return None if value is None else [int(v) for v in value]

    # ------------------------------------------------------------------ dom

    async def dom(
        self,
        target: Target | None = None,
        *,
        depth: int = 3,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> DomNode:
        """The DOM as a tree of elements, ``depth`` levels below ``target`` (default: the body).

        Each element comes with its tag, id, classes and a ``d``-ref that any
        target-taking call accepts, so ``dom("d12")`` reads deeper and
        ``click("d12")`` acts on exactly that element. ``child_count`` is the
        full number of children even where the depth limit left them out;
        ``truncated`` marks where the node cap (3,000) cut the tree. Open
        shadow roots appear as ``#shadow-root`` children. Reading the DOM never
        changes the page. It reads the main frame; use ``snapshot()`` for the
        content of iframes.

        >>> print(await session.dom(depth=2))  # doctest: +SKIP
        body [ref=d1]
          h1 "Orders" [ref=d2]
          table#orders [ref=d3] (2 children)
        """
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise InvalidArgumentError(f"depth must be an integer >= 0, got {depth!r}")
        tab = self._check(page_id=page_id)
        ms = self._timeout(timeout_ms)
        args: dict[str, Any] = {"depth": depth, "maxNodes": _DOM_MAX_NODES}
        if target is not None:
            if isinstance(target, Point):
                raise InvalidArgumentError("dom() needs an element target, not a point")
            where = await self._element_in_world(tab, target, ms)
            if where is None:
                raise InvalidArgumentError(
                    f"{_describe(target)} is inside an iframe; dom() reads the main frame",
                    hint="use snapshot(target=...) to read inside frames",
                )
            tab, found = where
            args.update(found)
        reply = await self._world(tab, f"dom({json.dumps(args)})", ms, "dom")
        value = reply.value
        self._check_reply(tab, args, value, "call dom() or scan() again and use its refs")
        if value.get("error") == "empty":
            return DomNode(tag="#document")
        self._note_printed(tab, reply)
        return _dom_node(value["node"])

    # ----------------------------------------------------------------- scan

    async def scan(
        self,
        *,
        max_chars: int = 35000,
        cutlist: bool = True,
        text_only: bool = False,
        max_targets: int = 80,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> PageScan:
        """The page as compact simplified HTML (or plain text with ``text_only``).

        Scripts, styles and layout wrappers are dropped; headings, text,
        links, lists, tables and form controls stay. With ``cutlist`` a run
        of 10 or more structurally similar siblings (table rows, product
        cards, search results) is cut to 3 examples and a note; each cut is
        listed in ``collapsed`` with a unique CSS selector of its container,
        so ``dom(bk.css(sel))`` or ``snapshot(target=bk.css(sel))`` expands
        it. ``render_state`` says whether the page is an empty app shell
        (``shell_only``), still rendering (``hydrating``: loading indicators,
        requests in flight, the DOM still growing) or ``ready``;
        ``content_ready`` whether there is real content to read now.
        ``targets`` lists up to ``max_targets`` visible controls with a
        unique CSS locator, a ``d``-ref, and the call to use (``click``,
        ``type``, ``select``, ``upload``); ``frames`` the child frames,
        cross-origin ones included.

        Scanning never modifies the page: it runs in an isolated world and
        leaves no attribute, id or global behind.
        """
        for name, value, low in (("max_chars", max_chars, 100), ("max_targets", max_targets, 0)):
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise InvalidArgumentError(f"{name} must be an integer >= {low}, got {value!r}")
        tab = self._check(page_id=page_id)
        ms = self._timeout(timeout_ms)
        args = {
            "maxChars": max_chars,
            "cutlist": bool(cutlist),
            "textOnly": bool(text_only),
            "maxTargets": max_targets,
            "sampleMs": _SCAN_SAMPLE_MS,
            "bootMs": _SCAN_BOOT_MS,
            "pendingRequests": self._pending_requests(tab),
        }
        reply = await self._world(tab, f"scan({json.dumps(args)})", ms, "scan")
        value = reply.value
        self._note_printed(tab, reply)
        content = str(value["content"])
        return PageScan(
            content=content,
            render_state=value["render_state"],
            content_ready=bool(value["content_ready"]),
            chars=len(content),
            truncated=bool(value["truncated"]),
            collapsed=tuple(
                CollapsedList(
                    str(c["selector"]), int(c["count"]), int(c["shown"]), str(c["item_tag"])
                )
                for c in value["collapsed"]
            ),
            targets=tuple(
                ScanTarget(
                    locator=css(str(t["selector"])),
                    role=str(t["role"]),
                    name=str(t["name"]),
                    editable=bool(t["editable"]),
                    action=t["action"],
                    ref=str(t["ref"]),
                    tag=str(t["tag"]),
                )
                for t in value["targets"]
            ),
            frames=self._frames(tab, value["frames"]),
            url=tab.page.url,
            generation=reply.generation,
        )

    def _pending_requests(self, tab: Tab) -> int:
        """Document/script/xhr/fetch requests of the tab still in flight (recent ones only)."""
        now_ms = time.time() * 1000
        page = self.network.read(limit=200, page_id=tab.page_id)
        return sum(
            1
            for e in page.entries
            if e.status is None
            and e.failure is None
            and e.duration_ms is None
            and e.resource_type in _LOADING_KINDS
            and now_ms - e.timestamp < _PENDING_WINDOW_MS
        )

    def _frames(self, tab: Tab, elements: list[dict[str, Any]]) -> tuple[FrameInfo, ...]:
        """Every frame below the main one, matched to its ``<iframe>`` where possible."""
        main = tab.page.main_frame
        origin = _origin(main.url)
        unused = list(elements)

        def take(key: str, want: str) -> str | None:
            for element in unused:
                if element[key] == want:
                    unused.remove(element)
                    return str(element["selector"])
            return None

        children = list(main.child_frames)
        chosen: list[str | None] = [None] * len(children)
        # The <iframe> of each frame: by name, else by URL, else in order.
        for key in ("name", "src"):
            for i, frame in enumerate(children):
                want = frame.name if key == "name" else frame.url
                if chosen[i] is None and want:
                    chosen[i] = take(key, want)
        for i in range(len(children)):
            if chosen[i] is None and unused:
                chosen[i] = str(unused.pop(0)["selector"])
        out = [
            FrameInfo(frame.url, frame.name, _cross(origin, frame.url), chosen[i])
            for i, frame in enumerate(children)
        ]
        stack = [f for c in children for f in c.child_frames]
        while stack:
            frame = stack.pop(0)
            out.append(FrameInfo(frame.url, frame.name, _cross(origin, frame.url), None))
            stack.extend(frame.child_frames)
        return tuple(out)

    # ----------------------------------------------------------------- find

    async def find(
        self,
        text: str | None = None,
        *,
        regex: str | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> list[FindMatch]:
        """Nodes of the current outline whose name, text or properties match.

        ``text`` matches case-insensitively as a substring; ``regex`` is a
        Python regular expression searched in the same fields (both given:
        both must match). Each match has its outline line, its ref (or its
        nearest ancestor's, for a bare text line) and its ancestor path, so a
        hit deep in a long page says where it is. The refs are live: act on
        them directly.

        >>> [str(m) for m in await session.find("checkout")]  # doctest: +SKIP
        ['button "Checkout" [ref=e41]  # in main [ref=e3] > form "Cart" [ref=e37]']
        """
        if text is None and regex is None:
            raise InvalidArgumentError("find needs text or regex")
        if text is not None and (not isinstance(text, str) or not text):
            raise InvalidArgumentError(f"text must be a non-empty string, got {text!r}")
        pattern: re.Pattern[str] | None = None
        if regex is not None:
            if not isinstance(regex, str) or not regex:
                raise InvalidArgumentError(f"regex must be a non-empty string, got {regex!r}")
            try:
                pattern = re.compile(regex)
            except re.error as exc:
                raise InvalidArgumentError(f"bad regex {regex!r}: {exc}") from None
        tab = self._check(page_id=page_id)
        ms = self._timeout(timeout_ms)
        outline, generation = await self._capture(tab, ms)
        self._record(tab, outline, generation)
        needle = text.casefold() if text is not None else None
        matches: list[FindMatch] = []
        stack: list[tuple[Node, tuple[str, ...], str | None]] = [
            (node, (), None) for node in reversed(parse_outline(outline).children)
        ]
        while stack:
            node, path, near = stack.pop()
            fields = _fields(node)
            hit = (needle is None or any(needle in f.casefold() for f in fields)) and (
                pattern is None or any(pattern.search(f) for f in fields)
            )
            if hit:
                line = node.line.strip()
                line = line[2:] if line.startswith("- ") else line
                matches.append(FindMatch(node.ref or near, line, path))
            below = (*path, _label(node))
            stack.extend((child, below, node.ref or near) for child in reversed(node.children))
        return matches

    # --------------------------------------------------------------- styles

    async def styles(
        self,
        target: Target,
        properties: Sequence[str] | None = None,
        *,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> Styles:
        """Computed styles of an element, and its inline style.

        Without ``properties`` a curated design set (display, box model,
        colours, fonts, flex/grid, ...); with names, exactly those (custom
        properties ``--x`` too); ``["*"]`` every computed property.
        """
        names = _property_names(properties)
        tab = self._check(page_id=page_id)
        ms = self._timeout(timeout_ms)
        if isinstance(target, Point):
            raise InvalidArgumentError("styles() needs an element target, not a point")
        wanted = None if names == ["*"] else names
        where = await self._element_in_world(tab, target, ms)
        if where is None:
            # Inside an iframe: read it in the frame's own world.
            locator, label = await self._resolve(tab, target, ms)
            value = await self._guard(
                locator.evaluate(_STYLES_JS, wanted, timeout=ms), f"styles of {label}", ms, tab
            )
        else:
            tab, args = where
            args["names"] = wanted
            reply = await self._world(tab, f"styles({json.dumps(args)})", ms, "styles")
            value = reply.value
            self._check_reply(tab, args, value, "take a new snapshot, or call dom() again")
        if value["unknown"]:
            raise InvalidArgumentError(
                f"unknown CSS properties: {', '.join(value['unknown'])}",
                hint="use standard property names (e.g. background-color) or --custom ones",
            )
        props = {str(k): str(v) for k, v in value["properties"].items()}
        return Styles(properties=props, inline_style=str(value["inline"]))

    async def _element_in_world(
        self, tab: Tab, target: Target, ms: float
    ) -> tuple[Tab, dict[str, Any]] | None:
        """How the isolated world finds ``target``: its d-ref, or its structural path.

        None when the element is inside an iframe (the world reads the main
        frame's document).
        """
        direct = _dom_ref_of(target)
        if direct is not None and (not isinstance(target, Ref) or target.page_id == tab.page_id):
            ref, number, generation = direct
            if generation is not None and generation != tab.generation:
                raise StaleRefError(
                    f"ref {ref} is from generation {generation}; the page navigated to "
                    f"{tab.page.url} (generation {tab.generation})",
                    hint="call dom() or scan() again and use its refs",
                )
            return tab, {"ref": number}
        locator, _ = await self._resolve(tab, target, ms)
        tab = self._tab_of(locator.page, tab)
        path = await self._guard(locator.evaluate(_PATH_JS, timeout=ms), "find element", ms, tab)
        if path is None:
            return None
        return tab, {"path": path}

    async def set_style(
        self,
        target: Target,
        property: str,
        value: str,
        *,
        important: bool = False,
        observe: bool | None = None,
        timeout_ms: float | None = None,
        page_id: str | None = None,
    ) -> ActionResult:
        """Set one inline CSS property on an element, live; an empty ``value`` removes it.

        Returns an :class:`ActionResult` whose ``detail`` ends with the
        element's new inline style (and whose ``diff`` shows what the change
        did to the outline, e.g. an element hidden by ``display: none``).
        The edit is not saved anywhere: it dies with the next navigation. A
        value Chromium rejects raises ``InvalidArgumentError`` and changes
        nothing.
        """
        if not isinstance(property, str) or not _PROPERTY.match(property):
            raise InvalidArgumentError(f"not a CSS property name: {property!r}")
        if not isinstance(value, str):
            raise InvalidArgumentError(f"value must be a string, got {type(value).__name__}")
        if isinstance(target, Point):
            raise InvalidArgumentError("set_style needs an element target, not a point")
        name = property if property.startswith("--") else property.lower()
        new_inline: list[str] = []

        async def body(tab: Tab, ms: float, aim: Aim) -> bool | None:
            locator = aim.locator
            assert locator is not None
            result = await locator.evaluate(
                _SET_STYLE_JS, [name, value.strip(), bool(important)], timeout=ms
            )
            if not result["ok"]:
                raise InvalidArgumentError(
                    f"cannot set {name}: {value!r} ({result.get('reason', 'rejected')})",
                    hint="check the property name and value; nothing was changed",
                )
            new_inline.append(str(result["inline"]))
            return True

        what = _describe(target)
        if value.strip():
            bang = " !important" if important else ""
            detail = f"set {name}: {value.strip()}{bang} on {what}"
        else:
            detail = f"removed {name} from {what}"
        result = await self._act(
            detail, body, target=target, observe=observe, timeout_ms=timeout_ms, page_id=page_id
        )
        inline = new_inline[0] if new_inline else ""
        return attrs.evolve(result, detail=f'{detail}; inline style now: "{inline}"')

    # -------------------------------------------------------------- execute

    async def execute(
        self, code: str, *, timeout_ms: float | None = None, page_id: str | None = None
    ) -> ExecuteResult:
        """Run several steps of JavaScript in the page in one call.

        ``code`` is the body of an async function: use ``await`` and
        ``return`` at the top level. In scope:

        - ``state``: a JSON object kept per session across calls (assign to
          its keys, or replace it with another object);
        - ``log(...)``: collected, in order, into ``logs``;
        - ``sleep(ms)`` and ``waitFor(selector, {timeout})`` (resolves with
          the element, rejects after the timeout).

        A thrown error (or a syntax error) does not raise: the result carries
        ``error`` with its message, plus the logs and state up to the throw.
        A script still running at the timeout (clamped to
        ``max_timeout_ms``) is stopped, even a ``while (true) {}``, and
        ``TimeoutError`` lists the logs it had written; the session stays
        usable. A script that navigates the page loses the rest of its run:
        that raises ``EvaluationError`` with a hint to split the script at
        the navigation. Read-only sessions refuse ``execute``.

        >>> code = "state.n = (state.n || 0) + 1; log('n', state.n); return state.n"
        >>> r = await session.execute(code)  # doctest: +SKIP
        >>> r.result, r.logs  # doctest: +SKIP
        (1, ('n 1',))
        """
        if not isinstance(code, str) or not code.strip():
            raise InvalidArgumentError("code must be a non-empty string")
        tab = self._check(mutating=True, page_id=page_id)
        ms = self._timeout(timeout_ms)
        store = self._reading
        run_id = secrets.token_hex(8)
        navigations = tab.navigations
        arg = {
            "state": store.script_state,
            "run": run_id,
            "timeout": int(ms),
            "maxLogs": _MAX_LOGS,
            "maxChars": self._config.max_field_chars,
        }
        tab.dialog_seen.clear()
        script = asyncio.ensure_future(
            tab.page.evaluate(_EXECUTE_JS.replace("/*BODY*/", code), arg)
        )
        deadline = time.monotonic() + ms / 1000
        while True:
            dialog = asyncio.ensure_future(tab.dialog_seen.wait())
            try:
                done, _ = await asyncio.wait(
                    {script, dialog},
                    timeout=max(0.0, deadline - time.monotonic()),
                    return_when=asyncio.FIRST_COMPLETED,
                )
            finally:
                dialog.cancel()
            if script in done:
                try:
                    value = script.result()
                except PlaywrightError as exc:
                    return await self._script_failed(tab, exc, navigations, ms)
                return self._script_result(value)
            if tab.pending_dialog is not None:
                script.add_done_callback(swallow)
                d = tab.pending_dialog
                raise ModalStateBlockedError(
                    f"the script opened a {d.type} dialog: {d.message!r}; it waits for an answer",
                    hint="call handle_dialog(accept=True|False); the script then goes on by itself",
                )
            if dialog not in done:
                break  # the timeout
            # A dialog the dialog policy answered by itself: the script goes on.
            tab.dialog_seen.clear()
        script.add_done_callback(swallow)
        logs = await self._stop_script(tab, run_id)
        shown = "; ".join(logs[-20:])
        raise TimeoutError(
            f"execute did not finish within {int(ms)} ms and was stopped"
            + (f"; its logs: {shown}" if logs else "; it logged nothing"),
            hint="make the script shorter, or raise timeout_ms (up to max_timeout_ms)",
        )

    def _script_result(self, value: Any) -> ExecuteResult:
        logs = tuple(str(line) for line in value.get("logs") or ())
        if value.get("dropped"):
            logs += (f"... {int(value['dropped'])} more log lines dropped",)
        state = value.get("state")
        error = value.get("error") if not value.get("ok") else None
        if isinstance(state, dict):
            self._reading.script_state = state
        elif error is None:
            error = "state must stay a JSON object; the previous state was kept"
        return ExecuteResult(
            result=value.get("result") if error is None else None,
            logs=logs,
            state=dict(self._reading.script_state),
            error=error,
        )

    async def _script_failed(
        self, tab: Tab, exc: PlaywrightError, navigations: int, ms: float
    ) -> ExecuteResult:
        text = str(exc.message if hasattr(exc, "message") else exc).strip()
        if "has been closed" in text or "Target closed" in text:
            raise self._translate(exc, "execute") from None
        if "context was destroyed" in text or tab.navigations != navigations:
            await self._await_navigation(tab, navigations, ms)
            raise EvaluationError(
                f"the script navigated the page (now {tab.page.url}, generation "
                f"{tab.generation}) before it finished; its result, its logs and its changes "
                "to state were lost with the old page",
                hint="split the script at the navigation: run the part that navigates, then "
                "call execute again for the rest (state is kept between calls)",
            )
        # A syntax error fails before the script's own try/catch can see it.
        first = text.splitlines()[0] if text else "the script failed"
        first = re.sub(r"^(Page|Frame)\.evaluate: ", "", first)
        return ExecuteResult(
            result=None, logs=(), state=dict(self._reading.script_state), error=first
        )

    async def _await_navigation(self, tab: Tab, navigations: int, ms: float) -> None:
        """Let the script's navigation commit and parse, so the next call meets the new page."""
        deadline = time.monotonic() + min(ms, 5000) / 1000
        while tab.navigations == navigations and time.monotonic() < deadline:
            tab.nav_seen.clear()
            try:
                await asyncio.wait_for(tab.nav_seen.wait(), max(0.01, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                break
        left = (deadline - time.monotonic()) * 1000
        if left > 0:
            try:
                await tab.page.wait_for_load_state("domcontentloaded", timeout=left)
            except PlaywrightError:
                pass

    async def _stop_script(self, tab: Tab, run_id: str) -> list[str]:
        """Stop a script that overran its timeout and read back what it logged."""
        cdp = await tab.cdp_session()
        probe = asyncio.ensure_future(
            cdp.send("Runtime.evaluate", {"expression": "0", "returnByValue": True})
        )
        probe.add_done_callback(swallow)
        done, _ = await asyncio.wait({probe}, timeout=0.25)
        if not done:
            # The page's main thread is stuck in JavaScript (a loop in the
            # script, or one it started); terminate the running execution.
            # Only then: terminateExecution with nothing running would kill
            # whatever runs next instead.
            try:
                await asyncio.wait_for(cdp.send("Runtime.terminateExecution"), 2)
            except (PlaywrightError, asyncio.TimeoutError):
                pass
        try:
            stash = await asyncio.wait_for(tab.page.evaluate(_EXECUTE_STASH_JS, run_id), 2)
        except (PlaywrightError, asyncio.TimeoutError):
            return []
        if not stash:
            return []
        if isinstance(stash.get("state"), dict):
            self._reading.script_state = stash["state"]
        return [str(line) for line in stash.get("logs") or ()]


def _dom_ref_of(target: Target | None) -> tuple[str, int, int | None] | None:
    """(ref, number, generation) when ``target`` is a ``d``-ref, else None."""
    if isinstance(target, Ref):
        ref, generation = target.id, target.generation
    elif isinstance(target, str):
        ref, generation = target.strip(), None
        if ref.startswith("ref="):
            ref = ref[4:]
    else:
        return None
    match = _DOM_REF.match(ref)
    if match is None:
        return None
    return ref, int(match.group(1)), generation


def _dom_node(data: dict[str, Any]) -> DomNode:
    return DomNode(
        tag=str(data["tag"]),
        id=data.get("id") or None,
        classes=tuple(str(c) for c in data.get("classes") or ()),
        ref=data.get("ref"),
        text=data.get("text"),
        child_count=int(data.get("child_count", 0)),
        children=tuple(_dom_node(c) for c in data.get("children") or ()),
        truncated=bool(data.get("truncated", False)),
    )


def _property_names(properties: Sequence[str] | None) -> list[str]:
    if properties is None:
        return list(DESIGN_PROPERTIES)
    if isinstance(properties, str):
        raise InvalidArgumentError(
            "properties must be a list of names (e.g. ['color']), not a string"
        )
    names = list(properties)
    if names == ["*"]:
        return names
    if not names:
        raise InvalidArgumentError("properties is empty; leave it out for the design set")
    for name in names:
        if not isinstance(name, str) or not _PROPERTY.match(name):
            raise InvalidArgumentError(f"not a CSS property name: {name!r}")
    return [n if n.startswith("--") else n.lower() for n in names]


def _fields(node: Node) -> list[str]:
    if node.opaque:
        return [node.line]
    out = [v for v in (node.name, node.text) if v]
    out.extend(value for _, value in node.props)
    return out


def _label(node: Node) -> str:
    if node.opaque:
        return node.line.strip()
    out = node.role
    if node.name:
        out += " " + json.dumps(node.name, ensure_ascii=False)
    if node.ref:
        out += f" [ref={node.ref}]"
    return out


def _origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.scheme, parts.netloc


def _cross(origin: tuple[str, str], url: str) -> bool:
    if url in ("", "about:blank", "about:srcdoc"):
        return False
    return _origin(url) != origin


def _describe(target: Target) -> str:
    if isinstance(target, Selector):
        return target.describe()
    return str(target)
