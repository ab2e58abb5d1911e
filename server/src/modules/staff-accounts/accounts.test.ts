import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestAccount } from '#test/harness.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let support: TestAccount;
const customers: TestAccount[] = [];

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.buildAccount({ role: 'Administrator', username: 'root_admin' });
  manager = await server.buildAccount({ role: 'Manager' });
  support = await server.buildAccount({ role: 'Support' });
  for (let i = 0; i < 23; i++)
    customers.push(await server.buildAccount({ username: `shopper_${i}`, emailVerified: i % 2 === 0 }));
  customers.push(await server.buildAccount({ username: 'api_partner', reseller: true }));
});
afterAll(() => server.close());

describe('staff account lists', () => {
  it('pages accounts 20 at a time, newest first, with the total', async () => {
    const token = await server.tokenFor(manager);
    const first = await server.request('GET', '/api/v1/admin/accounts', { token });
    expect(first.status).toBe(200);
    expect(first.body.payload).toMatchObject({ total: 27, page: 1, size: 20 });
    expect(first.body.payload.items).toHaveLength(20);
    expect(first.body.payload.items[0].username).toBe('api_partner');
    const second = await server.request('GET', '/api/v1/admin/accounts?page=2', { token });
    expect(second.body.payload.items).toHaveLength(7);
    const ids = new Set([...first.body.payload.items, ...second.body.payload.items].map((a: { id: string }) => a.id));
    expect(ids.size).toBe(27);
  });

  it('returns the whole list with size 0 and filters by search on username or email', async () => {
    const token = await server.tokenFor(admin);
    const all = await server.request('GET', '/api/v1/admin/accounts?size=0', { token });
    expect(all.body.payload.items).toHaveLength(27);
    const found = await server.request('GET', '/api/v1/admin/accounts?search=SHOPPER_1', { token });
    expect(found.body.payload.items.map((a: { username: string }) => a.username).sort()).toEqual([
      'shopper_1',
      'shopper_10',
      'shopper_11',
      'shopper_12',
      'shopper_13',
      'shopper_14',
      'shopper_15',
      'shopper_16',
      'shopper_17',
      'shopper_18',
      'shopper_19',
    ]);
    const literal = await server.request('GET', `/api/v1/admin/accounts?search=${encodeURIComponent('%')}`, { token });
    expect(literal.body.payload.total).toBe(0);
  });

  it('rejects a bad page number with Validation Error and changes nothing', async () => {
    const res = await server.request('GET', '/api/v1/admin/accounts?page=0', { token: await server.tokenFor(admin) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation Error');
    expect(res.body.payload.fields[0].path).toBe('query.page');
  });

  it('shows support only customer accounts on the management panel', async () => {
    const res = await server.request('GET', '/api/v1/support/trialpage?size=100', {
      token: await server.tokenFor(support),
    });
    expect(res.status).toBe(200);
    // Customers only: the reseller's API account is staff business, not support's.
    expect(res.body.payload.total).toBe(23);
    expect(
      res.body.payload.items.every((a: { role: string; reseller: number }) => a.role === 'User' && a.reseller === 0),
    ).toBe(true);
  });
});
