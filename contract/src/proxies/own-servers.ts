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
  isp: z.string().trim().min(1, 'ISP: leave it out or name one').max(80, 'ISP: at most 80 characters').optional(),
  /** A local address to bind outgoing connections to. */
  bind: z.union([z.ipv4(), z.ipv6()], { error: 'Use an IPv4 or IPv6 address of the gateway host' }).optional(),
  /** A local prefix (e.g. an IPv6 /64 routed to this host): each exit picks a random address in it. */
  prefix: z
    .union([z.cidrv4(), z.cidrv6()], { error: 'Use a prefix such as 203.0.113.0/24 or 2001:db8:1::/64' })
    .optional(),
  /** An upstream proxy to chain to: http://user:pass@host:port or socks5://user:pass@host:port. */
  upstream: z.url({ protocol: /^(http|socks5?)$/, error: 'Use an http:// or socks5:// proxy URL' }).optional(),
  /** Free text shown to staff only. */
  label: z.string().max(80, 'Label: at most 80 characters').optional(),
});
export type ProxyExit = z.output<typeof proxyExitSchema>;

/** An address or CIDR range the gateway may reach although it is internal. */
export const targetRangeSchema = z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()], {
  error: 'Use an IP address or a CIDR range',
});

export const ownServersSchema = z.object({
  exits: z.array(proxyExitSchema).max(10_000),
  /**
   * Internal ranges customers may reach through the gateway (exits behind NAT, a lab). None by
   * default: loopback, private, link-local and the like are refused (DESIGN §9b, ADR 010).
   */
  allowedTargets: z.array(targetRangeSchema).max(256).default([]),
  /** Destination ports nobody may reach through the gateway, e.g. 25 against spam. */
  blockedPorts: z
    .array(
      z
        .number({ error: 'A port is a number' })
        .int('A port is a whole number')
        .min(1)
        .max(65_535, 'A port is at most 65535'),
    )
    .max(1_000)
    .default([]),
});
export type OwnServers = z.output<typeof ownServersSchema>;
/** The setting as written (defaults not yet applied). */
export type OwnServersInput = z.input<typeof ownServersSchema>;

/** Nothing configured: direct egress for every type and country, so a fresh clone delivers. */
export const DEFAULT_OWN_SERVERS: OwnServers = {
  exits: [{ type: '*', country: '*' }],
  allowedTargets: [],
  blockedPorts: [],
};

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
  const exits = parsed.data.exits.length ? parsed.data.exits : DEFAULT_OWN_SERVERS.exits;
  return { servers: { ...parsed.data, exits }, error: null };
}
