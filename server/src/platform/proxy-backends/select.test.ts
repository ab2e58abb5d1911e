import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstreamProxy } from '#test/fake-upstream-proxy-provider.ts';
import { ProxyBackendError } from './backend';
import { builtinBackend } from './builtin';
import { backendFor } from './select';

const API_KEY = 'upk_select_key';
let fake: Awaited<ReturnType<typeof startFakeUpstreamProxy>>;

beforeAll(async () => {
  fake = await startFakeUpstreamProxy(API_KEY);
});
afterAll(() => fake.close());

const unconfigured = { UPSTREAM_PROXY_API_URL: undefined, UPSTREAM_PROXY_API_KEY: undefined };

describe('backendFor', () => {
  it('delivers every plan not marked upstream through the built-in gateway', () => {
    for (const provider of ['', 'own', 'builtin', 'something-else']) {
      expect(backendFor(provider, unconfigured)).toBe(builtinBackend);
    }
  });

  it('sends upstream plans to the configured reseller API', async () => {
    const backend = backendFor('upstream', { UPSTREAM_PROXY_API_URL: fake.url, UPSTREAM_PROXY_API_KEY: API_KEY });

    const answer = await backend.changePassword('pln_missing', 'whatever1').catch((e: unknown) => e);

    expect(backend.name).toBe('upstream');
    // The fake answered, with our key accepted: the call reached the plan lookup.
    expect(answer).toMatchObject({ status: 404, message: 'Plan pln_missing not found' });
  });

  it('refuses an upstream plan when the reseller API is not configured, saying what is missing', () => {
    let error: unknown;
    try {
      backendFor('upstream', unconfigured);
    } catch (e) {
      error = e;
    }

    expect(error).toBeInstanceOf(ProxyBackendError);
    expect((error as ProxyBackendError).detail).toMatch(/UPSTREAM_PROXY_API_URL and UPSTREAM_PROXY_API_KEY/);
  });
});
