import {
  TICKET_CLOSE_FAILED,
  TICKET_CLOSED,
  TICKET_IS_CLOSED,
  TICKET_NOT_CLOSED,
  TICKET_REOPENED,
} from '@tollgate/contract/tickets/tickets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '#test/auth-helpers.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { call, openTicket, planOf } from '#test/tickets-helpers.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let support: TestAccount;
let adminToken: string;
let managerToken: string;
let supportToken: string;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  admin = await server.buildAccount({ role: 'Administrator' });
  manager = await server.buildAccount({ role: 'Manager' });
  support = await server.buildAccount({ role: 'Support' });
  adminToken = await server.tokenFor(admin);
  managerToken = await server.tokenFor(manager);
  supportToken = await server.tokenFor(support);
});
afterAll(() => server.close());

const customer = async () => {
  const account = await server.buildAccount();
  return { account, token: await server.tokenFor(account) };
};
const staffReply = (token: string, ticketId: string, message: string, internal = false) =>
  call(server, 'POST', '/api/v1/admin/ticket', token, { ticketId, message, internal });

describe('staff desk', () => {
  it('answers: the status moves, the customer is mailed a link and sees the answer unread until opened', async () => {
    const { account, token } = await customer();
    const ticket = await openTicket(server, token, { subject: 'Card declined' });
    const note = await staffReply(managerToken, ticket._id, 'SECRET-NOTE: customer is on the fraud watch list', true);
    expect(note.body).toMatchObject({ status: 200, message: 'Note added', payload: { status: 'open' } });
    const answer = await staffReply(adminToken, ticket._id, 'We refreshed your card limit.');
    expect(answer.body).toMatchObject({ status: 200, message: 'Reply sent', payload: { status: 'answered' } });
    expect(answer.body.payload.values.map((v: { internal: boolean }) => v.internal)).toEqual([false, true, false]);
    expect(answer.body.payload.values[2].authorName).toBe(admin.username);

    const mails = await mailsTo(server, account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Support replied to your ticket');
    expect(mails[0]!.links).toContain(`${server.url}/ticket/${ticket._id}`);
    expect(`${mails[0]!.text}${mails[0]!.html}`).not.toContain('SECRET-NOTE');

    const stats = await call(server, 'GET', '/api/v1/public/ticket-stats', token);
    expect(stats.body.payload).toEqual({ open: 0, answered: 1, closed: 0, unread: 1 });
    const list = await call(server, 'GET', '/api/v1/public/ticket', token);
    expect(list.body.payload.items[0]).toMatchObject({ unread: true, status: 'answered', messageCount: 2 });

    // The customer never sees the note nor who on staff answered.
    const seen = await call(server, 'GET', `/api/v1/public/ticket/${ticket._id}`, token);
    expect(seen.text).not.toContain('SECRET-NOTE');
    expect(seen.body.payload.values).toEqual([
      expect.objectContaining({ author: 'customer' }),
      expect.objectContaining({ author: 'staff', authorName: 'Support team', body: 'We refreshed your card limit.' }),
    ]);
    const after = await call(server, 'GET', '/api/v1/public/ticket-stats', token);
    expect(after.body.payload.unread).toBe(0);

    // The customer writes back: open again.
    await call(server, 'POST', `/api/v1/public/ticket/${ticket._id}`, token, { message: 'Thanks, works now' });
    const staffView = await call(server, 'GET', `/api/v1/admin/ticket/${ticket._id}`, managerToken);
    expect(staffView.body.payload).toMatchObject({ status: 'open', unread: true, messageCount: 4 });
  });

  it('shows the customer’s account beside the ticket: plans, balance and recent payments', async () => {
    const { account, token } = await customer();
    const plan = await planOf(server, account.id);
    const ticket = await openTicket(server, token, { planId: plan.id });
    const res = await call(server, 'GET', `/api/v1/admin/ticket/${ticket._id}`, adminToken);
    expect(res.body.payload).toMatchObject({
      customer: { id: account.id, username: account.username, email: account.email },
      assignee: null,
      plan: { id: plan.id, name: plan.planTitle },
      account: {
        id: account.id,
        balance: '$0.00',
        disabled: false,
        plans: [{ id: plan.id, name: plan.planTitle, status: 'active' }],
        recentPayments: [],
      },
    });
  });

  it('filters by status, category and assignee, and searches subject, customer and id', async () => {
    const { account, token } = await customer();
    const billing = await openTicket(server, token, { category: 'billing', subject: 'Invoice wrong zebra' });
    const proxies = await openTicket(server, token, { category: 'proxies', subject: 'Slow exits' });
    const assigned = await call(server, 'PUT', `/api/v1/admin/ticket/${proxies._id}/assignee`, adminToken, {
      assigneeId: manager.id,
    });
    expect(assigned.body.payload.assignee).toEqual({ id: manager.id, username: manager.username });
    await staffReply(adminToken, billing._id, 'Looking into it');

    const ids = async (query: string) =>
      (await call(server, 'GET', `/api/v1/admin/ticket?${query}`, managerToken)).body.payload.items.map(
        (t: { _id: string }) => t._id,
      );
    const byCustomer = `search=${encodeURIComponent(account.username)}`;
    // The staff answer is the newest activity.
    expect(await ids(byCustomer)).toEqual([billing._id, proxies._id]);
    expect(await ids(`${byCustomer}&status=answered`)).toEqual([billing._id]);
    expect(await ids(`${byCustomer}&category=proxies`)).toEqual([proxies._id]);
    expect(await ids(`${byCustomer}&assignee=${manager.id}`)).toEqual([proxies._id]);
    expect(await ids(`${byCustomer}&assignee=none`)).toEqual([billing._id]);
    expect(await ids(`search=${encodeURIComponent(account.email.slice(0, 9).toUpperCase())}`)).toContain(billing._id);
    expect(await ids('search=ZEBRA')).toEqual([billing._id]);
    expect(await ids(`search=${billing._id}`)).toEqual([billing._id]);

    const bad = await call(server, 'GET', '/api/v1/admin/ticket?assignee=nobody', adminToken);
    expect(bad.status).toBe(400);
  });

  it('works from the queue of open and answered tickets; closed ones are the history, under status=closed or all', async () => {
    const { account, token } = await customer();
    const open = await openTicket(server, token, { subject: 'Queue open' });
    const answered = await openTicket(server, token, { subject: 'Queue answered' });
    const closed = await openTicket(server, token, { subject: 'Queue closed' });
    await staffReply(supportToken, answered._id, 'Answered');
    await staffReply(supportToken, closed._id, 'Answered, then closed');
    await call(server, 'DELETE', `/api/v1/admin/ticket/${closed._id}`, supportToken);

    const byCustomer = `search=${encodeURIComponent(account.username)}`;
    const list = async (query: string) =>
      (await call(server, 'GET', `/api/v1/admin/ticket?${byCustomer}${query}`, supportToken)).body.payload;
    const idsOf = (payload: { items: Array<{ _id: string }> }) => payload.items.map((t) => t._id);
    const queue = await list('');
    expect(idsOf(queue)).toEqual([answered._id, open._id]);
    expect(queue.total).toBe(2);
    const history = await list('&status=closed');
    expect(idsOf(history)).toEqual([closed._id]);
    expect(history.items[0]).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    // Everything: the queue first, the closed after it however recent.
    expect(idsOf(await list('&status=all'))).toEqual([answered._id, open._id, closed._id]);
    expect(idsOf(await list('&status=open'))).toEqual([open._id]);
    // A closed ticket's id finds it only in the history.
    const byId = async (query: string) =>
      idsOf(
        (await call(server, 'GET', `/api/v1/admin/ticket?search=${closed._id}${query}`, supportToken)).body.payload,
      );
    expect(await byId('')).toEqual([]);
    expect(await byId('&status=all')).toEqual([closed._id]);
    expect((await call(server, 'GET', '/api/v1/admin/ticket?status=deleted', supportToken)).status).toBe(400);

    // Staff still read the whole thread and may reopen it; it comes back on the customer's side.
    const read = await call(server, 'GET', `/api/v1/admin/ticket/${closed._id}`, supportToken);
    expect(read.body.payload).toMatchObject({ status: 'closed', messageCount: 2 });
    expect((await call(server, 'GET', '/api/v1/public/ticket-stats', token)).body.payload).toMatchObject({
      open: 1,
      answered: 1,
      closed: 0,
    });
    const reopened = await call(server, 'POST', `/api/v1/admin/ticket/${closed._id}/reopen`, supportToken);
    expect(reopened.body.payload).toMatchObject({ status: 'answered', closedAt: null });
    const mine = await call(server, 'GET', '/api/v1/public/ticket', token);
    expect(mine.body.payload.items.map((t: { _id: string }) => t._id)).toContain(closed._id);
    const back = await call(server, 'GET', `/api/v1/public/ticket/${closed._id}`, token);
    expect(back.body.payload).toMatchObject({ status: 'answered', messageCount: 2 });
    expect((await call(server, 'GET', '/api/v1/public/ticket-stats', token)).body.payload).toMatchObject({
      open: 1,
      answered: 2,
      closed: 0,
    });
    expect(idsOf(await list(''))).toContain(closed._id);
  });

  it('assigns only to staff who can sign in: Administrators, Managers and Support', async () => {
    const { token } = await customer();
    const ticket = await openTicket(server, token);
    const user = await server.buildAccount();
    const disabled = await server.buildAccount({ role: 'Support' });
    await server.database.executeSql(`update accounts set disabled_at = now() where id = '${disabled.id}'`);
    for (const assigneeId of [user.id, disabled.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await call(server, 'PUT', `/api/v1/admin/ticket/${ticket._id}/assignee`, adminToken, { assigneeId });
      expect(res).toMatchObject({ status: 400, body: { message: 'Unknown staff member' } });
    }
    const unassigned = await call(server, 'PUT', `/api/v1/admin/ticket/${ticket._id}/assignee`, adminToken, {
      assigneeId: null,
    });
    expect(unassigned.body.payload.assignee).toBeNull();
    const missing = await call(server, 'PUT', `/api/v1/admin/ticket/${support.id}/assignee`, adminToken, {
      assigneeId: null,
    });
    expect(missing.status).toBe(404);
    const toSupport = await call(server, 'PUT', `/api/v1/admin/ticket/${ticket._id}/assignee`, supportToken, {
      assigneeId: support.id,
    });
    expect(toSupport.body.payload.assignee).toEqual({ id: support.id, username: support.username });
    const assignees = await call(server, 'GET', '/api/v1/admin/ticket-assignees', supportToken);
    const names = assignees.body.payload.items.map((a: { id: string }) => a.id);
    expect(names).toEqual(expect.arrayContaining([admin.id, manager.id, support.id]));
    expect(names).not.toContain(user.id);
    expect(names).not.toContain(disabled.id);
  });

  it('closes once with the spec message; then only notes may be added', async () => {
    const { account, token } = await customer();
    const ticket = await openTicket(server, token);
    const close = await call(server, 'DELETE', `/api/v1/admin/ticket/${ticket._id}`, managerToken);
    expect(close.body).toEqual({ status: 200, message: TICKET_CLOSED, payload: null });
    const again = await call(server, 'DELETE', `/api/v1/admin/ticket/${ticket._id}`, adminToken);
    expect(again).toMatchObject({ status: 400, body: { message: TICKET_CLOSE_FAILED } });
    const answer = await staffReply(adminToken, ticket._id, 'Late answer');
    expect(answer).toMatchObject({ status: 400, body: { message: TICKET_IS_CLOSED } });
    const note = await staffReply(adminToken, ticket._id, 'Closed after a call', true);
    expect(note.body.payload).toMatchObject({ status: 'closed', messageCount: 2 });
    expect(await mailsTo(server, account.email)).toHaveLength(0);
    const unknown = await call(server, 'DELETE', `/api/v1/admin/ticket/${account.id}`, adminToken);
    expect(unknown.status).toBe(404);
    const stats = await call(server, 'GET', '/api/v1/admin/ticket-stats', adminToken);
    expect(stats.body.payload.closed).toBeGreaterThanOrEqual(1);
    expect(stats.body.payload.unread).toBe(stats.body.payload.open);
  });
});

describe('Support at the desk', () => {
  it('lists, reads, answers with a note beside, closes and reopens, without seeing money', async () => {
    const { account, token } = await customer();
    const plan = await planOf(server, account.id);
    const ticket = await openTicket(server, token, { planId: plan.id, subject: 'Where is my GB?' });

    const list = await call(server, 'GET', `/api/v1/admin/ticket?search=${ticket._id}&status=open`, supportToken);
    expect(list.body.payload.items.map((t: { _id: string }) => t._id)).toEqual([ticket._id]);
    const stats = await call(server, 'GET', '/api/v1/admin/ticket-stats', supportToken);
    expect(stats.body.payload.open).toBeGreaterThanOrEqual(1);

    const read = await call(server, 'GET', `/api/v1/admin/ticket/${ticket._id}`, supportToken);
    expect(read.body.payload.account).toMatchObject({
      id: account.id,
      balance: null,
      recentPayments: null,
      plans: [{ id: plan.id, status: 'active' }],
    });
    expect(read.text).not.toContain('$0.00');
    // The same ticket still shows money to an Administrator.
    const forAdmin = await call(server, 'GET', `/api/v1/admin/ticket/${ticket._id}`, adminToken);
    expect(forAdmin.body.payload.account).toMatchObject({ balance: '$0.00', recentPayments: [] });

    const note = await staffReply(supportToken, ticket._id, 'Checked the usage graph', true);
    expect(note.body).toMatchObject({ message: 'Note added', payload: { account: { balance: null } } });
    const answer = await staffReply(supportToken, ticket._id, 'Your GB is back.');
    expect(answer.body).toMatchObject({ message: 'Reply sent', payload: { status: 'answered' } });
    expect(answer.body.payload.values[2]).toMatchObject({ author: 'staff', authorName: support.username });
    expect(await mailsTo(server, account.email)).toHaveLength(1);

    const close = await call(server, 'DELETE', `/api/v1/admin/ticket/${ticket._id}`, supportToken);
    expect(close.body).toEqual({ status: 200, message: TICKET_CLOSED, payload: null });
    // Gone for the customer (rule 77): a reply meets an unknown ticket.
    const refused = await call(server, 'POST', `/api/v1/public/ticket/${ticket._id}`, token, { message: 'One more' });
    expect(refused).toMatchObject({ status: 404, body: { payload: { error: 'Unknown ticket' } } });

    // Staff wrote last, so it comes back answered; the customer may write again and it is open.
    const reopen = await call(server, 'POST', `/api/v1/admin/ticket/${ticket._id}/reopen`, supportToken);
    expect(reopen.body).toMatchObject({
      status: 200,
      message: TICKET_REOPENED,
      payload: { status: 'answered', closedAt: null, account: { balance: null, recentPayments: null } },
    });
    const replied = await call(server, 'POST', `/api/v1/public/ticket/${ticket._id}`, token, { message: 'One more' });
    expect(replied.body.payload.status).toBe('open');
  });

  it('reopens a ticket the customer wrote last as open, and only a closed one', async () => {
    const { token } = await customer();
    const ticket = await openTicket(server, token);
    const early = await call(server, 'POST', `/api/v1/admin/ticket/${ticket._id}/reopen`, managerToken);
    expect(early).toMatchObject({ status: 400, body: { message: TICKET_NOT_CLOSED } });
    await call(server, 'DELETE', `/api/v1/public/ticket/${ticket._id}`, token);
    const reopened = await call(server, 'POST', `/api/v1/admin/ticket/${ticket._id}/reopen`, managerToken);
    expect(reopened.body.payload).toMatchObject({ status: 'open', unread: true, closedAt: null });
    const mine = await call(server, 'GET', `/api/v1/public/ticket/${ticket._id}`, token);
    expect(mine.body.payload.status).toBe('open');
  });

  it('reopens once when twenty staff reopen the same ticket at the same time', async () => {
    const { token } = await customer();
    const ticket = await openTicket(server, token);
    await call(server, 'DELETE', `/api/v1/admin/ticket/${ticket._id}`, adminToken);
    const tokens = [adminToken, managerToken, supportToken];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server, 'POST', `/api/v1/admin/ticket/${ticket._id}/reopen`, tokens[i % tokens.length]),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(400)]);
    for (const r of results.filter((r) => r.status === 400)) expect(r.body.message).toBe(TICKET_NOT_CLOSED);
  });

  it('refuses customers and resellers, answers unknown tickets 404 and malformed ids 400, never 5xx', async () => {
    const { account, token } = await customer();
    const ticket = await openTicket(server, token);
    await call(server, 'DELETE', `/api/v1/admin/ticket/${ticket._id}`, supportToken);
    const reseller = await server.tokenFor(await server.buildAccount({ reseller: true }));
    for (const caller of [token, reseller]) {
      const res = await call(server, 'POST', `/api/v1/admin/ticket/${ticket._id}/reopen`, caller);
      expect(res.body).toMatchObject({ status: 403, message: 'forbidden' });
      const read = await call(server, 'GET', `/api/v1/admin/ticket/${ticket._id}`, caller);
      expect(read.status).toBe(403);
    }
    const anonymous = await call(server, 'POST', `/api/v1/admin/ticket/${ticket._id}/reopen`);
    expect(anonymous.body).toMatchObject({ status: 403, message: 'unauthorized' });
    const unknown = await call(server, 'POST', `/api/v1/admin/ticket/${account.id}/reopen`, supportToken);
    expect(unknown.body).toMatchObject({ status: 404, payload: { error: 'Unknown ticket' } });
    for (const bad of ['nope', '1', 'x'.repeat(90), encodeURIComponent('\u0000'), "1'--"]) {
      const res = await call(server, 'POST', `/api/v1/admin/ticket/${bad}/reopen`, supportToken);
      expect(res.status, bad.slice(0, 12)).toBe(400);
    }
    // A path too long for the server is refused before any handler.
    expect((await call(server, 'POST', `/api/v1/admin/ticket/${'x'.repeat(5000)}/reopen`, supportToken)).status).toBe(
      414,
    );
    // None of the refused calls reopened it: still gone for the customer, closed for staff.
    expect((await call(server, 'GET', `/api/v1/public/ticket/${ticket._id}`, token)).status).toBe(404);
    const kept = await call(server, 'GET', `/api/v1/admin/ticket/${ticket._id}`, supportToken);
    expect(kept.body.payload.status).toBe('closed');
  });
});

describe('staff notifications', () => {
  it('tells every Administrator, Manager and Support member of new tickets and replies, each with their own read state', async () => {
    const fresh = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const a = await fresh.buildAccount({ role: 'Administrator' });
      const m = await fresh.buildAccount({ role: 'Manager' });
      const s = await fresh.buildAccount({ role: 'Support' });
      const [aToken, mToken] = [await fresh.tokenFor(a), await fresh.tokenFor(m)];
      const who = await fresh.buildAccount({ username: 'dora_customer' });
      const token = await fresh.tokenFor(who);
      const ticket = await openTicket(fresh, token, { subject: 'Need more GB' });
      await call(fresh, 'POST', `/api/v1/public/ticket/${ticket._id}`, token, { message: 'Any news?' });
      // Staff writing adds no notification.
      await call(fresh, 'POST', '/api/v1/admin/ticket', aToken, { ticketId: ticket._id, message: 'On it' });

      const list = await call(fresh, 'GET', '/api/v1/admin/notification', mToken);
      expect(list.body).toMatchObject({ status: 200, message: 'Notifications list', payload: { unread: 2 } });
      expect(
        list.body.payload.notifications.map((n: { message: string; ticket: string; link: string }) => [
          n.message,
          n.ticket,
          n.link,
        ]),
      ).toEqual([
        ['dora_customer replied: Need more GB', ticket._id, `/admin/tickets/${ticket._id}`],
        ['New ticket from dora_customer: Need more GB', ticket._id, `/admin/tickets/${ticket._id}`],
      ]);
      const first = list.body.payload.notifications[0].id;

      // Someone else's notification is not theirs to mark.
      const foreign = await call(fresh, 'GET', `/api/v1/admin/mark-notification/${first}`, aToken);
      expect(foreign.status).toBe(404);
      const one = await call(fresh, 'GET', `/api/v1/admin/mark-notification/${first}`, mToken);
      expect(one.body).toMatchObject({ message: 'Notification marked read', payload: { unread: 1 } });
      expect((await call(fresh, 'GET', '/api/v1/admin/notification', aToken)).body.payload.unread).toBe(2);
      const all = await call(fresh, 'GET', '/api/v1/admin/mark-notification', aToken);
      expect(all.body).toMatchObject({ message: 'Notifications marked read', payload: { unread: 0 } });
      const mine = await call(fresh, 'GET', '/api/v1/admin/notification', mToken);
      expect(mine.body.payload.notifications.map((n: { read: boolean }) => n.read)).toEqual([true, false]);

      // Opening the ticket itself reads its notifications, for the one who opened it only.
      const other = await openTicket(fresh, token, { subject: 'Second question' });
      expect((await call(fresh, 'GET', '/api/v1/admin/notification', aToken)).body.payload.unread).toBe(1);
      await call(fresh, 'GET', `/api/v1/admin/ticket/${other._id}`, aToken);
      expect((await call(fresh, 'GET', '/api/v1/admin/notification', aToken)).body.payload.unread).toBe(0);
      expect((await call(fresh, 'GET', '/api/v1/admin/notification', mToken)).body.payload.unread).toBe(2);

      // Support answers customers too (DESIGN §10): its own list, its own read state.
      const sToken = await fresh.tokenFor(s);
      const forSupport = await call(fresh, 'GET', '/api/v1/admin/notification', sToken);
      expect(forSupport.body.payload.unread).toBe(3);
      // Each in the panel its reader works in.
      expect(forSupport.body.payload.notifications[0].link).toBe(`/support/tickets/${other._id}`);
      await call(fresh, 'GET', `/api/v1/admin/ticket/${ticket._id}`, sToken);
      expect((await call(fresh, 'GET', '/api/v1/admin/notification', sToken)).body.payload.unread).toBe(1);
      expect((await call(fresh, 'GET', '/api/v1/admin/notification', mToken)).body.payload.unread).toBe(2);
      // A Support member's own answer notifies nobody; a customer's reply notifies Support again.
      await call(fresh, 'POST', '/api/v1/admin/ticket', sToken, { ticketId: other._id, message: 'Checking' });
      expect((await call(fresh, 'GET', '/api/v1/admin/notification', mToken)).body.payload.unread).toBe(2);
      await call(fresh, 'POST', `/api/v1/public/ticket/${other._id}`, token, { message: 'Thanks' });
      expect((await call(fresh, 'GET', '/api/v1/admin/notification', sToken)).body.payload.unread).toBe(2);
      const disabled = await fresh.buildAccount({ role: 'Support' });
      await fresh.database.executeSql(`update accounts set disabled_at = now() where id = '${disabled.id}'`);
      await openTicket(fresh, token, { subject: 'Third question' });
      const { rows } = await fresh.database.executeSql(
        `select count(*)::int as n from notifications where recipient_id = '${disabled.id}'`,
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await fresh.close();
    }
  });

  it('still creates the ticket when notifying staff fails', async () => {
    const fresh = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      await fresh.buildAccount({ role: 'Administrator' });
      await fresh.database.executeSql('alter table notifications add constraint broken check (false) not valid');
      const who = await fresh.buildAccount();
      const token = await fresh.tokenFor(who);
      const res = await call(fresh, 'POST', '/api/v1/public/ticket', token, {
        subject: 'Notifications are down',
        category: 'other',
        message: 'Hello',
      });
      expect(res.status).toBe(200);
      const list = await call(fresh, 'GET', '/api/v1/public/ticket', token);
      expect(list.body.payload.total).toBe(1);
      const { rows } = await fresh.database.executeSql('select count(*)::int as n from notifications');
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await fresh.close();
    }
  });
});
