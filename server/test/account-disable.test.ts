import { getViaConnect, getViaSocks } from '@tollgate/gateway/testing/loopback';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog } from '#platform/db/schema.ts';
import type { TestAccount } from '#test/harness.ts';
import { customerWithPlan, proxyCredentials, refusedOnEveryNode, useProxyShop } from '#test/proxies-helpers.ts';

const shop = useProxyShop({ env: { TRUST_PROXY: '127.0.0.1' } });
let client = 0;
const ip = () => ({ 'x-forwarded-for': `198.51.100.${(++client % 250) + 1}` });

async function proxyCustomer() {
  const bought = await customerWithPlan(shop.server, shop.staff, { gb: 2, dollars: 20, pricePerGb: 5 });
  return { ...bought, ...(await proxyCredentials(shop.server, bought.subscriptionId)) };
}

const disable = (userId: string, token = shop.staff, reason: string | null = 'Chargeback fraud, ticket #9') =>
  shop.server.request('POST', `/api/v1/admin/accounts/${userId}/disable`, {
    token,
    body: reason === null ? {} : { reason },
  });
const enable = (userId: string, token = shop.staff) =>
  shop.server.request('POST', `/api/v1/admin/accounts/${userId}/enable`, {
    token,
    body: { reason: 'Cleared by finance' },
  });
const signIn = (account: TestAccount) =>
  shop.server.request('POST', '/api/v1/auth/login', {
    body: { login: account.email, password: account.password },
    headers: ip(),
  });

describe('disabling an account', () => {
  it('ends its sessions at once, refuses its proxies on every node within 5 s, and says why at sign-in', async () => {
    const customer = await proxyCustomer();
    const second = await shop.server.tokenFor(customer.account);
    const nodes = await shop.startNodes();
    for (const node of nodes) {
      expect((await getViaConnect(node.httpPort, shop.origin.port, '/', customer)).status).toBe(200);
      expect((await getViaSocks(node.socksPort, shop.origin.port, '/', customer)).status).toBe(200);
    }

    const res = await disable(customer.account.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Account disabled');
    expect(res.body.payload).toMatchObject({ disabled: true, disabledAt: expect.any(String) });
    for (const token of [customer.token, second])
      expect((await shop.server.request('GET', '/api/v1/auth/me', { token })).status).toBe(401);
    expect(await refusedOnEveryNode(nodes, shop.origin.port, customer)).toBeLessThan(5_000);

    const refused = await signIn(customer.account);
    expect(refused.body).toMatchObject({ status: 400, message: 'This account is disabled. Contact support.' });
    const history = await shop.server.request('GET', `/api/v1/admin/accounts/${customer.account.id}/sign-ins`, {
      token: shop.staff,
    });
    expect(history.body.payload.items[0]).toMatchObject({ method: 'password', outcome: 'disabled' });

    const [entry] = await shop.server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, customer.account.id), eq(auditLog.action, 'account.disable')));
    expect(entry).toMatchObject({
      actorId: shop.admin.id,
      reason: 'Chargeback fraud, ticket #9',
      before: { disabled: false },
      after: { disabled: true, sessionsRevoked: 2 },
    });

    // Enabling lets the person and the proxies back in.
    expect((await enable(customer.account.id)).body).toMatchObject({
      message: 'Account enabled',
      payload: { disabled: false },
    });
    expect((await signIn(customer.account)).status).toBe(200);
    const fresh = await shop.startNodes();
    for (const node of fresh)
      expect((await getViaConnect(node.httpPort, shop.origin.port, '/', customer)).status).toBe(200);
  });

  it('needs a reason, and refuses oneself, the last Administrator and, for a Manager, staff accounts', async () => {
    const customer = await shop.server.buildAccount();
    expect((await disable(customer.id, shop.staff, null)).status).toBe(400);
    expect((await disable(customer.id, shop.staff, ' ')).status).toBe(400);
    const own = await disable(shop.admin.id);
    expect(own.status).toBe(403);
    expect(own.body.payload.error).toBe('Staff cannot disable their own account');

    const manager = await shop.server.buildAccount({ role: 'Manager' });
    const managerToken = await shop.server.tokenFor(manager);
    const support = await shop.server.buildAccount({ role: 'Support' });
    for (const target of [support, shop.admin]) expect((await disable(target.id, managerToken)).status).toBe(403);
    expect((await disable(customer.id, managerToken)).status).toBe(200);
    // Twice is harmless: still disabled, one audit row.
    expect((await disable(customer.id, managerToken)).status).toBe(200);
    const rows = await shop.server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, customer.id), eq(auditLog.action, 'account.disable')));
    expect(rows).toHaveLength(1);
    expect((await disable('00000000-0000-4000-8000-000000000000')).status).toBe(404);

    // Administrators disabling each other at once: one wins, someone can still sign in as Administrator.
    const second = await shop.server.buildAccount({ role: 'Administrator' });
    const secondToken = await shop.server.tokenFor(second);
    const answers = await Promise.all([disable(second.id), disable(shop.admin.id, secondToken)]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => [200, 400, 401].includes(r.status))).toBe(true);
    const admins = await shop.server.database.db.select().from(accounts).where(eq(accounts.role, 'Administrator'));
    expect(admins.filter((a) => a.disabledAt === null).length).toBeGreaterThanOrEqual(1);
  });
});
