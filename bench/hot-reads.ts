/** The customer whose pages the HTTP bench reads hot (issue 22); seeded by hot-reads-seed.ts. */
export const READER = { login: 'bench-reader', password: 'Bench-reader-2026!', plans: 20, usageDays: 90 };
