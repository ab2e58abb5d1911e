import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '#platform/db/schema.ts';
import { moneyOf } from '#test/commerce.ts';
import { buy, setSetting, growthShop } from '#test/growth-helpers.ts';
import type { TestServer } from '#test/harness.ts';

let server: TestServer;
let admin: string;
let planId: string;
beforeAll(async () => void ({ server, admin, planId } = await growthShop()));
afterAll(() => server.close());

async function customer() {
  const account = await server.buildAccount();
  return { ...account, token: await server.tokenFor(account) };
}
const rewards = async (token: string) => (await server.request('GET', '/api/v1/public/rewards', { token })).body;
const claim = (token: string) => server.request('POST', '/api/v1/public/rewards/claim', { token });
const tiers = (rule: string, list: Array<[string, number, number]>) =>
  JSON.stringify({
    rule,
    tiers: list.map(([id, threshold, reward]) => ({ id, name: id.toUpperCase(), threshold, reward })),
  });
/** Staff's LoyaltyTiers setting: the rule and each tier's id, threshold and reward. */
const setTiers = (rule: string, list: Array<[string, number, number]>) =>
  setSetting(server, admin, 'LoyaltyTiers', tiers(rule, list));

describe('loyalty tiers', () => {
  it('shows the shipped tiers by lifetime spend, all locked for a new customer', async () => {
    const c = await customer();
    const body = await rewards(c.token);
    expect(body.message).toBe('Rewards');
    expect(body.payload).toMatchObject({
      rule: 'lifetime_spend',
      progress: 0,
      stats: { claimable: 0, claimed: 0, claimedCount: 0, nextTier: { id: 'bronze', remaining: 250, reward: 5 } },
    });
    expect(body.payload.tiers.map((t: { status: string }) => t.status)).toEqual(['locked', 'locked', 'locked']);
    const refused = await claim(c.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You have no rewards to claim yet');
  });

  it('makes a reached tier claimable, then claimed once, credited through the ledger', async () => {
    await setTiers('lifetime_spend', [
      ['first', 20, 2],
      ['second', 50, 7.5],
      ['third', 500, 50],
    ]);
    const c = await customer();
    await buy(server, admin, c, planId, 6); // $60 spent
    let body = await rewards(c.token);
    expect(body.payload.progress).toBe(60);
    expect(body.payload.tiers.map((t: { status: string }) => t.status)).toEqual(['claimable', 'claimable', 'locked']);
    expect(body.payload.stats).toMatchObject({ claimable: 9.5, nextTier: { id: 'third', remaining: 440 } });

    const res = await claim(c.token);
    expect(res.body).toMatchObject({
      status: 200,
      message: 'Rewards claimed',
      payload: {
        claimed: [
          { id: 'first', reward: 2 },
          { id: 'second', reward: 7.5 },
        ],
        credited: 9.5,
        balance: 9.5,
      },
    });
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 950, ledgerCents: 950 });
    const kinds = await server.database.db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, c.id));
    expect(kinds.filter((k) => k.kind === 'loyalty_reward')).toHaveLength(2);
    body = await rewards(c.token);
    expect(body.payload.tiers.map((t: { status: string }) => t.status)).toEqual(['claimed', 'claimed', 'locked']);
    expect(body.payload.stats).toMatchObject({ claimable: 0, claimed: 9.5, claimedCount: 2 });
    expect((await claim(c.token)).status).toBe(400);
  });

  it('counts paid orders when the operator chooses that rule', async () => {
    await setTiers('paid_orders', [['two-orders', 2, 3]]);
    const c = await customer();
    await buy(server, admin, c, planId, 1);
    expect((await rewards(c.token)).payload).toMatchObject({ rule: 'paid_orders', progress: 1 });
    await buy(server, admin, c, planId, 1);
    expect((await claim(c.token)).body.payload.credited).toBe(3);
  });

  it('shows staff an account’s claims (page, size 20) with its progress; Managers too, others not', async () => {
    await setTiers('lifetime_spend', [['one', 5, 1]]);
    const c = await customer();
    await buy(server, admin, c, planId, 1);
    await claim(c.token);
    const res = await server.request('GET', `/api/v1/admin/accounts/${c.id}/loyalty-rewards`, { token: admin });
    expect(res.body).toMatchObject({
      message: 'Loyalty rewards',
      payload: {
        total: 1,
        page: 1,
        size: 20,
        items: [{ tierId: 'one', tierName: 'ONE', rule: 'lifetime_spend', threshold: 5, reward: 1 }],
        programme: { progress: 10, tiers: [{ id: 'one', status: 'claimed', credited: 1 }] },
      },
    });
    const manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
    const support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
    const path = `/api/v1/admin/accounts/${c.id}/loyalty-rewards`;
    expect((await server.request('GET', path, { token: manager })).status).toBe(200);
    expect((await server.request('GET', path, { token: support })).status).toBe(403);
    expect((await server.request('GET', path, { token: c.token })).status).toBe(403);
    expect((await server.request('GET', `${path}?size=1000`, { token: admin })).status).toBe(400);
    expect((await server.request('GET', `${path}?page=0`, { token: admin })).status).toBe(400);
    expect(
      (await server.request('GET', `/api/v1/admin/accounts/${crypto.randomUUID()}/loyalty-rewards`, { token: admin }))
        .status,
    ).toBe(404);
  });

  it('refuses tier settings that do not add up, saving nothing', async () => {
    const bad = [
      JSON.stringify({ rule: 'lifetime_spend', tiers: [{ id: 'x', name: 'X', threshold: 0, reward: 1 }] }),
      JSON.stringify({ rule: 'paid_orders', tiers: [{ id: 'x', name: 'X', threshold: 1.5, reward: 1 }] }),
      JSON.stringify({ rule: 'lifetime_spend', tiers: [{ id: 'Bad Id', name: 'X', threshold: 1, reward: 1 }] }),
      JSON.stringify({ rule: 'visits', tiers: [] }),
    ];
    for (const text of bad) {
      const res = await server.request('PUT', '/api/v1/admin/settings', { token: admin, body: { LoyaltyTiers: text } });
      expect(res.status).toBe(400);
    }
  });
});

describe('a refund takes loyalty tiers back (ADR 039)', () => {
  const refund = (invoiceId: string, mode: 'balance' | 'external') =>
    server.request('POST', `/api/v1/admin/invoices/${invoiceId}/refund`, {
      token: admin,
      body: { mode, reason: 'Customer asked for a refund' },
    });
  const ledgerOf = async (accountId: string) =>
    (
      await server.database.db
        .select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, accountId))
        .orderBy(ledgerEntries.id)
    )
      .filter((e) => e.kind.startsWith('loyalty'))
      .map((e) => `${e.kind} ${e.cents}`);
  const twoTiers = () =>
    setTiers('lifetime_spend', [
      ['first', 20, 2],
      ['second', 50, 7.5],
    ]);

  it('below a claimed tier: taken back from the balance, never below zero, the shortfall set off when reached again', async () => {
    await twoTiers();
    const c = await customer();
    await buy(server, admin, c, planId, 3);
    const second = await buy(server, admin, c, planId, 3); // $60 spent
    expect((await claim(c.token)).body.payload.credited).toBe(9.5);
    // The customer spent most of it: $1.50 left.
    await server.request('PATCH', `/api/v1/admin/accounts/${c.id}/balance`, {
      token: admin,
      body: { balanceToAddOrSub: -8, reason: 'spent elsewhere' },
    });

    expect((await refund(second.invoiceId, 'external')).status).toBe(200); // $30 spent: below $50
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    expect(await ledgerOf(c.id)).toEqual(['loyalty_reward 200', 'loyalty_reward 750', 'loyalty_reversal -150']);
    let body = await rewards(c.token);
    expect(body.payload.tiers.map((t: { status: string }) => t.status)).toEqual(['claimed', 'locked']);
    expect(body.payload.stats).toMatchObject({ claimed: 2, claimedCount: 1 });
    const staff = await server.request('GET', `/api/v1/admin/accounts/${c.id}/loyalty-rewards`, { token: admin });
    const taken = staff.body.payload.items.find((i: { tierId: string }) => i.tierId === 'second');
    expect(taken).toMatchObject({ takenBack: 1.5, shortfall: 6 });
    expect(taken.takenBackAt).not.toBeNull();

    // The same refund again changes nothing; the tier still held stays.
    expect((await refund(second.invoiceId, 'external')).status).toBe(400);
    expect(await ledgerOf(c.id)).toEqual(['loyalty_reward 200', 'loyalty_reward 750', 'loyalty_reversal -150']);

    // Reached again: claimed again, less the $6 the take-back could not recover.
    await buy(server, admin, c, planId, 2); // $50 spent
    const again = await claim(c.token);
    expect(again.body.payload).toMatchObject({ claimed: [{ id: 'second', reward: 1.5 }], credited: 1.5 });
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 150, ledgerCents: 150 });
    body = await rewards(c.token);
    expect(body.payload.tiers.map((t: { status: string }) => t.status)).toEqual(['claimed', 'claimed']);
    expect((await claim(c.token)).status).toBe(400);
  });

  it('a refund to the balance pays the take-back first; a reached tier never claimed simply locks again', async () => {
    await twoTiers();
    const c = await customer();
    const first = await buy(server, admin, c, planId, 3); // $30: "first" claimable
    expect((await claim(c.token)).body.payload.credited).toBe(2);
    await buy(server, admin, c, planId, 3); // $60: "second" reached, not claimed
    expect((await refund(first.invoiceId, 'balance')).status).toBe(200); // $30 spent: first still held
    expect((await rewards(c.token)).payload.tiers.map((t: { status: string }) => t.status)).toEqual([
      'claimed',
      'locked',
    ]);
    expect(await ledgerOf(c.id)).toEqual(['loyalty_reward 200']);
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 3200, ledgerCents: 3200 });
  });

  it('under the paid-orders rule, a refunded order counts no more', async () => {
    await setTiers('paid_orders', [['two-orders', 2, 3]]);
    const c = await customer();
    const one = await buy(server, admin, c, planId, 1);
    await buy(server, admin, c, planId, 1);
    expect((await claim(c.token)).body.payload.credited).toBe(3);
    expect((await refund(one.invoiceId, 'balance')).status).toBe(200);
    // $10 back to the balance, $3 of it taken back.
    expect(await ledgerOf(c.id)).toEqual(['loyalty_reward 300', 'loyalty_reversal -300']);
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 1000, ledgerCents: 1000 });
  });
});
