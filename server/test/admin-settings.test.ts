import { SETTINGS_KEYS, type SettingsKey } from '@tollgate/contract/admin/settings';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings } from '#platform/db/schema.ts';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
let manager: string;
let adminName: string;

beforeAll(async () => {
  server = await createTestServer();
  const a = await server.buildAccount({ role: 'Administrator' });
  adminName = a.username;
  admin = await server.tokenFor(a);
  manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
});
afterAll(() => server.close());

const get = (token = admin) => server.request('GET', '/api/v1/admin/settings', { token });
const put = (body: Partial<Record<SettingsKey, string>> | Record<string, unknown>, token = admin) =>
  server.request('PUT', '/api/v1/admin/settings', { token, body });
const textOf = async (key: SettingsKey) => (await get()).body.payload.settings[key] as string;
const audits = (key: string) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.targetId, key)))
    .orderBy(auditLog.id);

const json = (value: unknown) => JSON.stringify(value);
const tiers = json([
  { value: 1, price: 4.5 },
  { value: 10, price: 4 },
]);

/** A value each key accepts, and what GET shows for it afterwards. */
const GOOD: Record<SettingsKey, { text: string; shown?: unknown }> = {
  FAQ: { text: json([{ question: '  How fast is it? ', answer: 'Very.\nReally.' }]) },
  Status: {
    text: json({
      overall: 'degraded',
      message: 'Slow exits in Germany',
      components: [{ name: 'Gateway DE', state: 'degraded' }],
      updatedAt: '2026-01-01T00:00:00.000Z',
    }),
  },
  OwnServers: {
    text: json({ exits: [{ country: 'US', upstream: 'http://user:secret@203.0.113.5:8080' }], blockedPorts: [25] }),
  },
  SocialLinks: { text: json([{ social: 'Discord', link: 'https://discord.gg/tollgate' }]) },
  Copyright: { text: '© 2026 Example Proxies Ltd.' },
  Announcements: {
    text: json([
      {
        id: 'maintenance',
        title: 'Maintenance',
        message: 'Short maintenance on Sunday.',
        level: 'warning',
        createdAt: '2026-01-01T00:00:00.000Z',
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
      },
    ]),
  },
  RenewResiBandwidthPrices: { text: tiers },
  RenewMobileBandwidthPrices: { text: tiers },
  RenewIPv6BandwidthPrices: { text: tiers },
  RenewISPPrices: { text: tiers },
  RenewNEWIPv6Prices: { text: tiers },
  ResidentialExtendBySingleDayPrice: { text: '0.50', shown: '0.5' },
  ResidentialExtendByOneWeekPrice: { text: '$2.50', shown: '2.5' },
  ResidentialExtendByMonthPrice: { text: '8', shown: '8' },
  ResidentialExtendByTwoMonthPrice: { text: '14.99', shown: '14.99' },
  LoyaltyTiers: {
    text: json({ rule: 'paid_orders', tiers: [{ id: 'regular', name: 'Regular', threshold: 5, reward: 10 }] }),
  },
  ReferralHoldDays: { text: '30' },
};

/** A value each key refuses, and the sentence that must name the key and the problem. */
const BAD: Record<SettingsKey, { text: string; message: string }> = {
  FAQ: {
    text: json([
      { question: 'Fine?', answer: 'Yes.' },
      { question: '   ', answer: 'No question' },
    ]),
    message: 'FAQ: item 2: Question is required',
  },
  Status: {
    text: json({ overall: 'on fire', message: 'x', components: [], updatedAt: '2026-01-01T00:00:00Z' }),
    message: 'Status: Overall state is one of operational, degraded, outage, maintenance',
  },
  OwnServers: {
    text: json({ exits: [{ type: '*', country: '*' }, { bind: 'not-an-address' }] }),
    message: 'OwnServers: exits item 2: bind: Use an IPv4 or IPv6 address of the gateway host',
  },
  SocialLinks: {
    text: json([{ social: 'Discord', link: 'http://discord.gg/plain-http' }]),
    message: 'SocialLinks: item 1: Use an https:// link',
  },
  Copyright: { text: 'x'.repeat(201), message: 'Copyright: at most 200 characters' },
  Announcements: {
    text: json([
      {
        id: 'a',
        title: 'Backwards',
        message: 'Ends before it starts',
        level: 'info',
        createdAt: '2026-01-01T00:00:00Z',
        startsAt: '2026-03-01T12:00:00+02:00',
        endsAt: '2026-03-01T09:00:00Z',
      },
    ]),
    message: 'Announcements: item 1: endsAt: The announcement ends before it starts',
  },
  RenewResiBandwidthPrices: {
    text: json([{ value: 0, price: 1 }]),
    message: 'RenewResiBandwidthPrices: item 1: value must be a whole number of at least 1',
  },
  RenewMobileBandwidthPrices: {
    text: json([{ value: 1, price: -2 }]),
    message: 'RenewMobileBandwidthPrices: item 1: price cannot be negative',
  },
  RenewIPv6BandwidthPrices: {
    text: json([
      { value: 5, price: 1 },
      { value: 5, price: 2 },
    ]),
    message: 'RenewIPv6BandwidthPrices: Two tiers start at the same value',
  },
  RenewISPPrices: { text: '[{"value": 1, "price": 2}', message: 'RenewISPPrices is not valid JSON' },
  RenewNEWIPv6Prices: {
    text: json({ value: 1, price: 2 }),
    message: 'RenewNEWIPv6Prices: Invalid input: expected array, received object',
  },
  ResidentialExtendBySingleDayPrice: {
    text: 'free',
    message: 'ResidentialExtendBySingleDayPrice: enter a price in dollars, like 8 or 8.50',
  },
  ResidentialExtendByOneWeekPrice: {
    text: '-3',
    message: 'ResidentialExtendByOneWeekPrice: enter a price in dollars, like 8 or 8.50',
  },
  ResidentialExtendByMonthPrice: { text: '8.125', message: 'ResidentialExtendByMonthPrice: Use at most two decimals' },
  ResidentialExtendByTwoMonthPrice: { text: '100001', message: 'ResidentialExtendByTwoMonthPrice: At most $100,000' },
  LoyaltyTiers: {
    text: json({
      rule: 'lifetime_spend',
      tiers: [
        { id: 'a', name: 'A', threshold: 100, reward: 5 },
        { id: 'a', name: 'B', threshold: 200, reward: 10 },
      ],
    }),
    message: 'LoyaltyTiers: tiers item 2: Two tiers share an id',
  },
  ReferralHoldDays: { text: '400', message: 'ReferralHoldDays: At most 365 days' },
};

describe('who may read and change the settings', () => {
  it('lets Managers and Administrators in, and keeps customers, support and strangers out', async () => {
    const user = await server.tokenFor(await server.buildAccount());
    const support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
    for (const token of [user, support]) {
      expect((await get(token)).body).toMatchObject({ status: 403, message: 'forbidden' });
      expect((await put({ Copyright: 'Mine now' }, token)).status).toBe(403);
      const exit = await server.request('POST', '/api/v1/admin/settings/own-servers/test', {
        token,
        body: { exit: { type: '*', country: '*' } },
      });
      expect(exit.status).toBe(403);
    }
    // No token at all: the client signs out and goes to /login (DESIGN §4).
    expect((await server.request('GET', '/api/v1/admin/settings')).body).toMatchObject({
      status: 403,
      message: 'unauthorized',
    });
    expect((await server.request('PUT', '/api/v1/admin/settings', { body: { Copyright: 'x' } })).status).toBe(403);
    for (const token of [manager, admin]) {
      const res = await get(token);
      expect(res.body).toMatchObject({ status: 200, message: 'Settings' });
      expect(Object.keys(res.body.payload.settings).sort()).toEqual([...SETTINGS_KEYS].sort());
    }
    expect(await textOf('Copyright')).toBe('');
  });

  it('refuses a Manager who sends OwnServers with a sentence, and saves nothing else of that request', async () => {
    const res = await put({ OwnServers: GOOD.OwnServers.text, Copyright: '© Manager' }, manager);
    expect(res.body).toMatchObject({
      status: 403,
      message: "Only an Administrator may change OwnServers: it decides where customers' traffic leaves the gateway",
    });
    expect(await textOf('OwnServers')).toBe('');
    expect(await textOf('Copyright')).toBe('');
    const saved = await put({ Copyright: '© Manager' }, manager);
    expect(saved.body).toMatchObject({ status: 200, message: 'Settings updated' });
    expect(saved.body.payload.settings.Copyright).toBe('© Manager');
  });
});

describe('each key', () => {
  it.each(SETTINGS_KEYS)('%s refuses a bad value with a sentence naming it, and keeps the old value', async (key) => {
    const saved = await put({ [key]: GOOD[key].text });
    expect(saved.status).toBe(200);
    const before = await textOf(key);
    const refused = await put({ [key]: BAD[key].text });
    expect(refused.status).toBe(400);
    expect(refused.body.message.startsWith(BAD[key].message)).toBe(true);
    expect(refused.body.payload.fields).toEqual([{ path: `body.${key}`, message: refused.body.message }]);
    expect(await textOf(key)).toBe(before);
  });

  it('round-trips every good value through GET, in its canonical form', async () => {
    const body = Object.fromEntries(SETTINGS_KEYS.map((k) => [k, GOOD[k].text]));
    expect((await put(body)).status).toBe(200);
    const shown = (await get()).body.payload.settings as Record<SettingsKey, string>;
    for (const key of SETTINGS_KEYS) {
      const expected = GOOD[key].shown ?? GOOD[key].text;
      if (key === 'Copyright' || key.startsWith('ResidentialExtend')) expect(shown[key]).toBe(expected);
      else if (key === 'FAQ')
        expect(JSON.parse(shown.FAQ)).toEqual([{ question: 'How fast is it?', answer: 'Very.\nReally.' }]);
      else if (key === 'OwnServers')
        expect(JSON.parse(shown.OwnServers)).toEqual({
          exits: [{ type: '*', country: 'us', upstream: 'http://user:secret@203.0.113.5:8080' }],
          allowedTargets: [],
          blockedPorts: [25],
        });
      else expect(JSON.parse(shown[key])).toEqual(JSON.parse(expected as string));
    }
    // Stored as values, not as text inside JSON: the landing, renewals and the gateway read them so.
    const [row] = await server.database.db.select().from(settings).where(eq(settings.key, 'RenewISPPrices'));
    expect(row!.value).toEqual([
      { value: 1, price: 4.5 },
      { value: 10, price: 4 },
    ]);
  });

  it('saves nothing when one key of several is wrong, and names every wrong key', async () => {
    await put({ Copyright: '© Before', RenewISPPrices: tiers });
    const res = await put({
      Copyright: '© After',
      RenewISPPrices: json([{ value: 3, price: 1 }]),
      FAQ: BAD.FAQ.text,
      ResidentialExtendByMonthPrice: 'abc',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'FAQ: item 2: Question is required; ResidentialExtendByMonthPrice: enter a price in dollars, like 8 or 8.50',
    );
    expect(res.body.payload.fields.map((f: { path: string }) => f.path)).toEqual([
      'body.FAQ',
      'body.ResidentialExtendByMonthPrice',
    ]);
    expect(await textOf('Copyright')).toBe('© Before');
    expect(JSON.parse(await textOf('RenewISPPrices'))).toEqual(JSON.parse(tiers));
  });

  it('refuses control characters hidden as JSON escapes, huge texts, unknown keys and empty requests', async () => {
    const nul = '[{"question": "Hidden", "answer": "a\\u0000b"}]';
    const hidden = await put({ FAQ: nul });
    expect(hidden.body).toMatchObject({ status: 400, message: 'FAQ: item 1: answer: contains a control character' });
    const inKey = await put({ SocialLinks: '[{"social": "Discord", "link": "https://x.test", "\\u0007": 1}]' });
    expect(inKey.status).toBe(400);
    expect(inKey.body.message).toMatch(/^SocialLinks: item 1: .*contains a control character$/);
    const raw = await put({ Copyright: 'Bell \u0007' });
    expect(raw.body).toMatchObject({ status: 400, message: 'Validation Error' });
    expect(raw.body.payload.fields[0].path).toBe('body.Copyright');
    const huge = await put({ FAQ: `[${'"x",'.repeat(500_000)}"x"]` });
    expect(huge.status).toBe(400);
    expect(huge.body.payload.fields[0].path).toBe('body.FAQ');
    expect((await put({ NotASetting: 'x' })).body.payload.fields[0].path).toBe('body');
    expect((await put({})).status).toBe(400);
    const notText = await put({ ResidentialExtendByMonthPrice: 8 });
    expect(notText.body.payload.fields[0].path).toBe('body.ResidentialExtendByMonthPrice');
    const deep = await put({ FAQ: `${'['.repeat(10_000)}${']'.repeat(10_000)}` });
    expect(deep.body).toMatchObject({
      status: 400,
      message: 'FAQ: item 1: Invalid input: expected object, received array',
    });
    const deepBody = await server.request('PUT', '/api/v1/admin/settings', {
      token: admin,
      body: `{"FAQ": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    });
    expect(deepBody.body).toMatchObject({ status: 400, message: 'Validation Error' });
    expect((await get()).status).toBe(200);
  });

  it('takes an OwnServers of 10,000 upstream exits in one save', async () => {
    const exits = Array.from({ length: 10_000 }, (_, i) => ({
      type: 'residential',
      country: 'us',
      city: `city_${i % 50}`,
      upstream: `socks5://user${i}:password-${i}@198.51.100.${i % 250}:${10_000 + i}`,
    }));
    const text = JSON.stringify({ exits });
    expect(text.length).toBeGreaterThan(1_048_576);
    const res = await put({ OwnServers: text });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.payload.settings.OwnServers).exits).toHaveLength(10_000);
    await put({ OwnServers: '' });
  });

  it("resets a key to the shop's default with ''", async () => {
    await put({ Copyright: '© To be cleared' });
    const res = await put({ Copyright: '' });
    expect(res.body.payload.settings.Copyright).toBe('');
    expect(await server.database.db.select().from(settings).where(eq(settings.key, 'Copyright'))).toEqual([]);
    // The public site falls back to its own line.
    const landing = await server.request('GET', '/api/v1/landing');
    expect(landing.body.payload.Copyright).toMatch(/^© \d{4} Tollgate\. All rights reserved\.$/);
    expect(res.body.payload.changes.Copyright).toMatchObject({ updatedBy: adminName });
  });
});

describe('audit', () => {
  it('writes one row per changed key with before and after, and nothing for a value sent unchanged', async () => {
    await put({ ResidentialExtendByOneWeekPrice: '3' });
    const start = (await audits('ResidentialExtendByOneWeekPrice')).length;
    await put({
      ResidentialExtendByOneWeekPrice: '4.25',
      RenewMobileBandwidthPrices: GOOD.RenewMobileBandwidthPrices.text,
    });
    const rows = (await audits('ResidentialExtendByOneWeekPrice')).slice(start);
    expect(rows.map((r) => [r.before, r.after, r.targetType])).toEqual([[3, 4.25, 'settings']]);
    // The same values again, spelled differently: not rewritten, not audited.
    const mobileBefore = (await audits('RenewMobileBandwidthPrices')).length;
    const [stamp] = await server.database.db
      .select()
      .from(settings)
      .where(eq(settings.key, 'RenewMobileBandwidthPrices'));
    const again = await put({
      ResidentialExtendByOneWeekPrice: '$4.25',
      RenewMobileBandwidthPrices: '[ {"price": 4.5, "value": 1}, {"price": 4, "value": 10} ]',
    });
    expect(again.status).toBe(200);
    expect((await audits('ResidentialExtendByOneWeekPrice')).length).toBe(start + 1);
    expect((await audits('RenewMobileBandwidthPrices')).length).toBe(mobileBefore);
    const [after] = await server.database.db
      .select()
      .from(settings)
      .where(eq(settings.key, 'RenewMobileBandwidthPrices'));
    expect(after!.updatedAt).toEqual(stamp!.updatedAt);
    // A reset is a change from the value to nothing.
    await put({ ResidentialExtendByOneWeekPrice: '' });
    expect((await audits('ResidentialExtendByOneWeekPrice')).at(-1)).toMatchObject({ before: 4.25, after: null });
  });

  it('names who changed each key and when, and keeps upstream passwords out of the log', async () => {
    await put({ OwnServers: GOOD.OwnServers.text });
    const res = await get(manager);
    expect(res.body.payload.changes.OwnServers).toMatchObject({ updatedBy: adminName });
    expect(Date.now() - Date.parse(res.body.payload.changes.OwnServers.updatedAt)).toBeLessThan(60_000);
    const [row] = (await audits('OwnServers')).slice(-1);
    expect(JSON.stringify(row!.after)).toContain('http://user:***@203.0.113.5:8080');
    expect(JSON.stringify(row!.after)).not.toContain('secret');
    // A key written outside the panel shows when, and nobody.
    const value = [{ value: 1, price: 1 }];
    await server.database.db
      .insert(settings)
      .values({ key: 'RenewNEWIPv6Prices', value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`clock_timestamp()` } });
    expect((await get()).body.payload.changes.RenewNEWIPv6Prices).toMatchObject({ updatedBy: null });
  });

  it('keeps every one of 10 saves at once: each audited once, each before the after of another', async () => {
    await put({ Copyright: '© Start' });
    const start = (await audits('Copyright')).length;
    const saves = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => put({ Copyright: `© Edition ${i}` })),
      put({ FAQ: json([{ question: 'Parallel?', answer: 'Yes.' }]) }),
    ]);
    expect(saves.map((r) => r.status)).toEqual(Array(11).fill(200));
    const rows = (await audits('Copyright')).slice(start);
    expect(rows.map((r) => r.after).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `© Edition ${i}`).sort());
    // One chain: each save saw the one before it.
    expect(rows.map((r) => r.before)).toEqual(['© Start', ...rows.slice(0, -1).map((r) => r.after)]);
    expect(await textOf('Copyright')).toBe(rows.at(-1)!.after);
    expect(JSON.parse(await textOf('FAQ'))).toEqual([{ question: 'Parallel?', answer: 'Yes.' }]);
  });
});

describe('announcements with a window', () => {
  it('shows on the landing and in the customer area only those in their window now', async () => {
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const item = (id: string, window: { startsAt?: string | null; endsAt?: string | null }) => ({
      id,
      title: `Title ${id}`,
      message: `Message ${id}`,
      level: 'info',
      createdAt: at(-48),
      ...window,
    });
    const saved = await put({
      Announcements: json([
        item('always', {}),
        item('open', { startsAt: at(-1), endsAt: at(1) }),
        item('later', { startsAt: at(2) }),
        item('over', { endsAt: at(-2) }),
      ]),
    });
    expect(saved.status).toBe(200);
    const landing = await server.request('GET', '/api/v1/landing');
    expect(landing.body.payload.Announcements.map((a: { id: string }) => a.id).sort()).toEqual(['always', 'open']);
    expect(Object.keys(landing.body.payload.Announcements[0]).sort()).toEqual(
      ['createdAt', 'id', 'level', 'message', 'title'].sort(),
    );
    const customer = await server.tokenFor(await server.buildAccount());
    const mine = await server.request('GET', '/api/v1/public/announcements', { token: customer });
    expect(mine.body.payload.announcements.map((a: { id: string }) => a.id).sort()).toEqual(['always', 'open']);
    // The staff still see all four, windows included.
    const all = JSON.parse(await textOf('Announcements')) as { id: string; startsAt: string | null }[];
    expect(all.map((a) => a.id)).toEqual(['always', 'open', 'later', 'over']);
    expect(all[0]!.startsAt).toBeNull();
  });
});
