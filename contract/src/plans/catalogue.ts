import { z } from 'zod';
import { PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { PLAN_TYPES, publicTypeSchema, quoteSchema, tierSchema } from './plans';

/**
 * What a visitor may see of a plan before signing in: enough to choose and price it, nothing of
 * how it is delivered (provider, thread counters, staff flags).
 */
export const cataloguePlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(PLAN_TYPES),
  residentialType: z.string(),
  /** How the price counts: per GB, per thread, or one fixed package. */
  unit: z.enum(['GB', 'threads', 'package']),
  /** Dollars for the whole duration of a package; 0 when tiers set the price. */
  price: z.number(),
  /** Days the price covers. */
  duration: z.number().int(),
  /** Lengths a purchase may choose, in days. */
  minDays: z.number().int(),
  maxDays: z.number().int(),
  bandwidth: z.number().int(),
  threads: z.number().int(),
  throughput: z.number().int(),
  /** Price per GB or thread from `from` units upward, in dollars, for `duration` days. */
  tiers: z.array(tierSchema),
  /** The smallest quantity a purchase accepts (1 for packages). */
  minUnits: z.number().int(),
  serverGeo: z.string(),
});
export type CataloguePlan = z.infer<typeof cataloguePlanSchema>;

export const catalogue = defineEndpoint({
  method: 'GET',
  path: '/api/v1/catalogue/plans',
  roles: PUBLIC,
  tag: 'Catalogue',
  summary: 'Plans on sale with their price tiers and lengths, for visitors who have not signed in',
  message: 'Plans list',
  /** `types`: the types on sale, in the shop's order, with the names and descriptions staff gave them. */
  payload: z.object({ plans: z.array(cataloguePlanSchema), types: z.array(publicTypeSchema) }),
  rateLimit: { perMinute: 120 },
});

export const catalogueQuote = defineEndpoint({
  method: 'GET',
  path: '/api/v1/catalogue/plans/{planId}/{value}',
  roles: PUBLIC,
  tag: 'Catalogue',
  summary: 'The price of a plan for a number of GB or threads (and optionally days), as a purchase would charge it',
  message: 'Plan price',
  params: z.object({
    planId: z.uuid('Unknown plan'),
    value: z.coerce
      .number({ error: 'Choose a whole number' })
      .int('Choose a whole number')
      .min(1, 'Choose at least 1')
      .max(1_000_000, 'Choose at most 1,000,000'),
  }),
  query: z.object({ days: z.coerce.number().int().min(1).max(3650).optional() }),
  payload: quoteSchema,
  rateLimit: { perMinute: 240 },
});
