/**
 * The success envelope of an endpoint whose payload travels encoded (spec §7: base64 of URL-encoded
 * JSON), built as bytes: exactly what `{ status: 200, message, payload: encodePayload(payload) }`
 * serializes to, without the long strings on the way.
 *
 * Why (ADR 035): V8 places every string over 128 KiB in its large-object space, a fresh mapping
 * per string, and making one took 3-7 ms here against 20-70 µs just below that size. A 1,000-line
 * sticky proxy list made three of them per answer (the base64, the envelope, its UTF-8 copy).
 * Here every string stays small: the JSON is URL-encoded token by token into one reused buffer, and
 * base64 is taken in 48 KiB slices (a multiple of 3 bytes, so the slices join into one encoding).
 */

/** Reused by every answer: nothing in `encodedEnvelope` waits, so no two answers share it at once. */
let scratch = Buffer.allocUnsafe(256 * 1024);
let length = 0;

function put(ascii: string) {
  if (length + ascii.length > scratch.length) {
    const grown = Buffer.allocUnsafe(Math.max(scratch.length * 2, length + ascii.length));
    scratch.copy(grown, 0, 0, length);
    scratch = grown;
  }
  length += scratch.write(ascii, length, 'latin1');
}

/** What JSON.stringify leaves out of an object and writes as null in an array. */
const skipped = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * Writes `encodeURIComponent(JSON.stringify(value))` in pieces: arrays and plain objects are walked
 * (the same keys in the same order as JSON.stringify), everything else (strings, numbers, dates,
 * null) is one JSON.stringify of its own. encodeURIComponent works character by character and the
 * pieces end between tokens, so the pieces join into the same text as encoding the whole.
 */
function putJson(value: unknown) {
  if (Array.isArray(value)) {
    put('%5B');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) put('%2C');
      if (skipped(value[i])) put('null');
      else putJson(value[i]);
    }
    put('%5D');
  } else if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    put('%7B');
    let first = true;
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (skipped(item)) continue;
      if (!first) put('%2C');
      first = false;
      put(encodeURIComponent(JSON.stringify(key)));
      put('%3A');
      putJson(item);
    }
    put('%7D');
  } else put(encodeURIComponent(JSON.stringify(value) ?? 'undefined'));
}

/** 48 KiB of input is 64 KiB of base64: well below the large-object size. */
const SLICE = 48 * 1024;

export function encodedEnvelope(message: string, payload: unknown): Buffer {
  length = 0;
  putJson(payload);
  const head = `{"status":200,"message":${JSON.stringify(message)},"payload":"`;
  const headBytes = Buffer.byteLength(head);
  const encodedBytes = 4 * Math.ceil(length / 3);
  const out = Buffer.allocUnsafe(headBytes + encodedBytes + 2);
  out.write(head, 0, 'utf8');
  let at = headBytes;
  for (let from = 0; from < length; from += SLICE)
    at += out.write(scratch.toString('base64', from, Math.min(from + SLICE, length)), at, 'latin1');
  out.write('"}', at, 'latin1');
  return out;
}
