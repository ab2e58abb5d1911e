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
/**
 * A pair comes from 16 random bits by Lemire's method: the bits times 36^2, whose upper 16 bits are
 * the pair. Products whose lower 16 bits fall below 2^16 mod 36^2 are drawn again, which leaves every
 * pair equally likely without a division.
 */
const PAIR_REDRAWN_BELOW = 2 ** 16 % PAIRS;
/** The machine's byte order: four characters are written as the one 32-bit word that holds them in order. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Every pair of digits as the 16-bit unit holding its two characters in memory order. */
const PAIR_UNITS = new Uint16Array(PAIRS);
{
  const bytes = new Uint8Array(PAIR_UNITS.buffer);
  for (let pair = 0; pair < PAIRS; pair++) {
    bytes[pair * 2] = SESSION_ALPHABET.charCodeAt(Math.floor(pair / BASE));
    bytes[pair * 2 + 1] = SESSION_ALPHABET.charCodeAt(pair % BASE);
  }
}
/** Two pairs as the 32-bit word of their four characters. */
const word = (first: number, second: number) =>
  LITTLE_ENDIAN ? PAIR_UNITS[first]! | (PAIR_UNITS[second]! << 16) : (PAIR_UNITS[first]! << 16) | PAIR_UNITS[second]!;
/** Stands in for the session id while the username is laid out once. */
const SLOT = '\u0000';

/**
 * Random bytes are drawn 64 KiB at a time and handed out in order, each byte once: one CSPRNG call
 * serves many lists (a call per list cost more than the list's own loop), as `randomUUID` does.
 */
const RANDOM_POOL = 64 * 1024;
let random = Buffer.alloc(0);
let randomAt = 0;

/** The ids a list has taken, by slot: one table per process, grown to the largest list so far. */
let table = { stamps: new Int32Array(0), uppers: new Int32Array(0), lowers: new Int32Array(0), stamp: 0 };
function takenTable(size: number) {
  if (table.stamps.length < size || table.stamp === 2 ** 31 - 1)
    table = { stamps: new Int32Array(size), uppers: new Int32Array(size), lowers: new Int32Array(size), stamp: 0 };
  const kept = table;
  return { stamps: kept.stamps, uppers: kept.uppers, lowers: kept.lowers, next: () => ++kept.stamp };
}

/**
 * `count` distinct random session ids of 8 characters [a-z0-9], one after the other: each is four
 * pairs of base-36 digits from 16 random bits each, written as two 32-bit words (two stores an id,
 * and no division). A hash of its two halves picks a slot in an open-addressing table of ids, so a
 * repeat (rare: 36^8 values) is found and drawn again without a Set of strings.
 */
function sessionIdWords(count: number): Uint32Array {
  const words = new Uint32Array(count * 2);
  const mask = 2 ** Math.ceil(Math.log2(count * 2 + 1)) - 1;
  const taken = takenTable(mask + 1);
  // A slot is this list's only if it carries this list's stamp: the table is not cleared per list.
  const stamp = taken.next();
  const { stamps, uppers, lowers } = taken;
  let pool = random;
  let at = randomAt;
  for (let i = 0; i < count;) {
    if (at + 8 > pool.length) {
      pool = random = randomBytes(RANDOM_POOL);
      at = 0;
    }
    const a = ((pool[at]! << 8) | pool[at + 1]!) * PAIRS;
    const b = ((pool[at + 2]! << 8) | pool[at + 3]!) * PAIRS;
    const c = ((pool[at + 4]! << 8) | pool[at + 5]!) * PAIRS;
    const d = ((pool[at + 6]! << 8) | pool[at + 7]!) * PAIRS;
    at += 8;
    // Each pair is accepted on its own terms, so an id drawn again as a whole is still uniform.
    const low = 0xffff;
    if ((a & low) < PAIR_REDRAWN_BELOW || (b & low) < PAIR_REDRAWN_BELOW) continue;
    if ((c & low) < PAIR_REDRAWN_BELOW || (d & low) < PAIR_REDRAWN_BELOW) continue;
    const upper = (a >>> 16) * PAIRS + (b >>> 16);
    const lower = (c >>> 16) * PAIRS + (d >>> 16);
    const hash = Math.imul(upper, 0x9e3779b1) ^ lower;
    let slot = (hash ^ (hash >>> 15)) & mask;
    let repeat = false;
    for (; stamps[slot] === stamp; slot = (slot + 1) & mask)
      if (uppers[slot] === upper && lowers[slot] === lower) {
        repeat = true;
        break;
      }
    if (repeat) continue;
    stamps[slot] = stamp;
    uppers[slot] = upper;
    lowers[slot] = lower;
    words[i * 2] = word(a >>> 16, b >>> 16);
    words[i * 2 + 1] = word(c >>> 16, d >>> 16);
    i++;
  }
  randomAt = at;
  return words;
}

/**
 * The generator's list: each line is the same text around a username. Rotating lines are all the
 * same; sticky lines differ only in their session id, so a list is its text before and after the
 * id and the ids drawn for it. The encoded answer writes it from a kept template (`SelfEscaping`,
 * ADR 055): no line is made as a string unless something asks for them (`toArray`).
 */
export class ProxyList implements SelfEscaping {
  readonly [SELF_ESCAPING] = true as const;
  constructor(
    readonly count: number,
    /** The whole line of a rotating list, or a sticky line's text before its session id. */
    readonly head: string,
    readonly tail: string,
    /** Sticky lists: `count` ids of 8 characters, each as two 32-bit words; null for a rotating list. */
    readonly idWords: Uint32Array | null,
  ) {
    this.ids = idWords && Buffer.from(idWords.buffer, idWords.byteOffset, idWords.byteLength);
  }

  /** The ids' characters, 8 bytes each, one after the other. */
  readonly ids: Buffer | null;
  /** Kept from the first look-up: the encoder asks for the length and then for the bytes. */
  private listTemplate: ListTemplate | null = null;

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
    return this.kept().bytes.length;
  }

  /** The template's bytes with this list's ids written in: ids [a-z0-9] are the same escaped or not. */
  writeEscaped(to: Buffer, at: number): number {
    const { bytes, firstId, stride } = this.kept();
    bytes.copy(to, at);
    const words = this.idWords;
    if (words) {
      // An id's two words go where the template holds its placeholder, in the words' own byte order.
      const view = new DataView(to.buffer, to.byteOffset, to.byteLength);
      for (let k = 0, o = at + firstId; k < words.length; k += 2, o += stride) {
        view.setUint32(o, words[k]!, LITTLE_ENDIAN);
        view.setUint32(o + 4, words[k + 1]!, LITTLE_ENDIAN);
      }
    }
    return at + bytes.length;
  }

  private kept(): ListTemplate {
    this.listTemplate ??= listTemplate(this);
    return this.listTemplate;
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
    sessionIdWords(r.count),
  );
}

/** The list's lines as strings. */
export const proxyLines = (r: ProxyListRequest): string[] => proxyList(r).toArray();
