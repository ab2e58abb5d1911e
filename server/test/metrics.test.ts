import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

const TOKEN = 'scrape-token-0123456789';

describe('metrics', () => {
  let shop: TestServer;
  let silent: TestServer;
  beforeAll(async () => {
    [shop, silent] = await Promise.all([createTestServer({ env: { METRICS_TOKEN: TOKEN } }), createTestServer()]);
  });
  afterAll(() => Promise.all([shop.close(), silent.close()]));

  it('publishes nothing unless the operator sets METRICS_TOKEN', async () => {
    expect((await silent.request('GET', '/metrics')).status).toBe(404);
  });

  it('answers a scrape only with the token', async () => {
    expect((await shop.request('GET', '/metrics')).status).toBe(401);
    const wrong = await shop.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toBe('Metrics need the METRICS_TOKEN as a bearer token');
  });

  it('counts requests under their route template, never the ids or the people in them', async () => {
    const customer = await shop.buildAccount();
    const token = await shop.tokenFor(customer);
    for (let i = 0; i < 3; i++)
      expect((await shop.request('GET', '/api/v1/public/api-keys', { token })).status).toBe(200);
    const plan = '00000000-0000-4000-8000-00000000abcd';
    const unknown = await shop.request('GET', `/api/v1/public/plans/${plan}/1`);

    const wrong = { login: customer.username, password: 'Not-their-password-1!' };
    expect((await shop.request('POST', '/api/v1/auth/login', { body: wrong })).status).toBe(400);
    const forged = await shop.request('POST', '/api/v1/payments/sandbox/webhook', { body: { paid: true } });
    expect(forged.status).toBe(400);

    const scrape = await shop.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(scrape.headers.get('cache-control')).toBe('no-store');
    const text = scrape.text;
    expect(text).toContain('tollgate_http_requests_total{method="GET",route="/api/v1/public/api-keys",status="200"} 3');
    expect(text).toContain(
      `tollgate_http_requests_total{method="GET",route="/api/v1/public/plans/:planId/:value",status="${unknown.status}"} 1`,
    );
    expect(text).toMatch(
      /tollgate_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/public\/api-keys"\} 3/,
    );
    expect(text).toContain('tollgate_change_feed_live 1');
    expect(text).toContain('tollgate_sign_in_failures_total{reason="credentials"} 1');
    expect(text).toContain('tollgate_payments_total{provider="sandbox",outcome="rejected"} 1');
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    for (const secret of [customer.id, customer.email, customer.username, plan, TOKEN])
      expect(text).not.toContain(secret);
  });
});
