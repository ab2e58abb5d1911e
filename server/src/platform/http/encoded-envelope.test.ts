import { randomBytes } from 'node:crypto';
import { encodePayload } from '@tollgate/contract/http/encoding';
import { describe, expect, it } from 'vitest';
import { encodedEnvelope } from './encoded-envelope';

/** What the route sent before: the envelope object through JSON, payload encoded whole. */
const whole = (message: string, payload: unknown) =>
  JSON.stringify({ status: 200, message, payload: encodePayload(payload) });
const pieces = (message: string, payload: unknown) => encodedEnvelope(message, payload).toString('utf8');

describe('encodedEnvelope', () => {
  it.each([
    ['null', null],
    ['a string with quotes, slashes and emoji', 'a "b" \\ c / 🚀 é \u2028 \u0000'],
    ['a lone surrogate', 'x\ud800y'],
    ['every ASCII character, Latin-1 and beyond', String.fromCharCode(...Array.from({ length: 300 }, (_, i) => i))],
    ['keys outside ASCII', { 'ключ ✓': 'значение', '🔑': ['é', '\u{1f600}'] }],
    ['numbers', { int: 1, float: 1.5, big: 1e21, negative: -0, nan: Number.NaN, infinity: Infinity }],
    ['dates and undefined fields', { at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), gone: undefined, fn: () => 1 }],
    ['arrays with holes of undefined', [1, undefined, 'two', null, [], {}, [[[]]]]],
    ['nested objects in key order', { b: { d: [1, { f: 'g' }], c: true }, a: 'first?', 'key "quoted"': 1 }],
    ['an object with toJSON', { wrapped: { toJSON: () => ({ replaced: 'yes' }) } }],
    ['a null-prototype object', Object.assign(Object.create(null) as object, { x: 1 })],
  ])('writes the same bytes as encoding the whole payload: %s', (_, payload) => {
    expect(pieces('Generator', payload)).toBe(whole('Generator', payload));
  });

  it('writes the same bytes for a 10,000-line list, over every slice boundary and buffer growth', () => {
    const lines = Array.from(
      { length: 10_000 },
      (_, i) => `proxy.example.com:8080:user-country-us-session-${randomBytes(4).toString('hex')}-lifetime-30:pass${i}`,
    );
    const payload = { host: 'proxy.example.com', ports: { http: 8080, socks5: 1080 }, lines, format: 'host:port' };
    expect(pieces('Generator', payload) === whole('Generator', payload)).toBe(true);
    // Every length modulo 3, so the base64 padding comes out as for the whole.
    for (const extra of ['', 'a', 'ab'])
      expect(
        pieces('Generator', { lines: lines.slice(0, 3_000), extra }) ===
          whole('Generator', { lines: lines.slice(0, 3_000), extra }),
      ).toBe(true);
  });

  it('keeps a message outside ASCII as UTF-8', () => {
    expect(pieces('Générateur ✓', { a: 1 })).toBe(whole('Générateur ✓', { a: 1 }));
  });
});
