import { AWAITS_APPROVAL } from '@tollgate/contract/admin/change-requests';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries, staffChangeRequests } from '#platform/db/schema.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';

/**
 * Issue 32: the approvals screen's list (names, before and after, pending first, filters) and the
 * decision calls as someone probing them would try.
 */
let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let otherManager: TestAccount;
let support: TestAccount;
let customer: TestAccount;
const tokens = new Map<string, string>();
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.buildAccount({ role: 'Administrator' });
  manager = await server.buildAccount({ role: 'Manager' });
  otherManager = await server.buildAccount({ role: 'Manager' });
  support = await server.buildAccount({ role: 'Support' });
  customer = await server.buildAccount();
});
afterAll(() => server.close());

async function as(who: TestAccount) {
  if (!tokens.has(who.id)) tokens.set(who.id, await server.tokenFor(who));
  return tokens.get(who.id)!;
}
async function file(by: TestAccount, userId: string, dollars: number, reason = 'Refund for a yearly plan') {
  const res = await server.request('PATCH', `/api/v1/admin/accounts/${userId}/balance`, {
    token: await as(by),
    body: { balanceToAddOrSub: dollars, reason },
  });
  expect(res.body.message).toBe(AWAITS_APPROVAL);
  return res.body.payload.requestId as string;
}
const list = async (who: TestAccount, query = '') =>
  server.request('GET', `/api/v1/admin/change-requests${query}`, { token: await as(who) });
const decide = async (who: TestAccount, id: string, verb: 'approve' | 'reject', body: unknown = {}) =>
  server.request('POST', `/api/v1/admin/change-requests/${id}/${verb}`, { token: await as(who), body });
const balanceOf = async (id: string) =>
  (await server.database.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.balanceCents;

describe('the approvals list', () => {
  it('names the requester and account and shows the balance before and after, read now', async () => {
    const target = await server.buildAccount();
    await server.database.db.update(accounts).set({ balanceCents: 12_345 }).where(eq(accounts.id, target.id));
    const id = await file(manager, target.id, 800);
    const res = await list(admin, `?accountId=${target.id}`);
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual([
      expect.objectContaining({
        id,
        kind: 'balance',
        accountId: target.id,
        accountUsername: target.username,
        requestedBy: manager.id,
        requesterUsername: manager.username,
        subscriptionLabel: null,
        amount: 800,
        before: 123.45,
        after: 923.45,
        reason: 'Refund for a yearly plan',
        status: 'pending',
        deciderUsername: null,
      }),
    ]);
    expect(Date.parse(res.body.payload[0].createdAt)).toBeLessThanOrEqual(Date.now());
  });

  it('lists pending requests first, oldest first, then decided ones newest first, and filters by status and account', async () => {
    const target = await server.buildAccount();
    const first = await file(manager, target.id, 600);
    const second = await file(manager, target.id, 700);
    const third = await file(manager, target.id, 900);
    expect((await decide(admin, second, 'reject', { reason: 'Not agreed' })).status).toBe(200);
    expect((await decide(admin, first, 'approve', { reason: 'Agreed' })).status).toBe(200);

    const all = (await list(admin, `?status=all&accountId=${target.id}`)).body.payload;
    expect(all.map((r: { id: string }) => r.id)).toEqual([third, first, second]);
    expect(all[1]).toMatchObject({ status: 'approved', deciderUsername: admin.username, decisionReason: 'Agreed' });
    expect(all[1]).toMatchObject({ before: null, after: null });

    const pending = (await list(admin, `?accountId=${target.id}`)).body.payload;
    expect(pending.map((r: { id: string }) => r.id)).toEqual([third]);
    const rejected = (await list(otherManager, `?status=rejected&accountId=${target.id}`)).body.payload;
    expect(rejected.map((r: { id: string }) => r.id)).toEqual([second]);
    // Without a filter: every account's pending requests, each account's ones still among them.
    const everyone = (await list(admin)).body.payload as { id: string; status: string }[];
    expect(everyone.every((r) => r.status === 'pending')).toBe(true);
    expect(everyone.map((r) => r.id)).toContain(third);
  });

  it('answers an empty list for an unknown account and 400 for a garbage filter', async () => {
    const unknown = await list(admin, `?accountId=${crypto.randomUUID()}`);
    expect(unknown.body).toMatchObject({ status: 200, payload: [] });
    for (const query of [
      '?accountId=nope',
      '?status=everything',
      `?accountId=${'a'.repeat(5_000)}`,
      '?accountId=%00',
    ]) {
      const res = await list(admin, query);
      expect(res.status, query).toBe(400);
    }
  });

  it('keeps Support, customers and strangers out of the list and the decisions', async () => {
    const id = await file(manager, customer.id, 650);
    for (const who of [support, customer]) {
      expect((await list(who)).status).toBe(403);
      expect((await decide(who, id, 'approve')).status).toBe(403);
      expect((await decide(who, id, 'reject', { reason: 'Not agreed' })).status).toBe(403);
    }
    const anonymous = await server.request('GET', '/api/v1/admin/change-requests');
    expect(anonymous.status).toBe(403);
    expect(await balanceOf(customer.id)).toBe(0);
    expect((await decide(admin, id, 'reject', { reason: 'Clean up' })).status).toBe(200);
  });
});

describe('deciding, as an attacker would try it', () => {
  it('answers 400, never 500, to garbage, huge and control-character ids and reasons', async () => {
    const id = await file(manager, customer.id, 700);
    const ids = ['not-a-uuid', "1' or '1'='1", 'a'.repeat(10_000), '%00', '%E2%80%AE', '..%2F..%2Fetc'];
    for (const bad of ids) {
      const res = await decide(admin, bad, 'approve');
      // A path too long for the server's URL bound is refused before routing.
      expect(res.status, bad.slice(0, 20)).toBe(bad.length > 8_000 ? 414 : 400);
    }
    const reasons: unknown[] = ['ok\u0000ay', 'no\u0007pe', 'x'.repeat(501), '  ', 12, null, { $ne: 1 }, ['a']];
    for (const reason of reasons) {
      expect((await decide(admin, id, 'reject', { reason })).status, JSON.stringify(reason).slice(0, 20)).toBe(400);
      expect((await decide(admin, id, 'approve', { reason })).status, JSON.stringify(reason).slice(0, 20)).toBe(400);
    }
    expect((await decide(admin, id, 'reject', {})).status).toBe(400);
    expect((await decide(admin, crypto.randomUUID(), 'approve')).status).toBe(404);
    expect(await balanceOf(customer.id)).toBe(0);
    const [row] = await server.database.db.select().from(staffChangeRequests).where(eq(staffChangeRequests.id, id));
    expect(row!.status).toBe('pending');
    expect((await decide(admin, id, 'reject', { reason: 'Clean up' })).status).toBe(200);
  });

  it('never lets a requester decide their own request, either way, and lets a second Manager do it', async () => {
    const target = await server.buildAccount();
    const id = await file(manager, target.id, 750);
    for (const verb of ['approve', 'reject'] as const) {
      const own = await decide(manager, id, verb, { reason: 'Myself' });
      expect(own.status).toBe(403);
      expect(own.body.payload.error).toBe('A change needs someone other than its requester to decide it');
    }
    const approved = await decide(otherManager, id, 'approve', { reason: 'Checked the invoice' });
    expect(approved.body).toMatchObject({ message: 'Change approved', payload: { status: 'approved' } });
    expect(await balanceOf(target.id)).toBe(75_000);
  });

  it('applies a request approved twenty times at once exactly once', async () => {
    const target = await server.buildAccount();
    const id = await file(manager, target.id, 1_234);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(i % 2 ? admin : otherManager, id, 'approve', { reason: 'Agreed' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(answers.some((a) => a.status >= 500)).toBe(false);
    expect(await balanceOf(target.id)).toBe(123_400);
    const rows = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, target.id));
    expect(rows).toHaveLength(1);
  });
});
