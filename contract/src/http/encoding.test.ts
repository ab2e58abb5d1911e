import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload } from './encoding';

describe('encoded payloads', () => {
  it('round-trips any JSON, including non-ASCII text', () => {
    const value = {
      plans: [{ title: 'Résidentiel — 10 GB', price: 12.5, geo: ['DE', 'ÜS'] }],
      note: '日本 🚀',
      empty: null,
    };
    const encoded = encodePayload(value);
    expect(encoded).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(decodePayload(encoded)).toEqual(value);
  });

  it('is base64 of the URL-encoded JSON, as the spec describes', () => {
    expect(encodePayload({ a: 'b c' })).toBe(btoa(encodeURIComponent('{"a":"b c"}')));
  });
});
