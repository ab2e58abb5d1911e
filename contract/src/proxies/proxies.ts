import { z } from 'zod';
import { CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { subscriptionSchema } from '../subscriptions/subscriptions';
import { DEFAULT_SESSION_LIFETIME, MAX_SESSION_LIFETIME } from './proxy-username';

const subscriptionId = z.object({ subscriptionId: z.uuid('Unknown subscription') });

export const PORT_TYPES = ['http', 'socks5'] as const;
export const SESSION_TYPES = ['rotating', 'sticky'] as const;
/** host:port:user:pass, user:pass@host:port, or a URL with the scheme. */
export const LIST_FORMATS = ['host:port:user:pass', 'user:pass@host:port', 'url'] as const;
export const MAX_LIST_COUNT = 10_000;

const optionalCode = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v ? v : undefined));

/** Per-type defaults for connections whose username names no session (spec §3 Proxy config). */
export const typeSettingsSchema = z.object({
  session: z.enum(SESSION_TYPES).optional(),
  lifetime: z.number().int().min(1).max(MAX_SESSION_LIFETIME).optional(),
  /** Mobile plans: a carrier name from the location catalogue. */
  carrier: z.string().trim().max(80).optional(),
});

export const proxyConfigSchema = z.object({
  /** Default country (ISO two-letter, lower case) when a username names none; null = any. */
  geoRegion: z.string().nullable(),
  city: z.string().nullable(),
  isp: z.string().nullable(),
  residentialSettings: typeSettingsSchema,
  mobileSettings: typeSettingsSchema,
  ipv6Settings: typeSettingsSchema,
  whitelist: z.array(z.string()),
  whitelistLimit: z.number().int(),
});
export type ProxyConfig = z.infer<typeof proxyConfigSchema>;

export const generator = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/generator/{subscriptionId}',
  roles: CUSTOMERS,
  tag: 'Proxies',
  summary: 'Connection details and a proxy list for one of my active plans',
  message: 'Generator',
  encoded: true,
  params: subscriptionId,
  query: z.object({
    country: optionalCode,
    porttype: z.enum(PORT_TYPES).default('http'),
    state: optionalCode,
    city: optionalCode,
    isp: optionalCode,
    session: z.enum(SESSION_TYPES).default('rotating'),
    lifetime: z.coerce.number().int().min(1).max(MAX_SESSION_LIFETIME).default(DEFAULT_SESSION_LIFETIME),
    count: z.coerce.number().int().min(1).max(MAX_LIST_COUNT).default(10),
    /** One of the formats the plan's type offers (types config); its first when omitted. */
    format: z.enum(LIST_FORMATS).optional(),
  }),
  payload: z.object({
    subscription: subscriptionSchema,
    host: z.string(),
    ports: z.object({ http: z.number().int(), socks5: z.number().int() }),
    /** The port of the chosen porttype. */
    port: z.number().int(),
    username: z.string(),
    password: z.string(),
    config: proxyConfigSchema,
    /** The list formats this plan's type offers, the first being the default. */
    formats: z.array(z.enum(LIST_FORMATS)),
    /** The format `lines` are in. */
    format: z.enum(LIST_FORMATS),
    lines: z.array(z.string()),
  }),
});

export const updateProxyConfig = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/public/proxy-config/{subscriptionId}',
  roles: CUSTOMERS,
  tag: 'Proxies',
  summary: 'Default geography and session settings of one of my plans; only locations with an exit are accepted',
  message: 'Proxy config updated',
  params: subscriptionId,
  body: z.object({
    geoRegion: z.string().trim().toLowerCase().max(2).nullable().optional(),
    city: z.string().trim().max(64).nullable().optional(),
    isp: z.string().trim().max(80).nullable().optional(),
    residentialSettings: typeSettingsSchema.optional(),
    mobileSettings: typeSettingsSchema.optional(),
    ipv6Settings: typeSettingsSchema.optional(),
  }),
  payload: proxyConfigSchema,
});

const whitelistBody = z.object({ ip: z.string().trim().min(1, 'Enter an IP address').max(64) });
const whitelistPayload = z.object({ whitelist: z.array(z.string()), whitelistLimit: z.number().int() });

export const addWhitelistIp = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/public/generator/{subscriptionId}/add-whitelist-ip',
  roles: CUSTOMERS,
  tag: 'Proxies',
  summary: 'Allow an IPv4 or IPv6 source address to use the plan without a password (up to its whitelist limit)',
  message: 'IP added to whitelist',
  params: subscriptionId,
  body: whitelistBody,
  payload: whitelistPayload,
});

export const removeWhitelistIp = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/public/generator/{subscriptionId}/remove-whitelist-ip',
  roles: CUSTOMERS,
  tag: 'Proxies',
  summary: 'Stop allowing a source address',
  message: 'IP removed from whitelist',
  params: subscriptionId,
  body: whitelistBody,
  payload: whitelistPayload,
});

export const changeProxyKey = defineEndpoint({
  method: 'POST',
  path: '/api/v1/auth/changekey/{sub}',
  roles: CUSTOMERS,
  tag: 'Proxies',
  summary: 'New proxy password for one of my plans ({sub} is its id); the old one stops working within 5 s',
  message: 'Proxy password changed',
  params: z.object({ sub: z.uuid('Unknown subscription') }),
  payload: z.object({ username: z.string(), password: z.string() }),
  rateLimit: { perMinute: 20 },
});

export const myIp = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/my-ip',
  roles: CUSTOMERS,
  tag: 'Proxies',
  summary: 'The address this request came from, as the shop sees it (behind TRUST_PROXY: the forwarded client)',
  message: 'Your IP address',
  payload: z.object({ ip: z.string() }),
});

const namedCode = z.object({ code: z.string(), name: z.string() });
/** Where a plan can exit: the dashboard's location pickers and the Customer API answer the same. */
export const locationsSchema = z.object({
  countries: z.array(namedCode),
  states: z.array(namedCode),
  cities: z.array(namedCode),
  isps: z.array(z.string()),
  carriers: z.array(z.string()),
});

export const locations = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/locations/{subscriptionId}',
  roles: CUSTOMERS,
  tag: 'Proxies',
  summary:
    'Countries this plan can exit in; with country, its states, ISPs and mobile carriers; with state too, its cities',
  message: 'Locations',
  params: subscriptionId,
  query: z.object({ country: optionalCode, state: optionalCode }),
  payload: locationsSchema,
});

/** One hour or day of a plan's metered traffic (usage page and Customer API). */
export const usagePointSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  bytesIn: z.number().int(),
  bytesOut: z.number().int(),
  requests: z.number().int(),
  failures: z.number().int(),
});

export const USAGE_MAX_DAYS = 92;

export const proxyUsage = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/proxy-usage',
  roles: CUSTOMERS,
  tag: 'Proxies',
  summary: `Metered traffic of one of my plans by hour or day over a date range (at most ${USAGE_MAX_DAYS} days)`,
  message: 'Proxy usage',
  query: z.object({
    subscriptionId: z.uuid('Unknown subscription'),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    granularity: z.enum(['hour', 'day']).default('hour'),
  }),
  payload: z.object({
    subscriptionId: z.string(),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    granularity: z.enum(['hour', 'day']),
    series: z.array(usagePointSchema),
    totals: usagePointSchema.omit({ at: true }),
    countries: z.array(z.object({ country: z.string(), bytes: z.number().int(), requests: z.number().int() })),
    /** Bandwidth plans: bytes bought and used, all time. Thread plans: totalBytes null. */
    bandwidth: z.object({ totalBytes: z.number().int().nullable(), usedBytes: z.number().int() }),
    /** At the last 24 hours' rate; null when nothing is used or the plan is not sold by bandwidth. */
    forecast: z.object({ bytesPerDay: z.number().int(), runsOutAt: z.iso.datetime({ offset: true }).nullable() }),
  }),
});
