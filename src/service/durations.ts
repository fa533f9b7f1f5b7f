// Lengths of time in milliseconds, for the service's deadlines, windows and expiries: one place, not a
// constant per module.
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
