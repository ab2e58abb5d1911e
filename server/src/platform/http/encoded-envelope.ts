/**
 * The success envelope of an endpoint whose payload travels encoded (spec §7: base64 of URL-encoded
 * JSON), built as bytes: exactly what `{ status: 200, message, payload: encodePayload(payload) }`
 * serializes to, without the long strings on the way (ADR 055).
 *
 * The JSON is written once as UTF-8 into a reused buffer and URL-encoded byte by byte into another:
 * encodeURIComponent escapes each UTF-8 byte of a character outside its unreserved set as %XX, so
 * escaping the bytes is the same text, and JSON.stringify never leaves a lone surrogate (it writes
 * one as \udXXX) for the two to differ on. This is half the cost of encoding the JSON piece by piece,
 * and no string but the JSON itself is made. Base64 is then taken in 48 KiB slices (a multiple of 3
 * bytes, so the slices join into one encoding), so its strings stay below V8's large-object size.
 */

/** What encodeURIComponent leaves as it is. */
const KEPT = new Uint8Array(256);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()") KEPT[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(Buffer.from('0123456789ABCDEF'));

/** Reused by every answer: nothing in `encodedEnvelope` waits, so no two answers share them at once. */
let json = Buffer.allocUnsafe(128 * 1024);
let escaped = Buffer.allocUnsafe(384 * 1024);

/** URL-escapes `n` bytes of `from` into `to` from `at`, which holds 3 bytes for each; answers where it ended. */
export function escapeBytes(from: Uint8Array, n: number, to: Uint8Array, at = 0): number {
  let o = at;
  for (let i = 0; i < n; i++) {
    const b = from[i]!;
    if (KEPT[b] === 1) to[o++] = b;
    else {
      to[o++] = 37; // %
      to[o++] = HEX[b >> 4]!;
      to[o++] = HEX[b & 15]!;
    }
  }
  return o;
}

/** 48 KiB of input is 64 KiB of base64: well below the large-object size. */
const SLICE = 48 * 1024;

/**
 * A top-level payload field that writes its own URL-escaped JSON, e.g. a proxy list from a kept
 * template (ADR 055): the encoder asks it for its bytes instead of serializing and escaping it.
 * Everywhere else (validation, JSON) it is what `toJSON` gives.
 */
export interface SelfEscaping {
  readonly [SELF_ESCAPING]: true;
  /** The length of its escaped JSON. */
  escapedLength(): number;
  /** Writes its escaped JSON into `to` at `at`; answers where it ended. */
  writeEscaped(to: Buffer, at: number): number;
  toJSON(): unknown;
}
export const SELF_ESCAPING = Symbol('self-escaping JSON');
const isSelfEscaping = (value: unknown): value is SelfEscaping =>
  typeof value === 'object' && value !== null && SELF_ESCAPING in value;

/**
 * A self-escaping value where the contract names what it serializes to (its `toJSON`): what a
 * handler returns is typed by the contract, and this value stands for that.
 */
export const selfEscaping = <T>(value: SelfEscaping): T => value as unknown as T;

/** A field's value as anything but the encoder sees it: validation checks this. */
export const plainPayload = (payload: unknown): unknown => {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const fields = Object.entries(payload);
  if (!fields.some(([, value]) => isSelfEscaping(value))) return payload;
  return Object.fromEntries(fields.map(([k, v]) => [k, isSelfEscaping(v) ? v.toJSON() : v]));
};

/** Stands for a self-escaping field in the JSON until its bytes are written (control characters never reach a payload). */
const MARK = '\u0001self-escaping\u0002';
const MARK_BYTES = Buffer.from(JSON.stringify(MARK));

/** The escaped JSON of the payload into `escaped`, self-escaping fields written by themselves; its length. */
function escapedPayload(payload: unknown): number {
  let own: SelfEscaping[] = [];
  let plain = payload;
  if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
    own = Object.values(payload).filter(isSelfEscaping);
    if (own.length > 0)
      plain = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, isSelfEscaping(v) ? MARK : v]));
  }
  const text = JSON.stringify(plain) ?? 'undefined';
  // A UTF-16 unit is at most 3 UTF-8 bytes, and each byte at most 3 escaped ones.
  if (json.length < text.length * 3) json = Buffer.allocUnsafe(text.length * 3);
  const n = json.write(text, 0, 'utf8');
  const needed = n * 3 + own.reduce((sum, field) => sum + field.escapedLength(), 0);
  if (escaped.length < needed) escaped = Buffer.allocUnsafe(needed);
  if (own.length === 0) return escapeBytes(json, n, escaped);
  // The marks come in field order, each as its JSON string; the rest of the text is escaped around them.
  const mark = MARK_BYTES;
  let from = 0;
  let at = 0;
  for (const field of own) {
    const found = json.indexOf(mark, from);
    if (found < 0 || found >= n) throw new Error('A self-escaping field lost its place in the JSON');
    at = escapeBytes(json.subarray(from, found), found - from, escaped, at);
    at = field.writeEscaped(escaped, at);
    from = found + mark.length;
  }
  return escapeBytes(json.subarray(from, n), n - from, escaped, at);
}

export function encodedEnvelope(message: string, payload: unknown): Buffer {
  const length = escapedPayload(payload);
  const head = `{"status":200,"message":${JSON.stringify(message)},"payload":"`;
  const headBytes = Buffer.byteLength(head);
  const out = Buffer.allocUnsafe(headBytes + 4 * Math.ceil(length / 3) + 2);
  out.write(head, 0, 'utf8');
  let at = headBytes;
  for (let from = 0; from < length; from += SLICE)
    at += out.write(escaped.toString('base64', from, Math.min(from + SLICE, length)), at, 'latin1');
  out.write('"}', at, 'latin1');
  return out;
}
