import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries } from '#platform/db/schema.ts';
import { moneyOf } from '#test/commerce.ts';
import { startFakeStripe } from '#test/fake-payment-providers.ts';
import { referralCodeOf, setRates, setSetting, signUp, tenDollarPlan } from '#test/growth-helpers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { referralRewards } from '../referrals/referrals.schema';
import { invoices, paymentReturns } from './checkout.schema';

// Refunds made at Stripe and card disputes (ADR 039), through the real Stripe adapter, its signature
// check and a local server speaking Stripe's API. Runs on PGlite and, with DATABASE_URL, on
// PostgreSQL, where the twenty deliveries really race.
const STRIPE_KEY = 'sk_test_tollgate';
const WEBHOOK_SECRET = 'whsec_tollgate_money_back';
const stripe = new Stripe(STRIPE_KEY);

let server: TestServer;
let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
let admin: string;
let planId: string;
beforeAll(async () => {
  fakeStripe = await startFakeStripe(STRIPE_KEY);
  server = await createTestServer({
    env: {
      TRUST_PROXY: '127.0.0.1',
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fakeStripe.url,
    },
  });
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  planId = (await tenDollarPlan(server)).id;
  await setSetting(server, admin, 'ReferralHoldDays', '0');
});
afterAll(async () => {
  await server.close();
  await fakeStripe.close();
});

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const signed = (type: string, object: Record<string, unknown>) => {
  const body = JSON.stringify({ id: id('evt'), object: 'event', type, data: { object } });
  return { body, signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) };
};
const post = (event: { body: string; signature?: string }) =>
  server.request('POST', '/api/v1/payments/stripe/webhook', {
    body: event.body,
    headers: {
      'content-type': 'application/json',
      ...(event.signature ? { 'stripe-signature': event.signature } : {}),
    },
  });
const dispute = (type: string, intent: string, amount: number, status: string, disputeId: string) =>
  signed(type, {
    id: disputeId,
    object: 'dispute',
    amount,
    currency: 'usd',
    charge: `ch_${intent.slice(3)}`,
    payment_intent: intent,
    reason: 'fraudulent',
    status,
  });
const refundEvent = (intent: string, amount: number, refundId: string) =>
  signed('refund.created', {
    id: refundId,
    object: 'refund',
    amount,
    charge: `ch_${intent.slice(3)}`,
    payment_intent: intent,
    reason: 'requested_by_customer',
    status: 'succeeded',
  });

/** A referrer at 10 % residential and the customer they brought, who buys `gb` GB by card. */
async function referredCardSale(gb: number) {
  const a = await server.buildAccount();
  await setRates(server, admin, a.id, { residential: 10 });
  const referrer = { ...a, token: await server.tokenFor(a) };
  const buyer = await signUp(server, { referralCode: await referralCodeOf(server, a.id) });
  const res = await server.request('POST', `/api/v1/public/plans/${planId}/purchase`, {
    token: buyer.token,
    body: { value: gb, country: 'US', paymentMethod: 'stripe' },
  });
  expect(res.status).toBe(200);
  const sessionId = new URL(res.body.payload.linkData.result.url).pathname.split('/').pop()!;
  const paid = signed('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
  });
  expect((await post(paid)).body.payload.outcome).toBe('settled');
  const intent = id('pi');
  fakeStripe.sessionOfIntent.set(intent, sessionId);
  const [invoice] = await server.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, res.body.payload.subscriptionId));
  return { referrer, buyer, intent, invoiceId: invoice!.id, cents: gb * 1000 };
}
const claimReferral = (token: string) => server.request('POST', '/api/v1/public/referral-rewards/claim', { token });
const ledgerOf = async (accountId: string) =>
  (
    await server.database.db
      .select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(ledgerEntries.id)
  ).map((e) => `${e.kind} ${e.cents}`);
const invoiceRow = async (invoiceId: string) =>
  (await server.database.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!;
const returnsOf = (invoiceId: string) =>
  server.database.db.select().from(paymentReturns).where(eq(paymentReturns.invoiceId, invoiceId));
const spentOf = async (accountId: string) =>
  (await server.database.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!.spentCents;
/** Today's statistics: money back on card payments, in dollars. */
async function stripeRefundsToday() {
  const today = new Date().toISOString().slice(0, 10);
  const stats = await server.request('GET', `/api/v1/admin/statistics?from=${today}&to=${today}`, { token: admin });
  expect(stats.status).toBe(200);
  return stats.body.payload.current.byMethod.find((m: { method: string }) => m.method === 'stripe').refunds as number;
}
const twenty = <T>(fn: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, fn));

describe('a card dispute', () => {
  it('delivered 20 times at once takes the claimed referral reward back exactly once; ledger equals balance', async () => {
    const sale = await referredCardSale(3); // $30, reward $3
    expect((await claimReferral(sale.referrer.token)).body.payload).toMatchObject({ credited: 3 });
    const opened = dispute('charge.dispute.created', sale.intent, sale.cents, 'needs_response', id('du'));

    const answers = await twenty(() => post(opened));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((r) => r.body.payload.outcome === 'recorded')).toHaveLength(1);

    expect(await ledgerOf(sale.referrer.id)).toEqual(['referral_reward 300', 'referral_reversal -300']);
    expect(await moneyOf(server, sale.referrer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    expect(await returnsOf(sale.invoiceId)).toMatchObject([
      { provider: 'stripe', cause: 'dispute', state: 'open', amountCents: 3000, refundedInvoice: true },
    ]);
    const invoice = await invoiceRow(sale.invoiceId);
    expect(invoice).toMatchObject({ status: 'paid', refundMode: 'external' });
    expect(invoice.refundReason).toContain('Card dispute');
    expect(await spentOf(sale.buyer.id)).toBe(0);

    // Its funds_withdrawn twin and a later loss move no money.
    const key = JSON.parse(opened.body).data.object.id as string;
    await post(dispute('charge.dispute.funds_withdrawn', sale.intent, sale.cents, 'needs_response', key));
    const lost = await post(dispute('charge.dispute.closed', sale.intent, sale.cents, 'lost', key));
    expect(lost.body.payload.outcome).toBe('recorded');
    expect((await returnsOf(sale.invoiceId))[0]).toMatchObject({ state: 'lost' });
    expect(await ledgerOf(sale.referrer.id)).toEqual(['referral_reward 300', 'referral_reversal -300']);
  });

  it('won: the sale and its reward come back once, and the referrer ends with the reward once', async () => {
    const sale = await referredCardSale(4); // $40, reward $4
    await claimReferral(sale.referrer.token);
    // The referrer spent $3 of it, so the dispute recovers $1 and leaves $3 owed.
    await server.request('PATCH', `/api/v1/admin/accounts/${sale.referrer.id}/balance`, {
      token: admin,
      body: { balanceToAddOrSub: -3, reason: 'spent elsewhere' },
    });
    const key = id('du');
    await post(dispute('charge.dispute.created', sale.intent, sale.cents, 'needs_response', key));
    expect(await moneyOf(server, sale.referrer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });

    const refundedWhileOpen = await stripeRefundsToday();
    const won = await twenty(() => post(dispute('charge.dispute.closed', sale.intent, sale.cents, 'won', key)));
    // Statistics give the money back on the day the dispute was won.
    expect(await stripeRefundsToday()).toBe(refundedWhileOpen - 40);
    expect(won.filter((r) => r.body.payload.outcome === 'recorded')).toHaveLength(1);
    expect(await invoiceRow(sale.invoiceId)).toMatchObject({ refundedAt: null, refundMode: null });
    expect(await spentOf(sale.buyer.id)).toBe(4000);
    const rewards = await server.database.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.invoiceId, sale.invoiceId));
    expect(rewards.map((r) => [r.amountCents, r.reversedAt === null, r.claimId === null]).sort()).toEqual([
      [400, false, false],
      [400, true, true],
    ]);
    // The restored reward pays what the reversal could not recover first: $4 - $3 owed = $1.
    expect((await claimReferral(sale.referrer.token)).body.payload).toMatchObject({
      claimed: 4,
      setOff: 3,
      credited: 1,
    });
    expect(await moneyOf(server, sale.referrer.id)).toEqual({ balanceCents: 100, ledgerCents: 100 });
    // 4 credited - 3 spent - 1 recovered + 1 credited again: the reward counted once.
    expect(await ledgerOf(sale.referrer.id)).toEqual([
      'referral_reward 400',
      'staff_adjustment -300',
      'referral_reversal -100',
      'referral_reward 100',
    ]);
    expect((await returnsOf(sale.invoiceId))[0]).toMatchObject({ state: 'won' });
  });

  it('refuses unsigned, forged and stale dispute callbacks with 400 and changes nothing', async () => {
    const sale = await referredCardSale(2);
    await claimReferral(sale.referrer.token);
    const event = dispute('charge.dispute.created', sale.intent, sale.cents, 'needs_response', id('du'));
    const forged = stripe.webhooks.generateTestHeaderString({ payload: event.body, secret: 'whsec_someone_else' });
    const stale = stripe.webhooks.generateTestHeaderString({
      payload: event.body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const signature of [undefined, forged, stale, 't=1,v1=00']) {
      const res = await post({ body: event.body, signature });
      expect(res.status).toBe(400);
    }
    expect(await returnsOf(sale.invoiceId)).toEqual([]);
    expect((await invoiceRow(sale.invoiceId)).refundedAt).toBeNull();
    expect(await ledgerOf(sale.referrer.id)).toEqual(['referral_reward 200']);
  });

  it('about a payment that is not ours is acknowledged and records nothing', async () => {
    const res = await post(dispute('charge.dispute.created', id('pi'), 1000, 'needs_response', id('du')));
    expect(res.body).toMatchObject({ status: 200, payload: { outcome: 'unchanged' } });
  });
});

describe('a disputed top-up', () => {
  it('takes back the balance it bought as far as it covers, the rest recorded; won, gives it back', async () => {
    const c = await signUp(server);
    const res = await server.request('POST', '/api/v1/public/topup', {
      token: c.token,
      body: { balance: 20, paymentMethod: 'stripe' },
    });
    const sessionId = new URL(res.body.payload.checkoutUrl).pathname.split('/').pop()!;
    await post(
      signed('checkout.session.completed', { id: sessionId, object: 'checkout.session', payment_status: 'paid' }),
    );
    const intent = id('pi');
    fakeStripe.sessionOfIntent.set(intent, sessionId);
    // $15 of it already spent.
    await server.request('PATCH', `/api/v1/admin/accounts/${c.id}/balance`, {
      token: admin,
      body: { balanceToAddOrSub: -15, reason: 'spent' },
    });
    const key = id('du');
    const opened = await twenty(() => post(dispute('charge.dispute.created', intent, 2000, 'needs_response', key)));
    expect(opened.filter((r) => r.body.payload.outcome === 'recorded')).toHaveLength(1);
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    const [row] = await server.database.db.select().from(paymentReturns).where(eq(paymentReturns.externalId, key));
    expect(row).toMatchObject({ state: 'open', amountCents: 2000, recoveredCents: 500, shortfallCents: 1500 });

    await twenty(() => post(dispute('charge.dispute.closed', intent, 2000, 'won', key)));
    expect(await moneyOf(server, c.id)).toEqual({ balanceCents: 500, ledgerCents: 500 });
    expect(await ledgerOf(c.id)).toEqual([
      'deposit 2000',
      'staff_adjustment -1500',
      'deposit_reversal -500',
      'deposit 500',
    ]);
  });
});

describe('a refund made in the Stripe dashboard', () => {
  it('is recorded once by its refund id, takes the reward back and counts in statistics', async () => {
    const sale = await referredCardSale(5); // $50, reward $5 unclaimed
    const refundId = id('re');
    const asRefund = refundEvent(sale.intent, sale.cents, refundId);
    // Stripe reports one refund twice: as the refund and inside the charge.
    const asCharge = signed('charge.refunded', {
      id: `ch_${sale.intent.slice(3)}`,
      object: 'charge',
      amount: sale.cents,
      amount_refunded: sale.cents,
      payment_intent: sale.intent,
      refunded: true,
      refunds: {
        object: 'list',
        data: [
          { id: refundId, object: 'refund', amount: sale.cents, payment_intent: sale.intent, status: 'succeeded' },
        ],
      },
    });
    const refundedBefore = await stripeRefundsToday();
    const answers = await Promise.all([...Array(5).fill(asRefund), ...Array(5).fill(asCharge)].map(post));
    expect(answers.filter((r) => r.body.payload.outcome === 'recorded')).toHaveLength(1);
    expect(await returnsOf(sale.invoiceId)).toMatchObject([
      { externalId: refundId, cause: 'refund', state: 'succeeded', amountCents: 5000, refundedInvoice: true },
    ]);
    expect(await invoiceRow(sale.invoiceId)).toMatchObject({ refundMode: 'external' });
    const [reward] = await server.database.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.invoiceId, sale.invoiceId));
    expect(reward!.reversedAt).not.toBeNull();
    expect(await moneyOf(server, sale.buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });

    expect(await stripeRefundsToday()).toBe(refundedBefore + 50);
  });

  it('partial refunds are recorded each; the invoice is refunded once they cover it', async () => {
    const sale = await referredCardSale(2); // $20
    const first = await post(refundEvent(sale.intent, 500, id('re')));
    expect(first.body.payload.outcome).toBe('recorded');
    expect((await invoiceRow(sale.invoiceId)).refundedAt).toBeNull();
    expect(await spentOf(sale.buyer.id)).toBe(2000);
    await post(refundEvent(sale.intent, 1500, id('re')));
    expect((await invoiceRow(sale.invoiceId)).refundedAt).not.toBeNull();
    expect(await spentOf(sale.buyer.id)).toBe(0);
    expect((await returnsOf(sale.invoiceId)).map((r) => r.amountCents).sort()).toEqual([1500, 500]);
  });

  it('a pending or failed refund records nothing', async () => {
    const sale = await referredCardSale(1);
    const pending = signed('refund.created', {
      id: id('re'),
      object: 'refund',
      amount: 1000,
      payment_intent: sale.intent,
      status: 'pending',
    });
    expect((await post(pending)).body.payload.outcome).toBe('unchanged');
    expect(await returnsOf(sale.invoiceId)).toEqual([]);
  });
});
