import { z } from 'zod';
import { PLAN_TYPES } from '../plans/plans';

/** Location codes are lower case with underscores for spaces, as usernames carry them (`city-new_york`). */
export const locationCode = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform(locationCode)
  .refine((v) => /^[a-z0-9_]+$/.test(v), 'Use letters, digits and underscores');

/**
 * One way out of the gateway (spec Settings OwnServers). `type` and `country` may be `*` (any).
 * With none of `bind`, `prefix` or `upstream` the exit is direct egress from the gateway host.
 */
export const proxyExitSchema = z.object({
  type: z.enum([...PLAN_TYPES, '*']).default('*'),
  country: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^([a-z]{2}|\*)$/, 'Use an ISO 3166 two-letter country code or *')
    .default('*'),
  state: code.optional(),
  city: code.optional(),
  /** ISP (or mobile carrier) name this exit belongs to, shown in the ISP picker. */
  isp: z.string().trim().min(1).max(80).optional(),
  /** A local address to bind outgoing connections to. */
  bind: z.union([z.ipv4(), z.ipv6()]).optional(),
  /** A local prefix (e.g. an IPv6 /64 routed to this host): each exit picks a random address in it. */
  prefix: z.union([z.cidrv4(), z.cidrv6()]).optional(),
  /** An upstream proxy to chain to: http://user:pass@host:port or socks5://user:pass@host:port. */
  upstream: z.url({ protocol: /^(http|socks5?)$/, error: 'Use an http:// or socks5:// proxy URL' }).optional(),
  /** Free text shown to staff only. */
  label: z.string().max(80).optional(),
});
export type ProxyExit = z.output<typeof proxyExitSchema>;

export const ownServersSchema = z.object({ exits: z.array(proxyExitSchema).max(10_000) });
export type OwnServers = z.output<typeof ownServersSchema>;

/** Nothing configured: direct egress for every type and country, so a fresh clone delivers. */
export const DEFAULT_OWN_SERVERS: OwnServers = { exits: [{ type: '*', country: '*' }] };

/** Reads the OwnServers setting (stored as JSON or as text, spec §3); anything unreadable falls back. */
export function parseOwnServers(value: unknown): { servers: OwnServers; error: string | null } {
  if (value === undefined || value === null || value === '') return { servers: DEFAULT_OWN_SERVERS, error: null };
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      return { servers: DEFAULT_OWN_SERVERS, error: 'OwnServers is not valid JSON' };
    }
  }
  const parsed = ownServersSchema.safeParse(raw);
  if (!parsed.success) return { servers: DEFAULT_OWN_SERVERS, error: z.prettifyError(parsed.error) };
  return { servers: parsed.data.exits.length ? parsed.data : DEFAULT_OWN_SERVERS, error: null };
}
