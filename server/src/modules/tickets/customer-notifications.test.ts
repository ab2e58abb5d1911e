import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { call, openTicket } from '#test/tickets-helpers.ts';

let server: TestServer;
let support: TestAccount;
let supportToken: string;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  support = await server.buildAccount({ role: 'Support' });
  supportToken = await server.tokenFor(support);
});
afterAll(() => server.close());

const customer = async () => {
  const account = await server.buildAccount();
  return { account, token: await server.tokenFor(account) };
};
const answer = (ticketId: string, message: string, internal = false) =>
  call(server, 'POST', '/api/v1/admin/ticket', supportToken, { ticketId, message, internal });
const count = async (sql: string) => {
  const { rows } = await server.database.executeSql(sql);
  return (rows[0] as { n: number }).n;
};
type Item = { id: string; message: string; link: string; ticket: string | null; read: boolean };

describe('customer notifications (issue 32)', () => {
  it('a staff answer rings the customer’s bell once; a note does not; opening the ticket reads it', async () => {
    const { account, token } = await customer();
    const ticket = await openTicket(server, token, { subject: 'Slow proxies' });
    expect((await answer(ticket._id, 'Only for us', true)).status).toBe(200);
    expect((await call(server, 'GET', '/api/v1/notification', token)).body.payload).toEqual({
      notifications: [],
      unread: 0,
    });

    expect((await answer(ticket._id, 'Fixed, try again')).status).toBe(200);
    const list = await call(server, 'GET', '/api/v1/notification', token);
    expect(list.body).toMatchObject({ status: 200, message: 'Notifications list', payload: { unread: 1 } });
    expect(list.body.payload.notifications).toEqual([
      {
        id: expect.any(String),
        ticket: ticket._id,
        message: 'Support answered your ticket: Slow proxies',
        link: `/ticket/${ticket._id}`,
        read: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(await count(`select count(*)::int as n from notifications where recipient_id = '${account.id}'`)).toBe(1);

    expect((await call(server, 'GET', `/api/v1/public/ticket/${ticket._id}`, token)).status).toBe(200);
    const after = await call(server, 'GET', '/api/v1/notification', token);
    expect(after.body.payload.unread).toBe(0);
    expect(after.body.payload.notifications.map((n: Item) => n.read)).toEqual([true]);
  });

  it('shows each customer only their own, and another’s id is 404 and changes nothing', async () => {
    const alice = await customer();
    const bob = await customer();
    const aliceTicket = await openTicket(server, alice.token, { subject: 'Alice asks' });
    const bobTicket = await openTicket(server, bob.token, { subject: 'Bob asks' });
    await answer(aliceTicket._id, 'Hi Alice');
    await answer(bobTicket._id, 'Hi Bob');

    const aliceList = (await call(server, 'GET', '/api/v1/notification', alice.token)).body.payload;
    const bobList = (await call(server, 'GET', '/api/v1/notification', bob.token)).body.payload;
    expect(aliceList.notifications.map((n: Item) => n.message)).toEqual(['Support answered your ticket: Alice asks']);
    expect(bobList.notifications.map((n: Item) => n.message)).toEqual(['Support answered your ticket: Bob asks']);
    // Support's own bell never lists a customer's entry, nor the customer's a staff one.
    const staffList = (await call(server, 'GET', '/api/v1/admin/notification', supportToken)).body.payload;
    expect(staffList.notifications.every((n: Item) => n.link.startsWith('/support/tickets/'))).toBe(true);

    const bobsId = bobList.notifications[0].id;
    for (const path of [`/api/v1/mark-notification/${bobsId}`, `/api/v1/admin/mark-notification/${bobsId}`]) {
      const res = await call(server, 'GET', path, path.includes('admin') ? supportToken : alice.token);
      expect(res.status).toBe(404);
      expect(res.body.payload).toEqual({ error: 'Unknown notification' });
    }
    expect((await call(server, 'GET', '/api/v1/notification', bob.token)).body.payload.unread).toBe(1);
    expect((await call(server, 'GET', '/api/v1/notification', alice.token)).body.payload.unread).toBe(1);

    const own = await call(server, 'GET', `/api/v1/mark-notification/${bobsId}`, bob.token);
    expect(own.body).toMatchObject({ status: 200, message: 'Notification marked read', payload: { unread: 0 } });
    expect((await call(server, 'GET', '/api/v1/notification', alice.token)).body.payload.unread).toBe(1);
  });

  it('reads the entries of a ticket staff closed, whose link then answers 404, never 500', async () => {
    const { token } = await customer();
    const ticket = await openTicket(server, token, { subject: 'Closed while unread' });
    const other = await openTicket(server, token, { subject: 'Still open' });
    await answer(ticket._id, 'Done on our side');
    await answer(other._id, 'Looking into it');
    expect((await call(server, 'GET', '/api/v1/notification', token)).body.payload.unread).toBe(2);

    expect((await call(server, 'DELETE', `/api/v1/admin/ticket/${ticket._id}`, supportToken)).status).toBe(200);
    const list = (await call(server, 'GET', '/api/v1/notification', token)).body.payload;
    expect(list.unread).toBe(1);
    expect(list.notifications.map((n: Item) => [n.link, n.read])).toEqual([
      [`/ticket/${other._id}`, false],
      [`/ticket/${ticket._id}`, true],
    ]);
    const opened = await call(server, 'GET', `/api/v1/public/ticket/${ticket._id}`, token);
    expect(opened).toMatchObject({ status: 404, body: { payload: { error: 'Unknown ticket' } } });
    const marked = await call(server, 'GET', `/api/v1/mark-notification/${list.notifications[1].id}`, token);
    expect(marked.body).toMatchObject({ status: 200, payload: { unread: 1 } });
    // The ticket's count of unread answers went with it.
    expect((await call(server, 'GET', '/api/v1/public/ticket-stats', token)).body.payload.unread).toBe(1);
  });

  it('answers 400, not 500, to an id that is not a uuid', async () => {
    const { token } = await customer();
    for (const id of ['garbage', '1%20or%201%3D1', '%00', '12345']) {
      const res = await call(server, 'GET', `/api/v1/mark-notification/${id}`, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Validation Error');
    }
    // Past the router's parameter length the answer is 414, still no crash.
    expect((await call(server, 'GET', `/api/v1/mark-notification/${'x'.repeat(2000)}`, token)).status).toBe(414);
  });

  it('takes 20 mark-all calls at once and leaves everything read', async () => {
    const { token } = await customer();
    for (const subject of ['One', 'Two', 'Three']) {
      const ticket = await openTicket(server, token, { subject });
      await answer(ticket._id, 'Answered');
    }
    expect((await call(server, 'GET', '/api/v1/notification', token)).body.payload.unread).toBe(3);
    const all = await Promise.all(
      Array.from({ length: 20 }, () => call(server, 'GET', '/api/v1/mark-notification', token)),
    );
    expect(all.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(all.every((res) => res.body.payload.unread === 0)).toBe(true);
    const list = (await call(server, 'GET', '/api/v1/notification', token)).body.payload;
    expect(list.unread).toBe(0);
    expect(list.notifications.map((n: Item) => n.read)).toEqual([true, true, true]);
  });

  it('refuses anonymous callers and resellers’ API accounts', async () => {
    expect((await call(server, 'GET', '/api/v1/notification')).body.message).toBe('unauthorized');
    const reseller = await server.buildAccount({ reseller: true });
    const res = await call(server, 'GET', '/api/v1/notification', await server.tokenFor(reseller));
    expect(res.status).toBe(403);
  });
});
