import { locationCode } from './own-servers';

/**
 * The proxy username carries targeting after the account part, as key-value pairs joined by `-`:
 *   <user>-country-us-state-ny-city-new_york-isp-<id>-session-<id>-lifetime-30
 * Every key is optional and may come in any order. `session` makes the exit sticky for `lifetime`
 * minutes (default 30); without it every connection may leave through a different exit.
 */
export interface ProxyTarget {
  country?: string;
  state?: string;
  city?: string;
  isp?: string;
  session?: string;
  /** Minutes a sticky session keeps its exit. */
  lifetime?: number;
}

export const TARGET_KEYS = ['country', 'state', 'city', 'isp', 'session', 'lifetime'] as const;
export const DEFAULT_SESSION_LIFETIME = 30;
export const MAX_SESSION_LIFETIME = 1440;

export type ParsedUsername = { ok: true; user: string; target: ProxyTarget } | { ok: false; reason: string };

const VALUE = /^[A-Za-z0-9_.]{1,64}$/;

export function parseProxyUsername(username: string): ParsedUsername {
  const parts = username.split('-');
  // Account usernames never contain '-', so everything after the first part is targeting.
  const user = parts[0] ?? '';
  if (!user) return { ok: false, reason: 'Missing proxy username' };
  const target: ProxyTarget = {};
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i]!.toLowerCase();
    const value = parts[i + 1];
    if (!(TARGET_KEYS as readonly string[]).includes(key))
      return { ok: false, reason: `Unknown username parameter '${key}'` };
    if (value === undefined || !VALUE.test(value))
      return { ok: false, reason: `Missing or invalid value for '${key}'` };
    if (key === 'lifetime') {
      const minutes = Number(value);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_SESSION_LIFETIME)
        return { ok: false, reason: `lifetime must be 1..${MAX_SESSION_LIFETIME} minutes` };
      target.lifetime = minutes;
    } else if (key === 'session') {
      target.session = value;
    } else if (key === 'isp') {
      target.isp = value;
    } else {
      target[key as 'country' | 'state' | 'city'] = locationCode(value);
    }
  }
  if (target.country && !/^[a-z]{2}$/.test(target.country))
    return { ok: false, reason: 'country must be a two-letter code' };
  return { ok: true, user, target };
}

/** The inverse, used by the generator: same order every time so lists are stable and diffable. */
export function formatProxyUsername(user: string, target: ProxyTarget): string {
  const parts = [user];
  if (target.country) parts.push('country', target.country);
  if (target.state) parts.push('state', target.state);
  if (target.city) parts.push('city', target.city);
  if (target.isp) parts.push('isp', target.isp);
  if (target.session) parts.push('session', target.session);
  if (target.session && target.lifetime) parts.push('lifetime', String(target.lifetime));
  return parts.join('-');
}
