import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEvents } from '#platform/db/schema.ts';
import { currentStep, totpCode } from '#test/auth-helpers.ts';
import { buildPlan, fund } from '#test/commerce.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';

let server: TestServer;
let admin: TestAccount;
let adminToken: string;
let support: TestAccount;
let supportToken: string;
let client = 0;
const ip = () => ({ 'x-forwarded-for': `192.0.2.${(++client % 250) + 1}` });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  admin = await server.buildAccount({ role: 'Administrator' });
  adminToken = await server.tokenFor(admin);
  support = await server.buildAccount({ role: 'Support' });
  supportToken = await server.tokenFor(support);
});
afterAll(() => server.close());

const get = (path: string, token = adminToken) => server.request('GET', `/api/v1${path}`, { token });
const login = (login: string, password: string) =>
  server.request('POST', '/api/v1/auth/login', {
    body: { login, password },
    headers: { ...ip(), 'user-agent': 'page-test-agent' },
  });

/** A verified customer who bought 2 GB from $60 of staff credit. */
async function customerWithPlan() {
  const account = await server.buildAccount({ emailVerified: true });
  const token = await server.tokenFor(account);
  await fund(server, adminToken, account.id, 60);
  const plan = await buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 5 }]) });
  const bought = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
    token,
    body: { value: 2, country: 'US', paymentMethod: 'balance' },
  });
  expect(bought.status).toBe(200);
  return { account, token, subscriptionId: bought.body.payload.subscriptionId as string };
}

describe('the staff account page', () => {
  it('shows the account with its money, plans, ledger, invoices and audit trail', async () => {
    const { account, subscriptionId } = await customerWithPlan();
    const page = await get(`/admin/accounts/${account.id}`);
    expect(page.status).toBe(200);
    expect(page.body.message).toBe('Account');
    expect(page.body.payload.account).toMatchObject({
      id: account.id,
      username: account.username,
      email: account.email,
      role: 'User',
      reseller: 0,
      balance: 50,
      spent: 10,
      emailVerified: true,
      disabled: false,
      hasPassword: true,
      activePlans: 1,
      stripeLimit: 1000,
      referralRates: { residential: 0, datacenter: 0, isp: 0, ipv6: 0, mobile: 0 },
      billing: { legalName: null, country: null },
    });
    expect(page.body.payload.subscriptions).toMatchObject({ total: 1, page: 1, size: 10 });
    expect(page.body.payload.subscriptions.items[0]).toMatchObject({ id: subscriptionId, account: { id: account.id } });

    const ledger = await get(`/admin/accounts/${account.id}/ledger`);
    expect(ledger.body.payload).toMatchObject({ total: 2, page: 1, size: 10 });
    expect(ledger.body.payload.items.map((i: { kind: string; amount: number }) => [i.kind, i.amount])).toEqual([
      ['purchase', -10],
      ['staff_adjustment', 60],
    ]);
    expect(ledger.body.payload.items[1]).toMatchObject({
      reason: 'test funds',
      balanceAfter: 60,
      actor: { id: admin.id, username: admin.username },
      invoice: null,
    });

    const invoices = await get(`/admin/accounts/${account.id}/invoices`);
    expect(invoices.body.payload.total).toBe(1);
    // The purchase names its invoice by number, so the page links it instead of showing an id.
    const invoice = invoices.body.payload.items[0];
    expect(ledger.body.payload.items[0].invoice).toEqual({ id: invoice.id, number: invoice.number });
    expect(invoices.body.payload.items[0]).toMatchObject({ kind: 'purchase', total: 10, status: 'paid' });
    expect((await get(`/admin/accounts/${account.id}/payments`)).body.payload).toEqual({
      items: [],
      total: 0,
      page: 1,
      size: 10,
    });

    // The trail holds rows about the account and about its plans, newest first, with who did it.
    const renamed = await server.request('PATCH', `/api/v1/admin/subscriptions/${subscriptionId}`, {
      token: adminToken,
      body: { autoRenew: false },
    });
    expect(renamed.status).toBe(200);
    const audit = await get(`/admin/accounts/${account.id}/audit`);
    expect(audit.body.payload.items.map((i: { action: string }) => i.action)).toEqual([
      'subscription.update',
      'account.balance.adjust',
    ]);
    expect(audit.body.payload.items[1]).toMatchObject({
      targetType: 'account',
      targetId: account.id,
      actor: { id: admin.id, username: admin.username },
      before: { balanceCents: 0 },
      after: { balanceCents: 6000 },
      reason: 'test funds',
    });
  });

  it('pages its lists by 10 and answers 404 for an unknown or deleted account', async () => {
    const account = await server.buildAccount();
    for (let i = 0; i < 12; i++) await fund(server, adminToken, account.id, 1);
    const second = await get(`/admin/accounts/${account.id}/ledger?page=2`);
    expect(second.body.payload).toMatchObject({ total: 12, page: 2, size: 10 });
    expect(second.body.payload.items).toHaveLength(2);
    expect((await get(`/admin/accounts/${account.id}/ledger?size=0`)).status).toBe(400);

    for (const path of ['', '/ledger', '/invoices', '/payments', '/sessions', '/sign-ins', '/audit']) {
      const res = await get(`/admin/accounts/${UNKNOWN}${path}`);
      expect(res.status).toBe(404);
      expect(res.body.payload.error).toBe('Unknown account');
    }
    expect((await get('/admin/accounts/not-a-uuid')).status).toBe(400);
    const gone = await server.buildAccount();
    await server.request('DELETE', `/api/v1/admin/accounts/${gone.id}`, {
      token: adminToken,
      body: { reason: 'asked' },
    });
    expect((await get(`/admin/accounts/${gone.id}`)).status).toBe(404);
  });

  it('lists active sessions and signs one or all out at once, audited; another account’s session is 404', async () => {
    const account = await server.buildAccount();
    const first = await server.tokenFor(account);
    const second = await server.tokenFor(account);
    const list = await get(`/admin/accounts/${account.id}/sessions`);
    expect(list.body.payload.sessions).toHaveLength(2);
    const [one] = list.body.payload.sessions as { id: string }[];

    const other = await server.buildAccount();
    const refused = await server.request('DELETE', `/api/v1/admin/accounts/${other.id}/sessions/${one!.id}`, {
      token: adminToken,
    });
    expect(refused.status).toBe(404);
    const revoked = await server.request('DELETE', `/api/v1/admin/accounts/${account.id}/sessions/${one!.id}`, {
      token: adminToken,
    });
    expect(revoked.body).toEqual({ status: 200, message: 'Session signed out', payload: null });
    const statuses = await Promise.all(
      [first, second].map(async (token) => (await server.request('GET', '/api/v1/auth/me', { token })).status),
    );
    expect(statuses.sort()).toEqual([200, 401]);

    const all = await server.request('DELETE', `/api/v1/admin/accounts/${account.id}/sessions`, { token: adminToken });
    expect(all.body.payload).toEqual({ revoked: 1 });
    for (const token of [first, second])
      expect((await server.request('GET', '/api/v1/auth/me', { token })).status).toBe(401);
    const audit = await get(`/admin/accounts/${account.id}/audit`);
    expect(audit.body.payload.items.map((i: { action: string }) => i.action)).toEqual([
      'account.session.revoke-all',
      'account.session.revoke',
    ]);
  });
});

describe('sign-in history', () => {
  it('records every attempt on a known account with its address and browser, newest first', async () => {
    const account = await server.buildAccount();
    expect((await login(account.email, 'wrong-password-1')).status).toBe(400);
    expect((await login(account.username, account.password)).status).toBe(200);
    await login('nobody-at-all@example.com', 'whatever-1');

    // Two-factor: the password step asks for a code; a wrong code and then a right one.
    const token = await server.tokenFor(account);
    const secret: string = (await server.request('GET', '/api/v1/auth/mfa', { token })).body.payload.secret;
    const step = currentStep();
    await server.request('POST', '/api/v1/auth/mfa', { token, body: { totp: totpCode(secret, step) } });
    const pending = await login(account.email, account.password);
    const twoFactorToken = pending.body.payload.twoFactorToken as string;
    const complete = (totp: string) =>
      server.request('POST', `/api/v1/auth/2fa/${twoFactorToken}`, {
        body: { totp },
        headers: { ...ip(), 'user-agent': 'page-test-agent' },
      });
    expect((await complete('000000')).status).toBe(400);
    expect((await complete(totpCode(secret, step + 1))).status).toBe(200);

    const history = await get(`/admin/accounts/${account.id}/sign-ins`);
    expect(
      history.body.payload.items.map((e: { method: string; outcome: string }) => `${e.method}:${e.outcome}`),
    ).toEqual([
      'two_factor:success',
      'two_factor:two_factor_failed',
      'password:two_factor_required',
      'password:success',
      'password:wrong_password',
    ]);
    expect(history.body.payload.items[0]).toMatchObject({ userAgent: 'page-test-agent' });
    expect(history.body.payload.items[0].ip).toMatch(/^192\.0\.2\./);
  });

  it('records attempts refused by the back-off, and deleting the account removes its history', async () => {
    const account = await server.buildAccount();
    for (let i = 0; i < 6; i++) await login(account.email, `wrong-guess-${i}`);
    const history = await get(`/admin/accounts/${account.id}/sign-ins`);
    const outcomes = history.body.payload.items.map((e: { outcome: string }) => e.outcome);
    expect(outcomes[0]).toBe('blocked');
    expect(outcomes.filter((o: string) => o === 'wrong_password')).toHaveLength(5);

    await server.request('DELETE', `/api/v1/admin/accounts/${account.id}`, {
      token: adminToken,
      body: { reason: 'asked' },
    });
    const left = await server.database.db.select().from(signInEvents).where(eq(signInEvents.accountId, account.id));
    expect(left).toEqual([]);
  });
});

describe('the support view of an account', () => {
  it('shows a customer without any money field', async () => {
    const { account, subscriptionId } = await customerWithPlan();
    const res = await get(`/support/accounts/${account.id}`, supportToken);
    expect(res.status).toBe(200);
    expect(res.body.payload.account).toMatchObject({ id: account.id, email: account.email, activePlans: 1 });
    expect(res.body.payload.subscriptions.items[0].id).toBe(subscriptionId);
    expect(res.text).not.toMatch(/"balance"|"spent"|"stripeLimit"|"referralRates"|"billing"/);
  });

  it('does not find staff, reseller, deleted or unknown accounts', async () => {
    const reseller = await server.buildAccount({ reseller: true });
    const manager = await server.buildAccount({ role: 'Manager' });
    const gone = await server.buildAccount();
    await server.request('DELETE', `/api/v1/admin/accounts/${gone.id}`, {
      token: adminToken,
      body: { reason: 'asked' },
    });
    for (const id of [reseller.id, manager.id, admin.id, support.id, gone.id, UNKNOWN]) {
      const res = await get(`/support/accounts/${id}`, supportToken);
      expect(res.status).toBe(404);
    }
  });
});
