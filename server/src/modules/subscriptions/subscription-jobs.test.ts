import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#platform/mail/mailer.ts';
import { mailsTo } from '#test/auth-helpers.ts';
import { buildPlan, fund, moneyOf } from '#test/commerce.ts';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { noticeDeliveryFrom, scheduledJobs, subscriptionJobsFrom } from '../../compose';
import { invoices } from '../checkout/checkout.schema';
import { subscriptions } from './subscriptions.schema';
import type { SubscriptionJobs } from './subscription-jobs';

// Jobs take the clock as an argument, so the tests choose the moment instead of waiting for it.
let server: TestServer;
let staff: string;
let jobs: SubscriptionJobs;
let notices: ReturnType<typeof noticeDeliveryFrom>;
const DAY = 86_400_000;

beforeAll(async () => {
  ({ server, staff } = await createStaffedServer());
  const mailer = createMailer({ from: 'test@tollgate.local', dataDir: server.config.DATA_DIR });
  jobs = subscriptionJobsFrom(server.config, server.database.db, mailer, server.url);
  // Reminders and receipts are notices the queue delivers (ADR 019); the tests deliver them here.
  notices = noticeDeliveryFrom(server.config, server.database.db, mailer, server.url);
});
afterAll(() => server.close());

async function subscriptionFor(balance: number, options: { autoRenew?: boolean; renewValue?: number } = {}) {
  const plan = await buildPlan(server, { priceCents: 3000 });
  const account = await server.buildAccount();
  await fund(server, staff, account.id, balance + 4);
  const token = await server.tokenFor(account);
  const res = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
    token,
    body: { value: 1, country: 'US', paymentMethod: 'balance' },
  });
  const id = res.body.payload.subscriptionId as string;
  await server.database.db
    .update(subscriptions)
    .set({ autoRenew: options.autoRenew ?? false, renewValue: options.renewValue ?? null })
    .where(eq(subscriptions.id, id));
  return { id, account, token, row: await row(id) };
}
const row = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('expiry and depletion', () => {
  it('expires a plan at its end time exactly, not a millisecond before', async () => {
    const { id, row: sub } = await subscriptionFor(0);
    const end = sub.expiresAt!;
    await jobs.expireDue(new Date(end.getTime() - 1));
    expect((await row(id)).status).toBe('active');
    expect(await jobs.expireDue(end)).toBeGreaterThanOrEqual(1);
    expect((await row(id)).status).toBe('expired');
    expect(await jobs.expireDue(new Date(end.getTime() + DAY))).toBe(0);
  });

  it('marks used-up bandwidth plans once', async () => {
    const { id } = await subscriptionFor(0);
    await server.database.db
      .update(subscriptions)
      .set({ bandwidthUsedBytes: 1024 ** 3 })
      .where(eq(subscriptions.id, id));
    const now = new Date();
    expect(await jobs.markDepleted(now)).toBeGreaterThanOrEqual(1);
    expect((await row(id)).depletedAt).toEqual(now);
    await jobs.markDepleted(new Date(now.getTime() + 60_000));
    expect((await row(id)).depletedAt).toEqual(now);
  });
});

describe('reminders', () => {
  it('mails once per period, three days ahead', async () => {
    const { id, account, row: sub } = await subscriptionFor(0);
    const end = sub.expiresAt!.getTime();
    const reminders = async () => (await mailsTo(server, account.email)).filter((m) => m.subject.includes('ends on'));
    await jobs.remindExpiring(new Date(end - 4 * DAY));
    await notices.drain();
    expect(await reminders()).toHaveLength(0);
    await Promise.all([jobs.remindExpiring(new Date(end - 2 * DAY)), jobs.remindExpiring(new Date(end - 2 * DAY))]);
    await jobs.remindExpiring(new Date(end - DAY));
    await notices.drain();
    const mails = await reminders();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('ends on');
    expect((await row(id)).remindedFor).toEqual(sub.expiresAt);
  });
});

describe('auto-renew', () => {
  it('charges exactly once when two workers run at the same moment, and mails the receipt', async () => {
    const { id, account, row: sub } = await subscriptionFor(30, { autoRenew: true, renewValue: 30 });
    const now = new Date(sub.expiresAt!.getTime() - DAY / 2);
    const [a, b] = await Promise.all([jobs.autoRenewDue(now), jobs.autoRenewDue(now)]);
    expect(a.renewed + b.renewed).toBe(1);
    // No extension prices are set here: 30 more days cost the plan's $30 package price, once.
    expect(await moneyOf(server, account.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    const after = await row(id);
    expect(after.expiresAt!.getTime() - sub.expiresAt!.getTime()).toBe(30 * DAY);
    const renewals = await server.database.db.select().from(invoices).where(eq(invoices.subscriptionId, id));
    expect(renewals.filter((i) => i.kind === 'renewal')).toHaveLength(1);
    await notices.drain();
    const receipts = (await mailsTo(server, account.email)).filter((m) => m.subject.includes('renewed automatically'));
    expect(receipts.map((m) => m.subject)).toEqual([expect.stringContaining(`${sub.planTitle} renewed automatically`)]);
    // Renewed: no longer due.
    expect(await jobs.autoRenewDue(now)).toEqual({ renewed: 0, failed: 0 });
  });

  it('on too little balance mails the failure once and leaves the plan to end', async () => {
    const { id, account, row: sub } = await subscriptionFor(0, { autoRenew: true });
    const now = new Date(sub.expiresAt!.getTime() - DAY / 2);
    expect(await jobs.autoRenewDue(now)).toEqual({ renewed: 0, failed: 1 });
    expect(await jobs.autoRenewDue(now)).toEqual({ renewed: 0, failed: 0 });
    const failures = (await mailsTo(server, account.email)).filter((m) => m.subject.startsWith('We could not renew'));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.text).toContain('Your balance is too low for this payment');
    expect((await row(id)).expiresAt).toEqual(sub.expiresAt);
    expect(await moneyOf(server, account.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
  });

  it('is scheduled as named jobs the CLI and the queue share', () => {
    expect(
      scheduledJobs(
        server.config,
        server.database.db,
        createMailer({ from: 'x', dataDir: server.config.DATA_DIR }),
      ).map((j) => j.name),
    ).toEqual([
      'proxies-upstream-deliver',
      'subscriptions-expire',
      'subscriptions-deplete',
      'subscriptions-auto-renew',
      'subscriptions-remind',
      'subscriptions-remind-low-bandwidth',
      'notices-deliver',
      'logs-purge-security-events',
      'sign-in-backoffs-forget',
    ]);
  });
});
