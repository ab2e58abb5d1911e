import { randomBytes } from 'node:crypto';
import type { LIST_FORMATS, PORT_TYPES, SESSION_TYPES } from '@tollgate/contract/proxies/proxies';
import { formatProxyUsername, type ProxyTarget } from '@tollgate/contract/proxies/proxy-username';

export interface ProxyListRequest {
  host: string;
  port: number;
  porttype: (typeof PORT_TYPES)[number];
  user: string;
  password: string;
  /** Geography only; sessions are added per line. */
  target: Omit<ProxyTarget, 'session' | 'lifetime'>;
  session: (typeof SESSION_TYPES)[number];
  lifetime: number;
  count: number;
  format: (typeof LIST_FORMATS)[number];
}

const SESSION_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SESSION_LENGTH = 8;
/** The largest multiple of the alphabet size below 256: bytes from it up are redrawn, so no bias. */
const UNBIASED_BELOW = 256 - (256 % SESSION_ALPHABET.length);
/** Stands in for the session id while the username is laid out once. */
const SLOT = '\u0000';

/**
 * `count` distinct random session ids of 8 characters [a-z0-9]. All are drawn into one buffer and
 * cut from one string; each id's numeric value goes into an open-addressing table, so a repeat
 * (rare: 36^8 values) is drawn again without a Set of strings.
 */
function sessionIds(count: number): string[] {
  const chars = Buffer.allocUnsafe(count * SESSION_LENGTH);
  const size = 2 ** Math.ceil(Math.log2(count * 2 + 1));
  // Holds value + 1 per id taken; 0 is an empty slot.
  const taken = new Float64Array(size);
  let pool = randomBytes(chars.length + (chars.length >> 4) + 16);
  let at = 0;
  for (let i = 0; i < count;) {
    let value = 0;
    for (let k = 0; k < SESSION_LENGTH;) {
      if (at === pool.length) {
        pool = randomBytes(pool.length);
        at = 0;
      }
      const byte = pool[at++]!;
      if (byte >= UNBIASED_BELOW) continue;
      const digit = byte % SESSION_ALPHABET.length;
      chars[i * SESSION_LENGTH + k++] = SESSION_ALPHABET.charCodeAt(digit);
      value = value * SESSION_ALPHABET.length + digit;
    }
    let slot = value % size;
    while (taken[slot] !== 0 && taken[slot] !== value + 1) slot = (slot + 1) % size;
    if (taken[slot] === value + 1) continue;
    taken[slot] = value + 1;
    i++;
  }
  const all = chars.toString('latin1');
  const ids = new Array<string>(count);
  for (let i = 0; i < count; i++) ids[i] = all.slice(i * SESSION_LENGTH, (i + 1) * SESSION_LENGTH);
  return ids;
}

/**
 * The generator's list: each line is the same text around a username. Rotating lines are all the
 * same string; sticky lines differ only in their session id, so the username is laid out once by
 * `formatProxyUsername` and each line is one concatenation.
 */
export function proxyLines(r: ProxyListRequest): string[] {
  const address = `${r.host}:${r.port}`;
  const [before, after] =
    r.format === 'host:port:user:pass'
      ? [`${address}:`, `:${r.password}`]
      : r.format === 'user:pass@host:port'
        ? ['', `:${r.password}@${address}`]
        : [`${r.porttype}://`, `:${r.password}@${address}`];

  if (r.session === 'rotating') {
    return new Array<string>(r.count).fill(before + formatProxyUsername(r.user, r.target) + after);
  }
  const layout = formatProxyUsername(r.user, { ...r.target, session: SLOT, lifetime: r.lifetime });
  const slot = layout.indexOf(SLOT);
  const head = before + layout.slice(0, slot);
  const tail = layout.slice(slot + SLOT.length) + after;
  const ids = sessionIds(r.count);
  for (let i = 0; i < ids.length; i++) ids[i] = head + ids[i] + tail;
  return ids;
}
