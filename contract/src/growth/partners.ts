import { z } from 'zod';
import { ADMINS, PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema } from '../http/envelope';

/**
 * Partner links (spec §2, §3, §7; ADR 036): a partner is a domain that sends visitors. A visit is
 * counted when the landing page was reached from that domain (its referrer) or through
 * `?partner=<domain>`, once per visitor and domain; sign-ups and buyers are the accounts that came
 * through it. Administrators only (spec §6).
 */
export const PARTNER_QUERY_PARAM = 'partner';
/** The one first-party cookie: a random visitor id, nothing else. */
export const PARTNER_COOKIE = 'tg_visit';
export const PARTNER_COOKIE_DAYS = 30;
export const PARTNER_STATUSES = ['active', 'removed'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const PARTNER_EXISTS = 'This partner domain is already registered';
export const PARTNER_UNKNOWN = 'No such partner domain';

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A partner's domain as an operator may type it (`https://www.Blog.example/path`) brought to the
 * host alone (`blog.example`): lower case, no scheme, path, port or leading `www.`.
 */
export function normalizePartnerDomain(input: string): string {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/, 1)[0] ?? '';
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  return host.startsWith('www.') ? host.slice(4) : host;
}

export function isPartnerDomain(host: string): boolean {
  if (host.length < 3 || host.length > 253) return false;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => HOST_LABEL.test(l)) && !/^\d+$/.test(labels.at(-1)!);
}

export const partnerDomainSchema = z
  .string({ error: 'Enter the partner’s domain' })
  .max(300, 'A domain is at most 253 characters')
  .transform(normalizePartnerDomain)
  .refine(isPartnerDomain, 'Enter a domain such as partner.example');

const at = z.iso.datetime({ offset: true });

export const partnerSchema = z.object({
  domain: z.string(),
  status: z.enum(PARTNER_STATUSES),
  /** The address to give the partner: the home page with `?partner=<domain>`. */
  link: z.string(),
  /** Distinct visitors counted (bots and reloads are not). */
  visitors: z.number().int(),
  /** Accounts that signed up with this partner url. */
  signUps: z.number().int(),
  /** Of those, accounts with at least one paid purchase or renewal. */
  buyers: z.number().int(),
  /** Dollars those accounts paid for purchases and renewals (refunds taken off). */
  revenue: z.number(),
  lastVisitAt: at.nullable(),
  createdAt: at,
  removedAt: at.nullable(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const partnerTotalsSchema = z.object({
  usersWithPartnerUrl: z.number().int(),
  uniqueBuyers: z.number().int(),
  visitors: z.number().int(),
  revenue: z.number(),
});

export const partnerStatistic = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/partnersurl/statistic',
  roles: ADMINS,
  tag: 'Admin: partners',
  summary:
    'Partner domains with their status, visitors, sign-ups with the partner url, unique buyers and revenue (page, size 20; search by domain), and the totals',
  message: 'Partner statistics',
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
    search: z.string().trim().max(253).optional(),
    status: z.enum(PARTNER_STATUSES).optional(),
  }),
  payload: listPayloadSchema(partnerSchema).extend({ totals: partnerTotalsSchema }),
});

export const createPartnerUrl = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/create/partnersurl',
  roles: ADMINS,
  tag: 'Admin: partners',
  summary:
    "Register a partner domain (the spec makes this a GET with the domain in the query); a removed one is made active again; audited. The spec's call names no domain: without `?domain=` a new partner code `partner-<6 characters>.invalid` is made, a name no real site has, used in the link as `?partner=`",
  message: 'Partner link created',
  query: z.object({ domain: partnerDomainSchema.optional() }),
  payload: partnerSchema,
});

export const deletePartnerUrl = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/delete/partnersurl',
  roles: ADMINS,
  tag: 'Admin: partners',
  summary:
    'Remove a partner domain: its visits stop counting; what it brought stays in the statistics as removed; audited',
  message: 'Partner link removed',
  body: z.object({ domain: partnerDomainSchema }),
  payload: z.null(),
});

export const recordPartnerVisit = defineEndpoint({
  method: 'POST',
  path: '/api/v1/partners/visit',
  roles: PUBLIC,
  tag: 'Partners',
  summary:
    'The landing page reports where it was reached from (`?partner=` or the referrer); counted once per visitor and registered domain, never for bots',
  message: 'Visit noted',
  body: z.object({
    partner: z.string().max(300).optional(),
    referrer: z.string().max(2048).optional(),
  }),
  payload: z.object({ counted: z.boolean() }),
  rateLimit: { perMinute: 60 },
});
