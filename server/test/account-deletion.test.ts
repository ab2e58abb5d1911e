import { eventually, getViaConnect, getViaSocks } from '@tollgate/gateway/testing/loopback';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#platform/db/schema.ts';
import { currentStep, totpCode } from '#test/auth-helpers.ts';
import { moneyOf } from '#test/commerce.ts';
import { customerWithPlan, proxyCredentials, refusedOnEveryNode, useProxyShop } from '#test/proxies-helpers.ts';
import { invoices } from '#modules/checkout/checkout.schema.ts';
import { proxiesRepository } from '#modules/proxies/proxies.repository.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';

// Each deletion call comes from its own address, so the per-client rate limit never decides a case.
const shop = useProxyShop({ env: { TRUST_PROXY: '127.0.0.1' } });
let client = 0;
const ip = () => ({ 'x-forwarded-for': `198.51.100.${++client}` });

/** A customer with $50 left after buying 2 GB, auto-renew on, as the web does it. */
async function proxyCustomer() {
  const bought = await customerWithPlan(shop.server, shop.staff, { gb: 2, dollars: 60, pricePerGb: 5 });
  const id = bought.subscriptionId;
  const on = await shop.server.request('POST', '/api/v1/public/autorenew/status', {
    token: bought.token,
    body: { subscriptionId: id, status: true },
  });
  expect(on.body.payload.status).toBe(true);
  return { ...bought, id, ...(await proxyCredentials(shop.server, id)) };
}

const deleteOwn = (c: { account: { id: string; password: string }; token: string }, extra = {}) =>
  shop.server.request('DELETE', `/api/v1/public/accounts/${c.account.id}`, {
    token: c.token,
    body: { password: c.account.password, ...extra },
    headers: ip(),
  });

describe('deleting an account ends its service', () => {
  it('shows what is lost, then refuses its proxy credentials on every node within 5 s, over HTTP and SOCKS5', async () => {
    const customer = await proxyCustomer();
    const preview = await shop.server.request(
      'GET',
      `/api/v1/public/accounts/${customer.account.id}/deletion-preview`,
      {
        token: customer.token,
      },
    );
    expect(preview.body.payload).toMatchObject({
      balance: 50,
      twoFactorEnabled: false,
      hasPassword: true,
      plans: [{ id: customer.id, bytesLeft: 2 * 1024 ** 3, autoRenew: true, daysLeft: 30 }],
    });
    const nodes = await shop.startNodes();
    for (const node of nodes) {
      expect((await getViaConnect(node.httpPort, shop.origin.port, '/', customer)).status).toBe(200);
      expect((await getViaSocks(node.socksPort, shop.origin.port, '/', customer)).status).toBe(200);
    }

    expect((await deleteOwn(customer)).body).toEqual({ status: 200, message: 'Account deleted', payload: null });
    expect(await refusedOnEveryNode(nodes, shop.origin.port, customer)).toBeLessThan(5_000);
    const [row] = await shop.server.database.db.select().from(subscriptions).where(eq(subscriptions.id, customer.id));
    expect(row).toMatchObject({ autoRenew: false, status: 'cancelled' });

    // A card payment started before the deletion settles afterwards and activates its plan: the
    // gateway still refuses, because it reads the owner's state too.
    await shop.server.database.db
      .update(subscriptions)
      .set({ status: 'active' })
      .where(eq(subscriptions.id, customer.id));
    const fresh = await shop.startNodes();
    for (const node of fresh)
      expect((await getViaConnect(node.httpPort, shop.origin.port, '/', customer)).status).toBe(407);
  });

  it('ends every session at once and keeps invoices and the ledger; the email and username sign up again', async () => {
    const customer = await proxyCustomer();
    const other = await shop.server.tokenFor(customer.account);
    const before = await moneyOf(shop.server, customer.account.id);
    await deleteOwn(customer);
    for (const token of [customer.token, other])
      expect((await shop.server.request('GET', '/api/v1/auth/me', { token })).status).toBe(401);
    expect(await moneyOf(shop.server, customer.account.id)).toEqual(before);
    const kept = await shop.server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.accountId, customer.account.id));
    expect(kept.length).toBeGreaterThan(0);
    const again = await shop.server.request('POST', '/api/v1/auth/register', {
      body: {
        username: customer.account.username,
        email: customer.account.email,
        password: 'Long-enough-1',
        acceptTerms: true,
      },
    });
    expect(again.status).toBe(200);
  });

  it('no longer serves its whitelisted address, which another account may then take', async () => {
    const customer = await proxyCustomer();
    await shop.server.database.db.transaction(async (tx) => {
      expect(await proxiesRepository.insertWhitelistIp(tx, customer.id, '127.0.0.1')).toBe(true);
      expect(await proxiesRepository.claimWhitelistOwner(tx, '127.0.0.1', customer.account.id)).toBe(true);
    });
    const [node] = await shop.startNodes();
    expect((await getViaConnect(node!.httpPort, shop.origin.port, '/')).status).toBe(200);
    await deleteOwn(customer);
    await eventually(async () => (await getViaConnect(node!.httpPort, shop.origin.port, '/')).status === 407, 5_000);
    const next = await proxyCustomer();
    await shop.server.database.db.transaction(async (tx) => {
      expect(await proxiesRepository.claimWhitelistOwner(tx, '127.0.0.1', next.account.id)).toBe(true);
      await proxiesRepository.releaseWhitelistOwner(tx, '127.0.0.1', next.account.id);
    });
  });

  it('asks an account with two-factor on for a current code or a backup code, and changes nothing without one', async () => {
    const customer = await proxyCustomer();
    const setup = await shop.server.request('GET', '/api/v1/auth/mfa', { token: customer.token });
    const secret: string = setup.body.payload.secret;
    const step = currentStep();
    const on = await shop.server.request('POST', '/api/v1/auth/mfa', {
      token: customer.token,
      body: { totp: totpCode(secret, step) },
    });
    const backupCodes = on.body.payload.backupCodes as string[];
    const token = await shop.server.tokenFor(customer.account);
    const c = { ...customer, token };
    const preview = await shop.server.request(
      'GET',
      `/api/v1/public/accounts/${customer.account.id}/deletion-preview`,
      {
        token,
      },
    );
    expect(preview.body.payload.twoFactorEnabled).toBe(true);

    expect((await deleteOwn(c)).body.message).toBe('Enter a code from your authenticator app or a backup code');
    expect((await deleteOwn(c, { code: totpCode(secret, step + 20) })).body).toMatchObject({
      status: 400,
      message: 'Invalid code. Enter the current code from your authenticator app.',
    });
    expect((await shop.server.request('GET', '/api/v1/auth/me', { token })).status).toBe(200);
    const [row] = await shop.server.database.db.select().from(subscriptions).where(eq(subscriptions.id, customer.id));
    expect(row).toMatchObject({ autoRenew: true, status: 'active' });

    expect((await deleteOwn(c, { code: backupCodes[0] })).body.message).toBe('Account deleted');
  });
});

describe('staff deleting an account', () => {
  const staffDelete = (token: string, userId: string, reason = 'Customer asked by mail') =>
    shop.server.request('DELETE', `/api/v1/admin/accounts/${userId}`, { token, body: { reason } });

  it('ends the service and writes the audit log with before and after', async () => {
    const customer = await proxyCustomer();
    const nodes = await shop.startNodes();
    for (const node of nodes)
      expect((await getViaConnect(node.httpPort, shop.origin.port, '/', customer)).status).toBe(200);
    const preview = await shop.server.request('GET', `/api/v1/admin/accounts/${customer.account.id}/deletion-preview`, {
      token: shop.staff,
    });
    expect(preview.body.payload).toMatchObject({ balance: 50, plans: [{ id: customer.id }] });

    expect((await staffDelete(shop.staff, customer.account.id)).body.message).toBe('Account deleted');
    expect(await refusedOnEveryNode(nodes, shop.origin.port, customer)).toBeLessThan(5_000);
    expect((await shop.server.request('GET', '/api/v1/auth/me', { token: customer.token })).status).toBe(401);
    const [entry] = await shop.server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, customer.account.id), eq(auditLog.action, 'account.delete')));
    expect(entry).toMatchObject({
      actorId: shop.admin.id,
      reason: 'Customer asked by mail',
      before: { email: customer.account.email, balanceCents: 5000 },
      after: { deleted: true, cancelledPlans: [customer.id] },
    });
    expect((await staffDelete(shop.staff, customer.account.id)).status).toBe(404);
  });

  it('deletes once when staff and the customer delete the same account 10 times at once', async () => {
    const customer = await proxyCustomer();
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => staffDelete(shop.staff, customer.account.id)),
      deleteOwn(customer),
      deleteOwn(customer),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => [200, 401, 404].includes(a.status))).toBe(true);
    const entries = await shop.server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, customer.account.id));
    expect(entries.filter((e) => e.action.startsWith('account.delete'))).toHaveLength(1);
  });

  it('refuses oneself, the last Administrator, and a staff or reseller account for a Manager', async () => {
    expect((await staffDelete(shop.staff, shop.admin.id)).status).toBe(403);
    const manager = await shop.server.buildAccount({ role: 'Manager' });
    const managerToken = await shop.server.tokenFor(manager);
    const support = await shop.server.buildAccount({ role: 'Support' });
    expect((await staffDelete(managerToken, support.id)).status).toBe(403);
    expect((await staffDelete(managerToken, shop.admin.id)).status).toBe(403);
    const reseller = await shop.server.buildAccount({ reseller: true });
    expect((await staffDelete(managerToken, reseller.id)).body.payload.error).toBe(
      'Only an Administrator can delete a staff or reseller account',
    );
    const customer = await shop.server.buildAccount();
    expect((await staffDelete(managerToken, customer.id)).body.message).toBe('Account deleted');
    expect((await staffDelete(managerToken, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await staffDelete(shop.staff, customer.id, '')).status).toBe(400);

    // Two Administrators: one may delete the other, after which the survivor is the last one.
    const second = await shop.server.buildAccount({ role: 'Administrator' });
    const secondToken = await shop.server.tokenFor(second);
    const self = await shop.server.request('DELETE', `/api/v1/public/accounts/${shop.admin.id}`, {
      token: shop.staff,
      body: { password: 'x' },
      headers: ip(),
    });
    expect(self.status).toBe(400);
    expect((await staffDelete(secondToken, shop.admin.id)).body.message).toBe('Account deleted');
    const last = await shop.server.request('DELETE', `/api/v1/public/accounts/${second.id}`, {
      token: secondToken,
      body: { password: second.password },
      headers: ip(),
    });
    expect(last.body).toMatchObject({ status: 400, message: 'The last Administrator cannot be deleted' });
  });

  it('lets two Administrators delete each other at once without a deadlock or a failed call', async () => {
    const third = await shop.server.buildAccount({ role: 'Administrator' });
    const fourth = await shop.server.buildAccount({ role: 'Administrator' });
    const [thirdToken, fourthToken] = [await shop.server.tokenFor(third), await shop.server.tokenFor(fourth)];
    // Administrator rows are locked in id order before the account, so the two take turns. Each was
    // allowed when its call arrived and another Administrator remains, so both may go.
    const race = await Promise.all([staffDelete(thirdToken, fourth.id), staffDelete(fourthToken, third.id)]);
    expect(race.some((r) => r.status === 200)).toBe(true);
    expect(race.every((r) => [200, 401, 404].includes(r.status))).toBe(true);
  });
});
