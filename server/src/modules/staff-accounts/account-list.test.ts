import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '#platform/db/schema.ts';
import { buildPlan, fund } from '#test/commerce.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { invoices } from '../checkout/checkout.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';

let server: TestServer;
let admin: TestAccount;
let adminToken: string;
let manager: TestAccount;
let support: TestAccount;
let planId: string;
const c: Record<string, TestAccount> = {};

interface Item {
  id: string;
  username: string;
  email: string;
  role: string;
  reseller: 0 | 1;
  balance?: number;
  spent?: number;
  disabled: boolean;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  activePlans: number;
}

const list = async (query: string, token = adminToken) =>
  server.request('GET', `/api/v1/admin/accounts?${query}`, { token });
const names = async (query: string) =>
  ((await list(query)).body.payload.items as Item[]).map((i) => i.username).filter((u) => u.startsWith('lst_'));
const setAccount = (id: string, values: Partial<typeof accounts.$inferInsert>) =>
  server.database.db.update(accounts).set(values).where(eq(accounts.id, id));

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.buildAccount({ role: 'Administrator', username: 'lst_root' });
  adminToken = await server.tokenFor(admin);
  manager = await server.buildAccount({ role: 'Manager', username: 'lst_manager' });
  support = await server.buildAccount({ role: 'Support', username: 'lst_support' });
  planId = (await buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 5 }]) })).id;
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'])
    c[name] = await server.buildAccount({
      username: `lst_${name}`,
      email: `${name}@list.example`,
      emailVerified: true,
    });
  c.reseller = await server.buildAccount({ username: 'lst_reseller', reseller: true, emailVerified: true });
  c.unverified = await server.buildAccount({ username: 'lst_unverified', emailVerified: false });
  c.gone = await server.buildAccount({ username: 'lst_gone' });
  await setAccount(c.bob!.id, { twoFactorEnabled: true });
  await setAccount(c.carol!.id, { disabledAt: new Date() });
  await setAccount(c.gone!.id, { deletedAt: new Date() });
  // Equal balances on purpose: the id breaks the tie, so paging never repeats or skips a row.
  await fund(server, adminToken, c.alice!.id, 30);
  await fund(server, adminToken, c.dave!.id, 30);
  await fund(server, adminToken, c.erin!.id, 30);
  await fund(server, adminToken, c.frank!.id, 100);
  // frank buys twice (spent $10, plans running), erin once; dave's plan has run out.
  for (const buyer of [c.frank!, c.frank!, c.erin!, c.dave!]) {
    const res = await server.request('POST', `/api/v1/public/plans/${planId}/purchase`, {
      token: await server.tokenFor(buyer),
      body: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    expect(res.status).toBe(200);
  }
  await server.database.db
    .update(subscriptions)
    .set({ expiresAt: sql`now() - interval '1 day'` })
    .where(eq(subscriptions.accountId, c.dave!.id));
});
afterAll(() => server.close());

describe('admin account list: search', () => {
  it('finds an account by its full id, exactly', async () => {
    const res = await list(`search=${c.bob!.id.toUpperCase()}`);
    expect(res.body.payload.items.map((i: Item) => i.id)).toEqual([c.bob!.id]);
  });

  it('finds by a case-insensitive fragment of email or username, with % and _ taken literally', async () => {
    expect(await names('search=LIST.EXAMPLE&size=0')).toHaveLength(6);
    expect(await names('search=Lst_Car')).toEqual(['lst_carol']);
    expect(await names('search=rin%40list')).toEqual(['lst_erin']);
    expect((await list(`search=${encodeURIComponent('lst%a')}`)).body.payload.total).toBe(0);
    expect((await list('search=lst_')).body.payload.total).toBeGreaterThan(0);
    expect((await list(`search=${encodeURIComponent('l_t')}`)).body.payload.total).toBe(0);
  });

  it('refuses a control character or NUL in the search as a field error, never a 500', async () => {
    for (const search of ['\u0000', 'a\u0001b']) {
      const res = await list(`search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(400);
      expect(res.body.payload.fields[0]).toEqual({ path: 'query.search', message: 'Contains a control character' });
    }
    expect((await list(`search=${encodeURIComponent('\u202e')}`)).body.payload.total).toBe(0);
  });

  it('never lists a deleted account, not even by its id', async () => {
    expect(await names('size=0')).not.toContain('lst_gone');
    expect((await list(`search=${c.gone!.id}`)).body.payload.total).toBe(0);
  });
});

describe('admin account list: filters', () => {
  it.each([
    ['role=Support', ['lst_support']],
    ['role=Manager', ['lst_manager']],
    ['verified=false&role=User', ['lst_unverified']],
    ['twoFactor=true', ['lst_bob']],
    ['reseller=true', ['lst_reseller']],
    ['disabled=true', ['lst_carol']],
    ['activePlan=true', ['lst_erin', 'lst_frank']],
  ])('%s', async (query, expected) => {
    expect((await names(`${query}&size=0`)).sort()).toEqual([...expected].sort());
  });

  it('combines filters and their negations', async () => {
    const notDisabled = await names('disabled=false&size=0');
    expect(notDisabled).not.toContain('lst_carol');
    expect(notDisabled).toContain('lst_alice');
    const noPlan = await names('activePlan=false&role=User&size=0');
    expect(noPlan).toContain('lst_dave');
    expect(noPlan).not.toContain('lst_frank');
    expect(await names('twoFactor=false&reseller=false&verified=true&role=User&search=lst_b')).toEqual([]);
  });

  it('shows status, balance, spend and running plans per row', async () => {
    const items = (await list('search=list.example&size=0')).body.payload.items as Item[];
    const by = Object.fromEntries(items.map((i) => [i.username, i]));
    expect(by.lst_frank).toMatchObject({ balance: 90, spent: 10, activePlans: 2, disabled: false });
    expect(by.lst_dave).toMatchObject({ balance: 25, spent: 5, activePlans: 0 });
    expect(by.lst_carol).toMatchObject({ disabled: true, spent: 0 });
    expect(by.lst_bob).toMatchObject({ twoFactorEnabled: true });
  });
});

describe('admin account list: sorts and paging', () => {
  it('sorts by balance and spend both ways, newest and oldest', async () => {
    const scope = 'search=list.example&size=0';
    const byBalance = await names(`${scope}&sort=balance_desc`);
    expect(byBalance[0]).toBe('lst_frank');
    expect(byBalance.slice(1, 4).sort()).toEqual(['lst_alice', 'lst_dave', 'lst_erin']);
    expect((await names(`${scope}&sort=balance_asc`)).reverse()).toEqual(byBalance);
    const bySpent = await names(`${scope}&sort=spent_desc`);
    expect(bySpent.slice(0, 1)).toEqual(['lst_frank']);
    expect((await names(`${scope}&sort=spent_asc`)).reverse()).toEqual(bySpent);
    const newest = await names(`${scope}&sort=newest`);
    expect(newest[0]).toBe('lst_frank');
    expect(await names(`${scope}&sort=oldest`)).toEqual([...newest].reverse());
  });

  it('pages through equal balances without repeating or skipping an account', async () => {
    await setAccount(admin.id, { balanceCents: 0 });
    const all = (await list('sort=balance_asc&size=0')).body.payload.items.map((i: Item) => i.id);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 2); page++)
      paged.push(...(await list(`sort=balance_asc&size=2&page=${page}`)).body.payload.items.map((i: Item) => i.id));
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(all.length);
  });

  it('answers a page past the end with no rows and the true total', async () => {
    const res = await list('page=999');
    expect(res.status).toBe(200);
    expect(res.body.payload.items).toEqual([]);
    expect(res.body.payload.total).toBe(11);
  });

  it.each([
    ['sort=evil', 'query.sort'],
    ['verified=maybe', 'query.verified'],
    ['size=101', 'query.size'],
    ['role=Root', 'query.role'],
    ['page=-1', 'query.page'],
    [`search=${'x'.repeat(201)}`, 'query.search'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation Error');
    expect(res.body.payload.fields.map((f: { path: string }) => f.path)).toContain(field);
  });
});

describe('who may list', () => {
  it('lets Managers and Administrators list accounts and refuses everyone else', async () => {
    expect((await list('', await server.tokenFor(manager))).status).toBe(200);
    expect((await list('', await server.tokenFor(support))).status).toBe(403);
    expect((await list('', await server.tokenFor(c.alice!))).status).toBe(403);
    expect((await server.request('GET', '/api/v1/admin/accounts')).status).toBe(403);
  });

  it('shows support customers only, with no money fields', async () => {
    const token = await server.tokenFor(support);
    const res = await server.request('GET', '/api/v1/support/trialpage?size=0', { token });
    expect(res.status).toBe(200);
    const items = res.body.payload.items as Item[];
    expect(items.map((i) => i.username).sort()).toEqual(
      ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'unverified'].map((n) => `lst_${n}`),
    );
    for (const item of items) {
      expect(item).not.toHaveProperty('balance');
      expect(item).not.toHaveProperty('spent');
    }
    const filtered = await server.request('GET', '/api/v1/support/trialpage?activePlan=true&disabled=false', { token });
    expect(filtered.body.payload.items.map((i: Item) => i.username).sort()).toEqual(['lst_erin', 'lst_frank']);
    expect((await server.request('GET', '/api/v1/support/trialpage', { token: adminToken })).status).toBe(200);
    expect(
      (await server.request('GET', '/api/v1/support/trialpage', { token: await server.tokenFor(manager) })).status,
    ).toBe(403);
  });
});

describe('spent follows the paid invoices', () => {
  const spentOf = async (ids: string[]) => {
    const rows = await server.database.db
      .select({
        id: accounts.id,
        spent: accounts.spentCents,
        paid: sql<string>`(select coalesce(sum(total_cents), 0) from invoices i where i.account_id = accounts.id and i.status = 'paid' and i.kind <> 'deposit')`,
      })
      .from(accounts)
      .where(inArray(accounts.id, ids));
    return rows.map((r) => ({ id: r.id, spent: r.spent, paid: Number(r.paid) }));
  };

  it('equals the sum of paid purchases and renewals after a renewal and a concurrent burst', async () => {
    const buyer = await server.buildAccount({ username: 'lst_burst', emailVerified: true });
    const token = await server.tokenFor(buyer);
    await fund(server, adminToken, buyer.id, 42);
    const first = await server.request('POST', `/api/v1/public/plans/${planId}/purchase`, {
      token,
      body: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    const renewed = await server.request(
      'PATCH',
      `/api/v1/public/subscriptions/${first.body.payload.subscriptionId}/renew`,
      {
        token,
        body: { updatingType: 'renew', bandwidth: 1, days: 30, paymentMethod: 'balance' },
      },
    );
    expect(renewed.status).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.request('POST', `/api/v1/public/plans/${planId}/purchase`, {
          token,
          body: { value: 1, country: 'US', paymentMethod: 'balance' },
        }),
      ),
    );
    expect(burst.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    const [row] = await spentOf([buyer.id]);
    expect(row!.spent).toBe(row!.paid);
    expect(row!.spent).toBeGreaterThan(0);
    // A deposit is not spending; a paid invoice that stops being paid gives its total back.
    const [invoice] = await server.database.db.select().from(invoices).where(eq(invoices.accountId, buyer.id)).limit(1);
    await server.database.db.update(invoices).set({ status: 'cancelled' }).where(eq(invoices.id, invoice!.id));
    const [after] = await spentOf([buyer.id]);
    expect(after!.spent).toBe(row!.spent - invoice!.totalCents);
    expect(after!.spent).toBe(after!.paid);
    const all = await spentOf(Object.values(c).map((a) => a.id));
    expect(all.every((r) => r.spent === r.paid)).toBe(true);
  });
});
