import { z } from 'zod';
import { ADMINS_AND_MANAGERS, SUPPORT_STAFF } from '../access/roles';
import { AWAITS_APPROVAL } from '../admin/change-requests';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema, listQuerySchema } from '../http/envelope';
import { PLAN_TYPES } from '../plans/plans';
import { subscriptionSchema } from './subscriptions';

export const staffSubscriptionSchema = subscriptionSchema.extend({
  account: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  proxyUsername: z.string().nullable(),
  /** Whitelisted IPs allowed; null means the default. */
  whitelistLimit: z.number().int().nullable(),
  deleted: z.boolean(),
});
export type StaffSubscription = z.infer<typeof staffSubscriptionSchema>;

export const DEFAULT_WHITELIST_LIMIT = 10;
export const PLANTIME_OPERATIONS = ['add', 'subtract'] as const;

const id = z.object({ id: z.uuid('Unknown subscription') });
const subscriptionId = z.object({ subscriptionId: z.uuid('Unknown subscription') });
const listQuery = listQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(100).default(20),
  /** Omitted for ALL (spec §7). */
  type: z.enum(PLAN_TYPES).optional(),
  status: z.enum(['pending', 'active', 'expired', 'cancelled']).optional(),
});

const updateBody = z
  .object({
    country: z.string().trim().min(1, 'Choose a country').max(60),
    /** Total GB of the plan. */
    bandwidth: z.number().int('Whole GB').min(0, 'Bandwidth cannot be negative').max(1_000_000),
    threads: z.number().int('Whole threads').min(0, 'Threads cannot be negative').max(1_000_000),
    expiresAt: z.iso.datetime({ offset: true, message: 'Give the end as a date and time' }),
    autoRenew: z.boolean(),
    renewValue: z.number().int().min(1).max(3650).nullable(),
    status: z.enum(['active', 'expired', 'cancelled']),
  })
  .partial();

const addBandwidthBody = z.object({
  bandwidth: z.number({ error: 'Enter GB to add' }).int('Whole GB').min(1, 'Add at least 1 GB').max(1_000_000),
  reason: z.string().trim().min(3).max(500).optional(),
});
const plantimeBody = z.object({
  timeToAdd: z.number({ error: 'Enter days' }).int('Whole days').min(1, 'At least 1 day').max(3650),
  operationType: z.enum(PLANTIME_OPERATIONS, { error: 'Choose add or subtract' }),
  reason: z.string().trim().min(3).max(500).optional(),
});
/** Spec §5: region only when a non-blank string, additionalField only when a number. */
export const addSubscriptionBody = z.object({
  plan: z.uuid('Choose a plan'),
  region: z.string().trim().min(1).max(60).optional(),
  additionalField: z.number().int().min(1).max(1_000_000).optional(),
});
const deleteQuery = z.object({
  deleteOnlyRenew: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const adminSubscriptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/subscriptions',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'Subscriptions, newest first; search by plan, country, username or email; filter by type',
  message: 'Subscriptions list',
  query: listQuery,
  payload: listPayloadSchema(staffSubscriptionSchema),
});
export const supportSubscriptions = defineEndpoint({
  ...adminSubscriptions,
  path: '/api/v1/support/subscriptions',
  roles: SUPPORT_STAFF,
  tag: 'Support',
});

export const adminSubscription = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/subscriptions/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'One subscription (route /admin/subscriptions/edit/{subscriptionId})',
  message: 'Subscription details',
  params: id,
  payload: staffSubscriptionSchema,
});

/** Days of usage the staff subscription page charts, today included. */
export const SUBSCRIPTION_TRAFFIC_DAYS = 30;

export const subscriptionTrafficSchema = z.object({
  /** The addresses the customer whitelisted on this subscription, oldest first. */
  whitelist: z.array(z.object({ ip: z.string(), addedAt: z.iso.datetime({ offset: true }) })),
  /** GB the gateway metered both ways per UTC day, oldest first; days without traffic are zeros. */
  gbPerDay: z.array(z.object({ day: z.iso.date(), gb: z.number() })),
});
export type SubscriptionTraffic = z.infer<typeof subscriptionTrafficSchema>;

export const adminSubscriptionTraffic = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/subscriptions/{id}/traffic',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: `Who may use a subscription without a password (its whitelist) and the GB it carried per day over the last ${SUBSCRIPTION_TRAFFIC_DAYS} days`,
  message: 'Subscription traffic',
  params: id,
  payload: subscriptionTrafficSchema,
});

export const updateSubscription = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/subscriptions/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'Edit a subscription’s country, bandwidth, threads, end, auto-renew or status; audited',
  message: 'Subscription updated',
  params: id,
  body: updateBody,
  payload: staffSubscriptionSchema,
});

export const deleteSubscription = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/subscriptions/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'Cancel and remove a subscription, or with deleteOnlyRenew=true only its automatic renewal; audited',
  message: 'Subscription deleted',
  params: id,
  query: deleteQuery,
  payload: z.null(),
});
export const supportDeleteSubscription = defineEndpoint({
  ...deleteSubscription,
  path: '/api/v1/support/subscriptions/{id}',
  roles: SUPPORT_STAFF,
  tag: 'Support',
});

export const addSubscriptionBandwidth = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/subscriptions/{id}/add',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'Add GB to a subscription at no charge; audited',
  message: 'Subscription updated',
  /** Support above `StaffLimits`: the plan is unchanged until a second staff member approves. */
  messages: { pending: AWAITS_APPROVAL },
  params: id,
  body: addBandwidthBody,
  payload: staffSubscriptionSchema,
});
export const supportAddSubscriptionBandwidth = defineEndpoint({
  ...addSubscriptionBandwidth,
  path: '/api/v1/support/subscriptions/{id}/add',
  roles: SUPPORT_STAFF,
  tag: 'Support',
});

export const resolveSubscription = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/subscriptions/{id}/resolve',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'Re-derive a stuck subscription’s state from its end time and usage; audited',
  message: 'Subscription updated',
  params: id,
  payload: staffSubscriptionSchema,
});
export const supportResolveSubscription = defineEndpoint({
  ...resolveSubscription,
  path: '/api/v1/support/subscriptions/{id}/resolve',
  roles: SUPPORT_STAFF,
  tag: 'Support',
});

export const reverifyPayment = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/subscriptions/{id}/reverify-payment',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'Ask the payment provider again about the subscription’s open payment and settle it',
  message: 'Payment verification completed',
  params: id,
  payload: z.object({
    status: z.enum(['pending', 'paid', 'failed', 'cancelled', 'expired']),
    subscription: staffSubscriptionSchema,
  }),
});

export const PAYMENT_VERIFICATION_FAILED = 'Payment verification failed';

export const planTime = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/plantime/{subscriptionId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'Add or subtract days from a subscription’s end; audited',
  message: 'Subscription updated',
  /** Support above `StaffLimits`: the plan is unchanged until a second staff member approves. */
  messages: { pending: AWAITS_APPROVAL },
  params: subscriptionId,
  body: plantimeBody,
  payload: staffSubscriptionSchema,
});
export const supportPlanTime = defineEndpoint({
  ...planTime,
  path: '/api/v1/support/plantime/{subscriptionId}',
  roles: SUPPORT_STAFF,
  tag: 'Support',
});

export const regenerateCredentials = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/resigen',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'New proxy password for a subscription (the old one stops working); audited',
  message: 'Credentials regenerated',
  body: z.object({ id: z.uuid('Unknown subscription') }),
  payload: staffSubscriptionSchema,
});
export const supportRegenerateCredentials = defineEndpoint({
  ...regenerateCredentials,
  path: '/api/v1/support/resigen',
  roles: SUPPORT_STAFF,
  tag: 'Support',
});

export const addSubscription = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/accounts/{userId}/add-subscription',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'Give an account a plan at no charge (region = country, additionalField = GB or threads); audited',
  message: 'Subscription added',
  params: z.object({ userId: z.uuid('Unknown account') }),
  body: addSubscriptionBody,
  payload: staffSubscriptionSchema,
});
export const supportAddSubscription = defineEndpoint({
  ...addSubscription,
  path: '/api/v1/support/accounts/{userId}/add-subscription',
  roles: SUPPORT_STAFF,
  tag: 'Support',
  summary: 'Give an account a trial plan (support may add trial plans only); audited',
});

export const setWhitelistLimit = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/setwhitelistlimit/{subscriptionId}/{limit}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: 'Allow a subscription this many whitelisted IPs (a state change by GET, as the spec has it); audited',
  message: 'Whitelist limit updated',
  params: subscriptionId.extend({ limit: z.coerce.number().int('Whole number').min(0).max(10_000) }),
  payload: staffSubscriptionSchema,
});

export const resetWhitelistLimit = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/resetwhitelistlimit/{subscriptionId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: subscriptions',
  summary: `Back to the default whitelist limit (${DEFAULT_WHITELIST_LIMIT}); audited`,
  message: 'Whitelist limit updated',
  params: subscriptionId,
  payload: staffSubscriptionSchema,
});
