// Built once: `toLocaleDateString` with options builds a formatter on every call (~80 µs), and a
// paid order's receipt names two days.
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A day as mails and bills write it: "Nov 28, 2026" (UTC). */
export const dayOf = (date: Date | string) => DAY.format(typeof date === 'string' ? new Date(date) : date);
