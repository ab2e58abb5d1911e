import { describe, expect, it } from 'vitest';
import { hashApiKey, isWellFormedKey, redactApiKeyInUrl } from './api-keys';

describe('API keys', () => {
  it('keeps a key given in the query out of logged URLs', () => {
    expect(redactApiKeyInUrl('/api/v1/customer/proxy-whitelist?plan=p&action=add&api_key=tg_live_abc&x=1')).toBe(
      '/api/v1/customer/proxy-whitelist?plan=p&action=add&api_key=[redacted]&x=1',
    );
    expect(redactApiKeyInUrl('/x?API_KEY=secret')).toBe('/x?API_KEY=[redacted]');
    expect(redactApiKeyInUrl('/x?my_api_key=keep')).toBe('/x?my_api_key=keep');
  });

  it('accepts only the issued shape before any lookup', () => {
    expect(isWellFormedKey(`tg_live_${'a'.repeat(43)}`)).toBe(true);
    expect(isWellFormedKey(`tg_live_${'a'.repeat(42)}`)).toBe(false);
    expect(isWellFormedKey(`tg_test_${'a'.repeat(43)}`)).toBe(false);
    expect(isWellFormedKey(42)).toBe(false);
    expect(hashApiKey('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});
