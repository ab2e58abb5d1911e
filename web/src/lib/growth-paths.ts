/**
 * The Referrals section's pages: the referral programme and, as a second view of the same route
 * (`/referral/:view?`, ADR 032), loyalty rewards. Apart from paths.ts, which ships with the public
 * home page (120 kB budget), like staff-paths.ts.
 */
export const growthPaths = {
  referral: '/referral',
  rewards: '/referral/rewards',
} as const;
