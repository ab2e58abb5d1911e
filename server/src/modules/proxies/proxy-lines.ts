import { randomBytes } from 'node:crypto';
import type { LIST_FORMATS, PORT_TYPES, SESSION_TYPES } from '@tollgate/contract/proxies/proxies';
import { formatProxyUsername, type ProxyTarget } from '@tollgate/contract/proxies/proxy-username';
import { escapeBytes, SELF_ESCAPING, type SelfEscaping } from '#platform/http/encoded-envelope.ts';

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
const BASE = SESSION_ALPHABET.length;
/** An id is a number below 36^8 written in base 36: four pairs of digits, each pair below 36^2. */
const PAIRS = BASE * BASE;
const HALF = PAIRS * PAIRS;
const ID_SPACE = HALF * HALF;
/** Every pair of digits as its two characters, so an id is four look-ups, not eight divisions. */
const PAIR_CHARS = Uint8Array.from({ length: PAIRS * 2 }, (_, i) =>
  SESSION_ALPHABET.charCodeAt(i % 2 === 0 ? Math.floor(i / 2 / BASE) : (i / 2 - 0.5) % BASE),
);
/** 48 random bits give an id; values from here up are drawn again, so every id is equally likely. */
const UNBIASED_BELOW = Math.floor(2 ** 48 / ID_SPACE) * ID_SPACE;
/** Stands in for the session id while the username is laid out once. */
const SLOT = '\u0000';

/**
 * Random bytes are drawn 64 KiB at a time and handed out in order, each byte once: one CSPRNG call
 * serves many lists (a call per list cost more than the list's own loop), as `randomUUID` does.
 */
const RANDOM_POOL = 64 * 1024;
let random = Buffer.alloc(0);
let randomAt = 0;

/** Writes `pair` (below 36^2) as its two characters at `at`. */
function writePair(chars: Buffer, at: number, pair: number) {
  chars[at] = PAIR_CHARS[pair * 2]!;
  chars[at + 1] = PAIR_CHARS[pair * 2 + 1]!;
}

/** The ids a list has taken, by slot: one table per process, grown to the largest list so far. */
let table = { stamps: new Int32Array(0), values: new Float64Array(0), stamp: 0 };
function takenTable(size: number) {
  if (table.stamps.length < size || table.stamp === 2 ** 31 - 1)
    table = { stamps: new Int32Array(size), values: new Float64Array(size), stamp: 0 };
  const kept = table;
  return { stamps: kept.stamps, values: kept.values, next: () => ++kept.stamp };
}

/**
 * `count` distinct random session ids of 8 characters [a-z0-9], one after the other in one buffer:
 * each from 48 random bits, redrawn in the rare case they fall past the last whole multiple of 36^8.
 * A 32-bit hash of each id picks its slot in an open-addressing table of id values, so a repeat
 * (rare: 36^8 values) is found and drawn again without a Set of strings.
 */
function sessionIdBytes(count: number): Buffer {
  const chars = Buffer.allocUnsafe(count * SESSION_LENGTH);
  const mask = 2 ** Math.ceil(Math.log2(count * 2 + 1)) - 1;
  const taken = takenTable(mask + 1);
  // A slot is this list's only if it carries this list's stamp: the table is not cleared per list.
  const stamp = taken.next();
  const { stamps, values } = taken;
  let pool = random;
  let at = randomAt;
  for (let i = 0; i < count;) {
    if (at + 6 > pool.length) {
      pool = random = randomBytes(RANDOM_POOL);
      at = 0;
    }
    const high = (pool[at]! << 8) | pool[at + 1]!;
    const low = ((pool[at + 2]! << 24) | (pool[at + 3]! << 16) | (pool[at + 4]! << 8) | pool[at + 5]!) >>> 0;
    at += 6;
    const drawn = high * 2 ** 32 + low;
    if (drawn >= UNBIASED_BELOW) continue;
    // Not `%`: on numbers past 32 bits V8 calls out for it, and this loop runs 1,000 times a list.
    const value = drawn - Math.floor(drawn / ID_SPACE) * ID_SPACE;
    const upper = Math.floor(value / HALF);
    const lower = value - upper * HALF;
    const first = i * SESSION_LENGTH;
    const u = (upper / PAIRS) | 0;
    const l = (lower / PAIRS) | 0;
    writePair(chars, first, u);
    writePair(chars, first + 2, upper - u * PAIRS);
    writePair(chars, first + 4, l);
    writePair(chars, first + 6, lower - l * PAIRS);
    const hash = Math.imul(upper, 0x9e3779b1) ^ lower;
    let slot = (hash ^ (hash >>> 15)) & mask;
    while (stamps[slot] === stamp && values[slot] !== value) slot = (slot + 1) & mask;
    if (stamps[slot] === stamp) continue;
    stamps[slot] = stamp;
    values[slot] = value;
    i++;
  }
  randomAt = at;
  return chars;
}

/**
 * The generator's list: each line is the same text around a username. Rotating lines are all the
 * same; sticky lines differ only in their session id, so a list is its text before and after the
 * id and the ids drawn for it. The encoded answer writes it from a kept template (`SelfEscaping`,
 * ADR 035): no line is made as a string unless something asks for them (`toArray`).
 */
export class ProxyList implements SelfEscaping {
  readonly [SELF_ESCAPING] = true as const;
  constructor(
    readonly count: number,
    /** The whole line of a rotating list, or a sticky line's text before its session id. */
    readonly head: string,
    readonly tail: string,
    /** Sticky lists: `count` ids of 8 bytes each; null for a rotating list. */
    readonly ids: Buffer | null,
  ) {}

  line(i: number): string {
    if (!this.ids) return this.head;
    return this.head + this.ids.toString('latin1', i * SESSION_LENGTH, (i + 1) * SESSION_LENGTH) + this.tail;
  }

  toArray(): string[] {
    if (!this.ids) return new Array<string>(this.count).fill(this.head);
    const all = this.ids.toString('latin1');
    const lines = new Array<string>(this.count);
    for (let i = 0; i < this.count; i++)
      lines[i] = this.head + all.slice(i * SESSION_LENGTH, (i + 1) * SESSION_LENGTH) + this.tail;
    return lines;
  }

  toJSON(): string[] {
    return this.toArray();
  }

  escapedLength(): number {
    return listTemplate(this).bytes.length;
  }

  /** The template's bytes with this list's ids written in: ids [a-z0-9] are the same escaped or not. */
  writeEscaped(to: Buffer, at: number): number {
    const { bytes, firstId, stride } = listTemplate(this);
    bytes.copy(to, at);
    const ids = this.ids;
    if (ids) {
      for (let i = 0, o = at + firstId, k = 0; i < this.count; i++, o += stride)
        for (let b = 0; b < SESSION_LENGTH; b++) to[o + b] = ids[k++]!;
    }
    return at + bytes.length;
  }
}

/** The escaped JSON of a list with placeholder ids: where the first id goes, and how far apart they are. */
interface ListTemplate {
  bytes: Buffer;
  firstId: number;
  stride: number;
}
/** Per process, least recently used out first; a 10,000-line list is about 1.5 MB of template. */
const templates = new Map<string, ListTemplate>();
const TEMPLATE_BYTES = 32 * 1024 * 1024;
let templateBytes = 0;

/** UTF-8, then URL-escaped as the encoded envelope escapes every byte. */
function escapedUtf8(text: string): Buffer {
  const utf8 = Buffer.from(text, 'utf8');
  const out = Buffer.allocUnsafe(utf8.length * 3);
  return out.subarray(0, escapeBytes(utf8, utf8.length, out));
}

function listTemplate(list: ProxyList): ListTemplate {
  const key = `${list.count}\n${list.ids ? 's' : 'r'}\n${list.head}\n${list.tail}`;
  const kept = templates.get(key);
  if (kept) {
    templates.delete(key);
    templates.set(key, kept);
    return kept;
  }
  // JSON escapes character by character, so a line's JSON is its head's, the id, then its tail's.
  const head = escapedUtf8(JSON.stringify(list.head).slice(0, -1));
  const id = Buffer.alloc(list.ids ? SESSION_LENGTH : 0, '0');
  const tail = escapedUtf8(JSON.stringify(list.tail).slice(1));
  const line = Buffer.concat([head, id, tail]);
  const [open, comma, close] = ['[', ',', ']'].map(escapedUtf8) as [Buffer, Buffer, Buffer];
  const stride = line.length + comma.length;
  const bytes = Buffer.allocUnsafe(open.length + list.count * stride - comma.length + close.length);
  let at = open.copy(bytes, 0);
  for (let i = 0; i < list.count; i++) {
    if (i > 0) at += comma.copy(bytes, at);
    at += line.copy(bytes, at);
  }
  close.copy(bytes, at);
  const template = { bytes, firstId: open.length + head.length, stride };
  templateBytes += bytes.length;
  for (const [k, t] of templates) {
    if (templateBytes <= TEMPLATE_BYTES) break;
    templates.delete(k);
    templateBytes -= t.bytes.length;
  }
  templates.set(key, template);
  return template;
}

/** The generator's list for `r`: its lines' text around the session id, and fresh ids when sticky. */
export function proxyList(r: ProxyListRequest): ProxyList {
  const address = `${r.host}:${r.port}`;
  const [before, after] =
    r.format === 'host:port:user:pass'
      ? [`${address}:`, `:${r.password}`]
      : r.format === 'user:pass@host:port'
        ? ['', `:${r.password}@${address}`]
        : [`${r.porttype}://`, `:${r.password}@${address}`];

  if (r.session === 'rotating')
    return new ProxyList(r.count, before + formatProxyUsername(r.user, r.target) + after, '', null);
  const layout = formatProxyUsername(r.user, { ...r.target, session: SLOT, lifetime: r.lifetime });
  const slot = layout.indexOf(SLOT);
  return new ProxyList(
    r.count,
    before + layout.slice(0, slot),
    layout.slice(slot + SLOT.length) + after,
    sessionIdBytes(r.count),
  );
}

/** The list's lines as strings. */
export const proxyLines = (r: ProxyListRequest): string[] => proxyList(r).toArray();
