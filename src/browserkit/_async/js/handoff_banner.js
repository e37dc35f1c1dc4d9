// The handoff banner lives in a closed shadow root, and only a trusted click
// (a person's, or input the browser itself dispatched) resolves it: page
// scripts can neither reach the button nor forge an isTrusted click.
(text) => {
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
}
