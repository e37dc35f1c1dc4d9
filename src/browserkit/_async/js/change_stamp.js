// @ts-check
// The page's change stamp (-1 before the init script ran) and its title, in one round trip.
/** @returns {[number, string]} */
() => { const n = window[Symbol.for('browserkit.changes')]; return [typeof n === 'number' ? n : -1, document.title]; }
