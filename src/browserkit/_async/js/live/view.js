// @ts-check
// The browserkit live view's page script (served by live_view.py, loaded as a classic script).
// It shows the frames and state the server pushes as server-sent events, and posts a
// person's input back in order. Points are sent as fractions of the frame (fx, fy):
// the server maps them to the page's CSS pixels. Every request carries the view's
// token; POSTs carry it in a header, never in the URL.
(() => {
  'use strict';
  const token = new URLSearchParams(location.search).get('token') || '';
  // Every id asked for is in view.html.
  /** @param {string} id */
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const img = /** @type {HTMLImageElement} */ ($('frame'));
  const screen = $('screen');
  let state = { readOnly: false, control: 'agent', mode: 'watch' };
  let frames = 0;
  let stopped = false;

  const post = (path, body) => fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Browserkit-Token': token },
    body: JSON.stringify(body),
    cache: 'no-store',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });

  const say = (text) => { $('status').textContent = text; };
  const READ_ONLY = 'This view only watches: the session is read-only.';

  // ------------------------------------------------------------- the stream
  const source = new EventSource('events?token=' + encodeURIComponent(token));
  source.addEventListener('frame', (event) => {
    img.src = 'data:image/jpeg;base64,' + event.data;
    frames += 1;
    img.dataset.frames = String(frames);
  });
  source.addEventListener('state', (event) => render(JSON.parse(event.data)));
  source.addEventListener('open', () => { if (!stopped) say(''); });
  source.addEventListener('error', () => {
    if (!stopped) say('Lost the connection to the live view; retrying…');
  });

  const item = (text, className) => {
    const li = document.createElement('li');
    if (className) li.className = className;
    li.textContent = text;
    return li;
  };

  function render(next) {
    state = next;
    if (state.closed) {
      stopped = true;
      source.close();
      say('This live view has stopped.');
    }
    $('session').textContent = 'session ' + state.session;
    $('url').textContent = state.url;
    $('badge').hidden = !state.readOnly;
    const person = state.control === 'person';
    document.body.classList.toggle('person', person);
    document.body.classList.toggle('picking', state.mode === 'pick');
    $('control-text').textContent = person
      ? 'You have control'
      : state.heldBy ? 'Held: ' + state.heldBy : 'The agent has control';
    $('take').hidden = person || state.readOnly;
    $('hand-back').hidden = !person;
    $('handoff').hidden = !state.handoff;
    $('handoff-text').textContent = state.handoff || '';
    $('prompt').hidden = state.mode !== 'pick';
    $('prompt').textContent = state.prompt || 'Click the element the agent should use.';
    $('tabs').replaceChildren(...state.tabs.map((tab) =>
      item(tab.id + ': ' + (tab.title || tab.url), tab.active ? 'active' : '')));
    $('actions').replaceChildren(...state.actions.map((note) => {
      const li = item('');
      const by = document.createElement('span');
      by.className = 'by';
      by.textContent = note.by + ': ';
      const outcome = document.createElement('span');
      outcome.className = 'outcome';
      outcome.textContent = ' → ' + note.outcome;
      li.append(by, note.detail, outcome);
      return li;
    }));
  }

  // ------------------------------------------------------------- the input
  // Sent one batch at a time, so the server sees every event in order; moves
  // waiting in the queue are merged into the newest one.
  const queue = [];
  let sending = false;

  async function flush() {
    if (sending) return;
    sending = true;
    try {
      while (queue.length) {
        const events = queue.splice(0, queue.length);
        const answer = await post('input', { events });
        if (answer.status === 403) say(READ_ONLY);
        else if (answer.status === 409) say('The session is held; input was not sent.');
        else if (!answer.ok) say('Input refused (' + answer.status + ').');
      }
    } catch {
      say('Could not send input to the live view.');
    } finally {
      sending = false;
    }
  }

  function send(event) {
    const last = queue[queue.length - 1];
    const move = (e) => e && (e.type === 'move' || e.kind === 'pick_move');
    if (move(event) && move(last)) queue[queue.length - 1] = event;
    else queue.push(event);
    flush();
  }

  const mods = (e) => (e.altKey ? 1 : 0) | (e.ctrlKey ? 2 : 0) | (e.metaKey ? 4 : 0)
    | (e.shiftKey ? 8 : 0);
  const BUTTONS = ['left', 'middle', 'right', 'back', 'forward'];

  function point(e) {
    const box = img.getBoundingClientRect();
    return { fx: (e.clientX - box.left) / box.width, fy: (e.clientY - box.top) / box.height };
  }

  const inputAllowed = () => !stopped && !state.readOnly && img.hasAttribute('src');

  function mouse(type, e) {
    if (state.readOnly && state.mode !== 'pick' && type === 'down') say(READ_ONLY);
    if (!inputAllowed() && state.mode !== 'pick') return;
    e.preventDefault();
    if (state.mode === 'pick') {
      if (type === 'down' && e.button === 0) send({ kind: 'pick', ...point(e) });
      else if (type === 'move') send({ kind: 'pick_move', ...point(e) });
      return;
    }
    // Moves before a person acted go nowhere: hovering is not taking control.
    if (type === 'move' && state.control !== 'person') return;
    send({
      kind: 'mouse', type, ...point(e),
      button: type === 'move' || type === 'wheel' ? 'none' : BUTTONS[e.button] || 'none',
      buttons: e.buttons & 31,
      clicks: type === 'down' || type === 'up' ? Math.min(3, Math.max(1, e.detail)) : 0,
      dx: type === 'wheel' ? e.deltaX : 0,
      dy: type === 'wheel' ? e.deltaY : 0,
      mods: mods(e),
    });
  }

  img.addEventListener('mousedown', (e) => { screen.focus({ preventScroll: true }); mouse('down', e); });
  img.addEventListener('mouseup', (e) => mouse('up', e));
  img.addEventListener('mousemove', (e) => mouse('move', e));
  img.addEventListener('wheel', (e) => mouse('wheel', e), { passive: false });
  img.addEventListener('contextmenu', (e) => e.preventDefault());
  img.addEventListener('dragstart', (e) => e.preventDefault());

  function key(type, e) {
    if (!inputAllowed() || state.mode === 'pick') return;
    // A paste shortcut is left to the browser: the paste event sends the text.
    if (type === 'down' && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'v') return;
    e.preventDefault();
    send({
      kind: 'key', type, key: e.key, code: e.code, keyCode: e.keyCode & 255,
      location: e.location & 3, mods: mods(e),
    });
  }

  screen.addEventListener('keydown', (e) => key('down', e));
  screen.addEventListener('keyup', (e) => key('up', e));
  screen.addEventListener('paste', (e) => {
    if (!inputAllowed() || state.mode === 'pick') return;
    e.preventDefault();
    const text = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
    if (text) send({ kind: 'text', text: text.slice(0, 10000) });
  });

  // ------------------------------------------------------------- the buttons
  $('take').addEventListener('click', () => post('control', { action: 'take' }));
  $('hand-back').addEventListener('click', () => post('control', { action: 'release' }));
  $('continue').addEventListener('click', () => post('continue', {}));
})();
