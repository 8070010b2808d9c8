// How the isolator's figures are rounded, in one place: percentages and milliseconds to two decimals.

/** part ÷ whole × 100 to two decimals; 0 when there is nothing to divide by (callers state their own empty case). */
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);

/** Milliseconds since a performance.now() reading, to two decimals. */
export const msSince = (started: number) => Math.round((performance.now() - started) * 100) / 100;
