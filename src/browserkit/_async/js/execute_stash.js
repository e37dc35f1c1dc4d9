// @ts-check
// Cancel a timed-out execute() run and hand back its logs and state.
/** @param {string} id */
(id) => {
  const runs = window[Symbol.for('browserkit.execute')];
  const run = runs && runs[id];
  if (!run) return null;
  run.cancelled = true;
  delete runs[id];
  let idle = true;
  // eslint-disable-next-line no-unused-vars -- only whether there is any key
  for (const _ in runs) idle = false;
  if (idle) delete window[Symbol.for('browserkit.execute')];
  let state = null;
  try {
    state = JSON.parse(JSON.stringify(run.state));
  } catch {
    // not JSON any more: hand back no state
  }
  return { logs: run.logs, dropped: run.dropped, state };
}
