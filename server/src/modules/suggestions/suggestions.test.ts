import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { call } from '#test/tickets-helpers.ts';

let server: TestServer;
let staff: Record<'Administrator' | 'Manager' | 'Support', string>;
beforeAll(async () => {
  // Each call from its own client address (tickets-helpers), so rate limits never decide a case.
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  staff = {
    Administrator: await server.tokenFor(await server.buildAccount({ role: 'Administrator' })),
    Manager: await server.tokenFor(await server.buildAccount({ role: 'Manager' })),
    Support: await server.tokenFor(await server.buildAccount({ role: 'Support' })),
  };
});
afterAll(() => server.close());

/** A customer who has sent `text` today; answers the suggestion's id. */
async function suggestionFrom(text: string, overrides: { username?: string } = {}) {
  const account = await server.buildAccount(overrides);
  const token = await server.tokenFor(account);
  const res = await call(server, 'POST', '/api/v1/public/suggestions', token, { suggestion: text });
  expect(res.status).toBe(200);
  return { account, token, id: res.body.payload.id as string };
}
const list = (token: string, query = '') => call(server, 'GET', `/api/v1/admin/suggestions${query}`, token);
const remove = (token: string | undefined, id: string) =>
  call(server, 'DELETE', `/api/v1/admin/suggestions/${id}`, token);

describe('suggestion box', () => {
  it('takes one suggestion a day, even when sent twice at once', async () => {
    const customer = await server.buildAccount();
    const token = await server.tokenFor(customer);
    const allowed = () => call(server, 'GET', '/api/v1/public/suggestions/allowed', token);
    expect((await allowed()).body.payload).toEqual({ allowed: true, nextAllowedAt: null });

    const send = (suggestion: string) => call(server, 'POST', '/api/v1/public/suggestions', token, { suggestion });
    const [a, b] = await Promise.all([
      send('Please add Brazilian mobile IPs'),
      send('Please add Brazilian mobile IPs!'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.status === 400)!.body.message).toBe(
      'You have already sent a suggestion today. Thank you!',
    );
    const after = (await allowed()).body.payload;
    expect(after.allowed).toBe(false);
    expect(new Date(after.nextAllowedAt).getUTCHours()).toBe(0);
    expect((await send('short')).body.message).toBe('Validation Error');
  });

  it('refuses empty, huge and control-character suggestions and stores none of them', async () => {
    const token = await server.tokenFor(await server.buildAccount());
    for (const suggestion of [
      '',
      '          ',
      'x'.repeat(2001),
      'Please add \u0000 Brazil',
      'Bell \u0007 rings twice',
    ]) {
      const res = await call(server, 'POST', '/api/v1/public/suggestions', token, { suggestion });
      expect(res.status, JSON.stringify(suggestion)).toBe(400);
    }
    const allowed = await call(server, 'GET', '/api/v1/public/suggestions/allowed', token);
    expect(allowed.body.payload.allowed).toBe(true);
  });
});

describe('staff suggestions', () => {
  it('lists newest first to Administrators, Managers and Support, each with the customer who wrote it', async () => {
    const first = await suggestionFrom('Older idea: weekly usage report by mail');
    const second = await suggestionFrom('Newer idea: an ISP filter on the generator');
    for (const token of Object.values(staff)) {
      const res = await list(token);
      expect(res.body).toMatchObject({ status: 200, message: 'Suggestions list', payload: { page: 1, size: 20 } });
      const ids = res.body.payload.items.map((item: { id: string }) => item.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(res.body.payload.items.find((item: { id: string }) => item.id === second.id)).toMatchObject({
        suggestion: 'Newer idea: an ISP filter on the generator',
        account: { id: second.account.id, username: second.account.username, email: second.account.email },
      });
    }
  });

  it('searches the text, the username and the email, literally', async () => {
    const mine = await suggestionFrom('Please add a 100%_discount coupon for students', { username: 'quokka_fan' });
    const other = await suggestionFrom('Please add Swedish exits');
    const ids = async (search: string) =>
      (await list(staff.Support, `?search=${encodeURIComponent(search)}`)).body.payload.items.map(
        (item: { id: string }) => item.id,
      );
    expect(await ids('100%_DISCOUNT')).toEqual([mine.id]);
    expect(await ids('QUOKKA')).toEqual([mine.id]);
    expect(await ids(mine.account.email.toUpperCase())).toEqual([mine.id]);
    expect(await ids('swedish')).toEqual([other.id]);
    // % and _ are letters here, not wildcards.
    expect(await ids('100__discount')).toEqual([]);
    const total = (await list(staff.Manager, '?search=quokka&size=1')).body.payload;
    expect(total).toMatchObject({ total: 1, size: 1 });
  });

  it('refuses customers, resellers and the signed-out, both reading and deleting', async () => {
    const { id, token } = await suggestionFrom('Customers must not read the box');
    const reseller = await server.tokenFor(await server.buildAccount({ reseller: true }));
    for (const caller of [token, reseller]) {
      expect((await list(caller)).body).toMatchObject({ status: 403, message: 'forbidden' });
      expect((await remove(caller, id)).body).toMatchObject({ status: 403, message: 'forbidden' });
    }
    expect((await list(undefined as unknown as string)).body).toMatchObject({ status: 403, message: 'unauthorized' });
    expect((await remove(undefined, id)).body).toMatchObject({ status: 403, message: 'unauthorized' });
    const still = (await list(staff.Administrator)).body.payload.items.map((item: { id: string }) => item.id);
    expect(still).toContain(id);
  });

  it('answers malformed ids 400, unknown ids 404 and bad list queries 400, never 5xx', async () => {
    for (const bad of ['nope', '1', 'x'.repeat(90), '%00', encodeURIComponent('\u0000'), "1' or '1'='1"]) {
      const res = await remove(staff.Support, bad);
      expect(res.status, bad.slice(0, 20)).toBe(400);
    }
    // A path too long for the server is refused before any handler.
    expect((await remove(staff.Support, 'x'.repeat(5000))).status).toBe(414);
    const unknown = await remove(staff.Support, '00000000-0000-4000-8000-000000000000');
    expect(unknown.body).toMatchObject({ status: 404, payload: { error: 'No such suggestion' } });
    for (const query of [
      `?search=${'a'.repeat(201)}`,
      `?search=${encodeURIComponent('idea\u0000')}`,
      `?search=${encodeURIComponent('idea\u001b[31m')}`,
      '?page=0',
      '?page=-1',
      '?page=abc',
      '?size=0',
      '?size=101',
      `?page=${'9'.repeat(400)}`,
    ]) {
      const res = await list(staff.Manager, query);
      expect(res.status, query.slice(0, 40)).toBe(400);
      expect(res.body.message).toBe('Validation Error');
    }
    // An empty search is no search; a page past the end is empty.
    expect((await list(staff.Manager, '?search=')).status).toBe(200);
    expect((await list(staff.Manager, '?page=100000')).body.payload.items).toEqual([]);
  });

  it('deletes a suggestion once when twenty staff delete it at the same time', async () => {
    const { id } = await suggestionFrom('Delete me exactly once, please');
    const tokens = Object.values(staff);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => remove(tokens[i % tokens.length], id)));
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(404)]);
    expect(results.find((res) => res.status === 200)!.body).toEqual({
      status: 200,
      message: 'Suggestion deleted',
      payload: null,
    });
    const ids = (await list(staff.Support, '?size=100')).body.payload.items.map((item: { id: string }) => item.id);
    expect(ids).not.toContain(id);
  });
});
