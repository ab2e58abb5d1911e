import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '#platform/db/schema.ts';
import { createMailer } from '#platform/mail/mailer.ts';
import { mailsTo } from '#test/auth-helpers.ts';
import { buildPlan, fund } from '#test/commerce.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan } from '#test/proxies-helpers.ts';
import { noticeDeliveryFrom, subscriptionJobsFrom } from '../../compose';
import { subscriptions } from '../subscriptions/subscriptions.schema';

// Jobs take the clock as an argument; delivery runs when the test says, as the queue would.
let server: TestServer;
let staff: string;
let jobs: ReturnType<typeof subscriptionJobsFrom>;
let delivery: ReturnType<typeof noticeDeliveryFrom>;
const DAY = 86_400_000;
const GB = 1024 ** 3;

beforeAll(async () => {
  server = await createTestServer();
  staff = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  const mailer = createMailer({ from: 'test@tollgate.local', dataDir: server.config.DATA_DIR });
  jobs = subscriptionJobsFrom(server.config, server.database.db, mailer, server.url);
  delivery = noticeDeliveryFrom(server.config, server.database.db, mailer, server.url);
});
afterAll(() => server.close());

const plan = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const setPlan = (id: string, values: Partial<typeof subscriptions.$inferInsert>) =>
  server.database.db.update(subscriptions).set(values).where(eq(subscriptions.id, id));
const mailsAbout = async (email: string, subject: string) =>
  (await mailsTo(server, email)).filter((m) => m.subject.includes(subject));

describe('automatic renewal', () => {
  it('mails one receipt when two workers renew at the same moment', async () => {
    // A package plan: 30 more days cost its $30 (a GB plan's days are free without extension prices).
    const account = await server.buildAccount();
    await fund(server, staff, account.id, 60);
    const bought = await server.request(
      'POST',
      `/api/v1/public/plans/${(await buildPlan(server, { priceCents: 3000 })).id}/purchase`,
      {
        token: await server.tokenFor(account),
        body: { value: 1, country: 'US', paymentMethod: 'balance' },
      },
    );
    const subscriptionId = bought.body.payload.subscriptionId as string;
    await setPlan(subscriptionId, { autoRenew: true, renewValue: 30 });
    const now = new Date((await plan(subscriptionId)).expiresAt!.getTime() - DAY / 2);
    const [a, b] = await Promise.all([jobs.autoRenewDue(now), jobs.autoRenewDue(now)]);
    expect(a.renewed + b.renewed).toBe(1);
    await Promise.all([delivery.drain(), delivery.drain()]);
    const receipts = await mailsAbout(account.email, 'renewed automatically');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Paid: $30.00 from your balance.');
    expect(receipts[0]!.links.some((link) => link.startsWith(`${server.url}/invoice/`))).toBe(true);
  });
});

describe('optional reminders', () => {
  it('reminds once per period before the end, with an unsubscribe link that works signed out', async () => {
    const { account, subscriptionId } = await customerWithPlan(server, staff);
    const end = (await plan(subscriptionId)).expiresAt!.getTime();
    await Promise.all([jobs.remindExpiring(new Date(end - 2 * DAY)), jobs.remindExpiring(new Date(end - 2 * DAY))]);
    await jobs.remindExpiring(new Date(end - DAY));
    await delivery.drain();
    const reminders = await mailsAbout(account.email, 'ends on');
    expect(reminders).toHaveLength(1);
    const unsubscribe = reminders[0]!.links.find((l) => l.includes('/email-subscription/cancel'))!;
    expect(reminders[0]!.headers?.['List-Unsubscribe']).toBe(`<${unsubscribe}>`);

    const res = await server.request('GET', `/api/v1/public/email-subscription/cancel${new URL(unsubscribe).search}`);
    expect(res.body).toMatchObject({ status: 200, payload: { email: account.email, topic: 'reminders' } });
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row).toMatchObject({ emailReminders: false, emailSubscribed: false });
  });

  it('warns once per episode when GB run low, and again after more GB are added', async () => {
    const { account, subscriptionId } = await customerWithPlan(server, staff, { gb: 5 });
    await setPlan(subscriptionId, { bandwidthUsedBytes: 3 * GB });
    await jobs.remindLowBandwidth();
    await delivery.drain();
    expect(await mailsAbout(account.email, 'left')).toHaveLength(0);

    await setPlan(subscriptionId, { bandwidthUsedBytes: 4.5 * GB });
    await Promise.all([jobs.remindLowBandwidth(), jobs.remindLowBandwidth()]);
    await jobs.remindLowBandwidth();
    await delivery.drain();
    const warned = await mailsAbout(account.email, 'left');
    expect(warned).toHaveLength(1);
    expect(warned[0]!.subject).toContain('only 512 MB left');
    expect(warned[0]!.text).toContain('has used 4.5 GB of 5 GB');

    await setPlan(subscriptionId, { bandwidthGb: 6, bandwidthUsedBytes: 5.5 * GB });
    await jobs.remindLowBandwidth();
    await delivery.drain();
    expect(await mailsAbout(account.email, 'left')).toHaveLength(2);
  });

  it('sends no reminders to an account that turned them off, and still sends its receipts', async () => {
    const { account, token, subscriptionId } = await customerWithPlan(server, staff, { gb: 5 });
    const off = await server.request('PATCH', '/api/v1/public/email-subscription', {
      token,
      body: { reminders: false },
    });
    expect(off.body.payload).toEqual({ subscribed: false, reminders: false });
    const end = (await plan(subscriptionId)).expiresAt!.getTime();
    await setPlan(subscriptionId, { bandwidthUsedBytes: Math.round(4.9 * GB) });
    await jobs.remindExpiring(new Date(end - DAY));
    await jobs.remindLowBandwidth();
    await delivery.drain();
    const subjects = (await mailsTo(server, account.email)).map((m) => m.subject);
    expect(subjects.some((s) => s.includes('ends on') || s.includes('left'))).toBe(false);
    expect(subjects.some((s) => s.startsWith('Receipt for'))).toBe(true);
  });
});

describe('preferences', () => {
  it('keeps product news off for a new sign-up until they opt in; reminders start on', async () => {
    const res = await server.request('POST', '/api/v1/auth/register', {
      body: { username: 'fresh_buyer', email: 'fresh@example.test', password: 'Long-enough-1', acceptTerms: true },
    });
    expect(res.status).toBe(200);
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.username, 'fresh_buyer'));
    expect(row).toMatchObject({ emailSubscribed: false, emailReminders: true });
    const token = await server.tokenFor(row!);
    expect((await server.request('GET', '/api/v1/auth/me', { token })).body.payload).toMatchObject({
      emailSubscribed: false,
      emailReminders: true,
    });
    const on = await server.request('PATCH', '/api/v1/public/email-subscription', {
      token,
      body: { subscribed: true },
    });
    expect(on.body.payload).toEqual({ subscribed: true, reminders: true });
    const empty = await server.request('PATCH', '/api/v1/public/email-subscription', { token, body: {} });
    expect(empty.body).toMatchObject({ status: 400, message: 'Validation Error' });
  });
});
