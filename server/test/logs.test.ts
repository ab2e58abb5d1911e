import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/seed/demo-data';
import { startShop } from './processes';

/**
 * A real `npm start` with info logs: what an operator's log collector receives. Every line is JSON,
 * a call is found by the id the browser sent, and no password, token or key ever appears.
 */
describe('the shop’s logs', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tollgate-logs-'));
  let shop: Awaited<ReturnType<typeof startShop>>;
  const secrets: string[] = DEMO_ACCOUNTS.map((a) => a.password);
  let customerId = '';

  beforeAll(async () => {
    shop = await startShop({
      // Development logs as production does (tests silence them); only its secret comes from DATA_DIR.
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      GATEWAY_ENABLED: 'false',
      JOBS_ENABLED: 'false',
      SEED_DEMO_DATA: 'true',
    });
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${shop.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const customer = DEMO_ACCOUNTS.find((a) => a.role === 'User' && !a.reseller)!;
    const wrong = 'Not-the-password-7731!';
    secrets.push(wrong);
    expect((await post('/api/v1/auth/login', { login: customer.email, password: wrong })).status).toBe(400);
    const signedIn = await post(
      '/api/v1/auth/login',
      { login: customer.username, password: customer.password },
      {
        'x-request-id': 'trace-me-0001',
      },
    );
    const session = (await signedIn.json()) as { payload: { accessToken: string; user: { id: string } } };
    const token = session.payload.accessToken;
    customerId = session.payload.user.id;
    secrets.push(token);
    const created = await post('/api/v1/public/api-keys', { name: 'logs test' }, { authorization: `Bearer ${token}` });
    const key = ((await created.json()) as { payload: { key: string } }).payload.key;
    secrets.push(key);
    // A key in the URL (ADR 038) is the easiest secret to leak into an access log.
    await fetch(`${shop.url}/api/v1/customer/proxy-whitelist?plan=1&api_key=${encodeURIComponent(key)}`, {
      headers: { 'x-request-id': 'trace-me-0002' },
    });
    await fetch(`${shop.url}/api/v1/public/api-keys`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-me-0003' },
    });
    await shop.stop();
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const lines = () =>
    shop
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('finds a call by the request id the client sent, with whose call it was', () => {
    const traced = lines().filter((line) => line.reqId === 'trace-me-0003');
    expect(traced.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(traced[1]).toMatchObject({ accountId: customerId, res: { statusCode: 200 } });
    expect(lines().filter((line) => line.reqId === 'trace-me-0001')).toHaveLength(2);
  });

  it('never writes a password, a session token or an API key', () => {
    // The log stream, not the development banner that prints the demo sign-ins on purpose.
    const logged = lines();
    expect(logged.length).toBeGreaterThan(10);
    const text = logged.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
    const keyed = lines().find((line) => line.reqId === 'trace-me-0002');
    expect(JSON.stringify(keyed)).toContain('api_key=');
  });
});
