import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '#platform/db/schema.ts';
import { moneyOf } from '#test/commerce.ts';
import { buy, nextIp, referralCodeOf, setRates, setSetting, signUp, growthShop } from '#test/growth-helpers.ts';
import type { TestServer } from '#test/harness.ts';
import { giftRedemptions } from '../gifts/gifts.schema';
import { referralClaims, referralRewards } from './referrals.schema';

// Meant for PostgreSQL (the server:postgres project), where the 50 requests really run side by side.
let server: TestServer;
let admin: string;
let planId: string;
beforeAll(async () => {
  ({ server, admin, planId } = await growthShop({ env: { TRUST_PROXY: '127.0.0.1' } }));
  await setSetting(server, admin, 'ReferralHoldDays', '0');
});
afterAll(() => server.close());

const fifty = <T>(fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: 50 }, (_, i) => fn(i)));
const ledgerKinds = async (accountId: string, kind: string) =>
  (await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId))).filter(
    (e) => e.kind === kind,
  );

async function referralPair() {
  const a = await server.buildAccount();
  await setRates(server, admin, a.id, { residential: 10 });
  const aToken = await server.tokenFor(a);
  const b = await signUp(server, { referralCode: await referralCodeOf(server, a.id) });
  return { a: { ...a, token: aToken }, b };
}

describe('growth money under 50 identical requests at once', () => {
  it('50 parallel referral claims: exactly one credit, ledger equals balance', async () => {
    const { a, b } = await referralPair();
    await buy(server, admin, b, planId, 7); // $7 reward
    const answers = await fifty(() =>
      server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token }),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      answers
        .filter((r) => r.status === 400)
        .every((r) => r.body.message === 'You have no referral rewards to claim yet'),
    ).toBe(true);
    expect(await moneyOf(server, a.id)).toEqual({ balanceCents: 700, ledgerCents: 700 });
    expect(await ledgerKinds(a.id, 'referral_reward')).toHaveLength(1);
    expect(
      await server.database.db.select().from(referralClaims).where(eq(referralClaims.accountId, a.id)),
    ).toHaveLength(1);
  });

  it('50 parallel loyalty claims: each tier credited once', async () => {
    await setSetting(
      server,
      admin,
      'LoyaltyTiers',
      JSON.stringify({ rule: 'lifetime_spend', tiers: [{ id: 'first', name: 'First', threshold: 10, reward: 4 }] }),
    );
    const c = await server.buildAccount();
    const token = await server.tokenFor(c);
    await buy(server, admin, { id: c.id, token }, planId, 2);
    const answers = await fifty(() => server.request('POST', '/api/v1/public/rewards/claim', { token }));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 400, ledgerCents: 400 });
    expect(await ledgerKinds(c.id, 'loyalty_reward')).toHaveLength(1);
  });

  it('50 customers redeeming one single-use gift code at once: exactly one gets it', async () => {
    const made = await server.request('POST', '/api/v1/admin/gifts', {
      token: admin,
      body: { kind: 'balance', amount: 25, quantity: 1 },
    });
    const customers = await fifty(async () => {
      const account = await server.buildAccount();
      return { id: account.id, token: await server.tokenFor(account) };
    });
    const answers = await Promise.all(
      customers.map((c) =>
        server.request('POST', '/api/v1/public/gifts/redeem', {
          token: c.token,
          body: { code: made.body.payload.code },
          headers: { 'x-forwarded-for': nextIp() },
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.message === 'This gift code has already been redeemed')).toHaveLength(49);
    const money = await Promise.all(customers.map((c) => moneyOf(server, c.id)));
    expect(money.filter((m) => m.balanceCents === 2500)).toHaveLength(1);
    expect(money.every((m) => m.balanceCents === m.ledgerCents)).toBe(true);
    expect(
      await server.database.db.select().from(giftRedemptions).where(eq(giftRedemptions.giftId, made.body.payload.id)),
    ).toHaveLength(1);
  });

  it('one customer sending a gift code 50 times at once: redeemed once', async () => {
    const made = await server.request('POST', '/api/v1/admin/gifts', {
      token: admin,
      body: { kind: 'balance', amount: 3, quantity: 50 },
    });
    const c = await server.buildAccount();
    const token = await server.tokenFor(c);
    // From 50 addresses, so the per-address rate limit is not what stops them: the database is.
    const answers = await fifty(() =>
      server.request('POST', '/api/v1/public/gifts/redeem', {
        token,
        body: { code: made.body.payload.code },
        headers: { 'x-forwarded-for': nextIp() },
      }),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.message === 'You have already redeemed this gift code')).toHaveLength(49);
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 300, ledgerCents: 300 });
  });

  it('50 parallel refunds of one invoice: refunded once, its claimed reward taken back once', async () => {
    const { a, b } = await referralPair();
    const { invoiceId } = await buy(server, admin, b, planId, 4);
    await server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token });
    const answers = await fifty(() =>
      server.request('POST', `/api/v1/admin/invoices/${invoiceId}/refund`, {
        token: admin,
        body: { mode: 'balance', reason: 'Refund storm' },
      }),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await moneyOf(server, b.id)).toEqual({ balanceCents: 4000, ledgerCents: 4000 });
    expect(await moneyOf(server, a.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    const [reward] = await server.database.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.invoiceId, invoiceId));
    expect(reward).toMatchObject({ recoveredCents: 400, shortfallCents: 0 });
  });

  it('loyalty claims racing a refund below the tier: the tier ends unpaid, ledger equals balance', async () => {
    await setSetting(
      server,
      admin,
      'LoyaltyTiers',
      JSON.stringify({ rule: 'lifetime_spend', tiers: [{ id: 'fifty', name: 'Fifty', threshold: 50, reward: 5 }] }),
    );
    const c = await server.buildAccount();
    const token = await server.tokenFor(c);
    const orders = [];
    for (let i = 0; i < 3; i += 1) orders.push(await buy(server, admin, { id: c.id, token }, planId, 2)); // $60
    const answers = await Promise.all([
      server.request('POST', `/api/v1/admin/invoices/${orders[0]!.invoiceId}/refund`, {
        token: admin,
        body: { mode: 'balance', reason: 'Race' },
      }),
      ...Array.from({ length: 20 }, () => server.request('POST', '/api/v1/public/rewards/claim', { token })),
    ]);
    expect(answers[0]!.status).toBe(200);
    // Claimed before the refund and taken back by it, or refused after it: $40 spent keeps nothing.
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 2000, ledgerCents: 2000 });
    const held = await server.database.db.execute(
      sql`select count(*)::int as n from loyalty_claims where account_id = ${c.id} and revoked_at is null`,
    );
    expect((held as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('claims and refunds racing on one referrer never leave the balance below the ledger or zero', async () => {
    const { a, b } = await referralPair();
    const bought = await Promise.all([1, 2, 3, 4, 5].map(() => buy(server, admin, b, planId, 2)));
    const answers = await Promise.all([
      ...bought.map((o) =>
        server.request('POST', `/api/v1/admin/invoices/${o.invoiceId}/refund`, {
          token: admin,
          body: { mode: 'external', reason: 'Race' },
        }),
      ),
      ...Array.from({ length: 10 }, () =>
        server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token }),
      ),
    ]);
    expect(answers.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    const money = await moneyOf(server, a.id);
    expect(money.balanceCents).toBe(money.ledgerCents);
    expect(money.balanceCents).toBeGreaterThanOrEqual(0);
    const [owed] = await server.database.db
      .execute(
        sql`select coalesce(sum(shortfall_cents), 0)::int as owed from referral_rewards where referrer_id = ${a.id}`,
      )
      .then((r) => (r as unknown as { rows: Array<{ owed: number }> }).rows);
    // Every reward was refunded: whatever was credited came back, or is owed.
    expect(money.balanceCents).toBe(0);
    expect(owed!.owed).toBe(0);
  });
});
