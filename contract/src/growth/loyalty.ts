import { z } from 'zod';
import { ADMINS_AND_MANAGERS, CUSTOMERS } from '../access/roles';
import { userIdParams } from '../admin/account-page';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema } from '../http/envelope';
import { hasAtMostTwoDecimals } from '../http/money';
import { hasControlCharacter } from '../http/text';

/**
 * Loyalty rewards (spec §1, §4, §7; ADR 032): tiers the operator sets in the `LoyaltyTiers`
 * setting. Reaching a tier's threshold makes its reward claimable; claiming moves it to the
 * balance once (a unique row per account and tier decides).
 */
export const LOYALTY_RULES = ['lifetime_spend', 'paid_orders'] as const;
export type LoyaltyRule = (typeof LOYALTY_RULES)[number];
export const LOYALTY_RULE_LABELS: Record<LoyaltyRule, string> = {
  lifetime_spend: 'Lifetime spend',
  paid_orders: 'Paid orders',
};
export const LOYALTY_TIERS_MAX = 20;
export const LOYALTY_PAGE_SIZE = 20;

export const NO_LOYALTY_REWARDS = 'You have no rewards to claim yet';
export const LOYALTY_REWARDS_CLAIMED = 'Rewards claimed';

export const loyaltyTierSchema = z.object({
  /** Stays when the name changes, so a claimed tier is never offered again. */
  id: z
    .string({ error: 'Each tier needs an id' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A tier id is lower-case letters, digits and dashes (at most 40)'),
  name: z
    .string({ error: 'Each tier needs a name' })
    .trim()
    .min(1, 'Each tier needs a name')
    .max(40, 'A tier name is at most 40 characters')
    .refine((s) => !hasControlCharacter(s), 'A tier name contains a control character'),
  /** Dollars spent (lifetime_spend) or paid orders (paid_orders) needed. */
  threshold: z
    .number({ error: 'Enter a threshold' })
    .finite()
    .gt(0, 'A threshold is more than 0')
    .max(10_000_000, 'A threshold is at most 10,000,000')
    .refine(hasAtMostTwoDecimals, 'A threshold has at most two decimals'),
  /** Dollars credited to the balance when claimed. */
  reward: z
    .number({ error: 'Enter a reward in dollars' })
    .finite()
    .gt(0, 'A reward is more than $0')
    .max(100_000, 'A reward is at most $100,000')
    .refine(hasAtMostTwoDecimals, 'A reward has at most two decimals'),
});
export type LoyaltyTier = z.infer<typeof loyaltyTierSchema>;

export const loyaltyTiersSettingSchema = z
  .object({
    rule: z.enum(LOYALTY_RULES, { error: `The rule is one of ${LOYALTY_RULES.join(', ')}` }),
    tiers: z.array(loyaltyTierSchema).max(LOYALTY_TIERS_MAX, `At most ${LOYALTY_TIERS_MAX} tiers`),
  })
  .superRefine((value, ctx) => {
    const ids = new Set<string>();
    const thresholds = new Set<number>();
    value.tiers.forEach((tier, i) => {
      if (ids.has(tier.id))
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'id'], message: 'Two tiers share an id' });
      if (thresholds.has(tier.threshold))
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'threshold'], message: 'Two tiers share a threshold' });
      if (value.rule === 'paid_orders' && !Number.isInteger(tier.threshold))
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', i, 'threshold'],
          message: 'A number of orders is a whole number',
        });
      ids.add(tier.id);
      thresholds.add(tier.threshold);
    });
  });
export type LoyaltyTiersSetting = z.infer<typeof loyaltyTiersSettingSchema>;

/** What a shop that never edited the setting offers: a few dollars back at each step of spend. */
export const LOYALTY_TIERS_DEFAULT: LoyaltyTiersSetting = {
  rule: 'lifetime_spend',
  tiers: [
    { id: 'bronze', name: 'Bronze', threshold: 250, reward: 5 },
    { id: 'silver', name: 'Silver', threshold: 1_000, reward: 25 },
    { id: 'gold', name: 'Gold', threshold: 5_000, reward: 150 },
  ],
};

export const LOYALTY_TIER_STATUSES = ['locked', 'claimable', 'claimed'] as const;
export type LoyaltyTierStatus = (typeof LOYALTY_TIER_STATUSES)[number];

const at = z.iso.datetime({ offset: true });

export const loyaltyTierStateSchema = loyaltyTierSchema.extend({
  status: z.enum(LOYALTY_TIER_STATUSES),
  /** What is still missing to reach it (0 once reached). */
  remaining: z.number(),
  claimedAt: at.nullable(),
  /** The amount actually credited, for a claimed tier (the setting may have changed since). */
  credited: z.number().nullable(),
});

export const loyaltyProgrammeSchema = z.object({
  rule: z.enum(LOYALTY_RULES),
  /** Where the account stands under the rule: dollars spent or paid orders. */
  progress: z.number(),
  tiers: z.array(loyaltyTierStateSchema),
  stats: z.object({
    claimable: z.number(),
    claimed: z.number(),
    claimedCount: z.number().int(),
    nextTier: z.object({ id: z.string(), name: z.string(), remaining: z.number(), reward: z.number() }).nullable(),
  }),
});
export type LoyaltyProgramme = z.infer<typeof loyaltyProgrammeSchema>;

export const loyaltyRewards = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/rewards',
  roles: CUSTOMERS,
  tag: 'Rewards',
  summary: 'My loyalty tiers with my progress, which are locked, claimable or claimed, and the totals',
  message: 'Rewards',
  payload: loyaltyProgrammeSchema,
});

export const claimLoyaltyRewards = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/rewards/claim',
  roles: CUSTOMERS,
  tag: 'Rewards',
  summary: 'Claim every loyalty reward I have reached: each tier once, credited through the ledger',
  message: LOYALTY_REWARDS_CLAIMED,
  payload: z.object({
    claimed: z.array(z.object({ id: z.string(), name: z.string(), reward: z.number() })),
    credited: z.number(),
    balance: z.number(),
  }),
});

export const loyaltyClaimSchema = z.object({
  id: z.string(),
  tierId: z.string(),
  tierName: z.string(),
  rule: z.enum(LOYALTY_RULES),
  threshold: z.number(),
  reward: z.number(),
  createdAt: at,
  /** A refund dropped the account below the tier and took the reward back (ADR 039). */
  takenBackAt: at.nullable(),
  /** Dollars the take-back debited, and what the balance could not cover. */
  takenBack: z.number(),
  shortfall: z.number(),
});
export type LoyaltyClaim = z.infer<typeof loyaltyClaimSchema>;

export const adminLoyaltyRewards = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts/{userId}/loyalty-rewards',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: "An account's loyalty claims, newest first (page, size 20), with its tiers and progress now",
  message: 'Loyalty rewards',
  params: userIdParams,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(LOYALTY_PAGE_SIZE),
  }),
  payload: listPayloadSchema(loyaltyClaimSchema).extend({ programme: loyaltyProgrammeSchema }),
});
