import { z } from 'zod';
import { ADMINS_AND_MANAGERS, CUSTOMERS, SUPPORT_STAFF } from '../access/roles';
import { paymentMethodSchema } from '../checkout/payments';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema, listQuerySchema } from '../http/envelope';
import { dollarsSchema } from '../http/money';
import { priceLineSchema, renewalExampleSchema } from '../checkout/price-lines';

export const PLAN_TYPES = ['residential', 'mobile', 'isp', 'datacenter', 'ipv6'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
/** Spec §3: `enabled` is sent from a status value. */
export const PLAN_STATUSES = ['active', 'inactive'] as const;

const count = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`);

/** Every spec §3 Plan field; price tiers travel as text. */
export const planInputSchema = z
  .object({
    title: z.string().trim().min(2, 'Give the plan a title').max(120),
    description: z.string().trim().max(4000).default(''),
    type: z.enum(PLAN_TYPES, { error: 'Choose residential, mobile, isp, datacenter or ipv6' }),
    provider: z.string().trim().max(120).default(''),
    /** Dollars for the whole duration when the plan has no tiers. */
    price: dollarsSchema.refine((v) => v >= 0, 'Price cannot be negative'),
    bandwidthPrices: z.string().max(10_000).default(''),
    threadPrices: z.string().max(10_000).default(''),
    minRenewDays: count('Minimum renewal days').min(1, 'Minimum renewal days must be at least 1'),
    maxRenewDays: count('Maximum renewal days').min(1, 'Maximum renewal days must be at least 1'),
    /** Days the price covers. */
    duration: count('Duration').min(1, 'Duration must be at least 1 day').max(3650),
    /** GB included; 0 for thread plans. */
    bandwidth: count('Bandwidth'),
    /** Mbps per connection; 0 for unlimited. */
    throughput: count('Throughput'),
    threads: count('Threads'),
    status: z.enum(PLAN_STATUSES).default('active'),
    trial: z.boolean().default(false),
    order: count('Order').default(0),
    serverGeo: z.string().trim().max(120).default(''),
    /** Geography choices offered at purchase, sent as text (comma-separated or a JSON list). */
    serverGeoOptions: z.string().max(10_000).default(''),
    currentThreads: count('Current threads').default(0),
    customPlan: z.boolean().default(false),
    residentialType: z.string().trim().max(60).default(''),
    supportshow: z.boolean().default(false),
  })
  .refine((p) => p.minRenewDays <= p.maxRenewDays, {
    path: ['maxRenewDays'],
    message: 'Maximum renewal days must not be below the minimum',
  });
export type PlanInput = z.infer<typeof planInputSchema>;

export const planSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(PLAN_TYPES),
  provider: z.string(),
  price: z.number(),
  bandwidthPrices: z.string(),
  threadPrices: z.string(),
  minRenewDays: z.number().int(),
  maxRenewDays: z.number().int(),
  duration: z.number().int(),
  bandwidth: z.number().int(),
  throughput: z.number().int(),
  threads: z.number().int(),
  enabled: z.boolean(),
  status: z.enum(PLAN_STATUSES),
  trial: z.boolean(),
  order: z.number().int(),
  serverGeo: z.string(),
  serverGeoOptions: z.string(),
  currentThreads: z.number().int(),
  customPlan: z.boolean(),
  residentialType: z.string(),
  supportshow: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Plan = z.infer<typeof planSchema>;

const planId = z.object({ planId: z.uuid('Unknown plan') });

export const adminPlans = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/plans',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: plans',
  summary: 'Every plan, hidden ones included, by order; search by title or provider, filter by type',
  message: 'Plans list',
  query: listQuerySchema.extend({ type: z.enum(PLAN_TYPES).optional() }),
  payload: listPayloadSchema(planSchema),
});

export const createPlan = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/plans',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: plans',
  summary: 'Create a plan; price tiers are checked before anything is saved',
  message: 'Plan created',
  body: planInputSchema,
  payload: planSchema,
});

export const adminPlan = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/plans/{planId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: plans',
  summary: 'One plan',
  message: 'Plan details',
  params: planId,
  payload: planSchema,
});

export const updatePlan = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/plans/{planId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: plans',
  summary: 'Replace a plan’s fields; the change is audited',
  message: 'Updated Successfully',
  params: planId,
  body: planInputSchema,
  payload: planSchema,
});

export const deletePlan = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/plans/{planId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: plans',
  summary: 'Remove a plan from sale and from lists; invoices that name it keep it',
  message: 'Plan deleted',
  params: planId,
  payload: z.null(),
});

/** What customers see of a proxy type next to its plans: the name and description staff gave it. */
export const publicTypeSchema = z.object({
  type: z.enum(PLAN_TYPES),
  name: z.string(),
  description: z.string(),
});
export type PublicType = z.infer<typeof publicTypeSchema>;

export const publicPlans = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/plans',
  roles: CUSTOMERS,
  tag: 'Plans',
  summary: 'Plans on sale, by order, with the types on sale as staff name them',
  message: 'Plans list',
  encoded: true,
  payload: z.object({ plans: z.array(planSchema), types: z.array(publicTypeSchema) }),
});

export const trialPlans = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/trial-plans',
  roles: CUSTOMERS,
  tag: 'Plans',
  summary: 'Trial plans on offer, by order',
  message: 'Trial plans list',
  encoded: true,
  payload: z.object({ plans: z.array(planSchema) }),
});

export const tierSchema = z.object({ from: z.number().int(), unitPrice: z.number() });

export const customPlanPrices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/custom-plans/prices',
  roles: CUSTOMERS,
  tag: 'Plans',
  summary: 'Price tiers of the custom plans, per GB and per thread, in dollars',
  message: 'Custom plan prices',
  payload: z.object({
    plans: z.array(
      z.object({
        planId: z.string(),
        title: z.string(),
        type: z.enum(PLAN_TYPES),
        duration: z.number().int(),
        bandwidthTiers: z.array(tierSchema),
        threadTiers: z.array(tierSchema),
      }),
    ),
  }),
});

export const quoteSchema = z.object({
  planId: z.string(),
  units: z.number().int(),
  /** 'GB' for bandwidth plans, 'threads' for thread plans, 'package' for fixed-price plans. */
  unit: z.enum(['GB', 'threads', 'package']),
  days: z.number().int(),
  unitPrice: z.number().nullable(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  /** The coupon the discount comes from, as its code is spelled; null without one. */
  couponCode: z.string().nullable(),
  /** Each charge with the table it comes from; they add up to the subtotal. */
  lines: z.array(priceLineSchema),
  /** What adding GB or time to this plan will cost later, priced by the renewal code. */
  renewals: z.array(renewalExampleSchema),
});
export type PlanQuote = z.infer<typeof quoteSchema>;

export const planQuote = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/plans/{planId}/{value}',
  roles: CUSTOMERS,
  tag: 'Plans',
  summary:
    'The price of a plan for a chosen number of GB or threads (and optionally days), with a coupon checked for this payment method but not taken',
  message: 'Plan price',
  encoded: true,
  params: z.object({
    planId: z.uuid('Unknown plan'),
    value: z.coerce.number().int('Choose a whole number').min(1, 'Choose at least 1'),
  }),
  query: z.object({
    days: z.coerce.number().int().min(1).max(3650).optional(),
    coupon: z
      .string()
      .trim()
      .max(40)
      .optional()
      .transform((v) => (v ? v : undefined)),
    paymentMethod: paymentMethodSchema.default('balance'),
  }),
  payload: quoteSchema,
});

export const planRenewalPreview = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/plans/renewal-preview',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: plans',
  summary: 'What renewals of a plan with these fields will cost (saved or not), from the same code that charges them',
  message: 'Renewal prices',
  body: planInputSchema,
  payload: z.object({ renewals: z.array(renewalExampleSchema) }),
});

/** Spec §4: plans are hidden or shown with the value in the path. */
export const PLAN_VISIBILITY = ['hide', 'show'] as const;

const planVisibility = {
  params: z.object({ value: z.enum(PLAN_VISIBILITY, { error: 'Use hide or show' }) }),
  body: z.object({ id: z.uuid('Unknown plan') }),
  payload: planSchema,
};

export const hidePlan = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/planhide/{value}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: plans',
  summary: 'Hide a plan from sale or show it again; audited',
  message: 'Updated Successfully',
  ...planVisibility,
});

export const supportHidePlan = defineEndpoint({
  method: 'POST',
  path: '/api/v1/support/planhide/{value}',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary: 'Support’s copy of hide/show a plan; audited',
  message: 'Updated Successfully',
  ...planVisibility,
});

export const supportPlans = defineEndpoint({
  method: 'GET',
  path: '/api/v1/support/plans',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary: 'Every plan with its visibility, for the support panel',
  message: 'Plans list',
  query: listQuerySchema.extend({ type: z.enum(PLAN_TYPES).optional() }),
  payload: listPayloadSchema(planSchema),
});
