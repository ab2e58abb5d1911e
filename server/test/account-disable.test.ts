import type { Gateway } from '@tollgate/gateway/gateway';
import { allowingOrigin, getViaConnect, getViaSocks, startOrigin } from '@tollgate/gateway/testing/loopback';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog } from '#platform/db/schema.ts';
import { buildPlan, fund } from '#test/commerce.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { proxyCredentials, refusedOnEveryNode, setOwnServers, startGatewayNodes } from '#test/proxies-helpers.ts';

let server: TestServer;
let admin: TestAccount;
let adminToken: string;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let client = 0;
const ip = () => ({ 'x-forwarded-for': `198.51.100.${(++client % 250) + 1}` });
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  admin = await server.buildAccount({ role: 'Administrator' });
  adminToken = await server.tokenFor(admin);
  origin = await startOrigin();
  await setOwnServers(server, allowingOrigin());
});
afterAll(async () => {
  await origin.close();
  await server.close();
});

const gateways: Gateway[] = [];
afterEach(async () => void (await Promise.all(gateways.splice(0).map((g) => g.close()))));

/** Two gateway nodes, closed after each case. */
async function twoNodes() {
  const nodes = await startGatewayNodes(server);
  gateways.push(...nodes);
  return nodes;
}

async function customerWithPlan() {
  const account = await server.buildAccount({ emailVerified: true });
  const token = await server.tokenFor(account);
  await fund(server, adminToken, account.id, 20);
  const plan = await buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 5 }]) });
  const bought = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
    token,
    body: { value: 2, country: 'US', paymentMethod: 'balance' },
  });
  expect(bought.status).toBe(200);
  const id = bought.body.payload.subscriptionId as string;
  return { account, token, ...(await proxyCredentials(server, id)) };
}

const disable = (userId: string, token = adminToken, reason: string | null = 'Chargeback fraud, ticket #9') =>
  server.request('POST', `/api/v1/admin/accounts/${userId}/disable`, {
    token,
    body: reason === null ? {} : { reason },
  });
const enable = (userId: string, token = adminToken) =>
  server.request('POST', `/api/v1/admin/accounts/${userId}/enable`, { token, body: { reason: 'Cleared by finance' } });
const signIn = (account: TestAccount) =>
  server.request('POST', '/api/v1/auth/login', {
    body: { login: account.email, password: account.password },
    headers: ip(),
  });

describe('disabling an account', () => {
  it('ends its sessions at once, refuses its proxies on every node within 5 s, and says why at sign-in', async () => {
    const customer = await customerWithPlan();
    const second = await server.tokenFor(customer.account);
    const nodes = await twoNodes();
    for (const node of nodes) {
      expect((await getViaConnect(node.httpPort, origin.port, '/', customer)).status).toBe(200);
      expect((await getViaSocks(node.socksPort, origin.port, '/', customer)).status).toBe(200);
    }

    const res = await disable(customer.account.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Account disabled');
    expect(res.body.payload).toMatchObject({ disabled: true, disabledAt: expect.any(String) });
    for (const token of [customer.token, second])
      expect((await server.request('GET', '/api/v1/auth/me', { token })).status).toBe(401);
    expect(await refusedOnEveryNode(nodes, origin.port, customer)).toBeLessThan(5_000);

    const refused = await signIn(customer.account);
    expect(refused.body).toMatchObject({ status: 400, message: 'This account is disabled. Contact support.' });
    const history = await server.request('GET', `/api/v1/admin/accounts/${customer.account.id}/sign-ins`, {
      token: adminToken,
    });
    expect(history.body.payload.items[0]).toMatchObject({ method: 'password', outcome: 'disabled' });

    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, customer.account.id), eq(auditLog.action, 'account.disable')));
    expect(entry).toMatchObject({
      actorId: admin.id,
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
    const fresh = await twoNodes();
    for (const node of fresh) expect((await getViaConnect(node.httpPort, origin.port, '/', customer)).status).toBe(200);
  });

  it('needs a reason, and refuses oneself, the last Administrator and, for a Manager, staff accounts', async () => {
    const customer = await server.buildAccount();
    expect((await disable(customer.id, adminToken, null)).status).toBe(400);
    expect((await disable(customer.id, adminToken, ' ')).status).toBe(400);
    const own = await disable(admin.id);
    expect(own.status).toBe(403);
    expect(own.body.payload.error).toBe('Staff cannot disable their own account');

    const manager = await server.buildAccount({ role: 'Manager' });
    const managerToken = await server.tokenFor(manager);
    const support = await server.buildAccount({ role: 'Support' });
    for (const target of [support, admin]) expect((await disable(target.id, managerToken)).status).toBe(403);
    expect((await disable(customer.id, managerToken)).status).toBe(200);
    // Twice is harmless: still disabled, one audit row.
    expect((await disable(customer.id, managerToken)).status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, customer.id), eq(auditLog.action, 'account.disable')));
    expect(rows).toHaveLength(1);
    expect((await disable('00000000-0000-4000-8000-000000000000')).status).toBe(404);

    // Administrators disabling each other at once: one wins, someone can still sign in as Administrator.
    const second = await server.buildAccount({ role: 'Administrator' });
    const secondToken = await server.tokenFor(second);
    const answers = await Promise.all([disable(second.id), disable(admin.id, secondToken)]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => [200, 400, 401].includes(r.status))).toBe(true);
    const admins = await server.database.db.select().from(accounts).where(eq(accounts.role, 'Administrator'));
    expect(admins.filter((a) => a.disabledAt === null).length).toBeGreaterThanOrEqual(1);
  });
});
