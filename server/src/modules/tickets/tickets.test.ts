import { TICKET_CLOSE_FAILED, TICKET_CLOSED } from '@tollgate/contract/tickets/tickets';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { call, newTicket, openTicket, planOf } from '#test/tickets-helpers.ts';
import { ticketMessages, tickets } from './tickets.schema';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

const customer = async () => {
  const account = await server.buildAccount();
  return { account, token: await server.tokenFor(account) };
};
const ticketsOf = async (accountId: string) =>
  (await server.database.db.select({ n: count() }).from(tickets).where(eq(tickets.accountId, accountId)))[0]!.n;

describe('customer tickets', () => {
  it('opens a ticket, lists it with stats and shows the conversation', async () => {
    const { token } = await customer();
    const res = await call(server, 'POST', '/api/v1/public/ticket', token, {
      subject: '  Cannot connect  ',
      category: 'proxies',
      message: ' <b>All</b> proxies time out ',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Ticket created');
    const ticket = res.body.payload;
    // Trimmed, stored as given: markup is text the web side escapes.
    expect(ticket).toMatchObject({ subject: 'Cannot connect', category: 'proxies', status: 'open', plan: null });
    expect(ticket.values).toEqual([
      expect.objectContaining({ author: 'customer', body: '<b>All</b> proxies time out', internal: false }),
    ]);

    const list = await call(server, 'GET', '/api/v1/public/ticket', token);
    expect(list.body).toMatchObject({ status: 200, message: 'Tickets list', payload: { total: 1, page: 1, size: 10 } });
    expect(list.body.payload.items[0]).toMatchObject({ _id: ticket._id, messageCount: 1, unread: false });
    const stats = await call(server, 'GET', '/api/v1/public/ticket-stats', token);
    expect(stats.body.payload).toEqual({ open: 1, answered: 0, closed: 0, unread: 0 });
    const one = await call(server, 'GET', `/api/v1/public/ticket/${ticket._id}`, token);
    expect(one.body.payload.values).toHaveLength(1);
  });

  it('refuses an empty message, a short or too long subject and an unknown category, storing nothing', async () => {
    const { account, token } = await customer();
    for (const body of [
      newTicket({ message: '   ' }),
      newTicket({ subject: 'x'.repeat(151) }),
      newTicket({ subject: 'ab' }),
      newTicket({ category: 'refund' }),
      newTicket({ message: 'x'.repeat(10_001) }),
      newTicket({ subject: 'bell\u0007' }),
    ]) {
      const res = await call(server, 'POST', '/api/v1/public/ticket', token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Validation Error');
    }
    expect(await ticketsOf(account.id)).toBe(0);
  });

  it('takes a plan of the caller and refuses someone else’s', async () => {
    const { account, token } = await customer();
    const other = await customer();
    const mine = await planOf(server, account.id, 'Office exits');
    const theirs = await planOf(server, other.account.id);
    const ok = await openTicket(server, token, { planId: mine.id, category: 'billing' });
    expect(ok.plan).toEqual({ id: mine.id, name: 'Office exits' });
    const res = await call(server, 'POST', '/api/v1/public/ticket', token, newTicket({ planId: theirs.id }));
    expect(res).toMatchObject({ status: 400, body: { message: 'Unknown plan' } });
    expect(await ticketsOf(account.id)).toBe(1);
  });

  it('answers 404 for someone else’s ticket on every call and changes nothing', async () => {
    const owner = await customer();
    const ticket = await openTicket(server, owner.token);
    const { token } = await customer();
    const id = ticket._id;
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { message: 'hijack' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(server, method, `/api/v1/public/ticket/${id}`, token, body);
      expect(res.status).toBe(404);
    }
    const attachment = await call(server, 'GET', `/api/v1/public/ticket/${id}/attachments/${id}`, token);
    expect(attachment.status).toBe(404);
    const seen = await call(server, 'GET', `/api/v1/public/ticket/${id}`, owner.token);
    expect(seen.body.payload).toMatchObject({ status: 'open', messageCount: 1 });
  });

  it('replies, closes with the spec message, and refuses a second close with the spec’s close failure', async () => {
    const { token } = await customer();
    const { _id: id } = await openTicket(server, token);
    const reply = await call(server, 'POST', `/api/v1/public/ticket/${id}`, token, { message: 'Still broken' });
    expect(reply.body).toMatchObject({ status: 200, message: 'Reply sent', payload: { messageCount: 2 } });

    const close = await call(server, 'DELETE', `/api/v1/public/ticket/${id}`, token);
    expect(close.body).toEqual({ status: 200, message: TICKET_CLOSED, payload: null });
    const again = await call(server, 'DELETE', `/api/v1/public/ticket/${id}`, token);
    expect(again).toMatchObject({ status: 400, body: { message: TICKET_CLOSE_FAILED } });
    // Someone else's, closed or not, stays unknown.
    const other = await customer();
    expect((await call(server, 'DELETE', `/api/v1/public/ticket/${id}`, other.token)).status).toBe(404);
  });

  it('deletes a closed ticket for its customer: gone from the list, the counts and every call, kept for staff', async () => {
    const { account, token } = await customer();
    const staying = await openTicket(server, token, { subject: 'Still waiting' });
    const leaving = await openTicket(server, token, { subject: 'Sorted out' });
    const support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
    await call(server, 'POST', '/api/v1/admin/ticket', support, { ticketId: leaving._id, message: 'Done, try now' });
    expect((await call(server, 'GET', '/api/v1/public/ticket-stats', token)).body.payload).toEqual({
      open: 1,
      answered: 1,
      closed: 0,
      unread: 1,
    });

    // Closed with its answer unread: neither the ticket nor the unread answer is counted any more.
    expect((await call(server, 'DELETE', `/api/v1/public/ticket/${leaving._id}`, token)).status).toBe(200);
    const list = await call(server, 'GET', '/api/v1/public/ticket', token);
    expect(list.body.payload).toMatchObject({ total: 1 });
    expect(list.body.payload.items.map((t: { _id: string }) => t._id)).toEqual([staying._id]);
    const byId = await call(server, 'GET', `/api/v1/public/ticket?search=${leaving._id}`, token);
    expect(byId.body.payload).toMatchObject({ total: 0, items: [] });
    expect((await call(server, 'GET', '/api/v1/public/ticket-stats', token)).body.payload).toEqual({
      open: 1,
      answered: 0,
      closed: 0,
      unread: 0,
    });

    const unknown = { status: 404, message: 'Not Found', payload: { error: 'Unknown ticket' } };
    expect((await call(server, 'GET', `/api/v1/public/ticket/${leaving._id}`, token)).body).toEqual(unknown);
    const late = await call(server, 'POST', `/api/v1/public/ticket/${leaving._id}`, token, { message: 'Hello?' });
    expect(late.body).toEqual(unknown);
    const image = await call(server, 'GET', `/api/v1/public/ticket/${leaving._id}/attachments/${leaving._id}`, token);
    expect(image.body).toEqual(unknown);
    // Closed tickets are not a status the customer can ask for.
    const closedOnly = await call(server, 'GET', '/api/v1/public/ticket?status=closed', token);
    expect(closedOnly).toMatchObject({ status: 400, body: { message: 'Validation Error' } });

    // Staff keep the whole thread; nothing was removed.
    const kept = await call(server, 'GET', `/api/v1/admin/ticket/${leaving._id}`, support);
    expect(kept.body.payload).toMatchObject({ status: 'closed', messageCount: 2, customer: { id: account.id } });
    expect(kept.body.payload.closedAt).not.toBeNull();
    const rows = await server.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, leaving._id));
    expect(rows).toHaveLength(2);
    expect(await ticketsOf(account.id)).toBe(2);
  });

  it('closes once when the customer and staff close the same ticket twenty times at once', async () => {
    const { token } = await customer();
    const ticket = await openTicket(server, token);
    const staff = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? call(server, 'DELETE', `/api/v1/public/ticket/${ticket._id}`, token)
          : call(server, 'DELETE', `/api/v1/admin/ticket/${ticket._id}`, staff),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(400)]);
    for (const r of results.filter((r) => r.status === 400)) expect(r.body.message).toBe(TICKET_CLOSE_FAILED);
    const [row] = await server.database.db.select().from(tickets).where(eq(tickets.id, ticket._id));
    expect(row).toMatchObject({ status: 'closed', closedAt: expect.any(Date) });
    expect((await call(server, 'GET', `/api/v1/public/ticket/${ticket._id}`, token)).status).toBe(404);
  });

  it('lists open and answered tickets newest first, ten a page, and searches by subject fragment or full id', async () => {
    const { account, token } = await customer();
    // Three a day: the rest are written as earlier days' tickets.
    const db = server.database.db;
    const base = Date.now() - 10 * 86_400_000;
    for (let i = 0; i < 14; i++) {
      await db.insert(tickets).values({
        accountId: account.id,
        subject: i === 4 ? 'Refund 100%_sure' : `Question ${i}`,
        category: 'other',
        status: i < 3 ? 'closed' : i === 5 ? 'answered' : 'open',
        lastMessageAt: new Date(base + i * 60_000),
      });
    }
    const closedNewest = await openTicket(server, token, { subject: 'Newest but closed' });
    await call(server, 'DELETE', `/api/v1/public/ticket/${closedNewest._id}`, token);

    const first = await call(server, 'GET', '/api/v1/public/ticket', token);
    expect(first.body.payload).toMatchObject({ total: 11, size: 10 });
    expect(first.body.payload.items.map((t: { subject: string }) => t.subject)).toEqual(
      [13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => (i === 4 ? 'Refund 100%_sure' : `Question ${i}`)),
    );
    const second = await call(server, 'GET', '/api/v1/public/ticket?page=2', token);
    expect(second.body.payload.items.map((t: { subject: string }) => t.subject)).toEqual(['Question 3']);

    const literal = await call(server, 'GET', `/api/v1/public/ticket?search=${encodeURIComponent('100%_')}`, token);
    expect(literal.body.payload.items.map((t: { subject: string }) => t.subject)).toEqual(['Refund 100%_sure']);
    const wildcard = await call(server, 'GET', `/api/v1/public/ticket?search=${encodeURIComponent('%')}`, token);
    expect(wildcard.body.payload.total).toBe(1);
    const open = (await call(server, 'GET', '/api/v1/public/ticket?status=open&size=50', token)).body.payload.items;
    const openId = open[0]._id as string;
    const byId = await call(server, 'GET', `/api/v1/public/ticket?search=${openId.toUpperCase()}`, token);
    expect(byId.body.payload.items.map((t: { _id: string }) => t._id)).toEqual([openId]);
    expect(open).toHaveLength(10);
    const answered = await call(server, 'GET', '/api/v1/public/ticket?status=answered', token);
    expect(answered.body.payload.items.map((t: { subject: string }) => t.subject)).toEqual(['Question 5']);
    const stats = await call(server, 'GET', '/api/v1/public/ticket-stats', token);
    expect(stats.body.payload).toEqual({ open: 10, answered: 1, closed: 0, unread: 0 });
  });

  it('keeps a deleted customer’s tickets for staff', async () => {
    const { account, token } = await customer();
    const ticket = await openTicket(server, token);
    const admin = await server.buildAccount({ role: 'Administrator' });
    const adminToken = await server.tokenFor(admin);
    const del = await call(server, 'DELETE', `/api/v1/admin/accounts/${account.id}`, adminToken, {
      reason: 'asked to be forgotten',
    });
    expect(del.status).toBe(200);
    const seen = await call(server, 'GET', `/api/v1/admin/ticket/${ticket._id}`, adminToken);
    expect(seen.status).toBe(200);
    expect(seen.body.payload.values).toHaveLength(1);
  });
});

describe('who may call', () => {
  it('lets Support work the desk (DESIGN §10), refuses customers on staff calls and anonymous callers everywhere', async () => {
    const support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
    const user = await server.tokenFor(await server.buildAccount());
    for (const path of ['/api/v1/admin/ticket', '/api/v1/admin/ticket-stats', '/api/v1/admin/notification']) {
      expect((await call(server, 'GET', path, support)).status).toBe(200);
      const res = await call(server, 'GET', path, user);
      expect(res).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    }
    for (const path of ['/api/v1/public/ticket', '/api/v1/admin/ticket', '/api/v1/admin/mark-notification']) {
      const res = await call(server, 'GET', path);
      expect(res).toMatchObject({ status: 403, body: { message: 'unauthorized' } });
    }
  });
});
