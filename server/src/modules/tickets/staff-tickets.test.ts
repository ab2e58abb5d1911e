import { TICKET_CLOSE_FAILED, TICKET_CLOSED, TICKET_IS_CLOSED } from '@tollgate/contract/tickets/tickets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '#test/auth-helpers.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { call, openTicket, planOf } from '#test/tickets-helpers.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let adminToken: string;
let managerToken: string;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  admin = await server.buildAccount({ role: 'Administrator' });
  manager = await server.buildAccount({ role: 'Manager' });
  adminToken = await server.tokenFor(admin);
  managerToken = await server.tokenFor(manager);
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

  it('assigns only to Administrators and Managers who can sign in', async () => {
    const { token } = await customer();
    const ticket = await openTicket(server, token);
    const support = await server.buildAccount({ role: 'Support' });
    const user = await server.buildAccount();
    for (const assigneeId of [support.id, user.id, '00000000-0000-4000-8000-000000000000']) {
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
    const assignees = await call(server, 'GET', '/api/v1/admin/ticket-assignees', managerToken);
    const names = assignees.body.payload.items.map((a: { id: string }) => a.id);
    expect(names).toEqual(expect.arrayContaining([admin.id, manager.id]));
    expect(names).not.toContain(support.id);
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

describe('staff notifications', () => {
  it('tells every Administrator and Manager of new tickets and replies, each with their own read state', async () => {
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
        list.body.payload.notifications.map((n: { message: string; ticket: string }) => [n.message, n.ticket]),
      ).toEqual([
        ['dora_customer replied: Need more GB', ticket._id],
        ['New ticket from dora_customer: Need more GB', ticket._id],
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

      const sToken = await fresh.tokenFor(s);
      expect((await call(fresh, 'GET', '/api/v1/admin/notification', sToken)).status).toBe(403);
    } finally {
      await fresh.close();
    }
  });

  it('still creates the ticket when notifying staff fails', async () => {
    const fresh = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      await fresh.buildAccount({ role: 'Administrator' });
      await fresh.database.executeSql('alter table admin_notifications add constraint broken check (false) not valid');
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
      const { rows } = await fresh.database.executeSql('select count(*)::int as n from admin_notifications');
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await fresh.close();
    }
  });
});
