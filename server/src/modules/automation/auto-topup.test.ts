import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '#platform/payments/sandbox.ts';
import { mailsTo } from '#test/auth-helpers.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { invoices, payments } from '../checkout/checkout.schema';
import { autoTopupAttempts } from './automation.schema';

// Auto top-up on the sandbox card provider: saved through the sandbox's card page and signed
// callback, charged through the same settlement as deposits. The PostgreSQL project runs the race for real.
let server: TestServer;
let staff: string;
beforeAll(async () => {
  server = await createTestServer();
  staff = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

const settings = { enabled: true, threshold: 100, amount: 10, dailyCount: 3, monthlyCap: 25 };

async function customer(dollars: number) {
  const account = await server.buildAccount();
  const token = await server.tokenFor(account);
  if (dollars) await fund(server, staff, account.id, dollars);
  return { account, token };
}

/** Saves a sandbox test card the way a customer does: the card page, then its button. */
async function saveCard(token: string, last4: '4242' | '0002') {
  const res = await server.request('POST', '/api/v1/public/auto-topup/card', { token });
  expect(res.status).toBe(200);
  const url = new URL(res.body.payload.checkoutUrl as string);
  expect((await fetch(url)).status).toBe(200);
  const saved = await fetch(`${server.url}${url.pathname}/${last4}${url.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(saved.status).toBe(303);
  expect(saved.headers.get('location')).toContain('/my-profile');
  // Asking for the card page is a customer's change: its after-answer check may still be running.
  await server.app.afterAnswer.settled();
  return url;
}

const view = async (token: string) =>
  (await server.request('GET', '/api/v1/public/auto-topup', { token })).body.payload;
async function buyOneGb(token: string, planId: string) {
  return server.request('POST', `/api/v1/public/plans/${planId}/purchase`, {
    token,
    body: { value: 1, country: 'US', paymentMethod: 'balance' },
  });
}
const attemptsOf = (accountId: string) =>
  server.database.db.select().from(autoTopupAttempts).where(eq(autoTopupAttempts.accountId, accountId));

describe('auto top-up settings and card', () => {
  it('starts off, checks every amount, and needs a card before it can charge', async () => {
    const { token } = await customer(0);
    expect(await view(token)).toMatchObject({ enabled: false, state: 'off', card: null, attempts: [] });
    const bad: [Record<string, unknown>, string][] = [
      [{ amount: 2 }, 'body.amount'],
      [{ monthlyCap: 5 }, 'body.monthlyCap'],
      [{ dailyCount: 0 }, 'body.dailyCount'],
      [{ dailyCount: 1.5 }, 'body.dailyCount'],
      [{ threshold: -1 }, 'body.threshold'],
      [{ threshold: 1.001 }, 'body.threshold'],
      [{ enabled: 'yes' }, 'body.enabled'],
    ];
    for (const [change, field] of bad) {
      const res = await server.request('PUT', '/api/v1/public/auto-topup', { token, body: { ...settings, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.payload.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    const saved = await server.request('PUT', '/api/v1/public/auto-topup', { token, body: settings });
    expect(saved.body.payload).toMatchObject({ ...settings, state: 'needs_card' });
    expect((await server.request('GET', '/api/v1/public/auto-topup')).status).toBe(403);
  });

  it('saves a card through the sandbox card page; only the account it was opened for can use the page', async () => {
    const { token } = await customer(0);
    const other = await customer(0);
    const res = await server.request('POST', '/api/v1/public/auto-topup/card', { token });
    const url = new URL(res.body.payload.checkoutUrl as string);
    const forged = new URL(url);
    forged.searchParams.set('account', other.account.id);
    expect((await fetch(forged)).status).toBe(403);
    expect((await fetch(`${server.url}${url.pathname}`)).status).toBe(403);
    const post = await fetch(`${server.url}${url.pathname}/4242?${forged.searchParams}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(post.status).toBe(403);
    expect((await view(other.token)).card).toBeNull();

    await saveCard(token, '4242');
    await server.request('PUT', '/api/v1/public/auto-topup', { token, body: { ...settings, threshold: 0 } });
    expect(await view(token)).toMatchObject({ card: { last4: '4242', provider: 'sandbox' }, state: 'ready' });
    const removed = await server.request('DELETE', '/api/v1/public/auto-topup/card', { token });
    expect(removed.body.payload).toMatchObject({ card: null, state: 'needs_card' });
  });

  it('ignores a signed setup callback for a setup nobody started', async () => {
    const { account, token } = await customer(0);
    const sandbox = createSandboxProvider({ secret: server.config.JWT_SECRET });
    const event = sandbox.signedSetupEvent('6f1c7a52-4a7e-4d55-9d53-6b6f1d2c3b4a', account.id, '4242');
    const res = await server.request('POST', '/api/v1/payments/sandbox/webhook', {
      body: event.body,
      headers: { 'stripe-signature': event.signature },
    });
    expect(res.status).toBe(200);
    expect((await view(token)).card).toBeNull();
  });
});

describe('automatic charges', () => {
  it('charges the saved card when a purchase takes the balance below the threshold, as a deposit with a receipt', async () => {
    const { account, token } = await customer(12);
    const plan = await buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 5 }]) });
    await saveCard(token, '4242');
    await server.request('PUT', '/api/v1/public/auto-topup', {
      token,
      body: { ...settings, threshold: 10, amount: 20, monthlyCap: 100 },
    });
    expect((await buyOneGb(token, plan.id)).status).toBe(200);
    await server.app.afterAnswer.settled();
    expect(await moneyOf(server, account.id)).toEqual({ balanceCents: 2700, ledgerCents: 2700 });
    const state = await view(token);
    expect(state).toMatchObject({ state: 'ready', usedToday: 1, usedThisMonth: 20 });
    expect(state.attempts).toEqual([expect.objectContaining({ amount: 20, status: 'paid', error: null })]);
    const [invoice] = await server.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.accountId, account.id), eq(invoices.kind, 'deposit')));
    expect(invoice).toMatchObject({ status: 'paid', totalCents: 2000, description: 'Automatic top-up of $20.00' });
    const receipts = (await mailsTo(server, account.email)).filter((m) => m.subject.startsWith('Payment received'));
    expect(receipts).toHaveLength(1);
  });

  it('pauses after a declined charge, mails once, and tries again only after the customer acts', async () => {
    const { account, token } = await customer(12);
    const plan = await buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 1 }]) });
    await saveCard(token, '0002');
    await server.request('PUT', '/api/v1/public/auto-topup', { token, body: { ...settings, threshold: 15 } });
    await buyOneGb(token, plan.id);
    await buyOneGb(token, plan.id);
    await server.app.afterAnswer.settled();
    await server.app.automation.sweep();
    const paused = await view(token);
    expect(paused).toMatchObject({ state: 'paused', pauseReason: expect.stringContaining('declined') });
    expect(paused.attempts).toEqual([expect.objectContaining({ status: 'failed' })]);
    const failures = (await mailsTo(server, account.email)).filter((m) =>
      m.subject.includes('Auto top-up of $10.00 failed'),
    );
    expect(failures).toHaveLength(1);
    expect(await moneyOf(server, account.id)).toEqual({ balanceCents: 1000, ledgerCents: 1000 });

    await saveCard(token, '4242');
    await server.app.automation.sweep();
    await server.app.afterAnswer.settled();
    expect(await moneyOf(server, account.id)).toEqual({ balanceCents: 2000, ledgerCents: 2000 });
    expect(await view(token)).toMatchObject({ state: 'ready', usedToday: 1, usedThisMonth: 10 });
  });

  it('never passes its caps when 20 purchases lowering the balance race', async () => {
    const { account, token } = await customer(30);
    const plan = await buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 1 }]) });
    await saveCard(token, '4242');
    await server.request('PUT', '/api/v1/public/auto-topup', { token, body: settings });
    const answers = await Promise.all(Array.from({ length: 20 }, () => buyOneGb(token, plan.id)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await server.app.afterAnswer.settled();
    await Promise.all(Array.from({ length: 5 }, () => server.app.automation.sweep()));
    await Promise.all(Array.from({ length: 5 }, () => server.app.automation.autoTopup.check(account.id)));
    // $25 a month at $10 a charge: two charges, whatever the order.
    const attempts = await attemptsOf(account.id);
    expect(attempts).toHaveLength(2);
    const paid = await server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.accountId, account.id), eq(payments.status, 'paid')));
    expect(paid.reduce((sum, p) => sum + p.amountCents, 0)).toBe(2000);
    expect(await moneyOf(server, account.id)).toEqual({ balanceCents: 3000, ledgerCents: 3000 });
    expect(await view(token)).toMatchObject({ state: 'capped', usedToday: 2, usedThisMonth: 20 });
  });
});
