import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, apiKeys, auditLog, securityEvents } from '#platform/db/schema.ts';
import { createOutbox } from '#platform/mail/outbox.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { apiKeyStore } from '#platform/auth/api-keys.ts';
import { resellerTerms } from './resellers.schema';

let server: TestServer;
let admin: TestAccount;
let adminToken: string;
let n = 0;
beforeAll(async () => {
  // Creation is limited to 30 a minute per client; each call here comes from an address of its own.
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  admin = await server.buildAccount({ role: 'Administrator' });
  adminToken = await server.tokenFor(admin);
});
afterAll(() => server.close());

const TERMS = {
  resiprice: 2.5,
  mobileprice: null,
  dataprice1: 0.2,
  dataprice7: 0.9,
  dataprice30: 2,
  ispprice: 3.15,
  gbvalue: 50,
  ipv6white: 5,
  datawhite: 3,
  value: 12.5,
};
const body = (overrides: Record<string, unknown> = {}) => {
  const i = ++n;
  return { email: `reseller${i}@example.test`, username: `reseller_${i}`, ...TERMS, ...overrides };
};
let client = 0;
const create = (b: unknown = body(), token = adminToken) =>
  server.request('POST', '/api/v1/admin/reseller', {
    token,
    body: b,
    headers: { 'x-forwarded-for': `198.51.100.${(++client % 250) + 1}` },
  });
const db = () => server.database.db;
/** The account a key authenticates as a reseller (ADR 038: reseller keys live in api_keys), or null. */
const resellerKeys = {
  async verify(database: ReturnType<typeof db>, key: unknown) {
    const found = await apiKeyStore.verify(database, key);
    return found?.account.reseller ? { accountId: found.account.id } : null;
  },
};
const keyRowOf = async (accountId: string) =>
  (await db().select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(apiKeys.createdAt)).at(-1)!;
const auditsOf = (id: string) => db().select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.id);

describe('reseller accounts', () => {
  it('creates a verified reseller without a password, shows the key once, stores only its hash, mails a password link', async () => {
    const b = body();
    const res = await create(b);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Reseller created');
    const { reseller, apiKey } = res.body.payload;
    expect(apiKey).toMatch(/^tg_live_[A-Za-z0-9_-]{43}$/);
    expect(reseller).toMatchObject({ ...TERMS, email: b.email, username: b.username, balance: 0, disabled: false });
    expect(reseller.apiKeyPrefix).toBe(apiKey.slice(0, 14));

    // The database holds no plain key anywhere in the row.
    const [row] = await db().select().from(resellerTerms).where(eq(resellerTerms.accountId, reseller.id));
    expect(JSON.stringify(row)).not.toContain(apiKey);
    expect(JSON.stringify(row)).not.toContain(apiKey.slice(14));
    expect(JSON.stringify(await keyRowOf(reseller.id))).not.toContain(apiKey);
    expect(await db().select().from(apiKeys).where(eq(apiKeys.hash, apiKey))).toHaveLength(0);
    expect(await resellerKeys.verify(db(), apiKey)).toEqual({ accountId: reseller.id });

    // Never shown again: reading the reseller gives the prefix only.
    const again = await server.request('GET', `/api/v1/admin/reseller/${reseller.id}`, { token: adminToken });
    expect(again.text).not.toContain(apiKey);
    expect(again.body.payload.apiKeyPrefix).toBe(reseller.apiKeyPrefix);
    expect(again.body.payload.apiKeyLastUsedAt).not.toBeNull();

    // Verified, reseller, no password: signing in needs the mailed link first.
    const [account] = await db().select().from(accounts).where(eq(accounts.id, reseller.id));
    expect(account).toMatchObject({ role: 'User', reseller: true, passwordHash: null });
    expect(account!.emailVerifiedAt).not.toBeNull();
    const mail = (await createOutbox(server.config.DATA_DIR).list()).find((m) => m.to === b.email);
    expect(mail?.subject).toContain('choose a password');
    expect(mail!.text).toContain('reseller account');
    expect(mail!.text).not.toContain(apiKey);
    const link = /\/change-password\/([\w-]+)/.exec(mail!.text)![1]!;
    const reset = await server.request('POST', `/api/v1/auth/reset-password/${link}`, {
      body: { password: 'A-fresh-passphrase-91' },
    });
    expect(reset.status).toBe(200);
    const [chosen] = await db().select().from(accounts).where(eq(accounts.id, reseller.id));
    expect(chosen!.passwordHash).toMatch(/^\$argon2id/);

    const [audit] = await auditsOf(reseller.id);
    expect(audit).toMatchObject({ action: 'reseller.create', actorId: admin.id });
    expect(JSON.stringify(audit)).not.toContain(apiKey);
  });

  it('lists resellers newest first with search, and leaves out customers and deleted resellers', async () => {
    const a = (await create(body({ username: 'listable_alpha' }))).body.payload.reseller;
    const b = (await create(body({ username: 'listable_beta' }))).body.payload.reseller;
    await server.buildAccount({ username: 'listable_customer' });
    const gone = (await create(body({ username: 'listable_gone' }))).body.payload.reseller;
    await server.request('DELETE', `/api/v1/admin/reseller/${gone.id}`, {
      token: adminToken,
      body: { reason: 'Closed' },
    });
    const res = await server.request('GET', '/api/v1/admin/Raccounts?search=listable&size=10', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.payload.items.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
    expect(res.body.payload.total).toBe(2);
    const paged = await server.request('GET', '/api/v1/admin/Raccounts?search=listable&size=1&page=2', {
      token: adminToken,
    });
    expect(paged.body.payload).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(paged.body.payload.items[0].id).toBe(a.id);
  });

  it('refuses duplicate email and username with the field, and bad prices with the field', async () => {
    const first = body();
    await create(first);
    const dupEmail = await create(body({ email: first.email.toUpperCase() }));
    expect(dupEmail.status).toBe(400);
    expect(dupEmail.body.payload.fields).toEqual([{ path: 'body.email', message: 'Email is already registered' }]);
    const dupName = await create(body({ username: first.username }));
    expect(dupName.body.payload.fields).toEqual([{ path: 'body.username', message: 'Username is already taken' }]);

    const bad = await Promise.all([
      create(body({ resiprice: -1 })),
      create(body({ dataprice7: 1.005 })),
      create(body({ ispprice: '3' })),
      create(body({ value: 101 })),
      create(body({ gbvalue: 1.5 })),
      create(body({ datawhite: 10_001 })),
    ]);
    expect(bad.map((r) => r.status)).toEqual(Array(6).fill(400));
    expect(bad.map((r) => r.body.payload.fields[0].path)).toEqual([
      'body.resiprice',
      'body.dataprice7',
      'body.ispprice',
      'body.value',
      'body.gbvalue',
      'body.datawhite',
    ]);
    expect(bad[1]!.body.payload.fields[0].message).toBe('Use at most two decimals');
  });

  it('ten parallel creations with one email make one reseller; the rest are told the email is taken', async () => {
    const shared = body();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create({ ...shared, username: `${shared.username}_${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.payload.fields).toEqual([{ path: 'body.email', message: 'Email is already registered' }]);
    }
  });

  it('updates only the terms given, audited with before and after, and 404s for a customer or unknown id', async () => {
    const { reseller } = (await create()).body.payload;
    const res = await server.request('PATCH', `/api/v1/admin/reseller/${reseller.id}`, {
      token: adminToken,
      body: { mobileprice: 4, resiprice: null, value: 12.5, reason: 'New contract' },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ ...TERMS, mobileprice: 4, resiprice: null });
    const audits = await auditsOf(reseller.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'reseller.update',
      before: { mobileprice: null, resiprice: 2.5 },
      after: { mobileprice: 4, resiprice: null },
      reason: 'New contract',
    });
    const bad = await server.request('PATCH', `/api/v1/admin/reseller/${reseller.id}`, {
      token: adminToken,
      body: { dataprice1: -0.01 },
    });
    expect(bad.body.payload.fields[0].path).toBe('body.dataprice1');

    const customer = await server.buildAccount();
    for (const id of [customer.id, '00000000-0000-4000-8000-000000000000']) {
      const calls = await Promise.all([
        server.request('GET', `/api/v1/admin/reseller/${id}`, { token: adminToken }),
        server.request('PATCH', `/api/v1/admin/reseller/${id}`, { token: adminToken, body: { value: 1 } }),
        server.request('POST', `/api/v1/admin/reseller/${id}/apikey`, { token: adminToken }),
        server.request('DELETE', `/api/v1/admin/reseller/${id}`, { token: adminToken, body: { reason: 'nope' } }),
      ]);
      expect(calls.map((c) => c.status)).toEqual([404, 404, 404, 404]);
    }
    expect((await server.request('GET', '/api/v1/auth/me', { token: await server.tokenFor(customer) })).status).toBe(
      200,
    );
  });

  it('rotating the key stops the old one at once and the new key is shown once', async () => {
    const { reseller, apiKey: oldKey } = (await create()).body.payload;
    const res = await server.request('POST', `/api/v1/admin/reseller/${reseller.id}/apikey`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('API key rotated');
    const newKey = res.body.payload.apiKey;
    expect(newKey).not.toBe(oldKey);
    expect(res.body.payload.reseller.apiKeyPrefix).toBe(newKey.slice(0, 14));
    expect(await resellerKeys.verify(db(), oldKey)).toBeNull();
    expect(await resellerKeys.verify(db(), newKey)).toEqual({ accountId: reseller.id });
    const audit = (await auditsOf(reseller.id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'reseller.apikey.rotate', after: { apiKeyPrefix: newKey.slice(0, 14) } });
    expect(JSON.stringify(audit)).not.toContain(newKey);
  });

  it('20 parallel rotations leave exactly one valid key', async () => {
    const { reseller, apiKey } = (await create()).body.payload;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.request('POST', `/api/v1/admin/reseller/${reseller.id}/apikey`, { token: adminToken }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const keys = [apiKey, ...results.map((r) => r.body.payload.apiKey as string)];
    const valid = [];
    for (const key of keys) if (await resellerKeys.verify(db(), key)) valid.push(key);
    expect(valid).toHaveLength(1);
    const current = await server.request('GET', `/api/v1/admin/reseller/${reseller.id}`, { token: adminToken });
    expect(current.body.payload.apiKeyPrefix).toBe(valid[0]!.slice(0, 14));
  });

  it('deleting a reseller revokes its key and sessions, with an audit row that holds no key', async () => {
    const { reseller, apiKey } = (await create()).body.payload;
    const token = await server.tokenFor({ id: reseller.id });
    expect((await server.request('GET', '/api/v1/auth/me', { token })).status).toBe(200);
    // No reason is fine (the spec's call has none: the audit says so); a reason too short to mean anything is not.
    const shortReason = await server.request('DELETE', `/api/v1/admin/reseller/${reseller.id}`, {
      token: adminToken,
      body: { reason: 'ab' },
    });
    expect(shortReason.status).toBe(400);
    const res = await server.request('DELETE', `/api/v1/admin/reseller/${reseller.id}`, {
      token: adminToken,
      body: { reason: 'Contract ended' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Reseller deleted');
    expect(await resellerKeys.verify(db(), apiKey)).toBeNull();
    expect((await keyRowOf(reseller.id)).revokedAt).not.toBeNull();
    expect((await server.request('GET', '/api/v1/auth/me', { token })).status).toBe(401);
    expect((await server.request('GET', `/api/v1/admin/reseller/${reseller.id}`, { token: adminToken })).status).toBe(
      404,
    );
    const audits = await auditsOf(reseller.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'account.delete',
      reason: 'Contract ended',
      actorId: admin.id,
      after: { sessions: 'revoked', apiKey: 'revoked' },
    });
    for (const a of audits) expect(JSON.stringify(a)).not.toContain(apiKey);
  });

  it('a reseller flagged before it had terms reads with the defaults and gets its first key on rotation', async () => {
    const flagged = await server.buildAccount({ reseller: true });
    const read = await server.request('GET', `/api/v1/admin/reseller/${flagged.id}`, { token: adminToken });
    expect(read.body.payload).toMatchObject({
      resiprice: null,
      gbvalue: 0,
      ipv6white: 10,
      value: 0,
      apiKeyPrefix: null,
    });
    const rotated = await server.request('POST', `/api/v1/admin/reseller/${flagged.id}/apikey`, { token: adminToken });
    expect(await resellerKeys.verify(db(), rotated.body.payload.apiKey)).toEqual({ accountId: flagged.id });
    const patched = await server.request('PATCH', `/api/v1/admin/reseller/${flagged.id}`, {
      token: adminToken,
      body: { ispprice: 3 },
    });
    expect(patched.body.payload).toMatchObject({
      ispprice: 3,
      apiKeyPrefix: rotated.body.payload.reseller.apiKeyPrefix,
    });
  });

  it('verify records the last use at most once a minute', async () => {
    const { reseller, apiKey } = (await create()).body.payload;
    const lastUsed = async () => (await keyRowOf(reseller.id)).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await resellerKeys.verify(db(), apiKey);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    const recent = new Date(Date.now() - 30_000);
    await db().update(apiKeys).set({ lastUsedAt: recent }).where(eq(apiKeys.accountId, reseller.id));
    await resellerKeys.verify(db(), apiKey);
    expect((await lastUsed())!.getTime()).toBe(recent.getTime());
    const old = new Date(Date.now() - 120_000);
    await db().update(apiKeys).set({ lastUsedAt: old }).where(eq(apiKeys.accountId, reseller.id));
    await resellerKeys.verify(db(), apiKey);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('a key in use writes one security event an hour for the general logs, not one per call; a new key starts again', async () => {
    const { reseller, apiKey } = (await create()).body.payload;
    const events = () =>
      db()
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.accountId, reseller.id), eq(securityEvents.kind, 'api_key.used')));
    for (let i = 0; i < 5; i++) expect(await resellerKeys.verify(db(), apiKey)).toEqual({ accountId: reseller.id });
    expect(await events()).toHaveLength(1);
    expect((await events())[0]).toMatchObject({ actorId: reseller.id, detail: { key: apiKey.slice(0, 14) } });
    const hourAgo = new Date(Date.now() - 3_601_000);
    await db()
      .update(apiKeys)
      .set({ useLoggedAt: hourAgo, lastUsedAt: hourAgo })
      .where(eq(apiKeys.accountId, reseller.id));
    await resellerKeys.verify(db(), apiKey);
    await resellerKeys.verify(db(), apiKey);
    expect(await events()).toHaveLength(2);
    const rotated = await server.request('POST', `/api/v1/admin/reseller/${reseller.id}/apikey`, { token: adminToken });
    expect(rotated.status).toBe(200);
    await resellerKeys.verify(db(), rotated.body.payload.apiKey);
    expect(await events()).toHaveLength(3);
  });

  it('a disabled reseller’s key is refused, and so is anything that is not a key', async () => {
    const { reseller, apiKey } = (await create()).body.payload;
    await db().update(accounts).set({ disabledAt: new Date() }).where(eq(accounts.id, reseller.id));
    expect(await resellerKeys.verify(db(), apiKey)).toBeNull();
    for (const junk of [undefined, '', 'tg_live_', `${apiKey}x`, apiKey.replace('tg_live_', 'tg_test_'), 42])
      expect(await resellerKeys.verify(db(), junk)).toBeNull();
  });

  it('is for Administrators only: Manager, Support, User and reseller callers are refused', async () => {
    const { reseller } = (await create()).body.payload;
    for (const role of ['Manager', 'Support', 'User'] as const) {
      const token = await server.tokenFor(await server.buildAccount({ role }));
      const calls = await Promise.all([
        server.request('GET', '/api/v1/admin/Raccounts', { token }),
        server.request('GET', `/api/v1/admin/reseller/${reseller.id}`, { token }),
        create(body(), token),
        server.request('PATCH', `/api/v1/admin/reseller/${reseller.id}`, { token, body: { value: 1 } }),
        server.request('POST', `/api/v1/admin/reseller/${reseller.id}/apikey`, { token }),
        server.request('DELETE', `/api/v1/admin/reseller/${reseller.id}`, { token, body: { reason: 'no way' } }),
      ]);
      expect(calls.map((c) => [role, c.status, c.body.message])).toEqual(Array(6).fill([role, 403, 'forbidden']));
    }
    const resellerToken = await server.tokenFor({ id: reseller.id });
    expect((await server.request('GET', '/api/v1/admin/Raccounts', { token: resellerToken })).status).toBe(403);
    expect((await server.request('GET', `/api/v1/admin/reseller/${reseller.id}`, { token: adminToken })).status).toBe(
      200,
    );
  });
});
