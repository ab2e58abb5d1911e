import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('suggestion box', () => {
  it('takes one suggestion a day, even when sent twice at once; staff read and delete them', async () => {
    const customer = await server.buildAccount();
    const token = await server.tokenFor(customer);
    const allowed = () => server.request('GET', '/api/v1/public/suggestions/allowed', { token });
    expect((await allowed()).body.payload).toEqual({ allowed: true, nextAllowedAt: null });

    const send = (suggestion: string) =>
      server.request('POST', '/api/v1/public/suggestions', { token, body: { suggestion } });
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

    const manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
    const list = await server.request('GET', '/api/v1/admin/suggestions', { token: manager });
    expect(list.body.payload).toMatchObject({ total: 1, size: 20, items: [{ account: { id: customer.id } }] });
    const id = list.body.payload.items[0].id;
    expect((await server.request('DELETE', `/api/v1/admin/suggestions/${id}`, { token: manager })).body.message).toBe(
      'Suggestion deleted',
    );
    expect((await server.request('DELETE', `/api/v1/admin/suggestions/${id}`, { token: manager })).status).toBe(404);
    expect((await server.request('GET', '/api/v1/admin/suggestions', { token })).status).toBe(403);
  });
});
