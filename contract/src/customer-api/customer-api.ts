import { z } from 'zod';
import { CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { PLAN_TYPES } from '../plans/plans';
import { API_KEY_QUERY, READ_ONLY_KEY } from '../profile/api-keys';
import {
  LIST_FORMATS,
  locationsSchema,
  MAX_LIST_COUNT,
  PORT_TYPES,
  SESSION_TYPES,
  USAGE_MAX_DAYS,
  usagePointSchema,
} from '../proxies/proxies';
import { DEFAULT_SESSION_LIFETIME, MAX_SESSION_LIFETIME } from '../proxies/proxy-username';
import { SUBSCRIPTION_STATUSES } from '../subscriptions/subscriptions';

/**
 * The Customer API (issue 18, spec §2 "Public API documentation"): five GET calls a script makes
 * with the account's API key, documented at /customer-proxy-list, /customer-proxy-info,
 * /customer-proxy-whitelist, /customer-proxy-location and /publicapi-usage-logs. Every call is a GET
 * so that a router or a cron job can make it with one URL.
 */
export const CUSTOMER_API_TAG = 'Customer API';
export const CUSTOMER_API_PER_MINUTE = 60;
const keyAuth = { perMinute: CUSTOMER_API_PER_MINUTE };

const plan = z.uuid('plan: the id of one of your plans');
const optionalCode = (field: string) =>
  z
    .string()
    .trim()
    .max(64, `${field}: at most 64 characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const customerProxyList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/customer/proxy-list',
  roles: CUSTOMERS,
  tag: CUSTOMER_API_TAG,
  summary: 'A proxy list of one of my active plans, as the generator makes it; JSON or plain text (one line each)',
  message: 'Proxy list',
  keyAuth,
  query: z.object({
    plan,
    country: optionalCode('country'),
    state: optionalCode('state'),
    city: optionalCode('city'),
    isp: optionalCode('isp'),
    session: z.enum(SESSION_TYPES, { error: 'session: rotating or sticky' }).default('rotating'),
    lifetime: z.coerce
      .number({ error: 'lifetime: minutes' })
      .int('lifetime: whole minutes')
      .min(1, 'lifetime: at least 1 minute')
      .max(MAX_SESSION_LIFETIME, `lifetime: at most ${MAX_SESSION_LIFETIME} minutes`)
      .default(DEFAULT_SESSION_LIFETIME),
    count: z.coerce
      .number({ error: 'count: a number of lines' })
      .int('count: whole lines')
      .min(1, 'count: at least 1')
      .max(MAX_LIST_COUNT, `count: at most ${MAX_LIST_COUNT}`)
      .default(10),
    porttype: z.enum(PORT_TYPES, { error: 'porttype: http or socks5' }).default('http'),
    format: z.enum(LIST_FORMATS, { error: `format: one of ${LIST_FORMATS.join(', ')}` }).optional(),
    output: z.enum(['json', 'text'], { error: 'output: json or text' }).default('json'),
  }),
  payload: z.object({
    plan: z.string(),
    host: z.string(),
    port: z.number().int(),
    format: z.enum(LIST_FORMATS),
    lines: z.array(z.string()),
  }),
});

export const proxyInfoPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  label: z.string().nullable(),
  type: z.enum(PLAN_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  depleted: z.boolean(),
  /** GB bought, used and left (0 for plans sold by threads). */
  bandwidth: z.number().int(),
  bandwidthUsed: z.number(),
  /** Bytes used as the gateway metered them, to the byte (bandwidthUsed is these as GB with two decimals). */
  bandwidthUsedBytes: z.number().int(),
  bandwidthLeft: z.number(),
  threads: z.number().int(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** Null while a resold plan is still being set up. */
  host: z.string().nullable(),
  ports: z.object({ http: z.number().int(), socks5: z.number().int() }).nullable(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  whitelist: z.array(z.string()),
  whitelistLimit: z.number().int(),
});

export const customerProxyInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/customer/proxy-info',
  roles: CUSTOMERS,
  tag: CUSTOMER_API_TAG,
  summary: 'My plans: what is left, expiry, proxy credentials, host and ports, whitelist',
  message: 'Proxy info',
  keyAuth,
  query: z.object({ plan: plan.optional() }),
  payload: z.object({ plans: z.array(proxyInfoPlanSchema) }),
});

export const WHITELIST_ACTIONS = ['list', 'add', 'remove'] as const;

export const customerProxyWhitelist = defineEndpoint({
  method: 'GET',
  path: '/api/v1/customer/proxy-whitelist',
  roles: CUSTOMERS,
  tag: CUSTOMER_API_TAG,
  summary:
    'The whitelist of one of my plans; action=add or remove (read-write key) changes it, for `ip` or, without it, the address calling. The key may also come as ?api_key= so one URL does it (prefer the header where you can: URLs end up in logs)',
  message: 'Whitelist',
  messages: { added: 'IP added to whitelist', removed: 'IP removed from whitelist' },
  keyAuth: { ...keyAuth, inQuery: true },
  refusals: [{ ...READ_ONLY_KEY, when: 'A read-only key asked to add or remove an IP' }],
  query: z.object({
    plan,
    action: z.enum(WHITELIST_ACTIONS, { error: 'action: list, add or remove' }).default('list'),
    ip: z.string().trim().min(1, 'ip: an IPv4 or IPv6 address').max(64, 'ip: an IPv4 or IPv6 address').optional(),
    [API_KEY_QUERY]: z.string().max(200).optional(),
  }),
  payload: z.object({
    plan: z.string(),
    /** The address added or removed; absent when listing. */
    ip: z.string().optional(),
    whitelist: z.array(z.string()),
    whitelistLimit: z.number().int(),
  }),
});

export const customerProxyLocation = defineEndpoint({
  method: 'GET',
  path: '/api/v1/customer/proxy-location',
  roles: CUSTOMERS,
  tag: CUSTOMER_API_TAG,
  summary:
    'Where one of my plans can exit: countries; with country, its states, ISPs and carriers; with state, its cities',
  message: 'Locations',
  keyAuth,
  query: z.object({ plan, country: optionalCode('country'), state: optionalCode('state') }),
  payload: locationsSchema.extend({ plan: z.string() }),
});

export const customerUsageLogs = defineEndpoint({
  method: 'GET',
  path: '/api/v1/customer/usage-logs',
  roles: CUSTOMERS,
  tag: CUSTOMER_API_TAG,
  summary: `Metered traffic of one of my plans by hour or day over at most ${USAGE_MAX_DAYS} days (default the last 7); JSON or CSV`,
  message: 'Usage logs',
  keyAuth,
  query: z.object({
    plan,
    from: z.iso.datetime({ offset: true, error: 'from: an ISO date-time such as 2026-05-01T00:00:00Z' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'to: an ISO date-time such as 2026-05-08T00:00:00Z' }).optional(),
    granularity: z.enum(['hour', 'day'], { error: 'granularity: hour or day' }).default('day'),
    output: z.enum(['json', 'csv'], { error: 'output: json or csv' }).default('json'),
  }),
  payload: z.object({
    plan: z.string(),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    granularity: z.enum(['hour', 'day']),
    series: z.array(usagePointSchema),
    totals: usagePointSchema.omit({ at: true }),
  }),
});
