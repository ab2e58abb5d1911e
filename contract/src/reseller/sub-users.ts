import { z } from 'zod';
import { emailSchema, usernameSchema } from '../auth/credentials';
import { defineEndpoint } from '../endpoint';
import { READ_ONLY_KEY } from '../profile/api-keys';
import { PLAN_TYPES } from '../plans/plans';
import { listPayloadSchema, pagedQuery } from '../http/envelope';
import {
  RESELLER_API_PER_MINUTE,
  RESELLER_API_TAG,
  RESELLERS,
  ORDER_REFUSALS,
  resellerPlanSchema,
} from './reseller-api';

/**
 * A reseller's sub-users (spec §7, issue 17): ordinary customer accounts linked to the reseller,
 * who sign in to the customer area for their own plans. Listed 30 a page (spec §9).
 */
export const SUB_USERS_PAGE_SIZE = 30;
export const SUB_USER_CREATED = 'Sub User Created Successfully';
export const NO_SUB_USER = 'No such sub-user';
const common = {
  roles: RESELLERS,
  tag: RESELLER_API_TAG,
  keyAuth: { perMinute: RESELLER_API_PER_MINUTE },
  apiKey: true,
} as const;

export const subUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  activePlans: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Bytes the gateway metered on all the sub-user's plans, to the byte (what you bill from), and as GB. */
  usedBytes: z.number().int(),
  usedGb: z.number(),
});
const subUserParams = z.object({ id: z.uuid('id: the id of one of your sub-users') });

export const resellerSubUsers = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/v1/reseller/sub-users',
  summary: `Your sub-users, newest first, ${SUB_USERS_PAGE_SIZE} a page; search matches username or email`,
  message: 'Sub users',
  query: pagedQuery({ max: SUB_USERS_PAGE_SIZE, default: SUB_USERS_PAGE_SIZE }),
  payload: listPayloadSchema(subUserSchema),
});

export const resellerCreateSubUser = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/v1/reseller/sub-users',
  summary:
    'Create a sub-user (a customer account of yours): they get a link by email to choose a password and sign in to the customer area',
  message: SUB_USER_CREATED,
  body: z.object({ username: usernameSchema, email: emailSchema }),
  refusals: [READ_ONLY_KEY],
  payload: subUserSchema,
});

export const resellerSubUser = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/v1/reseller/sub-users/{id}',
  summary: 'One of your sub-users and the plans you sold them',
  message: 'Sub user',
  params: subUserParams,
  payload: subUserSchema.extend({
    plans: z.array(resellerPlanSchema),
    /** GB the sub-user's plans carried, one row per day for the last 30 days (oldest first, zeros kept). */
    gbPerDay: z.array(z.object({ day: z.iso.date(), gb: z.number(), bytes: z.number().int() })),
  }),
});

export const resellerSellSubUserPlan = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/v1/reseller/sub-users/{id}/plans',
  summary:
    "Sell a plan to one of your sub-users at your reseller price, paid from your balance: region, bandwidth (GB) or threads (IPs), days, as the spec gives them. Without planId the catalogue's first plan on sale of `type` is sold (by default residential for bandwidth, datacenter for threads). Send an Idempotency-Key header: the same key with the same body answers the first result again and never charges twice. Without one each call is a new order, so a retry after a lost answer may sell (and charge) twice",
  message: 'Plan purchased',
  idempotent: 'optional',
  refusals: ORDER_REFUSALS,
  params: subUserParams,
  body: z
    .object({
      /** Optional (the spec's call has none): without it the plan comes from `type` and bandwidth or threads. */
      planId: z.uuid('planId: the id of a plan in the catalogue').optional(),
      type: z.enum(PLAN_TYPES, { error: `type: one of ${PLAN_TYPES.join(', ')}` }).optional(),
      region: z
        .string({ error: 'region: a country code such as US' })
        .trim()
        .min(1, 'region: a country code such as US')
        .max(60, 'region: at most 60 characters'),
      bandwidth: z
        .number({ error: 'bandwidth: whole GB' })
        .int('bandwidth: whole GB')
        .min(1, 'bandwidth: at least 1 GB')
        .max(100_000, 'bandwidth: at most 100000 GB')
        .optional(),
      threads: z
        .number({ error: 'threads: whole IPs' })
        .int('threads: whole IPs')
        .min(1, 'threads: at least 1')
        .max(100_000, 'threads: at most 100000')
        .optional(),
      days: z
        .number({ error: 'days: whole days' })
        .int('days: whole days')
        .min(1, 'days: at least 1')
        .max(3650, 'days: at most 3650'),
    })
    .refine((b) => (b.bandwidth === undefined) !== (b.threads === undefined), {
      message: 'bandwidth: give bandwidth or threads, not both',
      path: ['bandwidth'],
    }),
  payload: z.object({
    subUserId: z.string(),
    subscriptionId: z.string(),
    invoiceId: z.string(),
    total: z.number(),
    balance: z.number(),
    poolGbUsed: z.number().int(),
    poolGbLeft: z.number().int(),
  }),
});

export const SUB_USER_PLAN_DELETED = 'Plan deleted';
export const resellerDeleteSubUserPlan = defineEndpoint({
  ...common,
  method: 'DELETE',
  path: '/api/v1/reseller/sub-users/{id}/plans/{planId}',
  summary:
    'End a plan you sold to one of your sub-users at once. Unused residential GB go back to your prepaid pool, unused mobile GB back to your balance at the price paid per GB; IP plans (datacenter, ISP, IPv6) return nothing (ADR 041)',
  message: SUB_USER_PLAN_DELETED,
  refusals: [READ_ONLY_KEY],
  params: z.object({
    id: z.uuid('id: the id of one of your sub-users'),
    /** The wire name holds a subscription id: the sub-user's plan, not a catalogue plan. */
    planId: z.uuid('planId: the id of a plan of that sub-user'),
  }),
  payload: z.object({
    plan: z.string(),
    /** Residential GB put back into your prepaid pool. */
    returnedGb: z.number().int(),
    /** Dollars put back on your balance (mobile GB unused). */
    returnedBalance: z.number(),
    balance: z.number(),
    poolGbLeft: z.number().int(),
  }),
});
