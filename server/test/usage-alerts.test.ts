import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '#platform/db/schema.ts';
import { createMailer } from '#platform/mail/mailer.ts';
import { noticeDeliveryFrom } from '../src/compose';
import { mailsTo } from '#test/auth-helpers.ts';
import { fund } from '#test/commerce.ts';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan } from '#test/proxies-helpers.ts';
import { startReceiver } from '#test/webhook-receiver.ts';
import { createGatewayStore } from '#modules/proxies/gateway-store.ts';
import { alertFirings, webhookDeliveries } from '#modules/automation/automation.schema.ts';

let server: TestServer;
let staff: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  ({ server, staff } = await createStaffedServer());
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

const hour = () => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
/** A gateway node's flush of `bytes` for one plan, through the shop's store and its alert hook. */
function flush(subscriptionId: string, bytes: number) {
  const store = createGatewayStore(server.database.db, undefined, {
    afterReport: (ids) => server.app.automation.afterFlush(ids),
  });
  return store.report([
    { subscriptionId, hour: hour(), country: 'us', bytesIn: Math.round(bytes), bytesOut: 0, requests: 1, failures: 0 },
  ]);
}
const firingsOf = (accountId: string) =>
  server.database.db.select().from(alertFirings).where(eq(alertFirings.accountId, accountId));

describe('alert rules', () => {
  it('adds, lists, changes and removes alerts; thresholds are checked for their kind', async () => {
    const { token, subscriptionId } = await customerWithPlan(server, staff, { gb: 5 });
    const created = await server.request('POST', '/api/v1/public/alerts', {
      token,
      body: { kind: 'bandwidth_percent', threshold: 80, subscriptionId, email: true, webhook: false },
    });
    expect(created.status).toBe(200);
    expect(created.body.payload).toMatchObject({
      kind: 'bandwidth_percent',
      threshold: 80,
      subscriptionId,
      enabled: true,
    });
    expect(created.body.payload.planTitle).toMatch(/Residential/);
    const balance = await server.request('POST', '/api/v1/public/alerts', {
      token,
      body: { kind: 'balance_below', threshold: 12.5, email: false, webhook: true },
    });
    expect(balance.body.payload).toMatchObject({ threshold: 12.5, subscriptionId: null });

    const bad: [unknown, string][] = [
      [{ kind: 'bandwidth_percent', threshold: 101, email: true, webhook: false }, 'body.threshold'],
      [{ kind: 'bandwidth_percent', threshold: 50.5, email: true, webhook: false }, 'body.threshold'],
      [{ kind: 'expiry_days', threshold: 0, email: true, webhook: false }, 'body.threshold'],
      [{ kind: 'balance_below', threshold: 0.001, email: true, webhook: false }, 'body.threshold'],
      [{ kind: 'balance_below', threshold: 5, email: false, webhook: false }, 'body.email'],
      [{ kind: 'usage', threshold: 5, email: true, webhook: false }, 'body.kind'],
      [{ kind: 'balance_below', threshold: 5, subscriptionId, email: true, webhook: false }, 'body.subscriptionId'],
    ];
    for (const [body, field] of bad) {
      const res = await server.request('POST', '/api/v1/public/alerts', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.payload.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    const patched = await server.request('PATCH', `/api/v1/public/alerts/${created.body.payload.id}`, {
      token,
      body: { threshold: 95, enabled: false },
    });
    expect(patched.body.payload).toMatchObject({ threshold: 95, enabled: false });
    const tooHigh = await server.request('PATCH', `/api/v1/public/alerts/${created.body.payload.id}`, {
      token,
      body: { threshold: 500 },
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.payload.fields[0].path).toBe('body.threshold');
    const list = await server.request('GET', '/api/v1/public/alerts', { token });
    expect(list.body.payload.items).toHaveLength(2);
    expect((await server.request('DELETE', `/api/v1/public/alerts/${balance.body.payload.id}`, { token })).status).toBe(
      200,
    );
    expect((await server.request('GET', '/api/v1/public/alerts', { token })).body.payload.items).toHaveLength(1);
  });

  it("answers 404 for someone else's alert or plan, and 403 without a token", async () => {
    const owner = await customerWithPlan(server, staff);
    const other = await customerWithPlan(server, staff);
    const { id } = (
      await server.request('POST', '/api/v1/public/alerts', {
        token: owner.token,
        body: { kind: 'expiry_days', threshold: 3, email: true, webhook: false },
      })
    ).body.payload;
    expect(
      (await server.request('PATCH', `/api/v1/public/alerts/${id}`, { token: other.token, body: { enabled: false } }))
        .status,
    ).toBe(404);
    expect((await server.request('DELETE', `/api/v1/public/alerts/${id}`, { token: other.token })).status).toBe(404);
    const theirPlan = await server.request('POST', '/api/v1/public/alerts', {
      token: other.token,
      body: {
        kind: 'bandwidth_percent',
        threshold: 80,
        subscriptionId: owner.subscriptionId,
        email: true,
        webhook: false,
      },
    });
    expect(theirPlan.status).toBe(404);
    expect(theirPlan.body.payload.error).toBe('Unknown plan');
    expect((await server.request('GET', '/api/v1/public/alerts')).status).toBe(403);
    expect(
      (await server.request('GET', '/api/v1/public/alerts', { token: owner.token })).body.payload.items[0].enabled,
    ).toBe(true);
  });

  it('keeps at most 20 alerts, also when 25 are added at once', async () => {
    const { token } = await customerWithPlan(server, staff);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        server.request('POST', '/api/v1/public/alerts', {
          token,
          body: { kind: 'expiry_days', threshold: i + 1, email: true, webhook: false },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(
      answers.filter((a) => a.status === 400).every((a) => a.body.message === 'You can keep at most 20 alerts'),
    ).toBe(true);
    expect((await server.request('GET', '/api/v1/public/alerts', { token })).body.payload.items).toHaveLength(20);
  });
});

describe('alerts firing', () => {
  it('fires an 80 % alert once when two gateway flushes cross it at the same moment, by mail and webhook', async () => {
    const { account, token, subscriptionId } = await customerWithPlan(server, staff, { gb: 2 });
    const hook = await server.request('POST', '/api/v1/public/webhooks', { token, body: { url: receiver.url } });
    await server.request('POST', '/api/v1/public/alerts', {
      token,
      body: { kind: 'bandwidth_percent', threshold: 80, subscriptionId: null, email: true, webhook: true },
    });
    const before = receiver.received.length;
    // Each flush alone stays under 80 %; together they cross it.
    await Promise.all([flush(subscriptionId, 0.45 * 2 * BYTES_PER_GB), flush(subscriptionId, 0.45 * 2 * BYTES_PER_GB)]);
    await flush(subscriptionId, 1000);
    await server.app.automation.sweep();
    await server.app.automation.delivery.drain();
    expect(await firingsOf(account.id)).toHaveLength(1);
    const mails = (await mailsTo(server, account.email)).filter((m) => m.subject.includes('of its GB used'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('past your 80 % alert');
    const hits = receiver.received.slice(before).filter((r) => JSON.parse(r.body).type === 'alert.bandwidth');
    expect(hits).toHaveLength(1);
    expect(JSON.parse(hits[0]!.body).data).toMatchObject({ subscriptionId, thresholdPercent: 80 });
    const log = await server.request('GET', '/api/v1/public/webhook-deliveries', { token });
    expect(log.body.payload.items[0]).toMatchObject({
      eventType: 'alert.bandwidth',
      status: 'delivered',
      endpointId: hook.body.payload.id,
    });
  });

  it('fires again for the same plan only after GB are added', async () => {
    const { account, token, subscriptionId } = await customerWithPlan(server, staff, { gb: 1 });
    await server.request('POST', '/api/v1/public/alerts', {
      token,
      body: { kind: 'bandwidth_percent', threshold: 50, subscriptionId, email: true, webhook: false },
    });
    await flush(subscriptionId, 0.6 * BYTES_PER_GB);
    await flush(subscriptionId, 0.1 * BYTES_PER_GB);
    expect(await firingsOf(account.id)).toHaveLength(1);
    const added = await server.request('PATCH', `/api/v1/admin/subscriptions/${subscriptionId}/add`, {
      token: staff,
      body: { bandwidth: 1, reason: 'goodwill' },
    });
    expect(added.status).toBe(200);
    await flush(subscriptionId, 0.4 * BYTES_PER_GB);
    expect(await firingsOf(account.id)).toHaveLength(2);
  });

  it('fires a balance alert once per dip: below, back above, below again', async () => {
    const { account, token } = await customerWithPlan(server, staff, { gb: 1 });
    // 100 funded, 1 spent: 99 left.
    await server.request('POST', '/api/v1/public/alerts', {
      token,
      body: { kind: 'balance_below', threshold: 150, email: true, webhook: false },
    });
    await server.app.afterAnswer.settled();
    await server.app.automation.sweep();
    expect(await firingsOf(account.id)).toHaveLength(1);
    await fund(server, staff, account.id, 100);
    await server.app.automation.sweep();
    await server.app.automation.sweep();
    expect(await firingsOf(account.id)).toHaveLength(1);
    await fund(server, staff, account.id, -60);
    await Promise.all([server.app.automation.sweep(), server.app.automation.sweep()]);
    expect(await firingsOf(account.id)).toHaveLength(2);
    // The minute's job mails what the sweep wrote; here the test delivers it.
    const mailer = createMailer({ from: 'test@tollgate.local', dataDir: server.config.DATA_DIR });
    await noticeDeliveryFrom(server.config, server.database.db, mailer, server.url).drain();
    const mails = (await mailsTo(server, account.email)).filter((m) => m.subject.startsWith('Your balance is'));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Your balance is $99.00', 'Your balance is $139.00']),
    );
  });

  it('fires a days-left alert once per end date', async () => {
    const { account, token, subscriptionId } = await customerWithPlan(server, staff, { gb: 1 });
    await server.request('POST', '/api/v1/public/alerts', {
      token,
      body: { kind: 'expiry_days', threshold: 31, subscriptionId, email: false, webhook: true },
    });
    await server.app.automation.sweep();
    await server.app.automation.sweep();
    const [firing, ...more] = await firingsOf(account.id);
    expect(more).toHaveLength(0);
    expect(firing).toMatchObject({ eventType: 'alert.expiry', subscriptionId });
    // No webhook endpoint yet: nothing is owed to anyone, and no mail was asked for.
    expect(
      await server.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, account.id)),
    ).toHaveLength(0);
    expect(
      await server.database.db
        .select()
        .from(notices)
        .where(and(eq(notices.accountId, account.id), like(notices.eventKey, 'alert:%'))),
    ).toHaveLength(0);
  });
});
