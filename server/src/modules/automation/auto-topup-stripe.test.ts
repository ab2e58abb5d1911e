import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#platform/mail/mailer.ts';
import { mailsTo } from '#test/auth-helpers.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { startFakeStripe } from '#test/fake-payment-providers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { noticeDeliveryFrom } from '../../compose';

// Auto top-up through the real Stripe adapter against a local server speaking Stripe's API: the card
// is saved by Checkout in setup mode, then charged by an off-session PaymentIntent.
const STRIPE_KEY = 'sk_test_tollgate';
const WEBHOOK_SECRET = 'whsec_tollgate_test';
const stripe = new Stripe(STRIPE_KEY);
let server: TestServer;
let staff: string;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  fake = await startFakeStripe(STRIPE_KEY);
  server = await createTestServer({
    env: { STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
  });
  staff = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const settings = { enabled: true, threshold: 10, amount: 20, dailyCount: 2, monthlyCap: 100 };
const signedPost = (event: object) => {
  const body = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', ...event });
  return server.request('POST', '/api/v1/payments/stripe/webhook', {
    body,
    headers: {
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
    },
  });
};

/** Opens the setup checkout and has Stripe report it completed; answers the session. */
async function saveStripeCard(token: string, paymentMethod?: string) {
  const res = await server.request('POST', '/api/v1/public/auto-topup/card', { token });
  expect(res.status).toBe(200);
  const sessionId = /\/pay\/(cs_test_\w+)$/.exec(res.body.payload.checkoutUrl as string)![1]!;
  const session = fake.sessions.get(sessionId)!;
  expect(session).toMatchObject({ mode: 'setup', currency: 'usd', customer: expect.stringMatching(/^cus_test_/) });
  if (paymentMethod) session['metadata[testPaymentMethod]'] = paymentMethod;
  const answer = await signedPost({
    type: 'checkout.session.completed',
    data: {
      object: { id: sessionId, object: 'checkout.session', mode: 'setup', payment_status: 'no_payment_required' },
    },
  });
  expect(answer.status).toBe(200);
  await server.app.afterAnswer.settled();
  return session;
}

describe('auto top-up with Stripe', () => {
  it('saves the card from a setup-mode Checkout and charges it off-session when the balance drops', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    await fund(server, staff, account.id, 12);
    await server.request('PUT', '/api/v1/public/auto-topup', { token, body: settings });
    const session = await saveStripeCard(token);
    const view = (await server.request('GET', '/api/v1/public/auto-topup', { token })).body.payload;
    expect(view).toMatchObject({ card: { brand: 'visa', last4: '4242', provider: 'stripe' }, state: 'ready' });

    const plan = await buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 5 }]) });
    await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token,
      body: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    await server.app.afterAnswer.settled();
    const intent = fake.intents.at(-1)!;
    expect(intent).toMatchObject({
      amount: '2000',
      currency: 'usd',
      customer: session.customer,
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      idempotencyKey: expect.stringMatching(/^topup-/),
    });
    expect(await moneyOf(server, account.id)).toEqual({ balanceCents: 2700, ledgerCents: 2700 });
    // Stripe's own word on the same charge arrives later and changes nothing.
    const late = await signedPost({
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.id, object: 'payment_intent', status: 'succeeded' } },
    });
    expect(late.body.payload.outcome).toBe('unchanged');
    expect(await moneyOf(server, account.id)).toEqual({ balanceCents: 2700, ledgerCents: 2700 });
  });

  it('pauses and mails once when Stripe declines the saved card', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    await fund(server, staff, account.id, 5);
    await server.request('PUT', '/api/v1/public/auto-topup', { token, body: settings });
    await saveStripeCard(token, 'pm_card_chargeDeclined');
    await server.app.automation.sweep();
    await server.app.automation.sweep();
    const view = (await server.request('GET', '/api/v1/public/auto-topup', { token })).body.payload;
    expect(view).toMatchObject({ state: 'paused', pauseReason: 'Your card was declined.', usedToday: 0 });
    expect(view.attempts).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await moneyOf(server, account.id)).toEqual({ balanceCents: 500, ledgerCents: 500 });
    // The minute's job mails what the sweep left; here the test delivers it.
    const mailer = createMailer({ from: 'test@tollgate.local', dataDir: server.config.DATA_DIR });
    await noticeDeliveryFrom(server.config, server.database.db, mailer, server.url).drain();
    const mails = (await mailsTo(server, account.email)).filter((m) => m.subject === 'Auto top-up of $20.00 failed');
    expect(mails).toHaveLength(1);
  });
});
