/**
 * The success envelope of an endpoint whose payload travels encoded (spec §7: base64 of URL-encoded
 * JSON), built as bytes: exactly what `{ status: 200, message, payload: encodePayload(payload) }`
 * serializes to, without the long strings on the way (ADR 035).
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

/** URL-escapes `n` bytes of `from` into `to`, which holds 3 bytes for each; answers the length written. */
function escapeBytes(from: Uint8Array, n: number, to: Uint8Array): number {
  let o = 0;
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

export function encodedEnvelope(message: string, payload: unknown): Buffer {
  const text = JSON.stringify(payload) ?? 'undefined';
  // A UTF-16 unit is at most 3 UTF-8 bytes, and each byte at most 3 escaped ones.
  if (json.length < text.length * 3) json = Buffer.allocUnsafe(text.length * 3);
  const n = json.write(text, 0, 'utf8');
  if (escaped.length < n * 3) escaped = Buffer.allocUnsafe(n * 3);
  const length = escapeBytes(json, n, escaped);
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
