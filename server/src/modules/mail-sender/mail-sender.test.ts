import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#platform/db/client.ts';
import { accounts, auditLog } from '#platform/db/schema.ts';
import { createMailer } from '#platform/mail/mailer.ts';
import { mailsTo } from '#test/auth-helpers.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { customerWithPlan } from '#test/proxies-helpers.ts';
import { campaignDeliveryFrom } from '../../compose';
import { mailCampaignRecipients } from './mail-sender.schema';

let server: TestServer;
let admin: TestAccount;
let adminToken: string;
let managerToken: string;
const API = '/api/v1/admin/mail-sender';

const optIn = (id: string, subscribed = true) =>
  server.database.db.update(accounts).set({ emailSubscribed: subscribed }).where(eq(accounts.id, id));

/** The audience fixture: who must and must not receive news. */
const people: Record<string, TestAccount> = {};

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.buildAccount({ role: 'Administrator' });
  adminToken = await server.tokenFor(admin);
  managerToken = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
  const resi = await customerWithPlan(server, adminToken, { type: 'residential' });
  const dc = await customerWithPlan(server, adminToken, { type: 'datacenter' });
  const optedOutResi = await customerWithPlan(server, adminToken, { type: 'residential' });
  people.resi = resi.account;
  people.dc = dc.account;
  people.optedOut = optedOutResi.account;
  people.plain = await server.buildAccount();
  people.unverified = await server.buildAccount({ emailVerified: false });
  people.disabled = await server.buildAccount();
  people.manager = await server.buildAccount({ role: 'Manager' });
  people.reseller = await server.buildAccount({ reseller: true });
  for (const key of ['resi', 'dc', 'plain', 'unverified', 'disabled', 'manager', 'reseller'])
    await optIn(people[key]!.id);
  await server.database.db.update(accounts).set({ disabledAt: new Date() }).where(eq(accounts.id, people.disabled!.id));
});
afterAll(() => server.close());

const create = (body: unknown, token = adminToken) => server.request('POST', API, { token, body });
const draft = (audience: unknown = { kind: 'all' }, extra: Record<string, unknown> = {}) => ({
  subject: 'Spring offer',
  body: 'Our **new** residential pool is live.\n\n- 10% off\n- more countries',
  audience,
  ...extra,
});
async function finished(id: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.request('GET', `${API}/${id}`, { token: adminToken });
    if (res.body.payload.status !== 'sending') return res.body.payload;
    if (Date.now() > until) throw new Error(`campaign ${id} still sending: ${JSON.stringify(res.body.payload)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('who a campaign reaches', () => {
  it('counts opted-in customers per audience, and those it misses because they opted out', async () => {
    const reach = async (audience: unknown) =>
      (await server.request('POST', `${API}/audience`, { token: managerToken, body: { audience } })).body.payload;
    // Staff, reseller API, unverified and disabled accounts never count; opted-out customers are shown apart.
    expect(await reach({ kind: 'all' })).toEqual({ recipients: 3, optedOut: 1 });
    expect(await reach({ kind: 'plan-type', type: 'residential' })).toEqual({ recipients: 1, optedOut: 1 });
    expect(await reach({ kind: 'plan-type', type: 'datacenter' })).toEqual({ recipients: 1, optedOut: 0 });
    expect(await reach({ kind: 'plan-type', type: 'mobile' })).toEqual({ recipients: 0, optedOut: 0 });
    // The plans were bought today for 30 days.
    expect(await reach({ kind: 'expiring', days: 31 })).toEqual({ recipients: 2, optedOut: 1 });
    expect(await reach({ kind: 'expiring', days: 29 })).toEqual({ recipients: 0, optedOut: 0 });
    expect(await reach({ kind: 'account', account: people.plain!.username.toUpperCase() })).toEqual({
      recipients: 1,
      optedOut: 0,
    });
    expect(await reach({ kind: 'account', account: people.optedOut!.email })).toEqual({ recipients: 0, optedOut: 1 });
  });

  it('refuses a one-account audience naming nobody, a staff member or a reseller, naming the field', async () => {
    for (const account of ['nobody-here', people.manager!.username, people.reseller!.email]) {
      const res = await create(draft({ kind: 'account', account }));
      expect(res.status).toBe(400);
      expect(res.body.payload.fields).toEqual([{ path: 'audience.account', message: res.body.message }]);
    }
  });
});

describe('access', () => {
  it('lets Administrators and Managers in, refuses everyone else', async () => {
    expect((await server.request('GET', API)).status).toBe(403);
    for (const who of [
      await server.buildAccount(),
      await server.buildAccount({ role: 'Support' }),
      await server.buildAccount({ reseller: true }),
    ]) {
      const token = await server.tokenFor(who);
      const list = await server.request('GET', API, { token });
      expect(list.status).toBe(403);
      expect(list.body.message).toBe('forbidden');
      expect((await create(draft(), token)).status).toBe(403);
    }
    expect((await server.request('GET', API, { token: managerToken })).status).toBe(200);
    expect((await server.request('GET', API, { token: adminToken })).status).toBe(200);
  });
});

describe('drafts', () => {
  it('refuses bad input with the field named and saves nothing', async () => {
    const before = (await server.request('GET', API, { token: adminToken })).body.payload.total;
    const cases: [unknown, string][] = [
      [{ ...draft(), subject: '' }, 'subject'],
      [{ ...draft(), subject: 'x'.repeat(151) }, 'subject'],
      [{ ...draft(), subject: 'two\nlines' }, 'subject'],
      [{ ...draft(), body: '   ' }, 'body'],
      [{ ...draft(), body: 'x'.repeat(20_001) }, 'body'],
      [draft({ kind: 'expiring', days: 0 }), 'audience.days'],
      [draft({ kind: 'expiring', days: 366 }), 'audience.days'],
      [draft({ kind: 'plan-type', type: 'dialup' }), 'audience.type'],
      [draft({ kind: 'everyone' }), 'audience.kind'],
      [{ ...draft(), subject: 'Hello\u0000' }, 'subject'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.payload.fields?.map((f: { path: string }) => f.path)).toContain(`body.${field}`);
    }
    expect((await server.request('GET', API, { token: adminToken })).body.payload.total).toBe(before);
    expect((await server.request('GET', `${API}/not-a-uuid`, { token: adminToken })).status).toBe(400);
    expect((await server.request('GET', `${API}/${crypto.randomUUID()}`, { token: adminToken })).status).toBe(404);
  });

  it('saves, changes and deletes a draft, each change audited, with the reach in the answer', async () => {
    const created = await create(draft({ kind: 'plan-type', type: 'residential' }), managerToken);
    expect(created.status).toBe(200);
    const campaign = created.body.payload;
    expect(campaign).toMatchObject({
      status: 'draft',
      subject: 'Spring offer',
      reach: { recipients: 1, optedOut: 1 },
      progress: { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0 },
    });
    const changed = await server.request('PATCH', `${API}/${campaign.id}`, {
      token: adminToken,
      body: { subject: 'Summer offer', audience: { kind: 'all' } },
    });
    const everyone = await server.request('POST', `${API}/audience`, {
      token: adminToken,
      body: { audience: { kind: 'all' } },
    });
    expect(changed.body.payload).toMatchObject({ subject: 'Summer offer', reach: everyone.body.payload });
    expect((await server.request('PATCH', `${API}/${campaign.id}`, { token: adminToken, body: {} })).status).toBe(400);
    const listed = await server.request('GET', `${API}?search=summer`, { token: adminToken });
    expect(listed.body.payload.items.map((c: { id: string }) => c.id)).toEqual([campaign.id]);
    expect((await server.request('DELETE', `${API}/${campaign.id}`, { token: adminToken })).status).toBe(200);
    expect((await server.request('GET', `${API}/${campaign.id}`, { token: adminToken })).status).toBe(404);
    const trail = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, campaign.id));
    expect(trail.map((t) => t.action).sort()).toEqual([
      'mail_campaign.create',
      'mail_campaign.delete',
      'mail_campaign.update',
    ]);
  });

  it('renders the Markdown as safe HTML: markup typed by staff shows as text, unsafe links stay text', async () => {
    const res = await server.request('POST', `${API}/preview`, {
      token: adminToken,
      body: {
        subject: 'Hi',
        body: '# Big news\n\n<script>alert(1)</script> **bold** [x](javascript:alert(1)) [site](https://example.com/a?b=1&c=2)',
      },
    });
    const { html, text } = res.body.payload;
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('href="https://example.com/a?b=1&amp;c=2"');
    expect(html).toContain(`Hi ${admin.username},`);
    expect(text).toContain('BIG NEWS');
    expect(text).toContain('site (https://example.com/a?b=1&c=2)');
  });
});

describe('sending', () => {
  it('sends a test to the caller only, marked [TEST], with the unsubscribe headers', async () => {
    const campaign = (await create(draft())).body.payload;
    const res = await server.request('POST', `${API}/${campaign.id}/test`, { token: adminToken });
    expect(res.body.payload).toEqual({ to: admin.email });
    const [mail] = await mailsTo(server, admin.email);
    expect(mail!.subject).toBe('[TEST] Spring offer');
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect((await server.request('GET', `${API}/${campaign.id}`, { token: adminToken })).body.payload.status).toBe(
      'draft',
    );
  });

  it('mails every opted-in customer once, greeted by name, with one-click unsubscribe; sending twice adds nothing', async () => {
    const campaign = (await create(draft())).body.payload;
    const [first, second] = await Promise.all([
      server.request('POST', `${API}/${campaign.id}/send`, { token: adminToken }),
      server.request('POST', `${API}/${campaign.id}/send`, { token: managerToken }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.message).toBe('Campaign queued');
    const done = await finished(campaign.id);
    expect(done).toMatchObject({ status: 'sent', progress: { total: 3, queued: 0, sent: 3, failed: 0, skipped: 0 } });
    expect((await server.request('POST', `${API}/${campaign.id}/send`, { token: adminToken })).status).toBe(200);

    for (const key of ['resi', 'dc', 'plain']) {
      const mails = (await mailsTo(server, people[key]!.email)).filter((m) => m.subject === 'Spring offer');
      expect(mails, key).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.text).toContain(`Hi ${people[key]!.username},`);
      expect(mail.html).toContain('<strong>new</strong>');
      const header = mail.headers['List-Unsubscribe']!;
      expect(header).toMatch(new RegExp(`^<${server.url}/api/v1/public/email-subscription/one-click\\?token=.+>$`));
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.links.some((l) => l.startsWith(`${server.url}/email-subscription/cancel?token=`))).toBe(true);
    }
    for (const key of ['optedOut', 'unverified', 'disabled', 'manager', 'reseller'])
      expect(
        (await mailsTo(server, people[key]!.email)).filter((m) => m.subject === 'Spring offer'),
        key,
      ).toHaveLength(0);

    // A campaign that went out is a record: it neither changes nor goes away.
    expect(
      (await server.request('PATCH', `${API}/${campaign.id}`, { token: adminToken, body: { subject: 'Other' } }))
        .status,
    ).toBe(400);
    expect((await server.request('DELETE', `${API}/${campaign.id}`, { token: adminToken })).status).toBe(400);
    const recipients = await server.request('GET', `${API}/${campaign.id}/recipients?status=sent`, {
      token: managerToken,
    });
    expect(recipients.body.payload.total).toBe(3);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${campaign.id} and ${auditLog.action} = 'mail_campaign.send'`);
    expect(audit!.after).toMatchObject({ recipients: 3 });
  });

  it('unsubscribes with the RFC 8058 POST of the header, without a session or a page', async () => {
    const [mail] = (await mailsTo(server, people.plain!.email)).filter((m) => m.subject === 'Spring offer');
    const url = mail!.headers['List-Unsubscribe']!.slice(1, -1);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { payload: unknown }).payload).toEqual({ topic: 'news' });
    const [row] = await server.database.db.select().from(accounts).where(eq(accounts.id, people.plain!.id));
    expect(row!.emailSubscribed).toBe(false);
    const forged = await fetch(url.replace(/token=[^.]+/, `token=${people.dc!.id}`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
    await optIn(people.plain!.id);
  });

  it('refuses to send to an audience nobody in it can receive, and stays a draft', async () => {
    const campaign = (await create(draft({ kind: 'plan-type', type: 'mobile' }))).body.payload;
    const res = await server.request('POST', `${API}/${campaign.id}/send`, { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Nobody in this audience/);
    const after = await server.request('GET', `${API}/${campaign.id}`, { token: adminToken });
    expect(after.body.payload).toMatchObject({ status: 'draft', progress: { total: 0 } });
  });
});

describe('pace, opt-outs and cancelling', () => {
  let slow: TestServer;
  let token: string;
  const customers: TestAccount[] = [];

  beforeAll(async () => {
    // One mail a second: slow enough to watch what happens between mails.
    slow = await createTestServer({ env: { MAIL_CAMPAIGN_PER_MINUTE: '60' } });
    token = await slow.tokenFor(await slow.buildAccount({ role: 'Administrator' }));
    for (let i = 0; i < 3; i++) {
      const c = await slow.buildAccount();
      await slow.database.db.update(accounts).set({ emailSubscribed: true }).where(eq(accounts.id, c.id));
      customers.push(c);
    }
  });
  afterAll(() => slow.close());

  const progressOf = async (id: string) =>
    (await slow.request('GET', `${API}/${id}`, { token })).body.payload as {
      status: string;
      progress: { total: number; queued: number; sent: number; failed: number; skipped: number };
    };
  async function until(id: string, ok: (c: Awaited<ReturnType<typeof progressOf>>) => boolean) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const c = await progressOf(id);
      if (ok(c)) return c;
      if (Date.now() > deadline) throw new Error(JSON.stringify(c));
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('keeps to the configured rate and skips someone who opts out while it is being sent', async () => {
    const campaign = (await slow.request('POST', API, { token, body: draft() })).body.payload;
    const started = Date.now();
    await slow.request('POST', `${API}/${campaign.id}/send`, { token });
    await until(campaign.id, (c) => c.progress.sent === 1);
    const queued = (
      await slow.request('GET', `${API}/${campaign.id}/recipients?status=queued`, { token })
    ).body.payload.items.map((r: { accountId: string }) => r.accountId);
    expect(queued).toHaveLength(2);
    await slow.database.db.update(accounts).set({ emailSubscribed: false }).where(eq(accounts.id, queued[0]));
    const done = await until(campaign.id, (c) => c.status === 'sent');
    expect(done.progress).toMatchObject({ total: 3, sent: 2, skipped: 1, queued: 0, failed: 0 });
    // Two mails at one a second: the second waited for the first's second to pass.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const skipped = (await slow.request('GET', `${API}/${campaign.id}/recipients?status=skipped`, { token })).body
      .payload.items;
    expect(skipped).toMatchObject([{ accountId: queued[0], error: 'Opted out' }]);
    const optedOut = customers.find((c) => c.id === queued[0])!;
    expect((await mailsTo(slow, optedOut.email)).filter((m) => m.subject === 'Spring offer')).toHaveLength(0);
    await slow.database.db.update(accounts).set({ emailSubscribed: true }).where(eq(accounts.id, queued[0]));
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'holds the rate across instances: a second delivering process adds no mail per second',
    async () => {
      const second = await openDatabase({ databaseUrl: slow.database.pool!.options.connectionString!, poolMax: 3 });
      const mailer = createMailer({ from: 'test@tollgate.local', dataDir: slow.config.DATA_DIR });
      const other = campaignDeliveryFrom(slow.config, second.db, mailer, slow.app.log);
      try {
        const campaign = (
          await slow.request('POST', API, { token, body: draft({ kind: 'all' }, { subject: 'Two workers' }) })
        ).body.payload;
        await slow.request('POST', `${API}/${campaign.id}/send`, { token });
        await other.kick();
        await until(campaign.id, (c) => c.status === 'sent');
        const times = (
          await slow.database.db
            .select({ at: mailCampaignRecipients.sentAt })
            .from(mailCampaignRecipients)
            .where(eq(mailCampaignRecipients.campaignId, campaign.id))
        )
          .map((r) => r.at!.getTime())
          .sort((a, b) => a - b);
        expect(times).toHaveLength(3);
        // One a second (60 a minute) between both workers together.
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(950);
      } finally {
        await other.stop();
        await second.close();
      }
    },
  );

  it('cancels the rest of a campaign: nobody not yet mailed receives it', async () => {
    const campaign = (await slow.request('POST', API, { token, body: draft({ kind: 'all' }, { subject: 'Stop me' }) }))
      .body.payload;
    await slow.request('POST', `${API}/${campaign.id}/send`, { token });
    const cancelled = await slow.request('POST', `${API}/${campaign.id}/cancel`, { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.payload.status).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 1500));
    const after = await progressOf(campaign.id);
    expect(after.status).toBe('cancelled');
    expect(after.progress.sent).toBeLessThanOrEqual(1);
    expect(after.progress.sent + after.progress.skipped).toBe(3);
    let mailed = 0;
    for (const c of customers) mailed += (await mailsTo(slow, c.email)).filter((m) => m.subject === 'Stop me').length;
    expect(mailed).toBe(after.progress.sent);
    expect((await slow.request('POST', `${API}/${campaign.id}/cancel`, { token })).status).toBe(400);
  });
});
