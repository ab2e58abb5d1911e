import { z } from 'zod';
import { INVOICE_STATUSES } from '../checkout/invoices';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema, pagedQuery } from '../http/envelope';
import { PLAN_TYPES } from '../plans/plans';
import { UPDATING_TYPES } from '../subscriptions/subscriptions';
import { RESELLERS, resellerPlanSchema } from './reseller-api';
import { apiKeyStatusSchema, resellerDashboardSchema } from './reseller-programme';
import {
  resellerCreateSubUser,
  resellerSellSubUserPlan,
  SUB_USER_CREATED,
  SUB_USERS_PAGE_SIZE,
  subUserSchema,
} from './sub-users';

/**
 * The reseller panel (issue 32, ADR 044): the web area of a reseller=1 API account, at
 * /reseller/panel. Its calls take the account's session alone (no `x-api-key`, which never enters
 * the browser) and only the `Reseller` principal: reads of what the API account holds, its sub-users
 * and their usage, selling a sub-user a plan, and the API key made, replaced or revoked by its owner.
 * Everything else a reseller does stays on the reseller API, with key and token.
 */
export const RESELLER_PANEL_TAG = 'Reseller panel';
export const ORDERS_PAGE_SIZE = 20;
export const API_KEY_REVOKED = 'API key revoked';
export const NO_API_KEY = 'There is no API key to revoke';
const common = { roles: RESELLERS, tag: RESELLER_PANEL_TAG } as const;
const subUserParams = z.object({ id: z.uuid('id: the id of one of your sub-users') });

export const resellerPanelOverview = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/v1/reseller-panel/overview',
  summary:
    'Your balance, prices, prepaid residential GB, spend, sub-users, running plans, GB your sub-users used per day and the API key status',
  message: 'Reseller overview',
  payload: resellerDashboardSchema.extend({
    username: z.string(),
    /** Whitelisted IPs each IPv6 / datacenter plan you sell may hold (ADR 021). */
    ipv6white: z.number().int(),
    datawhite: z.number().int(),
  }),
});
export type ResellerOverview = z.infer<typeof resellerPanelOverview.payload>;

export const resellerOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  /** A plan bought (`purchase`), or GB added to one or its time extended (`renewal`, by `updatingType`). */
  kind: z.enum(['purchase', 'renewal']),
  updatingType: z.enum(UPDATING_TYPES).nullable(),
  description: z.string(),
  planTitle: z.string().nullable(),
  planType: z.enum(PLAN_TYPES).nullable(),
  units: z.number().int().nullable(),
  unit: z.enum(['GB', 'threads', 'package']).nullable(),
  days: z.number().int().nullable(),
  country: z.string().nullable(),
  /** Dollars charged to your balance. */
  total: z.number(),
  status: z.enum(INVOICE_STATUSES),
  refunded: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The plan the order made or changed. */
  subscriptionId: z.string().nullable(),
  /** Whose plan it is: one of your sub-users, or null for a plan of your own account. */
  subUser: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type ResellerOrder = z.infer<typeof resellerOrderSchema>;

export const resellerPanelOrders = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/v1/reseller-panel/orders',
  summary: `Your orders (plans bought, GB added, extensions), newest first, ${ORDERS_PAGE_SIZE} a page; search matches the invoice number, the plan or the sub-user`,
  message: 'Reseller orders',
  query: pagedQuery({ max: 100, default: ORDERS_PAGE_SIZE }),
  payload: listPayloadSchema(resellerOrderSchema),
});

/** Metered traffic, in bytes and as GB with two decimals. */
const usage = { usedBytes: z.number().int(), usedGb: z.number() };
export const panelSubUserSchema = subUserSchema.extend(usage);
export type PanelSubUser = z.infer<typeof panelSubUserSchema>;

export const resellerPanelSubUsers = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/v1/reseller-panel/sub-users',
  summary: `Your sub-users with their running plans and the traffic of all their plans, newest first, ${SUB_USERS_PAGE_SIZE} a page; search matches username or email`,
  message: 'Sub users',
  query: pagedQuery({ max: SUB_USERS_PAGE_SIZE, default: SUB_USERS_PAGE_SIZE }),
  payload: listPayloadSchema(panelSubUserSchema),
});

export const resellerPanelCreateSubUser = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/v1/reseller-panel/sub-users',
  summary: resellerCreateSubUser.summary,
  message: SUB_USER_CREATED,
  body: resellerCreateSubUser.body,
  payload: panelSubUserSchema,
});

export const panelPlanSchema = resellerPlanSchema.extend({ usedBytes: z.number().int() });
export type PanelPlan = z.infer<typeof panelPlanSchema>;

export const resellerPanelSubUser = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/v1/reseller-panel/sub-users/{id}',
  summary: 'One of your sub-users: the plans you sold them with their traffic, and GB per day for 30 days',
  message: 'Sub user',
  params: subUserParams,
  payload: panelSubUserSchema.extend({
    plans: z.array(panelPlanSchema),
    gbPerDay: z.array(z.object({ day: z.iso.date(), gb: z.number() })),
  }),
});

export const resellerPanelSellPlan = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/v1/reseller-panel/sub-users/{id}/plans',
  summary:
    'Sell a plan to one of your sub-users at your reseller price, paid from your balance, as the reseller API does. Needs an Idempotency-Key header',
  message: resellerSellSubUserPlan.message,
  idempotent: 'required',
  params: subUserParams,
  body: resellerSellSubUserPlan.body,
  payload: resellerSellSubUserPlan.payload,
});

export const sellablePlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(PLAN_TYPES),
  /** Days the catalogue price covers: the order's default length. */
  duration: z.number().int(),
  /** The plan's own countries as staff wrote them (spec §3 serverGeoOptions); empty = any country. */
  serverGeoOptions: z.string(),
});
export type SellablePlan = z.infer<typeof sellablePlanSchema>;

export const resellerPanelPlans = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/v1/reseller-panel/plans',
  summary: 'The plans on sale that your reseller terms offer (no trials), to sell to a sub-user',
  message: 'Plans list',
  payload: z.object({ plans: z.array(sellablePlanSchema) }),
});

export const resellerPanelCreateKey = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/v1/reseller-panel/apikey',
  summary:
    'Create your reseller API key, or replace it (the old one stops at once). The key is in this answer only; audited',
  message: 'API key created',
  payload: z.object({ apiKey: z.string(), status: apiKeyStatusSchema }),
  rateLimit: { perMinute: 10 },
});

export const resellerPanelRevokeKey = defineEndpoint({
  ...common,
  method: 'DELETE',
  path: '/api/v1/reseller-panel/apikey',
  summary:
    'Revoke your reseller API key: it stops at once and the reseller API refuses calls until you create one; audited',
  message: API_KEY_REVOKED,
  payload: z.null(),
  rateLimit: { perMinute: 10 },
});
