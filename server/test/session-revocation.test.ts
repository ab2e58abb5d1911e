import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentStep, totpCode } from '#test/auth-helpers.ts';
import { buildPlan, fund } from '#test/commerce.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { startSecondInstance, type SecondInstance } from '#test/second-instance.ts';
import { alertFirings } from '#modules/automation/automation.schema.ts';
import { eq } from 'drizzle-orm';

// Each instance keeps sessions in memory (ADR 024): a revocation made through one must reach the
// other within a second, however the session ended. On PGlite there is one instance only.
const shared = process.env.TEST_DB === 'postgres';
let a: TestServer;
let b: TestServer | SecondInstance;
let admin: { token: string };
let client = 0;
const ip = () => ({ 'x-forwarded-for': `198.51.100.${++client}` });

beforeAll(async () => {
  a = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  b = shared ? await startSecondInstance(a) : a;
  const staff = await a.buildAccount({ role: 'Administrator' });
  admin = { token: await a.tokenFor(staff) };
});
afterAll(async () => {
  if (b !== a) await b?.close();
  await a?.close();
});

/** Both instances answer the token, so both hold its session in their caches. */
async function warm(token: string) {
  for (const server of [a, b]) {
    for (let i = 0; i < 3; i++) expect((await server.request('GET', '/api/v1/auth/me', { token })).status).toBe(200);
  }
}

/** Milliseconds until instance B refuses the token, polling; fails after one second. */
async function refusedOnB(token: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await b.request('GET', '/api/v1/auth/me', { token });
    if (res.status === 401) return Date.now() - started;
    expect(res.status).toBe(200);
    if (Date.now() - started > 1_000) throw new Error('instance B still accepts the revoked token after 1 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function signedIn(): Promise<{ account: TestAccount; token: string; other: string }> {
  const account = await a.buildAccount();
  const token = await a.tokenFor(account);
  const other = await a.tokenFor(account);
  await warm(token);
  await warm(other);
  return { account, token, other };
}

describe(`a revoked session is refused by ${shared ? 'every instance' : 'the instance'} within a second`, () => {
  it('after logout', async () => {
    const { token } = await signedIn();
    expect((await a.request('POST', '/api/v1/auth/logout', { token })).status).toBe(200);
    expect(await refusedOnB(token)).toBeLessThan(1_000);
    expect((await a.request('GET', '/api/v1/auth/me', { token })).status).toBe(401);
  });

  it('after a password change, for the other sessions', async () => {
    const { account, token, other } = await signedIn();
    const changed = await a.request('PATCH', '/api/v1/public/profile/password', {
      token,
      body: { currentPassword: account.password, newPassword: 'Fresh-password-9' },
    });
    expect(changed.body.message).toBe('Password changed');
    expect(await refusedOnB(other)).toBeLessThan(1_000);
    expect((await b.request('GET', '/api/v1/auth/me', { token })).status).toBe(200);
  });

  it('after two-factor is turned on, for the other sessions', async () => {
    const { token, other } = await signedIn();
    const setup = await a.request('GET', '/api/v1/auth/mfa', { token });
    const on = await a.request('POST', '/api/v1/auth/mfa', {
      token,
      body: { totp: totpCode(setup.body.payload.secret, currentStep()) },
    });
    expect(on.body.message).toBe('Two-factor authentication enabled');
    expect(await refusedOnB(other)).toBeLessThan(1_000);
    const me = await b.request('GET', '/api/v1/auth/me', { token });
    expect(me.body.payload.twoFactorEnabled).toBe(true);
  });

  it('after staff disable the account', async () => {
    const { account, token } = await signedIn();
    const disabled = await a.request('POST', `/api/v1/admin/accounts/${account.id}/disable`, {
      token: admin.token,
      body: { reason: 'Chargeback fraud, ticket #9' },
    });
    expect(disabled.status).toBe(200);
    expect(await refusedOnB(token)).toBeLessThan(1_000);
  });

  it('after the customer deletes the account', async () => {
    const { account, token } = await signedIn();
    const deleted = await a.request('DELETE', `/api/v1/public/accounts/${account.id}`, {
      token,
      body: { password: account.password },
      headers: ip(),
    });
    expect(deleted.status).toBe(200);
    expect(await refusedOnB(token)).toBeLessThan(1_000);
  });

  it('after staff delete the account', async () => {
    const { account, token } = await signedIn();
    const deleted = await a.request('DELETE', `/api/v1/admin/accounts/${account.id}`, {
      token: admin.token,
      body: { reason: 'Asked by the customer, ticket #12' },
    });
    expect(deleted.status).toBe(200);
    expect(await refusedOnB(token)).toBeLessThan(1_000);
  });
});

describe('a cached account is never older than what its owner just did', () => {
  it('shows the new balance right after a purchase with it, on the instance that sold it', async () => {
    const { account, token } = await signedIn();
    await fund(a, admin.token, account.id, 20);
    expect((await a.request('GET', '/api/v1/auth/me', { token })).body.payload.balance).toBe(20);
    const plan = await buildPlan(a, { bandwidthPrices: JSON.stringify([{ value: 1, price: 3 }]) });
    const bought = await a.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token,
      body: { value: 2, country: 'US', paymentMethod: 'balance' },
    });
    expect(bought.status).toBe(200);
    expect((await a.request('GET', '/api/v1/auth/me', { token })).body.payload.balance).toBe(14);
    const dashboard = await a.request('GET', '/api/v1/public/dashboard', { token });
    expect(dashboard.status).toBe(200);
  });

  it('shows staff changes to the account on every instance within a second', async () => {
    const { account, token } = await signedIn();
    await fund(a, admin.token, account.id, 7);
    const started = Date.now();
    for (;;) {
      const me = await b.request('GET', '/api/v1/auth/me', { token });
      if (me.body.payload.balance === 7) break;
      if (Date.now() - started > 1_000) throw new Error('instance B still shows the old balance after 1 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});

// A reseller's key is kept by each instance between its orders (ADR 043): a rotation or a disable
// made through one instance must end it on the other within a second too.
describe(`a replaced reseller API key is refused by ${shared ? 'every instance' : 'the instance'} within a second`, () => {
  async function resellerWithKey() {
    const made = await a.request('POST', '/api/v1/admin/reseller', {
      token: admin.token,
      body: {
        email: `cached-key-${++client}@example.test`,
        username: `cached_key_${client}`,
        ...{ resiprice: 1, mobileprice: null, dataprice1: null, dataprice7: null, dataprice30: null, ispprice: null },
        ...{ gbvalue: 0, ipv6white: 5, datawhite: 5, value: 0 },
      },
      headers: ip(),
    });
    expect(made.status).toBe(200);
    const { reseller, apiKey } = made.body.payload as { reseller: { id: string }; apiKey: string };
    const token = await a.tokenFor({ id: reseller.id });
    return { id: reseller.id, key: apiKey, token };
  }
  const info = (server: typeof b, who: { key: string; token: string }) =>
    server.request('GET', '/api/v1/reseller/generalinfo', {
      token: who.token,
      headers: { 'x-api-key': who.key, ...ip() },
    });
  async function refusedKeyOnB(who: { key: string; token: string }): Promise<number> {
    const started = Date.now();
    for (;;) {
      const res = await info(b, who);
      if (res.status === 401) return Date.now() - started;
      expect(res.status).toBe(200);
      if (Date.now() - started > 1_000) throw new Error('instance B still accepts the old key after 1 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('after staff issue a new key, and the new one works at once on both', async () => {
    const who = await resellerWithKey();
    for (const server of [a, b]) for (let i = 0; i < 3; i++) expect((await info(server, who)).status).toBe(200);
    const rotated = await a.request('POST', `/api/v1/admin/reseller/${who.id}/apikey`, { token: admin.token });
    expect(rotated.status).toBe(200);
    expect(await refusedKeyOnB(who)).toBeLessThan(1_000);
    expect((await info(a, who)).body.message).toBe('Invalid API key');
    const fresh = { ...who, key: rotated.body.payload.apiKey as string };
    for (const server of [a, b]) expect((await info(server, fresh)).status).toBe(200);
  });

  it('after staff disable the account', async () => {
    const who = await resellerWithKey();
    for (const server of [a, b]) for (let i = 0; i < 3; i++) expect((await info(server, who)).status).toBe(200);
    const disabled = await a.request('POST', `/api/v1/admin/accounts/${who.id}/disable`, {
      token: admin.token,
      body: { reason: 'Chargeback fraud, ticket #10' },
    });
    expect(disabled.status).toBe(200);
    expect(await refusedKeyOnB(who)).toBeLessThan(1_000);
  });

  // The session beside the key is kept across the reseller's orders too, so its end must reach it.
  it('after the reseller signs out the token sent beside the key', async () => {
    const who = await resellerWithKey();
    const other = { ...who, token: await a.tokenFor({ id: who.id }) };
    for (const server of [a, b])
      for (const caller of [who, other])
        for (let i = 0; i < 3; i++) expect((await info(server, caller)).status).toBe(200);
    expect((await a.request('POST', '/api/v1/auth/logout', { token: who.token })).status).toBe(200);
    expect(await refusedKeyOnB(who)).toBeLessThan(1_000);
    const onA = await info(a, who);
    expect([onA.status, onA.body.message]).toEqual([401, 'session revoked']);
    for (const server of [a, b]) expect((await info(server, other)).status).toBe(200);
  });
});

// Each instance remembers which accounts use no automation (migration 0041): a rule made through
// one instance must be evaluated by the other's next change.
describe(`an alert rule made through one instance counts on ${shared ? 'the other' : 'it'} at once`, () => {
  it('fires on the next purchase made through the other instance', async () => {
    const { account, token } = await signedIn();
    // Enough for a second of purchases on B, so a rule B never heard of fails on time, not on money.
    await fund(a, admin.token, account.id, 300);
    const plan = await buildPlan(a, { bandwidthPrices: JSON.stringify([{ value: 1, price: 3 }]) });
    const buyOnB = async () => {
      const bought = await b.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
        token,
        body: { value: 1, country: 'US', paymentMethod: 'balance' },
      });
      expect(bought.status).toBe(200);
      await ('settled' in b ? b.settled() : b.app.afterAnswer.settled());
    };
    const firings = () => a.database.db.select().from(alertFirings).where(eq(alertFirings.accountId, account.id));
    // B checks the account's automation after this purchase and learns that it has none.
    await buyOnB();
    const rule = await a.request('POST', '/api/v1/public/alerts', {
      token,
      body: { kind: 'balance_below', threshold: 295, email: true, webhook: false },
    });
    expect(rule.status).toBe(200);
    await a.app.afterAnswer.settled();
    // $297 left: the rule holds nothing yet; the next $3 purchase takes the balance below it.
    expect(await firings()).toHaveLength(0);
    const started = Date.now();
    for (;;) {
      await buyOnB();
      if ((await firings()).length > 0) break;
      if (Date.now() - started > 1_000) throw new Error('instance B still skips the new rule after 1 s');
    }
    expect(await firings()).toHaveLength(1);
  });
});

describe.runIf(shared)('when the change feed is lost', () => {
  it('forgets what it cached, so a change it never heard of still counts', async () => {
    const { token, account } = await signedIn();
    // Every LISTEN connection of this database dies at once, as on a failover or network cut.
    const killed = await a.database.executeSql(
      `select pid from pg_stat_activity
       where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    const pids = (killed.rows as { pid: number }[]).map((r) => r.pid);
    expect(pids.length).toBe(2);
    await a.database.executeSql('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [pids]);
    for (let gone = false; !gone;) {
      const left = await a.database.executeSql('select 1 from pg_stat_activity where pid = any($1::int[])', [pids]);
      gone = left.rows.length === 0;
    }
    // A revocation that sends no notification at all: only forgetting everything on loss can catch it.
    await a.database.executeSql(
      `begin; alter table sessions disable trigger sessions_notify_revoke;
       update sessions set revoked_at = now() where account_id = '${account.id}';
       alter table sessions enable trigger sessions_notify_revoke; commit;`,
    );
    expect(await refusedOnB(token)).toBeLessThan(1_000);
    // The feeds come back on their own, and the caches with them.
    const fresh = await a.tokenFor(account);
    await warm(fresh);
  });
});
