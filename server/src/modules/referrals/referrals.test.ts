import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries } from '#platform/db/schema.ts';
import { fund, moneyOf } from '#test/commerce.ts';
import { buy, nextIp, referralCodeOf, setRates, setSetting, signUp, growthShop } from '#test/growth-helpers.ts';
import type { TestAccount, TestServer } from '#test/harness.ts';
import { referralRewards, referrals } from './referrals.schema';

let server: TestServer;
let admin: string;
let planId: string;
beforeAll(async () => {
  ({ server, admin, planId } = await growthShop({ env: { TRUST_PROXY: '127.0.0.1' } }));
});
afterAll(() => server.close());

async function referrer(rates: Parameters<typeof setRates>[3] = { residential: 10 }) {
  const account = await server.buildAccount();
  await setRates(server, admin, account.id, rates);
  return { ...account, token: await server.tokenFor(account), code: await referralCodeOf(server, account.id) };
}

const programme = async (who: { token: string }) =>
  (await server.request('GET', '/api/v1/public/referral-rewards', { token: who.token })).body.payload;

/** Moves a referrer's rewards past the holding period, as 14 days passing would. */
const age = (referrerId: string, days: number) =>
  server.database.db
    .update(referralRewards)
    .set({ earnedAt: sql`earned_at - make_interval(days => ${days})` })
    .where(eq(referralRewards.referrerId, referrerId));

describe('referral codes and links', () => {
  it('gives every account a code and a /register?ref= link with a QR code', async () => {
    const a = await referrer();
    const body = (await server.request('GET', '/api/v1/public/referral-rewards', { token: a.token })).body;
    expect(body.message).toBe('Referral rewards');
    expect(body.payload.code).toMatch(/^[0-9a-f]{12}$/);
    expect(body.payload.link).toBe(`${server.config.PUBLIC_URL}/register?ref=${body.payload.code}`);
    expect(body.payload.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(body.payload.series).toHaveLength(12);
    expect(body.payload.stats).toMatchObject({ signUps: 0, payingReferrals: 0, earned: 0, claimable: 0 });
  });

  it('reads the rates staff set, every family 0 by default, with the holding period', async () => {
    const fresh = await server.buildAccount();
    const res = await server.request('GET', '/api/v1/public/reward-rates', { token: await server.tokenFor(fresh) });
    expect(res.body).toMatchObject({
      message: 'Reward rates',
      payload: { rates: { residential: 0, datacenter: 0, isp: 0, ipv6: 0, mobile: 0 }, holdDays: 14 },
    });
    const a = await referrer({ residential: 12.5, mobile: 3 });
    const rates = await server.request('GET', '/api/v1/public/reward-rates', { token: a.token });
    expect(rates.body.payload.rates).toMatchObject({ residential: 12.5, mobile: 3, isp: 0 });
  });

  it('records the referral at sign-up; an unknown code is kept as typed but refers nobody', async () => {
    const a = await referrer();
    const b = await signUp(server, { referralCode: a.code.toUpperCase() });
    const [row] = await server.database.db.select().from(referrals).where(eq(referrals.referredId, b.id));
    expect(row).toMatchObject({ referrerId: a.id, refused: null });
    const stranger = await signUp(server, { referralCode: 'nosuchcode00' });
    expect(await server.database.db.select().from(referrals).where(eq(referrals.referredId, stranger.id))).toEqual([]);
  });
});

describe('rewards from a referral’s payments', () => {
  it('earns the family’s rate on a paid purchase: pending, then claimable, claimed once into the balance', async () => {
    const a = await referrer({ residential: 10 });
    const b = await signUp(server, { referralCode: a.code });
    await buy(server, admin, b, planId, 5); // $50

    let p = await programme(a);
    expect(p.stats).toMatchObject({ signUps: 1, payingReferrals: 1, earned: 5, pending: 5, claimable: 0 });
    expect(p.rewards[0]).toMatchObject({ customer: `${b.username.slice(0, 2)}***`, paid: 50, rate: 10, amount: 5 });
    expect(p.rewards[0].status).toBe('pending');
    const early = await server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('You have no referral rewards to claim yet');

    await age(a.id, 14);
    p = await programme(a);
    expect(p.stats).toMatchObject({ pending: 0, claimable: 5 });
    const claim = await server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token });
    expect(claim.body).toMatchObject({
      status: 200,
      message: 'Referral rewards claimed',
      payload: { claimed: 5, setOff: 0, credited: 5, balance: 5 },
    });
    expect(await moneyOf(server, a.id)).toEqual({ balanceCents: 500, ledgerCents: 500 });
    const [entry] = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, a.id));
    expect(entry).toMatchObject({ kind: 'referral_reward', amountCents: 500 });
    p = await programme(a);
    expect(p.stats).toMatchObject({ claimable: 0, claimed: 5, earned: 5 });
    expect(p.rewards[0].status).toBe('claimed');
    const again = await server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token });
    expect(again.status).toBe(400);
  });

  it('follows the ReferralHoldDays setting: 0 days makes a reward claimable at once', async () => {
    await setSetting(server, admin, 'ReferralHoldDays', '0');
    try {
      const a = await referrer({ residential: 20 });
      const b = await signUp(server, { referralCode: a.code });
      await buy(server, admin, b, planId, 1);
      expect((await programme(a)).stats).toMatchObject({ claimable: 2, pending: 0 });
    } finally {
      await setSetting(server, admin, 'ReferralHoldDays', '14');
    }
  });

  it('earns nothing while the rate is 0, and nothing for a family without a rate', async () => {
    const a = await referrer({ datacenter: 10 });
    const b = await signUp(server, { referralCode: a.code });
    await buy(server, admin, b, planId, 1);
    const p = await programme(a);
    expect(p.stats).toMatchObject({ signUps: 1, payingReferrals: 1, earned: 0 });
    expect(p.rewards).toEqual([]);
  });

  it('earns on renewals as on purchases, each paid invoice once', async () => {
    const a = await referrer({ residential: 10 });
    const b = await signUp(server, { referralCode: a.code });
    const { subscriptionId } = await buy(server, admin, b, planId, 2);
    await fund(server, admin, b.id, 100);
    const renewal = await server.request('PATCH', `/api/v1/public/subscriptions/${subscriptionId}/renew`, {
      token: b.token,
      body: { updatingType: 'bandwidth', bandwidth: 3, paymentMethod: 'balance' },
    });
    expect(renewal.body.payload.status).toBe('paid');
    const rows = await server.database.db.select().from(referralRewards).where(eq(referralRewards.referrerId, a.id));
    expect(rows.map((r) => r.amountCents).sort((x, y) => x - y)).toEqual(
      [200, Math.floor(renewal.body.payload.total * 10)].sort((x, y) => x - y),
    );
  });
});

describe('self-referral', () => {
  let a: TestAccount & { token: string; code: string };
  beforeAll(async () => {
    a = await referrer({ residential: 10 });
  });

  it('refuses a sign-up from an address the referrer signed in from', async () => {
    const ip = nextIp();
    const login = await server.request('POST', '/api/v1/auth/login', {
      body: { login: a.email, password: a.password },
      headers: { 'x-forwarded-for': ip },
    });
    expect(login.status).toBe(200);
    const b = await signUp(server, { referralCode: a.code, ip });
    const [row] = await server.database.db.select().from(referrals).where(eq(referrals.referredId, b.id));
    expect(row?.refused).toBe('same_ip');
    await buy(server, admin, b, planId, 1);
    expect((await programme(a)).stats).toMatchObject({ signUps: 0, earned: 0 });
  });

  it('shows the referrer a same-network refusal with its date and reason, nothing of who, and counts no sign-up or credit', async () => {
    const c = await referrer({ residential: 10 });
    const ip = nextIp();
    const login = await server.request('POST', '/api/v1/auth/login', {
      body: { login: c.email, password: c.password },
      headers: { 'x-forwarded-for': ip },
    });
    expect(login.status).toBe(200);
    const before = Date.now();
    const b = await signUp(server, { referralCode: c.code, ip });
    await buy(server, admin, b, planId, 1);

    const seen = await programme(c);
    expect(seen.stats).toMatchObject({ signUps: 0, refused: 1, payingReferrals: 0, earned: 0, pending: 0 });
    expect(seen.refusals).toEqual([{ reason: 'same_ip', at: expect.any(String) }]);
    expect(Date.parse(seen.refusals[0].at)).toBeGreaterThanOrEqual(before - 1000);
    expect(seen.rewards).toEqual([]);
    // Why and when only: the refused person's username, email and address stay with staff.
    const text = JSON.stringify(seen);
    for (const secret of [b.username, b.email, b.id, ip]) expect(text).not.toContain(secret);
    const credits = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, c.id));
    expect(credits.filter((e) => e.kind === 'referral_reward')).toEqual([]);

    // Another referrer sees nothing of it.
    const other = await referrer({ residential: 10 });
    const theirs = await programme(other);
    expect(theirs.stats).toMatchObject({ signUps: 0, refused: 0 });
    expect(theirs.refusals).toEqual([]);

    // Staff see it on the account's referral info, with who.
    const info = await server.request('POST', `/api/v1/admin/getrefferalinfo/${c.id}`, { token: admin });
    expect(info.body.payload.stats).toMatchObject({ signUps: 0, refused: 1 });
    expect(info.body.payload.referrals).toMatchObject([{ id: b.id, refused: 'same_ip' }]);
  });

  it('refuses the referrer’s own mailbox under another spelling', async () => {
    const [local, domain] = a.email.split('@');
    const b = await signUp(server, { referralCode: a.code, email: `${local}+again@${domain}` });
    const [row] = await server.database.db.select().from(referrals).where(eq(referrals.referredId, b.id));
    expect(row?.refused).toBe('same_mailbox');
  });

  it('refuses a sign-up from a browser the referrer signed in with, even from a new address and mailbox', async () => {
    const c = await referrer();
    const login = await server.request('POST', '/api/v1/auth/login', {
      body: { login: c.username, password: c.password },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(login.status).toBe(200);
    const device = login.headers.get('set-cookie')!.split(';')[0]!;
    expect(device).toMatch(/^tg_device=/);

    const same = await signUp(server, { referralCode: c.code, cookie: device });
    // A cookie the shop did not sign, or another account's, proves nothing: those sign-ups count.
    const forged = await signUp(server, {
      referralCode: c.code,
      cookie: device.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')),
    });
    const stranger = await signUp(server, { referralCode: c.code });
    const rows = await server.database.db.select().from(referrals).where(eq(referrals.referrerId, c.id));
    const refusalOf = (id: string) => rows.find((row) => row.referredId === id)?.refused;
    expect([refusalOf(same.id), refusalOf(forged.id), refusalOf(stranger.id)]).toEqual(['same_device', null, null]);

    const seen = await programme(c);
    expect(seen.stats).toMatchObject({ signUps: 2, refused: 1 });
    expect(seen.refusals).toEqual([{ reason: 'same_device', at: expect.any(String) }]);
  });

  it('cannot name the account itself: the database refuses a self row', async () => {
    await expect(server.database.db.insert(referrals).values({ referredId: a.id, referrerId: a.id })).rejects.toThrow();
  });
});

describe('staff referral info', () => {
  it('shows who referred whom, rewards in full, claims and totals; Managers too, customers not', async () => {
    const a = await referrer({ residential: 10 });
    const b = await signUp(server, { referralCode: a.code });
    await buy(server, admin, b, planId, 4);
    const res = await server.request('POST', `/api/v1/admin/getrefferalinfo/${a.id}`, { token: admin });
    expect(res.body.message).toBe('Referral info');
    expect(res.body.payload).toMatchObject({
      code: a.code,
      referredBy: null,
      stats: { signUps: 1, earned: 4 },
      referrals: [{ id: b.id, username: b.username, refused: null, paidInvoices: 1, paid: 40, earned: 4 }],
      rewards: [{ customer: b.username, amount: 4, status: 'pending' }],
      claims: [],
    });
    const ofB = await server.request('POST', `/api/v1/admin/getrefferalinfo/${b.id}`, { token: admin });
    expect(ofB.body.payload.referredBy).toEqual({ id: a.id, username: a.username, refused: null });

    const manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
    expect((await server.request('POST', `/api/v1/admin/getrefferalinfo/${a.id}`, { token: manager })).status).toBe(
      200,
    );
    expect((await server.request('POST', `/api/v1/admin/getrefferalinfo/${a.id}`, { token: b.token })).status).toBe(
      403,
    );
    const support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
    expect((await server.request('POST', `/api/v1/admin/getrefferalinfo/${a.id}`, { token: support })).status).toBe(
      403,
    );
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await server.request('POST', '/api/v1/admin/getrefferalinfo/not-a-uuid', { token: admin });
    expect(bad.status).toBe(400);
    const unknown = await server.request('POST', `/api/v1/admin/getrefferalinfo/${crypto.randomUUID()}`, {
      token: admin,
    });
    expect(unknown.status).toBe(404);
  });

  it('needs a signed-in caller for every customer call', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/public/reward-rates'],
      ['GET', '/api/v1/public/referral-rewards'],
      ['POST', '/api/v1/public/referral-rewards/claim'],
    ] as const)
      expect((await server.request(method, path)).status).toBe(403);
  });

  it('a deleted referrer’s link refers nobody', async () => {
    const a = await referrer();
    await server.database.db.update(accounts).set({ deletedAt: new Date() }).where(eq(accounts.id, a.id));
    const b = await signUp(server, { referralCode: a.code });
    expect(await server.database.db.select().from(referrals).where(eq(referrals.referredId, b.id))).toEqual([]);
  });
});

describe('a refund takes the referral reward back', () => {
  const refund = (invoiceId: string, mode: 'balance' | 'external' = 'balance') =>
    server.request('POST', `/api/v1/admin/invoices/${invoiceId}/refund`, {
      token: admin,
      body: { mode, reason: 'Customer asked for a refund' },
    });
  const rewardOf = async (invoiceId: string) =>
    (await server.database.db.select().from(referralRewards).where(eq(referralRewards.invoiceId, invoiceId)))[0]!;

  it('an unclaimed reward stops counting; no money moves for the referrer', async () => {
    const a = await referrer({ residential: 10 });
    const b = await signUp(server, { referralCode: a.code });
    const { invoiceId } = await buy(server, admin, b, planId, 3);
    expect((await refund(invoiceId)).status).toBe(200);
    expect(await rewardOf(invoiceId)).toMatchObject({ recoveredCents: 0, shortfallCents: 0 });
    expect((await rewardOf(invoiceId)).reversedAt).not.toBeNull();
    await age(a.id, 30);
    const p = await programme(a);
    expect(p.stats).toMatchObject({ earned: 0, claimable: 0, reversed: 3 });
    expect(p.rewards[0].status).toBe('reversed');
    expect(await moneyOf(server, a.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });

  it('a claimed reward is debited back through the ledger while the balance covers it', async () => {
    const a = await referrer({ residential: 10 });
    const b = await signUp(server, { referralCode: a.code });
    const { invoiceId } = await buy(server, admin, b, planId, 5);
    await age(a.id, 14);
    await server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token });
    expect((await refund(invoiceId, 'external')).status).toBe(200);
    expect(await rewardOf(invoiceId)).toMatchObject({ recoveredCents: 500, shortfallCents: 0 });
    expect(await moneyOf(server, a.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    const kinds = await server.database.db
      .select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, a.id));
    expect(kinds).toEqual([
      { kind: 'referral_reward', cents: 500 },
      { kind: 'referral_reversal', cents: -500 },
    ]);
  });

  it('never below zero: the shortfall is recorded and set off against the next claim', async () => {
    const a = await referrer({ residential: 10 });
    const b = await signUp(server, { referralCode: a.code });
    const first = await buy(server, admin, b, planId, 8); // reward $8
    await age(a.id, 14);
    await server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token });
    // The referrer spends most of it: $5 left.
    await server.request('PATCH', `/api/v1/admin/accounts/${a.id}/balance`, {
      token: admin,
      body: { balanceToAddOrSub: -3, reason: 'spent elsewhere' },
    });
    expect((await refund(first.invoiceId)).status).toBe(200);
    expect(await rewardOf(first.invoiceId)).toMatchObject({ recoveredCents: 500, shortfallCents: 300 });
    expect(await moneyOf(server, a.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    expect((await programme(a)).stats.owed).toBe(3);

    await buy(server, admin, b, planId, 5); // reward $5
    await age(a.id, 14);
    const claim = await server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token });
    expect(claim.body.payload).toMatchObject({ claimed: 5, setOff: 3, credited: 2, balance: 2 });
    expect(await moneyOf(server, a.id)).toEqual({ balanceCents: 200, ledgerCents: 200 });
    expect((await programme(a)).stats.owed).toBe(0);
  });

  it('a reward set off entirely credits nothing and still counts as claimed', async () => {
    const a = await referrer({ residential: 10 });
    const b = await signUp(server, { referralCode: a.code });
    const big = await buy(server, admin, b, planId, 6); // $6
    await age(a.id, 14);
    await server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token });
    await server.request('PATCH', `/api/v1/admin/accounts/${a.id}/balance`, {
      token: admin,
      body: { balanceToAddOrSub: -6, reason: 'spent elsewhere' },
    });
    await refund(big.invoiceId); // owed $6
    await buy(server, admin, b, planId, 2); // $2
    await age(a.id, 14);
    const claim = await server.request('POST', '/api/v1/public/referral-rewards/claim', { token: a.token });
    expect(claim.body.payload).toMatchObject({ claimed: 2, setOff: 2, credited: 0, balance: 0 });
    expect((await programme(a)).stats.owed).toBe(4);
    expect(await moneyOf(server, a.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });
});
