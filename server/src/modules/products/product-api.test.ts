import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings } from '#platform/db/schema.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { startFakeUpstreamProxy } from '#test/fake-upstream-proxy-provider.ts';
import { refuseProviderUrl } from '#platform/products/provider-url.ts';
import { createMailer } from '#platform/mail/mailer.ts';
import { buildPlan, fund } from '#test/commerce.ts';
import { startSecondInstance } from '#test/second-instance.ts';
import { scheduledJobs } from '../../compose';

const KEY = 'live_key_abcdefgh1234';
let fake: Awaited<ReturnType<typeof startFakeUpstreamProxy>>;
let server: TestServer;
let admin: string;
let manager: string;

beforeAll(async () => {
  fake = await startFakeUpstreamProxy(KEY);
  // The environment names the fake (a local address, allowed because it is the operator's own
  // setting) with a key the fake refuses: only a stored key makes it answer.
  server = await createTestServer({
    env: { UPSTREAM_PROXY_API_URL: fake.url, UPSTREAM_PROXY_API_KEY: 'env_key_wrong_9999' },
  });
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const save = (body: unknown, token = admin) => server.request('PUT', '/api/v1/admin/product-api', { token, body });
const packages = (token = admin) => server.request('GET', '/api/v1/admin/packages', { token });
const test = (body: unknown = {}, token = admin) =>
  server.request('POST', '/api/v1/admin/product-api/test', { token, body });

describe('product API roles', () => {
  it('answers anonymous 403, User and Support 403, Manager and Administrator 200', async () => {
    const user = await server.tokenFor(await server.buildAccount());
    const support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
    for (const token of ['', user, support]) {
      expect((await packages(token)).status).toBe(403);
      expect((await save({ baseUrl: fake.url, apiKey: KEY }, token)).status).toBe(403);
      expect((await test({}, token)).status).toBe(403);
    }
    for (const token of [manager, admin]) {
      expect((await packages(token)).body).toMatchObject({ status: 200, message: 'Packages' });
      expect((await test({}, token)).status).toBe(200);
    }
  });
});

describe('the connection', () => {
  it('falls back to the environment and tests it live, with the provider sentence and no key', async () => {
    const res = await packages();
    expect(res.body.payload.connection).toMatchObject({
      source: 'environment',
      baseUrl: fake.url,
      keyLast4: '9999',
      environmentConfigured: true,
    });
    expect(res.body.payload.status).toMatchObject({ ok: false });
    expect(res.body.payload.status.error).toContain('401');
    expect(res.body.payload.status.error).toContain('Invalid API key [redacted]');
    expect(res.text).not.toContain('env_key_wrong_9999');
    expect(res.body.payload.packages).toBeNull();
  });

  it('stores the key sealed, answers only its last 4, and the stored one takes precedence', async () => {
    const saved = await save({ baseUrl: `${fake.url}/`, apiKey: KEY });
    expect(saved.body).toMatchObject({ status: 200, message: 'Product API updated' });
    expect(saved.body.payload).toMatchObject({ source: 'stored', baseUrl: fake.url, keyLast4: '1234' });
    expect(saved.text).not.toContain(KEY);
    const [row] = await server.database.db.select().from(settings).where(eq(settings.key, 'ProductApi'));
    expect(JSON.stringify(row!.value)).not.toContain(KEY);
    const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'product-api.update'));
    expect(JSON.stringify(audit)).not.toContain(KEY);
    expect(audit!.after).toMatchObject({ apiKey: 'sealed', keyLast4: '1234', keyChanged: true });

    const res = await packages();
    expect(res.text).not.toContain(KEY);
    expect(res.body.payload.status).toMatchObject({ ok: true, error: null });
    expect(res.body.payload.balance).toEqual({ amount: 1234.5, currency: 'USD' });
    expect(res.body.payload.packages).toEqual([
      {
        id: 'pkg_resi_100',
        name: 'Residential 100 GB',
        type: 'residential',
        remainingGb: 61.5,
        totalGb: 100,
        expiresAt: '2027-01-31',
      },
      {
        id: 'pkg_dc_unl',
        name: 'Datacenter unlimited',
        type: 'datacenter',
        remainingGb: null,
        totalGb: null,
        expiresAt: null,
      },
    ]);
    expect(res.body.payload.note).toBeNull();
  });

  it('keeps the stored key when saved with an empty one, and tests ok and failing', async () => {
    expect((await save({ baseUrl: fake.url, apiKey: '' })).body.payload.keyLast4).toBe('1234');
    expect((await test()).body.payload).toMatchObject({ ok: true, error: null });
    expect((await test({ baseUrl: fake.url, apiKey: 'typed_wrong_key' })).body.payload).toMatchObject({ ok: false });
    fake.fail(503, { message: 'Maintenance until noon' });
    const failing = await test();
    fake.recover();
    expect(failing.body.payload.ok).toBe(false);
    expect(failing.body.payload.error).toContain('Maintenance until noon');
  });

  it('never sends the stored key to an address typed just now', async () => {
    const moved = await save({ baseUrl: 'https://93.184.216.34/v1', apiKey: '' });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('apiKey: enter the key again for a new address');
    const typed = await test({ baseUrl: 'https://93.184.216.34/v1' });
    expect(typed.status).toBe(400);
    expect(typed.body.message).toBe('apiKey: enter the API key for this address');
  });

  it('refuses unsafe addresses with 400 naming baseUrl, and keeps what was stored', async () => {
    for (const baseUrl of [
      'ftp://provider.example/v1',
      'https://user:pass@provider.example/v1',
      'http://127.0.0.1:9/v1',
      'http://10.1.2.3/v1',
      'http://169.254.169.254/latest',
      'http://[::1]/v1',
      'http://localhost:8080/v1',
      'not a url',
      '',
    ]) {
      const res = await save({ baseUrl, apiKey: 'k'.repeat(20) });
      expect(res.status, baseUrl).toBe(400);
      expect(JSON.stringify(res.body), baseUrl).toContain('baseUrl');
    }
    for (const body of [
      { baseUrl: fake.url, apiKey: 'has space' },
      { baseUrl: fake.url, apiKey: 'x'.repeat(501) },
      { clear: 'yes' },
      { clear: true, baseUrl: fake.url },
    ]) {
      expect((await save(body)).status).toBe(400);
    }
    expect((await packages()).body.payload.connection).toMatchObject({ source: 'stored', keyLast4: '1234' });
  });

  it('accepts a local provider address only when it is the environment’s own', async () => {
    const quiet = await startFakeUpstreamProxy(KEY, { reportsAccount: false });
    try {
      // Same address as the environment's is allowed; this one is local too, so it goes through the env check.
      const check = await refuseProviderUrl(quiet.url, { environmentUrl: quiet.url });
      expect(check).toBeNull();
      expect(await refuseProviderUrl(quiet.url)).toMatch(/^baseUrl: 127\.0\.0\.1 is a loopback address/);
    } finally {
      await quiet.close();
    }
  });

  it('clears the stored connection (audited) and the environment applies again', async () => {
    const cleared = await save({ clear: true });
    expect(cleared.body.payload).toMatchObject({ source: 'environment', keyLast4: '9999' });
    const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'product-api.clear'));
    expect(audit!.before).toMatchObject({ apiKey: 'sealed', keyLast4: '1234' });
    expect((await save({ clear: true })).status).toBe(400);
  });
});

describe('delivery follows the stored connection', () => {
  it('the customer path and the delivery job use the stored key instead of the environment', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    await fund(server, admin, account.id, 100);
    const plan = await buildPlan(server, { provider: 'upstream', title: 'Resold residential' });
    const bought = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token,
      body: { value: 2, country: 'US', paymentMethod: 'balance' },
    });
    expect(bought.status).toBe(200);
    const id = bought.body.payload.subscriptionId as string;
    const locations = () => server.request('GET', `/api/v1/public/locations/${id}`, { token });

    // Only the environment's (wrong) key so far: the provider refuses us.
    if ((await packages()).body.payload.connection.source === 'stored') await save({ clear: true });
    expect((await locations()).status).toBe(502);

    expect((await save({ baseUrl: fake.url, apiKey: KEY })).status).toBe(200);
    const started = Date.now();
    let res = await locations();
    while (res.status !== 200 && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await locations();
    }
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);

    const job = scheduledJobs(
      server.config,
      server.database.db,
      createMailer({ from: 'shop@example.test', dataDir: server.config.DATA_DIR }),
    ).find((j) => j.name === 'proxies-upstream-deliver')!;
    await job.run(new Date());
    expect([...fake.plans.values()].some((p) => p.type === 'residential' && p.country === 'US')).toBe(true);
    await save({ clear: true });
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('on PostgreSQL with two instances', () => {
  it('a connection saved through one instance is used by the other within 5 s', async () => {
    const b = await startSecondInstance(server);
    try {
      const account = await server.buildAccount();
      const token = await server.tokenFor(account);
      await fund(server, admin, account.id, 100);
      const plan = await buildPlan(server, { provider: 'upstream', title: 'Resold on B' });
      const bought = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
        token,
        body: { value: 1, country: 'US', paymentMethod: 'balance' },
      });
      const locationsOnB = () =>
        b.request('GET', `/api/v1/public/locations/${bought.body.payload.subscriptionId}`, { token });
      expect((await locationsOnB()).status).toBe(502);
      expect((await save({ baseUrl: fake.url, apiKey: KEY })).status).toBe(200);
      const started = Date.now();
      while ((await locationsOnB()).status !== 200) {
        expect(Date.now() - started).toBeLessThan(5_000);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await save({ clear: true });
    } finally {
      await b.close();
    }
  });
});

describe('a provider without account calls', () => {
  let quiet: Awaited<ReturnType<typeof startFakeUpstreamProxy>>;
  let other: TestServer;
  beforeAll(async () => {
    quiet = await startFakeUpstreamProxy(KEY, { reportsAccount: false });
    other = await createTestServer({ env: { UPSTREAM_PROXY_API_URL: quiet.url, UPSTREAM_PROXY_API_KEY: KEY } });
  });
  afterAll(async () => {
    await other.close();
    await quiet.close();
  });

  it('passes the connection test and says the provider does not report packages or a balance', async () => {
    const token = await other.tokenFor(await other.buildAccount({ role: 'Manager' }));
    const res = await other.request('GET', '/api/v1/admin/packages', { token });
    expect(res.body.payload).toMatchObject({
      status: { ok: true },
      packages: null,
      balance: null,
      note: 'The provider does not report packages or a balance',
    });
  });
});
