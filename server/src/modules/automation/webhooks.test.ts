import { createHmac } from 'node:crypto';
import { SIGNATURE_HEADER, WEBHOOK_MAX_ATTEMPTS } from '@tollgate/contract/automation/webhooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { startReceiver } from '#test/webhook-receiver.ts';
import { createSealer } from '#platform/auth/sealed.ts';
import { openDatabase } from '#platform/db/client.ts';
import { webhookDeliveries } from './automation.schema';
import { createWebhookDelivery } from './webhook-delivery';
import { assertSavableUrl, resolveTarget } from './webhook-target';
import { signWebhook, verifyWebhook } from './webhook-signature';

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  server = await createTestServer();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

async function customer() {
  const account = await server.buildAccount();
  return { ...account, token: await server.tokenFor(account) };
}
const later = () => new Date(Date.now() + 24 * 3_600_000);

describe('webhook endpoints', () => {
  it('adds an endpoint and shows its secret once, then only its last four characters', async () => {
    const me = await customer();
    const created = await server.request('POST', '/api/v1/public/webhooks', {
      token: me.token,
      body: { url: receiver.url, description: 'scraper fleet' },
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Webhook created');
    const { secret, secretHint, id } = created.body.payload;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(secretHint).toBe(secret.slice(-4));
    const list = await server.request('GET', '/api/v1/public/webhooks', { token: me.token });
    expect(list.body.payload.items).toEqual([expect.objectContaining({ id, url: receiver.url, secretHint })]);
    expect(list.text).not.toContain(secret);
  });

  it('refuses bad addresses and more than five endpoints, naming the field', async () => {
    const me = await customer();
    for (const url of ['', 'ftp://example.com/x', 'https://user:pw@example.com/', 'not a url', 'x'.repeat(600)]) {
      const res = await server.request('POST', '/api/v1/public/webhooks', { token: me.token, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.payload.fields[0].path).toBe('body.url');
    }
    for (let i = 0; i < 5; i++)
      expect(
        (await server.request('POST', '/api/v1/public/webhooks', { token: me.token, body: { url: receiver.url } }))
          .status,
      ).toBe(200);
    const sixth = await server.request('POST', '/api/v1/public/webhooks', {
      token: me.token,
      body: { url: receiver.url },
    });
    expect(sixth.status).toBe(400);
    expect(sixth.body.message).toBe('You can keep at most 5 webhooks');
  });

  it("answers 404 for someone else's endpoint on every call, and 403 without a token", async () => {
    const owner = await customer();
    const other = await customer();
    const { id } = (
      await server.request('POST', '/api/v1/public/webhooks', { token: owner.token, body: { url: receiver.url } })
    ).body.payload;
    const calls: [string, string, unknown?][] = [
      ['PATCH', `/api/v1/public/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/v1/public/webhooks/${id}`],
      ['POST', `/api/v1/public/webhooks/${id}/secret`],
      ['POST', `/api/v1/public/webhooks/${id}/test`],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.request(method, path, { token: other.token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.payload.error).toBe('Unknown webhook');
      expect((await server.request(method, path, body ? { body } : {})).status).toBe(403);
    }
    const theirs = await server.request('GET', `/api/v1/public/webhook-deliveries?endpointId=${id}`, {
      token: other.token,
    });
    expect(theirs.body.payload.items).toEqual([]);
    expect(
      (await server.request('GET', '/api/v1/public/webhooks', { token: owner.token })).body.payload.items,
    ).toHaveLength(1);
  });

  it('rotates the secret: the new one is shown once and signs from then on', async () => {
    const me = await customer();
    const created = (
      await server.request('POST', '/api/v1/public/webhooks', { token: me.token, body: { url: receiver.url } })
    ).body.payload;
    const rotated = await server.request('POST', `/api/v1/public/webhooks/${created.id}/secret`, { token: me.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.payload.secret).not.toBe(created.secret);
    const before = receiver.received.length;
    await server.request('POST', `/api/v1/public/webhooks/${created.id}/test`, { token: me.token });
    const hit = receiver.received[before]!;
    const header = hit.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(verifyWebhook(rotated.body.payload.secret, hit.body, header)).toBe(true);
    expect(verifyWebhook(created.secret, hit.body, header)).toBe(false);
  });
});

describe('webhook delivery', () => {
  it('signs each event so the receiver can verify it, and logs the answer', async () => {
    const me = await customer();
    const { id, secret } = (
      await server.request('POST', '/api/v1/public/webhooks', { token: me.token, body: { url: receiver.url } })
    ).body.payload;
    const before = receiver.received.length;
    const sent = await server.request('POST', `/api/v1/public/webhooks/${id}/test`, { token: me.token });
    expect(sent.status).toBe(200);
    expect(sent.body.payload).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastResponse: 'ok, thanks',
    });
    const hit = receiver.received[before]!;
    const header = hit.headers['tollgate-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(secret, hit.body, header)).toBe(true);
    expect(verifyWebhook(secret, `${hit.body} `, header)).toBe(false);
    expect(JSON.parse(hit.body)).toMatchObject({ type: 'webhook.test', id: sent.body.payload.eventId });
    expect(hit.headers['tollgate-event']).toBe('webhook.test');
    const log = await server.request('GET', '/api/v1/public/webhook-deliveries', { token: me.token });
    expect(log.body.payload.items[0]).toMatchObject({
      id: sent.body.payload.id,
      status: 'delivered',
      url: receiver.url,
    });
  });

  it('retries after a 500 with back-off and never sends again after a 2xx', async () => {
    const flaky = await startReceiver([500, 500, 200]);
    const me = await customer();
    const { id } = (
      await server.request('POST', '/api/v1/public/webhooks', { token: me.token, body: { url: flaky.url } })
    ).body.payload;
    const first = (await server.request('POST', `/api/v1/public/webhooks/${id}/test`, { token: me.token })).body
      .payload;
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500, lastResponse: 'boom 500' });
    // Not due yet: the pause after the first failure is 30 s.
    expect(Date.parse(first.nextAttemptAt) - Date.now()).toBeGreaterThan(20_000);
    await server.app.automation.delivery.deliverDue();
    expect(flaky.received).toHaveLength(1);
    await server.app.automation.delivery.deliverDue({ now: later() });
    await server.app.automation.delivery.deliverDue({ now: later() });
    expect(flaky.received).toHaveLength(3);
    for (let i = 0; i < 3; i++) await server.app.automation.delivery.deliverDue({ now: later() });
    expect(flaky.received).toHaveLength(3);
    const [row] = await server.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, first.id));
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 });
    // Every attempt carried the same event and body.
    expect(new Set(flaky.received.map((r) => r.body)).size).toBe(1);
    await flaky.close();
  });

  it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} failed attempts`, async () => {
    const down = await startReceiver([503]);
    const me = await customer();
    const { id } = (
      await server.request('POST', '/api/v1/public/webhooks', { token: me.token, body: { url: down.url } })
    ).body.payload;
    const sent = (await server.request('POST', `/api/v1/public/webhooks/${id}/test`, { token: me.token })).body.payload;
    for (let i = 0; i < WEBHOOK_MAX_ATTEMPTS + 2; i++)
      await server.app.automation.delivery.deliverDue({ now: later() });
    expect(down.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const [row] = await server.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, sent.id));
    expect(row).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, lastStatus: 503 });
    await down.close();
  });

  it('sends nothing more to an endpoint once it is removed', async () => {
    const down = await startReceiver([500]);
    const me = await customer();
    const { id } = (
      await server.request('POST', '/api/v1/public/webhooks', { token: me.token, body: { url: down.url } })
    ).body.payload;
    await server.request('POST', `/api/v1/public/webhooks/${id}/test`, { token: me.token });
    expect((await server.request('DELETE', `/api/v1/public/webhooks/${id}`, { token: me.token })).status).toBe(200);
    await server.app.automation.delivery.deliverDue({ now: later() });
    expect(down.received).toHaveLength(1);
    const log = await server.request('GET', '/api/v1/public/webhook-deliveries', { token: me.token });
    expect(log.body.payload.items[0]).toMatchObject({ status: 'failed', lastResponse: 'Webhook removed' });
    await down.close();
  });

  it('never delivers one attempt twice when several workers run at once', async () => {
    const slowOk = await startReceiver([200]);
    const me = await customer();
    const { id } = (
      await server.request('POST', '/api/v1/public/webhooks', { token: me.token, body: { url: slowOk.url } })
    ).body.payload;
    const endpoint = id as string;
    await server.database.db.execute(sql`
      insert into webhook_deliveries (endpoint_id, account_id, event_id, event_type, body)
      select ${endpoint}, ${me.id}, 'evt_race_' || g, 'webhook.test', '{"n":' || g || '}' from generate_series(1, 30) g`);
    await Promise.all(Array.from({ length: 6 }, () => server.app.automation.delivery.deliverDue()));
    await server.app.automation.delivery.drain();
    expect(slowOk.received).toHaveLength(30);
    expect(new Set(slowOk.received.map((r) => r.body)).size).toBe(30);
    await slowOk.close();
  });
});

describe('two instances', () => {
  it.runIf(process.env.TEST_DB === 'postgres')(
    'never deliver one event twice when both deliver at once, each with its own pool (PostgreSQL)',
    async () => {
      const receiverOk = await startReceiver([200]);
      const me = await customer();
      const { id } = (
        await server.request('POST', '/api/v1/public/webhooks', { token: me.token, body: { url: receiverOk.url } })
      ).body.payload;
      await server.database.db.execute(sql`
        insert into webhook_deliveries (endpoint_id, account_id, event_id, event_type, body)
        select ${id as string}, ${me.id}, 'evt_two_' || g, 'webhook.test', '{"two":' || g || '}'
        from generate_series(1, 40) g`);
      const other = await openDatabase({ databaseUrl: server.database.pool!.options.connectionString!, poolMax: 5 });
      const second = createWebhookDelivery({
        db: other.db,
        sealer: createSealer(server.config.JWT_SECRET, 'webhook-secret'),
        policy: { allowPrivate: true },
      });
      const first = server.app.automation.delivery;
      await Promise.all([first.drain(), second.drain(), first.deliverDue(), second.deliverDue()]);
      await Promise.all([first.drain(), second.drain()]);
      await other.close();
      expect(receiverOk.received).toHaveLength(40);
      expect(new Set(receiverOk.received.map((r) => r.body)).size).toBe(40);
      await receiverOk.close();
    },
  );
});

describe('where webhooks may point', () => {
  it('in production takes only https and public addresses, checked on the address it connects to', async () => {
    const production = { allowPrivate: false };
    expect(() => assertSavableUrl('http://example.com/hook', production)).toThrow('Use an https:// address');
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.0.0.8/x',
      'https://169.254.169.254/x',
      'https://[::1]/x',
      'https://localhost/x',
    ])
      expect(() => assertSavableUrl(url, production), url).toThrow('not reachable from the internet');
    expect(() => assertSavableUrl('https://hooks.example.com/x', production)).not.toThrow();
    expect(await resolveTarget(new URL('https://127.0.0.1/x'), production)).toMatchObject({ ok: false });
    expect(await resolveTarget(new URL('https://localhost/x'), production)).toMatchObject({ ok: false });
    expect(await resolveTarget(new URL('http://127.0.0.1:9/x'), { allowPrivate: true })).toMatchObject({
      ok: true,
      address: '127.0.0.1',
    });
  });

  it('signs t.body with HMAC-SHA256 as documented and refuses stale timestamps', () => {
    const header = signWebhook('whsec_test', '{"a":1}', 1_700_000_000);
    expect(header).toBe(
      `t=1700000000,v1=${createHmac('sha256', 'whsec_test').update('1700000000.{"a":1}').digest('hex')}`,
    );
    expect(verifyWebhook('whsec_test', '{"a":1}', header, { now: 1_700_000_100 })).toBe(true);
    expect(verifyWebhook('whsec_test', '{"a":1}', header, { now: 1_700_001_000 })).toBe(false);
  });
});
