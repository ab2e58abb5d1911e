import { AWAITS_APPROVAL } from '@tollgate/contract/admin/change-requests';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries, staffChangeRequests } from '#platform/db/schema.ts';
import type { TestAccount } from '#test/harness.ts';
import { useStaffShop } from '#test/staff-helpers.ts';

/**
 * Issue 32: the approvals screen's list (names, before and after, pending first, filters) and the
 * decision calls as someone probing them would try.
 */
const shop = useStaffShop();
const { as } = shop;
let customer: TestAccount;
beforeAll(async () => void (customer = await shop.server.buildAccount()));

async function file(by: TestAccount, userId: string, dollars: number, reason = 'Refund for a yearly plan') {
  const res = await shop.server.request('PATCH', `/api/v1/admin/accounts/${userId}/balance`, {
    token: await as(by),
    body: { balanceToAddOrSub: dollars, reason },
  });
  expect(res.body.message).toBe(AWAITS_APPROVAL);
  return res.body.payload.requestId as string;
}
const list = async (who: TestAccount, query = '') =>
  shop.server.request('GET', `/api/v1/admin/change-requests${query}`, { token: await as(who) });
const decide = async (who: TestAccount, id: string, verb: 'approve' | 'reject', body: unknown = {}) =>
  shop.server.request('POST', `/api/v1/admin/change-requests/${id}/${verb}`, { token: await as(who), body });
const balanceOf = async (id: string) =>
  (await shop.server.database.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.balanceCents;

describe('the approvals list', () => {
  it('names the requester and account and shows the balance before and after, read now', async () => {
    const target = await shop.server.buildAccount();
    await shop.server.database.db.update(accounts).set({ balanceCents: 12_345 }).where(eq(accounts.id, target.id));
    const id = await file(shop.manager, target.id, 800);
    const res = await list(shop.admin, `?accountId=${target.id}`);
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual([
      expect.objectContaining({
        id,
        kind: 'balance',
        accountId: target.id,
        accountUsername: target.username,
        requestedBy: shop.manager.id,
        requesterUsername: shop.manager.username,
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
    const target = await shop.server.buildAccount();
    const first = await file(shop.manager, target.id, 600);
    const second = await file(shop.manager, target.id, 700);
    const third = await file(shop.manager, target.id, 900);
    expect((await decide(shop.admin, second, 'reject', { reason: 'Not agreed' })).status).toBe(200);
    expect((await decide(shop.admin, first, 'approve', { reason: 'Agreed' })).status).toBe(200);

    const all = (await list(shop.admin, `?status=all&accountId=${target.id}`)).body.payload;
    expect(all.map((r: { id: string }) => r.id)).toEqual([third, first, second]);
    expect(all[1]).toMatchObject({
      status: 'approved',
      deciderUsername: shop.admin.username,
      decisionReason: 'Agreed',
    });
    expect(all[1]).toMatchObject({ before: null, after: null });

    const pending = (await list(shop.admin, `?accountId=${target.id}`)).body.payload;
    expect(pending.map((r: { id: string }) => r.id)).toEqual([third]);
    const rejected = (await list(shop.otherManager, `?status=rejected&accountId=${target.id}`)).body.payload;
    expect(rejected.map((r: { id: string }) => r.id)).toEqual([second]);
    // Without a filter: every account's pending requests, each account's ones still among them.
    const everyone = (await list(shop.admin)).body.payload as { id: string; status: string }[];
    expect(everyone.every((r) => r.status === 'pending')).toBe(true);
    expect(everyone.map((r) => r.id)).toContain(third);
  });

  it('answers an empty list for an unknown account and 400 for a garbage filter', async () => {
    const unknown = await list(shop.admin, `?accountId=${crypto.randomUUID()}`);
    expect(unknown.body).toMatchObject({ status: 200, payload: [] });
    for (const query of [
      '?accountId=nope',
      '?status=everything',
      `?accountId=${'a'.repeat(5_000)}`,
      '?accountId=%00',
    ]) {
      const res = await list(shop.admin, query);
      expect(res.status, query).toBe(400);
    }
  });

  it('keeps Support, customers and strangers out of the list and the decisions', async () => {
    const id = await file(shop.manager, customer.id, 650);
    for (const who of [shop.support, customer]) {
      expect((await list(who)).status).toBe(403);
      expect((await decide(who, id, 'approve')).status).toBe(403);
      expect((await decide(who, id, 'reject', { reason: 'Not agreed' })).status).toBe(403);
    }
    const anonymous = await shop.server.request('GET', '/api/v1/admin/change-requests');
    expect(anonymous.status).toBe(403);
    expect(await balanceOf(customer.id)).toBe(0);
    expect((await decide(shop.admin, id, 'reject', { reason: 'Clean up' })).status).toBe(200);
  });
});

describe('deciding, as an attacker would try it', () => {
  it('answers 400, never 500, to garbage, huge and control-character ids and reasons', async () => {
    const id = await file(shop.manager, customer.id, 700);
    const ids = ['not-a-uuid', "1' or '1'='1", 'a'.repeat(10_000), '%00', '%E2%80%AE', '..%2F..%2Fetc'];
    for (const bad of ids) {
      const res = await decide(shop.admin, bad, 'approve');
      // A path too long for the server's URL bound is refused before routing.
      expect(res.status, bad.slice(0, 20)).toBe(bad.length > 8_000 ? 414 : 400);
    }
    const reasons: unknown[] = ['ok\u0000ay', 'no\u0007pe', 'x'.repeat(501), '  ', 12, null, { $ne: 1 }, ['a']];
    for (const reason of reasons) {
      expect((await decide(shop.admin, id, 'reject', { reason })).status, JSON.stringify(reason).slice(0, 20)).toBe(
        400,
      );
      expect((await decide(shop.admin, id, 'approve', { reason })).status, JSON.stringify(reason).slice(0, 20)).toBe(
        400,
      );
    }
    expect((await decide(shop.admin, id, 'reject', {})).status).toBe(400);
    expect((await decide(shop.admin, crypto.randomUUID(), 'approve')).status).toBe(404);
    expect(await balanceOf(customer.id)).toBe(0);
    const [row] = await shop.server.database.db
      .select()
      .from(staffChangeRequests)
      .where(eq(staffChangeRequests.id, id));
    expect(row!.status).toBe('pending');
    expect((await decide(shop.admin, id, 'reject', { reason: 'Clean up' })).status).toBe(200);
  });

  it('never lets a requester decide their own request, either way, and lets a second Manager do it', async () => {
    const target = await shop.server.buildAccount();
    const id = await file(shop.manager, target.id, 750);
    for (const verb of ['approve', 'reject'] as const) {
      const own = await decide(shop.manager, id, verb, { reason: 'Myself' });
      expect(own.status).toBe(403);
      expect(own.body.payload.error).toBe('A change needs someone other than its requester to decide it');
    }
    const approved = await decide(shop.otherManager, id, 'approve', { reason: 'Checked the invoice' });
    expect(approved.body).toMatchObject({ message: 'Change approved', payload: { status: 'approved' } });
    expect(await balanceOf(target.id)).toBe(75_000);
  });

  it('applies a request approved twenty times at once exactly once', async () => {
    const target = await shop.server.buildAccount();
    const id = await file(shop.manager, target.id, 1_234);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(i % 2 ? shop.admin : shop.otherManager, id, 'approve', { reason: 'Agreed' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(answers.some((a) => a.status >= 500)).toBe(false);
    expect(await balanceOf(target.id)).toBe(123_400);
    const rows = await shop.server.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, target.id));
    expect(rows).toHaveLength(1);
  });
});
