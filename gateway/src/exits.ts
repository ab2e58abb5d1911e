import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { PlanType } from '@tollgate/contract/plans/plans';
import type { OwnServers, ProxyExit } from '@tollgate/contract/proxies/own-servers';
import { locationCode } from '@tollgate/contract/proxies/own-servers';
import { DEFAULT_SESSION_LIFETIME, type ProxyTarget } from '@tollgate/contract/proxies/proxy-username';

/** Where one connection leaves the gateway. */
export interface ExitChoice {
  exit: ProxyExit;
  /** The local address to bind to (from `bind`, or drawn from `prefix`). */
  localAddress?: string;
  upstream?: string;
  /** The country to meter the traffic under ('' when neither the request nor the exit names one). */
  country: string;
}

const matches = (exit: ProxyExit, type: PlanType, t: ProxyTarget) =>
  (exit.type === '*' || exit.type === type) &&
  (!t.country || exit.country === '*' || exit.country === t.country) &&
  (!t.state || !exit.state || exit.state === t.state) &&
  (!t.city || !exit.city || exit.city === t.city) &&
  // An ISP is a promise about the exit's network: only exits labelled with it may serve it.
  // Usernames carry ISPs as codes (`comcast_cable` for "Comcast Cable"), so both sides are compared as codes.
  (!t.isp || (exit.isp !== undefined && locationCode(exit.isp) === locationCode(t.isp)));

/** A random address inside an IPv4 or IPv6 prefix, so each rotation can leave from a fresh IP. */
export function addressInPrefix(prefix: string): string {
  const [base = '', bitsText = ''] = prefix.split('/');
  const bits = Number(bitsText);
  const v6 = net.isIPv6(base);
  const width = v6 ? 128 : 32;
  const value = v6 ? ipv6ToBigInt(base) : BigInt(base.split('.').reduce((n, o) => n * 256 + Number(o), 0));
  const hostBits = BigInt(width - bits);
  const random = BigInt(`0x${randomBytes(16).toString('hex')}`) & ((1n << hostBits) - 1n);
  const network = (value >> hostBits) << hostBits;
  const address = network | random;
  return v6 ? bigIntToIpv6(address) : [24n, 16n, 8n, 0n].map((s) => String((address >> s) & 255n)).join('.');
}

function ipv6ToBigInt(ip: string): bigint {
  const [head = '', tail] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

function bigIntToIpv6(value: bigint): string {
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(((value >> BigInt(i * 16)) & 0xffffn).toString(16));
  return groups.join(':');
}

/**
 * How one connection leaves through `exit`: its bind address, a fresh address drawn from its
 * prefix, or its upstream proxy. The staff's exit test builds its connection with this too.
 */
export function exitChoice(exit: ProxyExit, target: ProxyTarget = {}): ExitChoice {
  const localAddress = exit.bind ?? (exit.prefix ? addressInPrefix(exit.prefix) : undefined);
  const country = target.country ?? (exit.country === '*' ? '' : exit.country);
  return {
    exit,
    country,
    ...(localAddress ? { localAddress } : {}),
    ...(exit.upstream ? { upstream: exit.upstream } : {}),
  };
}

/**
 * Picks exits from the OwnServers setting. Rotating traffic takes the next matching exit for every
 * connection; a sticky session keeps the exit (and drawn address) it got first for its lifetime.
 */
export function createExitPicker(now: () => number = Date.now) {
  let exits: readonly ProxyExit[] = [];
  let next = 0;
  const sessions = new Map<string, { choice: ExitChoice; until: number }>();
  /** Sessions told to rotate: their next pick avoids the exit they held, where another one serves. */
  const avoid = new Map<string, ProxyExit>();

  return {
    setExits(servers: OwnServers) {
      exits = servers.exits;
    },
    /**
     * `sessionKey` names a sticky session (subscription + session id); null means rotating.
     * Returns null when no exit serves the request.
     */
    pick(type: PlanType, target: ProxyTarget, sessionKey: string | null): ExitChoice | null {
      const t = now();
      if (sessionKey) {
        const held = sessions.get(sessionKey);
        if (held && held.until > t) return held.choice;
      }
      const matching = exits.filter((e) => matches(e, type, target));
      if (matching.length === 0) return null;
      const avoided = sessionKey ? avoid.get(sessionKey) : undefined;
      if (sessionKey) avoid.delete(sessionKey);
      const others = avoided ? matching.filter((e) => e !== avoided) : matching;
      const candidates = others.length ? others : matching;
      next = (next + 1) % 1_000_000_007;
      const choice = exitChoice(candidates[next % candidates.length]!, target);
      if (sessionKey) {
        sessions.set(sessionKey, { choice, until: t + (target.lifetime ?? DEFAULT_SESSION_LIFETIME) * 60_000 });
      }
      return choice;
    },
    /**
     * Drops the exit a sticky session holds, so its next connection takes another (a prefix exit
     * draws a new address; a single fixed exit can only give the same one again).
     */
    rotate(sessionKey: string) {
      const held = sessions.get(sessionKey);
      if (!held) return;
      sessions.delete(sessionKey);
      avoid.set(sessionKey, held.choice.exit);
    },
    sweep() {
      const t = now();
      for (const [key, held] of sessions) if (held.until <= t) sessions.delete(key);
      // An avoided exit matters only to the session's next pick; one that never came is forgotten.
      if (avoid.size > 10_000) avoid.clear();
    },
  };
}
export type ExitPicker = ReturnType<typeof createExitPicker>;
