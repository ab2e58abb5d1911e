import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstreamProxy } from '#test/fake-upstream-proxy-provider.ts';
import { PROVIDER_UNAVAILABLE, ProxyBackendError, type ProxyBackend } from './backend';
import { createUpstreamBackend } from './upstream';

const API_KEY = 'upk_live_3f9c2a7d1e8b4c6a';
const GB = 1024 ** 3;

let fake: Awaited<ReturnType<typeof startFakeUpstreamProxy>>;
let backend: ProxyBackend;
let sequence = 0;

beforeAll(async () => {
  fake = await startFakeUpstreamProxy(API_KEY);
  backend = createUpstreamBackend({ baseUrl: fake.url, apiKey: API_KEY });
});
afterEach(() => fake.recover());
afterAll(() => fake.close());

function planInput(overrides: Partial<Parameters<ProxyBackend['createPlan']>[0]> = {}) {
  sequence += 1;
  return {
    subscriptionId: `sub-${sequence}-${Date.now()}`,
    planType: 'residential' as const,
    country: 'US',
    bandwidthGb: 5,
    threads: 100,
    days: 30,
    username: `customer${sequence}`,
    password: 'initial-secret',
    ...overrides,
  };
}

/** The rejection a call ends in, for assertions on its fields. */
async function failureOf(promise: Promise<unknown>): Promise<ProxyBackendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProxyBackendError);
  return error as ProxyBackendError;
}

describe('upstream proxy backend', () => {
  it('creates a plan with the customer credentials and returns where to connect', async () => {
    const input = planInput({ planType: 'mobile', bandwidthGb: 3, threads: 50, days: 7 });
    const created = await backend.createPlan(input);

    expect(created).toEqual({
      ref: expect.stringMatching(/^pln_/),
      username: input.username,
      password: 'initial-secret',
      endpoint: { host: 'mobile.upstream.test', httpPort: 7777, socksPort: 7778 },
    });
    const stored = fake.plans.get(created.ref)!;
    expect(stored).toMatchObject({ type: 'mobile', country: 'US', bandwidthBytes: 3 * GB, threads: 50, days: 7 });
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: '/v1/plans', idempotencyKey: input.subscriptionId });
  });

  it('answers a retried activation with the plan it already created instead of a second one', async () => {
    const input = planInput();
    const first = await backend.createPlan(input);
    const plansBefore = fake.plans.size;

    const retry = await backend.createPlan(input);

    expect(retry).toEqual(first);
    expect(fake.plans.size).toBe(plansBefore);
  });

  it('adds and removes gigabytes, and usage shows what is used and what remains', async () => {
    const { ref } = await backend.createPlan(planInput({ bandwidthGb: 5 }));
    fake.consume(ref, 2 * GB);

    await backend.addBandwidth(ref, 10);
    expect(await backend.usage(ref)).toEqual({ usedBytes: 2 * GB, remainingBytes: 13 * GB });

    await backend.removeBandwidth(ref, 4);
    expect(await backend.usage(ref)).toEqual({ usedBytes: 2 * GB, remainingBytes: 9 * GB });
  });

  it('reports no remaining figure for an unmetered plan', async () => {
    const { ref } = await backend.createPlan(planInput({ planType: 'ipv6', bandwidthGb: 0 }));
    fake.consume(ref, 123);

    expect(await backend.usage(ref)).toEqual({ usedBytes: 123, remainingBytes: null });
  });

  it("passes on the provider's own reason when it refuses a change", async () => {
    const { ref } = await backend.createPlan(planInput({ bandwidthGb: 2 }));

    const error = await failureOf(backend.removeBandwidth(ref, 3));

    expect(error.message).toBe('Cannot remove more bandwidth than remains on the plan');
    expect(error.status).toBe(400);
    expect(fake.plans.get(ref)!.bandwidthBytes).toBe(2 * GB);
  });

  it('whitelists and un-whitelists IPv4 and IPv6 addresses', async () => {
    const { ref } = await backend.createPlan(planInput());

    await backend.addWhitelistIp(ref, '203.0.113.7');
    await backend.addWhitelistIp(ref, '2001:db8::1');
    expect([...fake.plans.get(ref)!.whitelist]).toEqual(['203.0.113.7', '2001:db8::1']);

    await backend.removeWhitelistIp(ref, '2001:db8::1');
    expect([...fake.plans.get(ref)!.whitelist]).toEqual(['203.0.113.7']);

    const missing = await failureOf(backend.removeWhitelistIp(ref, '198.51.100.1'));
    expect(missing).toMatchObject({ status: 404, message: '198.51.100.1 is not whitelisted' });
  });

  it('changes the proxy password', async () => {
    const { ref } = await backend.createPlan(planInput());

    await backend.changePassword(ref, 'rotated-secret');

    expect(fake.plans.get(ref)!.password).toBe('rotated-secret');
  });

  it('lists countries, then states and ISPs for a country, then cities for a state', async () => {
    expect(await backend.locations('residential', {})).toEqual({
      countries: ['US', 'DE'],
      states: [],
      cities: [],
      isps: [],
    });
    expect(await backend.locations('residential', { country: 'US' })).toEqual({
      countries: ['US', 'DE'],
      states: ['California', 'New York'],
      cities: [],
      isps: ['Comcast', 'Verizon'],
    });
    expect(await backend.locations('residential', { country: 'US', state: 'New York' })).toEqual({
      countries: ['US', 'DE'],
      states: ['California', 'New York'],
      cities: ['New York City', 'Buffalo'],
      isps: ['Comcast', 'Verizon'],
    });
    expect(await backend.locations('mobile', { country: 'US' })).toMatchObject({ isps: ['T-Mobile'] });

    const unknown = await failureOf(backend.locations('residential', { country: 'FR' }));
    expect(unknown).toMatchObject({ status: 404, message: 'No residential proxies in FR' });
  });

  it('refuses with a wrong key and never repeats the key it sent', async () => {
    const wrongKey = 'upk_live_wrong_0000000000';
    const misconfigured = createUpstreamBackend({ baseUrl: fake.url, apiKey: wrongKey });

    const error = await failureOf(misconfigured.createPlan(planInput()));

    // The provider's "Invalid API key ..." is about our configuration, not something to show a customer.
    expect(error.status).toBe(401);
    expect(error.message).toBe(PROVIDER_UNAVAILABLE);
    expect(error.detail).toBe('POST /plans answered 401: Invalid API key [redacted]');
    for (const text of [error.message, error.detail, error.stack ?? '', JSON.stringify(error)]) {
      expect(text).not.toContain(wrongKey);
    }
  });

  it('says the provider is unavailable when it fails with a 5xx', async () => {
    const { ref } = await backend.createPlan(planInput());
    fake.fail(500, { message: `database down, key ${API_KEY}` });

    const error = await failureOf(backend.usage(ref));

    expect(error).toMatchObject({ status: 500, message: PROVIDER_UNAVAILABLE });
    expect(error.detail).toBe(`GET /plans/${ref}/usage answered 500: database down, key [redacted]`);
  });

  it('treats an answer of the wrong shape as the provider being unavailable', async () => {
    fake.fail(201, { id: 'pln_1', username: 'x' });

    const error = await failureOf(backend.createPlan(planInput()));

    expect(error).toMatchObject({ status: 201, message: PROVIDER_UNAVAILABLE });
    expect(error.detail).toBe('POST /plans answered 201 with an unexpected body');
  });

  // The short test timeout proves the injected timeout, not the 10 s default, is what ended the wait.
  it('gives up on a provider that never answers once the timeout passes', { timeout: 2_000 }, async () => {
    fake.hang();
    const impatient = createUpstreamBackend({ baseUrl: fake.url, apiKey: API_KEY, timeoutMs: 50 });

    const error = await failureOf(impatient.locations('residential', {}));

    expect(error).toMatchObject({ status: null, message: PROVIDER_UNAVAILABLE });
    expect(error.detail).toBe('GET /locations/residential/countries failed: timed out after 50 ms');
  });

  it('says the provider is unavailable when nothing listens at its address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createUpstreamBackend({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: API_KEY });

    const error = await failureOf(unreachable.addBandwidth('pln_1', 1));

    expect(error).toMatchObject({ status: null, message: PROVIDER_UNAVAILABLE });
    expect(error.detail).toMatch(/^POST \/plans\/pln_1\/bandwidth failed: .*ECONNREFUSED/);
    expect(error.detail).not.toContain(API_KEY);
  });
});
