// @ts-check
// Part of the reading library (see reading_world.js): dom(), locate(ref) and
// styles(), which read one element (or a subtree) by d-ref or path.
/** @type {ReadingPart} */
(lib) => {
  const { TOKEN, refFor, elementFor, firstId, maxId, clean, cap, follow, pathOf } = lib;

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
      if (!root || !root.isConnected) return { error: 'gone', token: TOKEN, first_id: firstId() };
    } else if (path) {
      root = follow(path);
      if (!root) return { error: 'gone', token: TOKEN, first_id: firstId() };
    } else {
      root = document.body || document.documentElement;
      if (!root) return { error: 'empty', token: TOKEN, first_id: firstId() };
    }
    let budget = maxNodes;
    let cut = false;
    /** @returns {DomNode} */
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
    /** @type {[DomNode, number][]} */
    const queue = [[top, 0]];
    for (let qi = 0; qi < queue.length; qi++) {
      const [out, level] = queue[qi];
      // Queued nodes are elements and shadow roots: made with their node.
      const node = /** @type {Node} */ (out._node);
      delete out._node;
      let kids;
      if (node.nodeType === 11) {
        kids = [];
        for (let n = node.firstChild; n; n = n.nextSibling) {
          if (n.nodeType === 1 || (n.nodeType === 3 && clean(/** @type {Text} */ (n).data))) kids.push(n);
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
    return { node: top, token: TOKEN, first_id: firstId(), max_id: maxId() };
  };

  // ------------------------------------------------------ locate(ref)
  // Whether d-ref n names an element of this document; the action then
  // binds to the element itself over CDP (element() in reading_world.js).
  const locate = (n) => {
    const el = elementFor(n);
    const alive = Boolean(el && el.isConnected && pathOf(el));
    return { token: TOKEN, first_id: firstId(), alive, max_id: maxId() };
  };

  // ------------------------------------------------------------ styles()
  const styles = ({ ref, path, names }) => {
    const el = ref !== undefined && ref !== null ? elementFor(ref) : follow(path);
    if (!el || !el.isConnected) return { error: 'gone', token: TOKEN, first_id: firstId() };
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
    return { properties, inline, unknown, token: TOKEN, first_id: firstId() };
  };

  return { dom, locate, styles };
}
