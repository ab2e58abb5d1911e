import { z } from 'zod';
import { CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { announcementSchema } from '../general/landing';
import { PLAN_TYPES } from '../plans/plans';
import { paymentMethodSchema } from '../checkout/payments';
import { priceLineSchema } from '../checkout/price-lines';

/** Bandwidth is sold in binary gigabytes: what the gateway meters is compared against GB × 1024³. */
export const BYTES_PER_GB = 1024 ** 3;

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'expired', 'cancelled'] as const;
/** Any call about a plan whose time is up answers this; the client then goes to the dashboard (spec §4). */
export const PLAN_EXPIRED = 'Plan expired';

export const subscriptionSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planTitle: z.string(),
  /** The customer's own name for the plan, so two of one product can be told apart; null = none. */
  label: z.string().nullable(),
  /** The proxy credentials' username (without targeting); null until delivery set it up. */
  proxyUsername: z.string().nullable(),
  type: z.enum(PLAN_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Bandwidth plans whose GB are used up. */
  depleted: z.boolean(),
  country: z.string(),
  /** GB bought in total (0 for thread plans). */
  bandwidth: z.number().int(),
  /** GB used, two decimals. */
  bandwidthUsed: z.number(),
  /** Bytes used, exact: what shows MB and KB while less than a GB is used. */
  bandwidthUsedBytes: z.number().int(),
  bandwidthLeft: z.number(),
  threads: z.number().int(),
  days: z.number().int(),
  minRenewDays: z.number().int(),
  maxRenewDays: z.number().int(),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  autoRenew: z.boolean(),
  /** Days each automatic renewal adds (from balance); the plan's duration when not set. */
  renewValue: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const subscriptionId = z.object({ subscriptionId: z.uuid('Unknown subscription') });
const id = z.object({ id: z.uuid('Unknown subscription') });

export const dashboard = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/dashboard',
  roles: CUSTOMERS,
  tag: 'Dashboard',
  summary: 'My plans with what is left of them, spend and usage summaries, announcements',
  message: 'Dashboard',
  encoded: true,
  payload: z.object({
    balance: z.number(),
    stats: z.object({
      activePlans: z.number().int(),
      expiringSoon: z.number().int(),
      /** Paid invoices, all time, dollars. */
      totalSpent: z.number(),
      spentLast30Days: z.number(),
      bandwidthUsed: z.number(),
      bandwidthUsedBytes: z.number().int(),
    }),
    subscriptions: z.array(subscriptionSchema),
    announcements: z.array(announcementSchema),
  }),
});

export const mySubscription = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/subscriptions/{id}',
  roles: CUSTOMERS,
  tag: 'Subscriptions',
  summary: 'One of my subscriptions',
  message: 'Subscription details',
  params: id,
  payload: subscriptionSchema,
});

export const activateSubscription = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/activate-subscription/{subscriptionId}',
  roles: CUSTOMERS,
  tag: 'Subscriptions',
  summary: 'Opens a subscription: active ones go to their generator page, others to the dashboard',
  message: 'Subscription status',
  params: subscriptionId,
  payload: z.object({ subscriptionId: z.string(), active: z.boolean() }),
});

export const deleteResidential = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/public/residential/{id}',
  roles: CUSTOMERS,
  tag: 'Subscriptions',
  summary: 'Remove an expired, depleted or cancelled plan from my dashboard (its invoices stay)',
  message: 'Subscription deleted',
  params: id,
  payload: z.null(),
});

export const UPDATING_TYPES = ['renew', 'extend', 'bandwidth'] as const;

export const renewBodySchema = z.object({
  /** renew: a new period (days, and threads for thread plans); extend: days only; bandwidth: GB only. */
  updatingType: z.enum(UPDATING_TYPES, { error: 'Choose renew, extend or bandwidth' }),
  bandwidth: z.number().int('Choose whole GB').min(1, 'Choose at least 1 GB').max(100_000).optional(),
  threads: z.number().int('Choose whole threads').min(1, 'Choose at least 1 thread').max(100_000).optional(),
  days: z.number().int('Choose whole days').min(1, 'Choose at least 1 day').max(3650).optional(),
  coupon: z.string().trim().max(40).optional(),
  paymentMethod: paymentMethodSchema,
});
export type RenewBody = z.input<typeof renewBodySchema>;

export const renewSubscription = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/public/subscriptions/{id}/renew',
  roles: CUSTOMERS,
  tag: 'Subscriptions',
  summary:
    'Renew, extend or add bandwidth; balance applies at once, card and crypto answer linkData.hosted_url and apply when paid',
  message: 'Subscription updated',
  messages: { redirect: 'Payment created' },
  params: id,
  body: renewBodySchema,
  payload: z.object({
    subscriptionId: z.string(),
    invoiceId: z.string(),
    status: z.enum(['paid', 'pending']),
    total: z.number(),
    balance: z.number(),
    linkData: z.object({ hosted_url: z.string() }).optional(),
    invoiceLink: z.string().optional(),
  }),
});

/** What a renewal would cost, asked while the customer chooses; paying prices it again. */
export const renewQuoteSchema = z.object({
  subscriptionId: z.string(),
  /** What would be bought, as the invoice will name it, e.g. "Bandwidth top-up: 5 GB". */
  description: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  couponCode: z.string().nullable(),
  /** Each charge with the table it comes from; they add up to the subtotal. */
  lines: z.array(priceLineSchema),
});
export type RenewQuote = z.infer<typeof renewQuoteSchema>;

const wholeQuery = (label: string) => z.coerce.number().int(`Choose whole ${label}`).min(1, 'Choose at least 1');

export const renewQuote = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/subscriptions/{id}/renew-quote',
  roles: CUSTOMERS,
  tag: 'Subscriptions',
  summary: 'The price of renewing, extending or adding bandwidth, with a coupon if one is given; nothing is bought',
  message: 'Renewal price',
  params: id,
  query: z.object({
    updatingType: renewBodySchema.shape.updatingType,
    bandwidth: wholeQuery('GB').max(100_000).optional(),
    threads: wholeQuery('threads').max(100_000).optional(),
    days: wholeQuery('days').max(3650).optional(),
    coupon: renewBodySchema.shape.coupon,
    /** Coupons may be limited to one way of paying. */
    paymentMethod: paymentMethodSchema.default('balance'),
  }),
  payload: renewQuoteSchema,
});

const autoRenewState = z.object({
  subscriptionId: z.string(),
  status: z.boolean(),
  renewvalue: z.number().int().nullable(),
});

export const setAutoRenewValue = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/autorenew/set',
  roles: CUSTOMERS,
  tag: 'Auto-renew',
  summary: 'How many days each automatic renewal adds',
  message: 'Your Renew value has been successfully updated',
  body: z.object({
    subscriptionId: z.uuid('Unknown subscription'),
    renewvalue: z.number().int('Choose a whole number').min(1, 'Choose at least 1').max(3650),
  }),
  payload: autoRenewState,
});

export const setAutoRenewStatus = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/autorenew/status',
  roles: CUSTOMERS,
  tag: 'Auto-renew',
  summary: 'Turn automatic renewal from balance on or off',
  message: 'Auto Renew status updated successfully',
  body: z.object({ subscriptionId: z.uuid('Unknown subscription'), status: z.boolean() }),
  payload: autoRenewState,
});

export const getAutoRenew = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/autorenew/get',
  roles: CUSTOMERS,
  tag: 'Auto-renew',
  summary: 'Auto-renew state of a subscription (read with POST, as the spec has it)',
  message: 'Auto Renew status',
  body: z.object({ subscriptionId: z.uuid('Unknown subscription') }),
  payload: autoRenewState,
});
