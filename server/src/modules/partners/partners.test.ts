import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '#platform/db/schema.ts';
import { buy, nextIp, signUp, tenDollarPlan } from '#test/growth-helpers.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
});
afterAll(() => server.close());

const createPartner = (domain: string, token = admin) =>
  server.request('GET', `/api/v1/admin/create/partnersurl?domain=${encodeURIComponent(domain)}`, { token });
const removePartner = (domain: string, token = admin) =>
  server.request('POST', '/api/v1/admin/delete/partnersurl', { token, body: { domain } });
const statistic = async (query = '') =>
  (await server.request('GET', `/api/v1/admin/partnersurl/statistic${query}`, { token: admin })).body.payload;
const visit = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  server.request('POST', '/api/v1/partners/visit', {
    body,
    headers: { 'user-agent': BROWSER, 'x-forwarded-for': nextIp(), ...headers },
  });
const cookieOf = (res: { headers: Headers }) => res.headers.get('set-cookie')?.split(';')[0] ?? '';

describe('partner domains', () => {
  it('registers a domain typed any way, as its bare host, with the link to give the partner', async () => {
    const res = await createPartner('https://www.Blog-One.example/some/path?x=1');
    expect(res.body).toMatchObject({
      status: 200,
      message: 'Partner link created',
      payload: {
        domain: 'blog-one.example',
        status: 'active',
        link: `${server.config.PUBLIC_URL}/?partner=blog-one.example`,
        visitors: 0,
        signUps: 0,
        buyers: 0,
        revenue: 0,
      },
    });
    expect((await createPartner('blog-one.example')).body.message).toBe('This partner domain is already registered');
  });

  it('refuses what is not a domain, naming the field', async () => {
    for (const domain of [
      '',
      'localhost',
      'not a domain',
      '-bad-.example',
      '1.2.3.4',
      'a'.repeat(300),
      'x\u0000y.com',
    ]) {
      const res = await createPartner(domain);
      expect(res.status, domain).toBe(400);
    }
    const res = await createPartner('no_underscores.example');
    expect(res.body.payload.fields[0].path).toBe('query.domain');
  });

  it('removes a domain (its figures stay, as removed) and registers it again later', async () => {
    await createPartner('gone.example');
    const removed = await removePartner('GONE.example');
    expect(removed.body).toMatchObject({ status: 200, message: 'Partner link removed', payload: null });
    expect((await removePartner('gone.example')).status).toBe(404);
    const list = await statistic('?status=removed');
    expect(list.items.map((p: { domain: string }) => p.domain)).toContain('gone.example');
    expect((await createPartner('gone.example')).body.payload.status).toBe('active');
  });

  it('is for Administrators only', async () => {
    for (const role of ['Manager', 'Support', 'User'] as const) {
      const token = await server.tokenFor(await server.buildAccount({ role }));
      expect((await createPartner('nope.example', token)).status).toBe(403);
      expect((await removePartner('blog-one.example', token)).status).toBe(403);
      expect((await server.request('GET', '/api/v1/admin/partnersurl/statistic', { token })).status).toBe(403);
    }
    expect((await server.request('GET', '/api/v1/admin/partnersurl/statistic')).status).toBe(403);
  });
});

describe('visits', () => {
  beforeAll(async () => {
    await createPartner('visits.example');
  });
  const visitorsOf = async (domain: string) =>
    (await statistic(`?search=${domain}`)).items.find((p: { domain: string }) => p.domain === domain).visitors;

  it('counts a visit from ?partner= once per visitor: a reload with the cookie adds nothing', async () => {
    const first = await visit({ partner: 'visits.example' });
    expect(first.body).toMatchObject({ message: 'Visit noted', payload: { counted: true } });
    const cookie = cookieOf(first);
    expect(first.headers.get('set-cookie')).toMatch(
      /^tg_visit=[a-f0-9]{32}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/,
    );
    const reload = await visit({ partner: 'visits.example' }, { cookie });
    expect(reload.body.payload.counted).toBe(false);
    expect(await visitorsOf('visits.example')).toBe(1);
  });

  it('counts a visit whose referrer is the partner or one of its subdomains', async () => {
    expect((await visit({ referrer: 'https://shop.visits.example/article' })).body.payload.counted).toBe(true);
    expect((await visit({ referrer: 'https://evilvisits.example/' })).body.payload.counted).toBe(false);
  });

  it('without cookies, the same address and browser are one visitor that day', async () => {
    const ip = nextIp();
    expect((await visit({ partner: 'visits.example' }, { 'x-forwarded-for': ip })).body.payload.counted).toBe(true);
    expect((await visit({ partner: 'visits.example' }, { 'x-forwarded-for': ip })).body.payload.counted).toBe(false);
  });

  it('never counts bots, unknown or removed partners, and sets no cookie for them', async () => {
    const before = await visitorsOf('visits.example');
    for (const ua of [
      '',
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'curl/8.5.0',
      'Mozilla/5.0 HeadlessChrome/131.0',
    ]) {
      const res = await visit({ partner: 'visits.example' }, { 'user-agent': ua });
      expect(res.body.payload.counted).toBe(false);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const unknown = await visit({ partner: 'stranger.example' });
    expect(unknown.body.payload.counted).toBe(false);
    expect(unknown.headers.get('set-cookie')).toBeNull();
    expect((await visit({ referrer: 'javascript:alert(1)' })).body.payload.counted).toBe(false);
    expect(await visitorsOf('visits.example')).toBe(before);
  });

  it('refuses oversized or malformed input without counting', async () => {
    expect((await visit({ referrer: `https://visits.example/${'x'.repeat(3000)}` })).status).toBe(400);
    expect((await visit({ partner: 'visits.example\u0000' })).status).toBe(400);
  });
});

describe('sign-ups, buyers and revenue per partner', () => {
  it('attributes a sign-up to the partner the browser came through, or the one the register page names', async () => {
    await createPartner('brings.example');
    const staff = admin;
    const planId = (await tenDollarPlan(server)).id;
    const landed = await visit({ referrer: 'https://brings.example/' });
    const viaCookie = await signUp(server, { cookie: cookieOf(landed) });
    const viaLink = await signUp(server, { partnerCode: 'brings.example' });
    const unknown = await signUp(server, { partnerCode: 'nobody.example' });
    const partnerOf = async (id: string) =>
      (await server.database.db.select({ p: accounts.partnerCode }).from(accounts).where(eq(accounts.id, id)))[0]!.p;
    expect(await partnerOf(viaCookie.id)).toBe('brings.example');
    expect(await partnerOf(viaLink.id)).toBe('brings.example');
    expect(await partnerOf(unknown.id)).toBeNull();

    await buy(server, staff, viaCookie, planId, 3);
    const stats = await statistic('?search=brings');
    expect(stats.items[0]).toMatchObject({ domain: 'brings.example', visitors: 1, signUps: 2, buyers: 1, revenue: 30 });
    expect(stats.items[0].lastVisitAt).not.toBeNull();
    expect(stats.totals).toMatchObject({ usersWithPartnerUrl: 2, uniqueBuyers: 1, revenue: 30 });
    expect(stats.totals.visitors).toBeGreaterThanOrEqual(1);
  });

  it('pages the list and checks its query', async () => {
    expect((await server.request('GET', '/api/v1/admin/partnersurl/statistic?size=500', { token: admin })).status).toBe(
      400,
    );
    expect(
      (await server.request('GET', '/api/v1/admin/partnersurl/statistic?status=gone', { token: admin })).status,
    ).toBe(400);
    const page = await statistic('?size=1&page=2');
    expect(page).toMatchObject({ page: 2, size: 1 });
    expect(page.items).toHaveLength(1);
    expect((await statistic('?search=%25')).items).toEqual([]);
  });
});
