import { describe, expect, it, vi } from 'vitest';
import { API_KEY_MISSING } from '../profile/api-keys';
import { createClient, isClientCall } from './client';

// The typed client's own rules, against a fake fetch; server/test/typed-client.test.ts runs it
// against a real shop on both databases.
const SUB = '6f1d2c3b-4a5d-4c55-9a0e-3f1c2b9e8a41';
const envelope = (status: number, message: string, payload: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ status, message, payload }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const sale = { region: 'US', bandwidth: 1, days: 30 };

function fakeFetch(...answers: Array<Response | Error>) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  return fetch;
}
const headersOf = (fetch: ReturnType<typeof fakeFetch>, i: number) =>
  fetch.mock.calls[i]![1]!.headers as Record<string, string>;

describe('the typed client', () => {
  it('sends the key, the token and one Idempotency-Key, and retries a lost answer and a 503 with that same key', async () => {
    const fetch = fakeFetch(
      new TypeError('fetch failed'),
      envelope(503, 'Service Unavailable', { error: 'later' }, { 'retry-after': '2' }),
      envelope(200, 'Plan purchased', { subscriptionId: 's-1' }),
    );
    const sleep = vi.fn(async () => undefined);
    const client = createClient({ baseUrl: 'https://shop.example/', apiKey: 'tg_live_k', token: 't', fetch, sleep });
    const answer = await client.call('resellerSellSubUserPlan', { params: { id: SUB }, body: sale });
    expect(answer).toMatchObject({ ok: true, status: 200, message: 'Plan purchased', data: { subscriptionId: 's-1' } });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls[0]![0]).toBe(`https://shop.example/api/v1/reseller/sub-users/${SUB}/plans`);
    const keys = [0, 1, 2].map((i) => headersOf(fetch, i)['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    expect(answer.idempotencyKey).toBe(keys[0]);
    expect(headersOf(fetch, 0)).toMatchObject({ 'x-api-key': 'tg_live_k', authorization: 'Bearer t' });
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual(sale);
    // The first wait doubles from 250 ms; the 503's Retry-After (2 s) decides the second.
    expect(sleep.mock.calls).toEqual([[250], [2000]]);
  });

  it('keeps a key it is given, and never retries a call that could happen twice', async () => {
    const fetch = fakeFetch(envelope(200, 'Plan purchased', {}), new TypeError('fetch failed'));
    const client = createClient({ baseUrl: 'https://shop.example', apiKey: 'k', token: 't', fetch });
    await client.call('resellerSellSubUserPlan', { params: { id: SUB }, body: sale, idempotencyKey: 'order-0001' });
    expect(headersOf(fetch, 0)['idempotency-key']).toBe('order-0001');
    const created = await client.call('resellerCreateSubUser', { body: { username: 'ann', email: 'a@b.test' } });
    expect(created).toMatchObject({ ok: false, status: 0, message: 'Network Error' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(headersOf(fetch, 1)['idempotency-key']).toBeUndefined();
  });

  it('answers a refusal as a value with its status, exact message and payload', async () => {
    const refused = envelope(401, API_KEY_MISSING, { error: API_KEY_MISSING });
    const client = createClient({ baseUrl: 'https://shop.example', fetch: fakeFetch(refused) });
    const answer = await client.call('customerProxyInfo', { query: {} });
    expect(answer).toEqual({ ok: false, status: 401, message: API_KEY_MISSING, payload: { error: API_KEY_MISSING } });
  });

  it('sends a customer key alone, with the query, and gives up after the retries', async () => {
    const down = () => envelope(503, 'Service Unavailable', { error: 'later' });
    const fetch = fakeFetch(down(), down());
    const client = createClient({ baseUrl: 'https://shop.example', apiKey: 'k', token: 't', fetch, retries: 1 });
    const answer = await client.call('customerProxyLocation', { query: { plan: 'p-1', country: 'US' } });
    expect(answer).toMatchObject({ ok: false, status: 503, message: 'Service Unavailable' });
    expect(fetch.mock.calls[0]![0]).toBe('https://shop.example/api/v1/customer/proxy-location?plan=p-1&country=US');
    expect(headersOf(fetch, 0)).toEqual({ accept: 'application/json', 'x-api-key': 'k' });
  });

  it('offers the reseller and Customer API calls, sign-in and the plan list, nothing of the staff panel', async () => {
    expect(isClientCall('resellerCreateSubUser')).toBe(true);
    expect(isClientCall('customerProxyInfo')).toBe(true);
    expect(isClientCall('login')).toBe(true);
    expect(isClientCall('catalogue')).toBe(true);
    expect(isClientCall('adminCreateReseller')).toBe(false);
    const client = createClient({ baseUrl: 'https://shop.example', fetch: fakeFetch() });
    // @ts-expect-error a staff call is not the client's
    await expect(client.call('adminCreateReseller', { body: {} })).rejects.toThrow(/not a call/);
    // @ts-expect-error the sale needs its sub-user and body
    void client.call('resellerSellSubUserPlan').catch(() => undefined);
  });
});
