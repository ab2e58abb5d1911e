import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { startFakeCryptomus, startFakeStripe } from '#test/fake-payment-providers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { paymentReturns } from './checkout.schema';

const STRIPE_KEY = 'sk_test_tollgate';
const WEBHOOK_SECRET = 'whsec_tollgate_test';
const MERCHANT = 'merchant-1';
const CRYPTO_KEY = 'cryptomus-api-key';

let server: TestServer;
let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
let fakeCryptomus: Awaited<ReturnType<typeof startFakeCryptomus>>;
const stripe = new Stripe(STRIPE_KEY);

beforeAll(async () => {
  [fakeStripe, fakeCryptomus] = await Promise.all([
    startFakeStripe(STRIPE_KEY),
    startFakeCryptomus(MERCHANT, CRYPTO_KEY),
  ]);
  server = await createTestServer({
    env: {
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fakeStripe.url,
      CRYPTOMUS_MERCHANT_ID: MERCHANT,
      CRYPTOMUS_API_KEY: CRYPTO_KEY,
      CRYPTOMUS_API_URL: fakeCryptomus.url,
    },
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all([fakeStripe.close(), fakeCryptomus.close()]);
});

async function customer() {
  const account = await server.buildAccount();
  return { ...account, token: await server.tokenFor(account) };
}

function stripeEvent(type: string, sessionId: string, paymentStatus = 'paid') {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus } },
  });
}
const postStripe = (body: string, signature: string) =>
  server.request('POST', '/api/v1/payments/stripe/webhook', {
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
const sign = (payload: string, timestamp?: number) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...(timestamp ? { timestamp } : {}) });

async function cardDeposit(token: string, dollars: number) {
  const res = await server.request('POST', '/api/v1/public/topup', {
    token,
    body: { balance: dollars, paymentMethod: 'stripe' },
  });
  expect(res.status).toBe(200);
  const sessionId = new URL(res.body.payload.checkoutUrl).pathname.split('/').pop()!;
  return { ...res.body.payload, sessionId };
}

describe('Stripe Checkout through the official SDK', () => {
  it('opens a session for our amount and sends the customer to Stripe', async () => {
    const buyer = await customer();
    const { checkoutUrl, sessionId, paymentId } = await cardDeposit(buyer.token, 12.34);
    expect(checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const form = fakeStripe.sessions.get(sessionId)!;
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '1234',
      'line_items[0][price_data][currency]': 'usd',
      'metadata[paymentId]': paymentId,
      customer_email: buyer.email,
    });
    expect(form.success_url).toBe(`${server.url}/topup?payment=${paymentId}`);
  });

  it('credits once for the same signed event sent 20 times in parallel', async () => {
    const buyer = await customer();
    const { sessionId } = await cardDeposit(buyer.token, 40);
    const body = stripeEvent('checkout.session.completed', sessionId);
    const signature = sign(body);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postStripe(body, signature)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.payload.outcome === 'settled')).toHaveLength(1);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 4000, ledgerCents: 4000 });
  });

  it('refuses forged, stale and unsigned callbacks with 400 and writes nothing', async () => {
    const buyer = await customer();
    const { sessionId } = await cardDeposit(buyer.token, 15);
    const body = stripeEvent('checkout.session.completed', sessionId);
    const forged = stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_someone_else' });
    const stale = sign(body, Math.floor(Date.now() / 1000) - 600);
    for (const signature of [forged, stale, 'garbage']) {
      const res = await postStripe(body, signature);
      expect(res.body).toMatchObject({ status: 400, message: 'Invalid signature' });
    }
    // A valid signature over other bytes does not carry over to a changed body.
    expect((await postStripe(body.replace(sessionId, 'cs_other'), sign(body))).status).toBe(400);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });

  it('takes events in any order: a late expiry after payment, or payment after expiry, moves nothing', async () => {
    const buyer = await customer();
    const paidFirst = await cardDeposit(buyer.token, 10);
    const paid = stripeEvent('checkout.session.completed', paidFirst.sessionId);
    const expired = stripeEvent('checkout.session.expired', paidFirst.sessionId, 'unpaid');
    expect((await postStripe(paid, sign(paid))).body.payload.outcome).toBe('settled');
    expect((await postStripe(expired, sign(expired))).body.payload.outcome).toBe('unchanged');

    const expiredFirst = await cardDeposit(buyer.token, 20);
    const lateExpiry = stripeEvent('checkout.session.expired', expiredFirst.sessionId, 'unpaid');
    const latePaid = stripeEvent('checkout.session.completed', expiredFirst.sessionId);
    expect((await postStripe(lateExpiry, sign(lateExpiry))).body.payload.outcome).toBe('settled');
    expect((await postStripe(latePaid, sign(latePaid))).body.payload.outcome).toBe('unchanged');

    // Completed but not yet paid (a delayed method) waits for the async outcome.
    const delayed = await cardDeposit(buyer.token, 5);
    const unpaid = stripeEvent('checkout.session.completed', delayed.sessionId, 'unpaid');
    expect((await postStripe(unpaid, sign(unpaid))).body.payload.outcome).toBe('unchanged');
    const succeeded = stripeEvent('checkout.session.async_payment_succeeded', delayed.sessionId);
    expect((await postStripe(succeeded, sign(succeeded))).body.payload.outcome).toBe('settled');

    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 1500, ledgerCents: 1500 });
  });

  it('ignores events about nothing we know and other event types', async () => {
    const unknown = stripeEvent('checkout.session.completed', 'cs_test_nobody');
    expect((await postStripe(unknown, sign(unknown))).body.payload.outcome).toBe('unchanged');
    const other = stripeEvent('customer.created', 'cus_1');
    expect((await postStripe(other, sign(other))).status).toBe(200);
  });
});

describe('staff re-verification asks the provider', () => {
  it('settles a card purchase Stripe says is paid, once; says so when nothing can be verified', async () => {
    const plan = await buildPlan(server);
    const buyer = await customer();
    const staff = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
    const res = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: buyer.token,
      body: { value: 1, country: 'US', paymentMethod: 'stripe' },
    });
    const id = res.body.payload.subscriptionId;
    const sessionId = new URL(res.body.payload.linkData.result.url).pathname.split('/').pop()!;
    const reverify = () =>
      server.request('POST', `/api/v1/admin/subscriptions/${id}/reverify-payment`, { token: staff });

    const open = await reverify();
    expect(open.body).toMatchObject({
      message: 'Payment verification completed',
      payload: { status: 'pending', subscription: { status: 'pending' } },
    });
    fakeStripe.paymentStatus.set(sessionId, 'paid');
    const paid = await reverify();
    expect(paid.body.payload).toMatchObject({ status: 'paid', subscription: { status: 'active' } });
    // The webhook arriving afterwards changes nothing.
    const late = stripeEvent('checkout.session.completed', sessionId);
    expect((await postStripe(late, sign(late))).body.payload.outcome).toBe('unchanged');

    const balanceBuy = await server.buildAccount();
    await fund(server, staff, balanceBuy.id, 10);
    const bought = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: await server.tokenFor(balanceBuy),
      body: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    const none = await server.request(
      'POST',
      `/api/v1/admin/subscriptions/${bought.body.payload.subscriptionId}/reverify-payment`,
      { token: staff },
    );
    expect(none.body).toMatchObject({ status: 400, message: 'Payment verification failed' });
  });
});

describe('Cryptomus invoices with signed callbacks', () => {
  const postCallback = (body: string) =>
    server.request('POST', '/api/v1/payments/cryptomus/webhook', {
      body,
      headers: { 'content-type': 'application/json' },
    });

  async function cryptoDeposit(token: string, dollars: number) {
    const res = await server.request('POST', '/api/v1/public/topup', {
      token,
      body: { balance: dollars, paymentMethod: 'crypto' },
    });
    expect(res.status).toBe(200);
    const uuid = new URL(res.body.payload.invoiceLink).pathname.split('/').pop()!;
    return { ...res.body.payload, uuid };
  }

  it('opens a signed invoice and credits only when Cryptomus itself says paid', async () => {
    const buyer = await customer();
    const { uuid, paymentId, invoiceLink } = await cryptoDeposit(buyer.token, 30);
    expect(invoiceLink).toBe(`https://pay.cryptomus.test/pay/${uuid}`);
    expect(fakeCryptomus.invoices.get(uuid)).toMatchObject({
      orderId: paymentId,
      amount: '30.00',
      callback: `${server.url}/api/v1/payments/cryptomus/webhook`,
    });

    // The callback claims paid but the invoice, read back, is not: nothing moves.
    expect((await postCallback(fakeCryptomus.callback(uuid, 'paid'))).body.payload.outcome).toBe('unchanged');
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });

    fakeCryptomus.invoices.get(uuid)!.status = 'paid';
    const body = fakeCryptomus.callback(uuid, 'paid');
    const answers = await Promise.all(Array.from({ length: 20 }, () => postCallback(body)));
    expect(answers.filter((a) => a.body.payload.outcome === 'settled')).toHaveLength(1);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 3000, ledgerCents: 3000 });
  });

  it('refuses a callback signed with another key, or without a sign, and writes nothing', async () => {
    const buyer = await customer();
    const { uuid } = await cryptoDeposit(buyer.token, 9);
    fakeCryptomus.invoices.get(uuid)!.status = 'paid';
    const forged = await postCallback(fakeCryptomus.callback(uuid, 'paid', 'not-the-key'));
    expect(forged.body).toMatchObject({ status: 400, message: 'Invalid signature' });
    const unsigned = JSON.parse(fakeCryptomus.callback(uuid, 'paid'));
    delete unsigned.sign;
    expect((await postCallback(JSON.stringify(unsigned))).status).toBe(400);
    expect((await postCallback('not json')).status).toBe(400);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });

  it('a refund made in the Cryptomus dashboard is recorded once, from the invoice read back', async () => {
    const buyer = await customer();
    const { uuid } = await cryptoDeposit(buyer.token, 12);
    fakeCryptomus.invoices.get(uuid)!.status = 'paid';
    await postCallback(fakeCryptomus.callback(uuid, 'paid'));
    // The callback says refunded, Cryptomus does not yet: nothing is recorded.
    expect((await postCallback(fakeCryptomus.callback(uuid, 'refund_paid'))).body.payload.outcome).toBe('unchanged');
    fakeCryptomus.invoices.get(uuid)!.status = 'refund_paid';
    const body = fakeCryptomus.callback(uuid, 'refund_paid');
    const answers = await Promise.all(Array.from({ length: 10 }, () => postCallback(body)));
    expect(answers.filter((a) => a.body.payload.outcome === 'recorded')).toHaveLength(1);
    const [row] = await server.database.db
      .select()
      .from(paymentReturns)
      .where(eq(paymentReturns.externalId, `refund-${uuid}`));
    expect(row).toMatchObject({ provider: 'cryptomus', cause: 'refund', amountCents: 1200, accountId: buyer.id });
    // The top-up's balance goes back with it.
    expect(row).toMatchObject({ recoveredCents: 1200, shortfallCents: 0 });
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });

  it('a cancelled invoice closes the payment for good', async () => {
    const buyer = await customer();
    const { uuid, paymentId } = await cryptoDeposit(buyer.token, 7);
    fakeCryptomus.invoices.get(uuid)!.status = 'cancel';
    await postCallback(fakeCryptomus.callback(uuid, 'cancel'));
    fakeCryptomus.invoices.get(uuid)!.status = 'paid';
    expect((await postCallback(fakeCryptomus.callback(uuid, 'paid'))).body.payload.outcome).toBe('unchanged');
    const status = await server.request('GET', `/api/v1/public/payments/${paymentId}`, { token: buyer.token });
    expect(status.body.payload.status).toBe('cancelled');
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });
});

describe('when the provider is down', () => {
  it('tells the customer, closes the payment and keeps nothing half-done', async () => {
    const down = await createTestServer({
      env: {
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const account = await down.buildAccount();
      const token = await down.tokenFor(account);
      const staff = await down.tokenFor(await down.buildAccount({ role: 'Administrator' }));
      await fund(down, staff, account.id, 1);
      const res = await down.request('POST', '/api/v1/public/topup', {
        token,
        body: { balance: 10, paymentMethod: 'stripe' },
      });
      expect(res.status).toBe(502);
      expect(res.body.message).toContain('nothing was charged');
      const list = await down.request('GET', '/api/v1/public/invoices', { token });
      expect(list.body.payload.items[0]).toMatchObject({ kind: 'deposit', status: 'failed' });
      // The failed checkout does not eat into the daily card limit.
      const again = await down.request('POST', '/api/v1/public/topup', {
        token,
        body: { balance: 1000, paymentMethod: 'stripe' },
      });
      expect(again.status).toBe(502);
    } finally {
      await down.close();
    }
  });
});
