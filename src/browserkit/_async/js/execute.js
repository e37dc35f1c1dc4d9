// @ts-check
// The body of execute(): the caller's code replaces the BODY marker below and runs inside
// an async function, with state/log/sleep/waitFor in scope. The run is also
// reachable under a non-enumerable symbol so a timed-out run's logs can be
// read back after it is stopped.
/** @param {{run: string, state: unknown, maxLogs: number, maxChars: number, timeout: number}} __bkArg */
async (__bkArg) => {
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
    } catch {
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
    } catch {
      return undefined;
    }
  };
  // eslint-disable-next-line no-unused-vars -- for the caller's code at the BODY marker
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
  // eslint-disable-next-line no-unused-vars -- for the caller's code at the BODY marker
  const sleep = (ms) => /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
    const wake = () => (__bkRun.cancelled ? reject(__bkStopped()) : resolve());
    __bkSetTimeout(wake, Math.max(0, Number(ms) || 0));
  }));
  // eslint-disable-next-line no-unused-vars -- for the caller's code at the BODY marker
  const waitFor = (selector, options) => new Promise((resolve, reject) => {
    const asked = options && options.timeout != null ? Number(options.timeout) : __bkArg.timeout;
    const limit = Math.min(asked, __bkArg.timeout);
    const start = Date.now();
    const tick = () => {
      if (__bkRun.cancelled) return reject(__bkStopped());
      let found;
      try {
        found = __bkQuery.call(document, selector)[0];
      } catch {
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
    // No Object.keys: the page may have replaced it.
    // eslint-disable-next-line no-unused-vars -- only whether there is any key
    for (const _ in __bkRuns) idle = false;
    if (idle) delete window[__bkKey];
  }
}
