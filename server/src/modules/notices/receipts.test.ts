import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '#platform/db/schema.ts';
import { createMailer } from '#platform/mail/mailer.ts';
import { createSandboxProvider } from '#platform/payments/sandbox.ts';
import { mailsTo } from '#test/auth-helpers.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan } from '#test/proxies-helpers.ts';
import { noticeDeliveryFrom } from '../../compose';
import { payments } from '../checkout/checkout.schema';

// Every money event leaves one mail in the dev mailbox with its amount and a link (ADR 019); the
// PostgreSQL project runs the races for real.
let server: TestServer;
let staff: string;
beforeAll(async () => {
  server = await createTestServer();
  staff = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

const mailsAbout = async (email: string, subject: string) =>
  (await mailsTo(server, email)).filter((m) => m.subject.includes(subject));

async function depositByCard(token: string, dollars: number) {
  const res = await server.request('POST', '/api/v1/public/topup', {
    token,
    body: { balance: dollars, paymentMethod: 'stripe' },
  });
  const [payment] = await server.database.db
    .select()
    .from(payments)
    .where(eq(payments.id, res.body.payload.paymentId as string));
  return payment!;
}

describe('receipts by mail', () => {
  it('mails a purchase receipt with the amount, the invoice number and a link to the bill', async () => {
    const { account, subscriptionId } = await customerWithPlan(server, staff, { gb: 3 });
    const [receipt] = await mailsAbout(account.email, 'Receipt for');
    expect(receipt).toBeDefined();
    expect(receipt!.text).toContain('Paid: $3.00 from your balance.');
    expect(receipt!.subject).toMatch(/INV-\d{4}-\d{6}/);
    expect(receipt!.links.some((link) => link.startsWith(`${server.url}/invoice/`))).toBe(true);
    expect(receipt!.links).toContain(`${server.url}/generator/${subscriptionId}`);
  });

  it('mails one deposit receipt when 20 copies of the paid callback race, and credits once', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const payment = await depositByCard(token, 12.5);
    expect(await mailsAbout(account.email, 'Payment received')).toHaveLength(0);
    const event = createSandboxProvider({ secret: server.config.JWT_SECRET }).signedEvent(
      payment.externalId ?? payment.id,
      'paid',
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.request('POST', '/api/v1/payments/sandbox/webhook', {
          body: event.body,
          headers: { 'stripe-signature': event.signature },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.payload.outcome === 'settled')).toHaveLength(1);
    expect(await moneyOf(server, account.id)).toEqual({ balanceCents: 1250, ledgerCents: 1250 });
    const receipts = await mailsAbout(account.email, 'Payment received');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Payment received: $12.50 added to your balance');
    expect(receipts[0]!.links.some((link) => link.startsWith(`${server.url}/invoice/`))).toBe(true);
  });

  it('mails a receipt for a manual renewal (2 GB more) with what it cost and the end date', async () => {
    const { account, token, subscriptionId } = await customerWithPlan(server, staff);
    const res = await server.request('PATCH', `/api/v1/public/subscriptions/${subscriptionId}/renew`, {
      token,
      body: { updatingType: 'bandwidth', bandwidth: 2, paymentMethod: 'balance' },
    });
    expect(res.body.payload).toMatchObject({ status: 'paid', total: 2 });
    const [receipt] = await mailsAbout(account.email, 'renewed: receipt');
    expect(receipt!.text).toContain('Paid: $2.00 from your balance.');
    expect(receipt!.text).toMatch(/The plan now runs until \w{3} \d{1,2}, \d{4}\./);
    expect(receipt!.links.some((link) => link.startsWith(`${server.url}/invoice/`))).toBe(true);
  });

  it('tells the customer when staff change their balance or their plan, with the amounts', async () => {
    const { account, subscriptionId } = await customerWithPlan(server, staff, { gb: 5 });
    // customerWithPlan funded $100 and spent $5.
    const [funded] = await mailsAbout(account.email, 'added to your');
    expect(funded!.subject).toBe('$100.00 was added to your Tollgate balance');
    const taken = await server.request('PATCH', `/api/v1/admin/accounts/${account.id}/balance`, {
      token: staff,
      body: { balanceToAddOrSub: -20, reason: 'chargeback' },
    });
    expect(taken.status).toBe(200);
    const [corrected] = await mailsAbout(account.email, 'taken from');
    expect(corrected!.text).toContain('Your balance is now $75.00.');
    expect(corrected!.text).not.toContain('chargeback');

    await server.request('PATCH', `/api/v1/admin/subscriptions/${subscriptionId}/add`, {
      token: staff,
      body: { bandwidth: 10 },
    });
    const [changed] = await mailsAbout(account.email, 'plan was changed');
    expect(changed!.text).toContain('Bandwidth: 5 GB → 15 GB');
    expect(changed!.links).toContain(`${server.url}/dashboard`);

    const gift = await buildPlan(server, { title: 'Goodwill trial', trial: true });
    const given = await server.request('POST', `/api/v1/admin/accounts/${account.id}/add-subscription`, {
      token: staff,
      body: { plan: gift.id, additionalField: 2 },
    });
    expect(given.status).toBe(200);
    const [added] = await mailsAbout(account.email, 'Goodwill trial was added to your account');
    expect(added!.text).toContain('New plan: Goodwill trial (2 GB)');
  });

  it('sends a security notice when the proxy password changes', async () => {
    const { account, token, subscriptionId } = await customerWithPlan(server, staff);
    const res = await server.request('POST', `/api/v1/auth/changekey/${subscriptionId}`, { token });
    expect(res.status).toBe(200);
    const [notice] = await mailsAbout(account.email, 'proxy password');
    expect(notice!.text).toContain(`username ${res.body.payload.username}`);
    expect(notice!.text).not.toContain(res.body.payload.password);
    expect(notice!.links).toContain(`${server.url}/generator/${subscriptionId}`);
  });

  it('mails one receipt per order when 30 purchases race and three workers deliver', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const plan = await buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 1 }]) });
    await fund(server, staff, account.id, 10);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
          token,
          body: { value: 1, country: 'US', paymentMethod: 'balance' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    // Other instances' workers, racing the server's own delivery for the same notices.
    const mailer = createMailer({ from: 'test@tollgate.local', dataDir: server.config.DATA_DIR });
    const workers = [1, 2].map(() => noticeDeliveryFrom(server.config, server.database.db, mailer, server.url));
    await Promise.all(workers.map((w) => w.drain()));
    const receipts = await mailsAbout(account.email, 'Receipt for');
    expect(receipts).toHaveLength(10);
    expect(new Set(receipts.map((r) => r.subject)).size).toBe(10);
  });

  it('writes nothing when the money event is refused', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const plan = await buildPlan(server);
    const refused = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token,
      body: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    expect(refused.status).toBe(400);
    await fund(server, staff, account.id, 0.01);
    const rows = await server.database.db.select().from(notices).where(eq(notices.accountId, account.id));
    expect(rows.map((r) => r.kind)).toEqual(['staff_balance_change']);
  });
});
