import { decodePayload } from '@tollgate/contract/http/encoding';
import {
  COUNTRY_NOT_SELECTED,
  EMAIL_NOT_VERIFIED,
  PAYMENT_METHOD_DISABLED,
} from '@tollgate/contract/checkout/payments';
import { COUPON_WRONG_PLAN } from '@tollgate/contract/plans/coupons';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles } from '#platform/db/schema.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { coupons } from '../plans/coupons.schema';
import { invoices, payments } from './checkout.schema';

let server: TestServer;
let staff: string;
beforeAll(async () => {
  server = await createTestServer();
  staff = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

async function customer(dollars = 0): Promise<TestAccount & { token: string }> {
  const account = await server.buildAccount();
  if (dollars) await fund(server, staff, account.id, dollars);
  return { ...account, token: await server.tokenFor(account) };
}
const buy = (token: string, planId: string, body: Record<string, unknown>) =>
  server.request('POST', `/api/v1/public/plans/${planId}/purchase`, { token, body });
const invoiceCount = async (accountId: string) =>
  (await server.database.db.select().from(invoices).where(eq(invoices.accountId, accountId))).length;

/** Follows the sandbox's hosted page the way a browser would: open it, press a button. */
async function sandbox(checkoutUrl: string, button: 'pay' | 'cancel') {
  const page = await (await fetch(checkoutUrl)).text();
  expect(page).toContain('Sandbox checkout');
  const action = new RegExp(`action="([^"]+/${button}\\?[^"]*)"`).exec(page)?.[1]?.replaceAll('&amp;', '&');
  // A settled payment's page has no buttons; pressing again posts where the button was.
  const target = action ?? checkoutUrl.replace('?', `/${button}?`);
  const res = await fetch(new URL(target, checkoutUrl), { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!).pathname + new URL(res.headers.get('location')!).search;
}

describe('buying a plan with balance', () => {
  it('debits the quoted price, starts the subscription and writes a paid invoice and its ledger row', async () => {
    const plan = await buildPlan(server);
    const buyer = await customer(100);
    const res = await buy(buyer.token, plan.id, { value: 12, country: 'US', paymentMethod: 'balance' });
    expect(res.body).toMatchObject({
      status: 200,
      message: 'Plan purchased',
      payload: { status: 'paid', total: 42, balance: 58 },
    });

    const [subscription] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, res.body.payload.subscriptionId));
    expect(subscription).toMatchObject({ status: 'active', bandwidthGb: 12, days: 30, country: 'US' });
    expect(subscription!.expiresAt!.getTime() - subscription!.startsAt!.getTime()).toBe(30 * 86_400_000);
    expect(Math.abs(subscription!.startsAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 5800, ledgerCents: 5800 });

    const list = await server.request('GET', '/api/v1/public/invoices', { token: buyer.token });
    expect(list.body.payload).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(list.body.payload.items[0]).toMatchObject({
      kind: 'purchase',
      status: 'paid',
      total: 42,
      units: 12,
      unit: 'GB',
      paymentMethod: 'balance',
      subscriptionId: res.body.payload.subscriptionId,
    });
    expect(list.body.payload.items[0].number).toMatch(/^INV-\d{4}-\d{6}$/);
  });

  it('prices with a coupon and names it on the invoice; a coupon for other plans is refused with the spec text', async () => {
    const plan = await buildPlan(server, { type: 'isp', bandwidthPrices: JSON.stringify([{ value: 1, price: 10 }]) });
    const buyer = await customer(50);
    await server.database.db.insert(coupons).values([
      { code: `ISP20-${buyer.username}`, usagesLeft: 3, discountBasisPoints: 2000, product: 'isp' },
      { code: `MOB-${buyer.username}`, usagesLeft: 3, discountBasisPoints: 2000, product: 'mobile' },
    ]);
    const wrong = await buy(buyer.token, plan.id, {
      value: 2,
      country: 'DE',
      paymentMethod: 'balance',
      coupon: `MOB-${buyer.username}`,
    });
    expect(wrong.body).toMatchObject({ status: 400, message: COUPON_WRONG_PLAN });

    // The price page quotes the same total before paying, without taking a use.
    const quote = (query: string) =>
      server.request('GET', `/api/v1/public/plans/${plan.id}/2?${query}`, { token: buyer.token });
    expect(decodePayload(String((await quote(`coupon=isp20-${buyer.username}`)).body.payload))).toMatchObject({
      subtotal: 20,
      discount: 4,
      total: 16,
      couponCode: `ISP20-${buyer.username}`,
    });
    expect((await quote(`coupon=MOB-${buyer.username}`)).body).toMatchObject({
      status: 400,
      message: COUPON_WRONG_PLAN,
    });
    expect((await quote(`coupon=NOPE-${buyer.username}`)).body).toMatchObject({
      status: 400,
      message: 'This coupon code is not valid',
    });

    const right = await buy(buyer.token, plan.id, {
      value: 2,
      country: 'DE',
      paymentMethod: 'balance',
      coupon: `isp20-${buyer.username}`,
    });
    expect(right.body.payload).toMatchObject({ total: 16, balance: 34 });
    const bill = await server.request('GET', `/api/v1/public/bill/${right.body.payload.subscriptionId}`, {
      token: buyer.token,
    });
    expect(bill.body.payload.invoices[0]).toMatchObject({
      subtotal: 20,
      discount: 4,
      total: 16,
      couponCode: `ISP20-${buyer.username}`,
    });
    const [coupon] = await server.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, `ISP20-${buyer.username}`));
    expect(coupon).toMatchObject({ usagesLeft: 2, timesUsed: 1 });
  });

  it.each([
    ['no country', { value: 1, paymentMethod: 'balance' }, COUNTRY_NOT_SELECTED],
    ['a blank country', { value: 1, country: '  ', paymentMethod: 'balance' }, COUNTRY_NOT_SELECTED],
    [
      'more than the balance',
      { value: 30, country: 'US', paymentMethod: 'balance' },
      'Your balance is too low for this payment',
    ],
    ['too few days', { value: 1, days: 0, country: 'US', paymentMethod: 'balance' }, 'Validation Error'],
    ['too many days', { value: 1, days: 91, country: 'US', paymentMethod: 'balance' }, 'Choose between 1 and 90 days'],
    [
      'an unknown coupon',
      { value: 1, country: 'US', paymentMethod: 'balance', coupon: 'NOPE' },
      'This coupon code is not valid',
    ],
    ['an unknown method', { value: 1, country: 'US', paymentMethod: 'paypal' }, 'Validation Error'],
  ])('refuses %s with a clear message and changes nothing', async (_case, body, message) => {
    const plan = await buildPlan(server);
    const buyer = await customer(10);
    const res = await buy(buyer.token, plan.id, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 1000, ledgerCents: 1000 });
    expect(await invoiceCount(buyer.id)).toBe(0);
  });

  it('needs a verified email and a payment method enabled for the account', async () => {
    const plan = await buildPlan(server);
    const unverified = await server.buildAccount({ emailVerified: false });
    const res = await buy(await server.tokenFor(unverified), plan.id, {
      value: 1,
      country: 'US',
      paymentMethod: 'balance',
    });
    expect(res.body).toMatchObject({ status: 400, message: EMAIL_NOT_VERIFIED });

    const buyer = await customer(10);
    await server.database.db
      .update(accounts)
      .set({ balancePaymentProcessorEnabled: false, cryptoPaymentProcessorEnabled: false })
      .where(eq(accounts.id, buyer.id));
    for (const paymentMethod of ['balance', 'crypto']) {
      const refused = await buy(buyer.token, plan.id, { value: 1, country: 'US', paymentMethod });
      expect(refused.body).toMatchObject({ status: 400, message: PAYMENT_METHOD_DISABLED });
    }
    expect(await invoiceCount(buyer.id)).toBe(0);
  });

  it('does not sell hidden or unknown plans', async () => {
    const hidden = await buildPlan(server, { enabled: false });
    const buyer = await customer(10);
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await buy(buyer.token, id, { value: 1, country: 'US', paymentMethod: 'balance' })).status).toBe(404);
    }
  });
});

describe('card and crypto through the sandbox checkout', () => {
  it('lets only the payer press Pay or Cancel: no ticket or another payment’s ticket is 403 and settles nothing', async () => {
    const topup = async (token: string) =>
      (await server.request('POST', '/api/v1/public/topup', { token, body: { balance: 10, paymentMethod: 'stripe' } }))
        .body.payload as { checkoutUrl: string; paymentId: string };
    const buyer = await customer();
    const other = await customer();
    const mine = await topup(buyer.token);
    const theirs = await topup(other.token);
    const base = `${server.url}/api/v1/payments/sandbox/${mine.paymentId}`;
    const otherTicket = new URL(theirs.checkoutUrl).searchParams.get('ticket')!;
    const press = (path: string) => fetch(`${base}${path}`, { method: 'POST', redirect: 'manual' });
    const refused = [
      await press('/pay'),
      await press('/cancel'),
      await press(`/pay?ticket=${otherTicket}`),
      await press(`/pay?ticket=${Date.now() + 60_000}.forged`),
      await fetch(base),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(await refused[0]!.json()).toMatchObject({
      message: 'forbidden',
      payload: { error: expect.stringContaining('paying account') },
    });
    const status = await server.request('GET', `/api/v1/public/payments/${mine.paymentId}`, { token: buyer.token });
    expect(status.body.payload.status).toBe('pending');
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    expect(await sandbox(mine.checkoutUrl, 'pay')).toBe(`/topup?payment=${mine.paymentId}`);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 1000, ledgerCents: 1000 });
  });

  it('deposits by card: the page pays, the signed callback credits once, the payment reads paid', async () => {
    const buyer = await customer();
    const res = await server.request('POST', '/api/v1/public/topup', {
      token: buyer.token,
      body: { balance: 25.5, paymentMethod: 'stripe' },
    });
    expect(res.body).toMatchObject({ status: 200, message: 'Payment created' });
    const { checkoutUrl, paymentId } = res.body.payload;
    expect(checkoutUrl).toMatch(
      new RegExp(`^${server.url}/api/v1/payments/sandbox/${paymentId}\\?ticket=\\d+\\.[\\w-]+$`),
    );
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });

    expect(await sandbox(checkoutUrl, 'pay')).toBe(`/topup?payment=${paymentId}`);
    // A second press finds nothing pending.
    expect(await sandbox(checkoutUrl, 'pay')).toBe(`/topup?payment=${paymentId}`);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 2550, ledgerCents: 2550 });
    const status = await server.request('GET', `/api/v1/public/payments/${paymentId}`, { token: buyer.token });
    expect(status.body.payload).toMatchObject({ status: 'paid', purpose: 'deposit', amount: 25.5 });
    const list = await server.request('GET', '/api/v1/public/invoices', { token: buyer.token });
    expect(list.body.payload.items[0]).toMatchObject({
      kind: 'deposit',
      status: 'paid',
      total: 25.5,
      subscriptionId: null,
    });

    // Someone else's payment is unknown to them.
    const other = await customer();
    expect((await server.request('GET', `/api/v1/public/payments/${paymentId}`, { token: other.token })).status).toBe(
      404,
    );
  });

  it('deposits by crypto answering invoiceLink; cancelling credits nothing', async () => {
    const buyer = await customer();
    const res = await server.request('POST', '/api/v1/public/topup', {
      token: buyer.token,
      body: { balance: 10, paymentMethod: 'crypto' },
    });
    const { invoiceLink, paymentId } = res.body.payload;
    expect(invoiceLink).toContain(`/api/v1/payments/sandbox/${paymentId}`);
    await sandbox(invoiceLink, 'cancel');
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    const status = await server.request('GET', `/api/v1/public/payments/${paymentId}`, { token: buyer.token });
    expect(status.body.payload.status).toBe('cancelled');
    const list = await server.request('GET', '/api/v1/public/invoices', { token: buyer.token });
    expect(list.body.payload.items[0].status).toBe('cancelled');
    expect(await sandbox(invoiceLink, 'pay')).toBe(`/topup?payment=${paymentId}`);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });

  it('buys by card: pending until paid, then active; lands on the success page', async () => {
    const plan = await buildPlan(server);
    const buyer = await customer();
    const res = await buy(buyer.token, plan.id, { value: 2, country: 'GB', paymentMethod: 'stripe' });
    expect(res.body).toMatchObject({ message: 'Payment created', payload: { status: 'pending', total: 8 } });
    const url = res.body.payload.linkData.result.url;
    const id = res.body.payload.subscriptionId;
    const before = await server.request('GET', `/api/v1/public/bill/${id}`, { token: buyer.token });
    expect(before.body.payload.invoices[0].status).toBe('pending');

    expect(await sandbox(url, 'pay')).toBe(`/dashboard/payment-success/${id}`);
    const [subscription] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(subscription!.status).toBe('active');
    const after = await server.request('GET', `/api/v1/public/bill/${id}`, { token: buyer.token });
    expect(after.body.payload).toMatchObject({ total: 8, invoices: [{ status: 'paid' }] });
    // Card money never touches the balance.
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });

  it('a cancelled crypto purchase cancels the subscription and gives the coupon use back', async () => {
    const plan = await buildPlan(server);
    const buyer = await customer();
    const code = `ONCE-${buyer.username}`;
    await server.database.db.insert(coupons).values({ code, usagesLeft: 1, discountBasisPoints: 5000 });
    const res = await buy(buyer.token, plan.id, { value: 1, country: 'US', paymentMethod: 'crypto', coupon: code });
    expect(res.body.payload.total).toBe(2);
    expect(await sandbox(res.body.payload.invoiceLink, 'cancel')).toBe('/dashboard/payment-failed');
    const [subscription] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, res.body.payload.subscriptionId));
    expect(subscription!.status).toBe('cancelled');
    const [coupon] = await server.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(coupon).toMatchObject({ usagesLeft: 1, timesUsed: 0 });
    // The customer's own share (one use per customer) came back with it: the code works again.
    const again = await buy(buyer.token, plan.id, { value: 1, country: 'US', paymentMethod: 'crypto', coupon: code });
    expect(again.body.payload.total).toBe(2);
  });

  it('a balance purchase the balance cannot cover takes no coupon use and leaves no subscription', async () => {
    const plan = await buildPlan(server);
    const buyer = await customer(1);
    const code = `SHORT-${buyer.username}`;
    await server.database.db.insert(coupons).values({ code, usagesLeft: 1, discountBasisPoints: 1000 });
    const res = await buy(buyer.token, plan.id, { value: 1, country: 'US', paymentMethod: 'balance', coupon: code });
    expect(res.body).toMatchObject({ status: 400, message: 'Your balance is too low for this payment' });
    const [coupon] = await server.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(coupon).toMatchObject({ usagesLeft: 1, timesUsed: 0 });
    expect(
      await server.database.db.select().from(subscriptions).where(eq(subscriptions.accountId, buyer.id)),
    ).toHaveLength(0);
    expect(await invoiceCount(buyer.id)).toBe(0);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 100, ledgerCents: 100 });
  });

  it('holds card payments to the daily limit with the exact spec message, counting open checkouts', async () => {
    const buyer = await customer();
    await server.database.db.update(accounts).set({ stripeLimitCents: 5000 }).where(eq(accounts.id, buyer.id));
    const first = await server.request('POST', '/api/v1/public/topup', {
      token: buyer.token,
      body: { balance: 30, paymentMethod: 'stripe' },
    });
    expect(first.status).toBe(200);
    const second = await server.request('POST', '/api/v1/public/topup', {
      token: buyer.token,
      body: { balance: 25, paymentMethod: 'stripe' },
    });
    expect(second.body).toMatchObject({
      status: 400,
      message:
        'Your Stripe total limit is 50.00$. Your remaining limit is 20.00$. Please contact us to increase your daily spending limit.',
    });
    const plan = await buildPlan(server);
    const purchase = await buy(buyer.token, plan.id, { value: 6, country: 'US', paymentMethod: 'stripe' });
    expect(purchase.body.message).toContain('Your Stripe total limit is 50.00$');
    // Crypto has no such limit.
    const crypto = await server.request('POST', '/api/v1/public/topup', {
      token: buyer.token,
      body: { balance: 25, paymentMethod: 'crypto' },
    });
    expect(crypto.status).toBe(200);
  });

  it.each([
    [{ balance: 0.5, paymentMethod: 'stripe' }, 'Validation Error'],
    [{ balance: 10_000.01, paymentMethod: 'stripe' }, 'Validation Error'],
    [{ balance: 10.001, paymentMethod: 'stripe' }, 'Validation Error'],
    [{ balance: 10, paymentMethod: 'balance' }, 'Validation Error'],
  ])('refuses the top-up %j', async (body, message) => {
    const buyer = await customer();
    const res = await server.request('POST', '/api/v1/public/topup', { token: buyer.token, body });
    expect(res.body).toMatchObject({ status: 400, message });
    expect(await server.database.db.select().from(payments).where(eq(payments.accountId, buyer.id))).toEqual([]);
  });

  it('refuses a forged sandbox callback and writes nothing', async () => {
    const buyer = await customer();
    const res = await server.request('POST', '/api/v1/public/topup', {
      token: buyer.token,
      body: { balance: 10, paymentMethod: 'stripe' },
    });
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: { id: res.body.payload.paymentId, payment_status: 'paid' } },
    });
    const forged = await server.request('POST', '/api/v1/payments/sandbox/webhook', {
      body,
      headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    });
    expect(forged.body).toMatchObject({ status: 400, message: 'Invalid signature' });
    const unsigned = await server.request('POST', '/api/v1/payments/sandbox/webhook', { body });
    expect(unsigned.status).toBe(400);
    expect(await moneyOf(server, buyer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });
});

describe('invoices and bills', () => {
  it('pages, searches and sorts my invoices; bills and PDFs are mine only; staff see everyone’s', async () => {
    const cheap = await buildPlan(server, {
      title: 'Datacenter basic',
      type: 'datacenter',
      bandwidthPrices: JSON.stringify([{ value: 1, price: 1 }]),
    });
    const buyer = await customer(100);
    const bought: string[] = [];
    for (const value of [3, 1, 2]) {
      const res = await buy(buyer.token, cheap.id, { value, country: 'US', paymentMethod: 'balance' });
      bought.push(res.body.payload.subscriptionId);
    }
    const byAmount = await server.request('GET', '/api/v1/public/invoices?sort=amount_desc', { token: buyer.token });
    expect(byAmount.body.payload.items.map((i: { total: number }) => i.total)).toEqual([3, 2, 1]);
    const paged = await server.request('GET', '/api/v1/public/invoices?sort=oldest&size=2&page=2', {
      token: buyer.token,
    });
    expect(paged.body.payload).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(paged.body.payload.items.map((i: { total: number }) => i.total)).toEqual([2]);
    const search = await server.request('GET', '/api/v1/public/invoices?search=datacenter%20b', { token: buyer.token });
    expect(search.body.payload.total).toBe(3);
    const none = await server.request('GET', '/api/v1/public/invoices?search=zzz', { token: buyer.token });
    expect(none.body.payload).toMatchObject({ total: 0, items: [] });
    expect((await server.request('GET', '/api/v1/public/invoices?sort=cheapest', { token: buyer.token })).status).toBe(
      400,
    );

    await server.database.db.insert(profiles).values({
      accountId: buyer.id,
      legalName: 'Ada',
      legalSurname: 'Lovelace',
      companyName: 'Engines Ltd',
      vatNumber: 'GB123',
      billingAddress: '1 Analytical St',
      city: 'London',
      zipCode: 'N1',
      country: 'GB',
    });
    const bill = await server.request('GET', `/api/v1/public/bill/${bought[0]}`, { token: buyer.token });
    expect(bill.body.payload).toMatchObject({
      issuer: { name: 'Tollgate' },
      customer: { username: buyer.username, companyName: 'Engines Ltd', vatNumber: 'GB123', city: 'London' },
      total: 3,
    });
    const pdf = await server.request('GET', `/api/v1/public/bill/${bought[0]}/pdf`, { token: buyer.token });
    expect(pdf.body.payload.filename).toMatch(/^statement-INV-\d{4}-\d{6}\.pdf$/);
    const bytes = Buffer.from(pdf.body.payload.contentBase64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const stranger = await customer();
    expect((await server.request('GET', `/api/v1/public/bill/${bought[0]}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect(
      (await server.request('GET', `/api/v1/public/bill/${bought[0]}/pdf`, { token: stranger.token })).status,
    ).toBe(404);

    const adminBill = await server.request('GET', `/api/v1/admin/bill/${bought[0]}`, { token: staff });
    expect(adminBill.body.payload.customer.username).toBe(buyer.username);
    const adminList = await server.request('GET', `/api/v1/admin/invoices?search=${buyer.username}&status=paid`, {
      token: staff,
    });
    expect(adminList.body.payload.total).toBe(3);
    expect(adminList.body.payload.items[0].account).toMatchObject({ id: buyer.id, username: buyer.username });
  });
});
