import { AWAITS_APPROVAL } from '@tollgate/contract/admin/change-requests';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, staffChangeRequests } from '#platform/db/schema.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';

/** Issue 32: approvers hear of a request when it is filed, its requester of the outcome. */
let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let otherManager: TestAccount;
let support: TestAccount;
const tokens = new Map<string, string>();
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.buildAccount({ role: 'Administrator' });
  manager = await server.buildAccount({ role: 'Manager' });
  otherManager = await server.buildAccount({ role: 'Manager' });
  support = await server.buildAccount({ role: 'Support' });
});
afterAll(() => server.close());

async function as(who: TestAccount) {
  if (!tokens.has(who.id)) tokens.set(who.id, await server.tokenFor(who));
  return tokens.get(who.id)!;
}
const credit = async (by: TestAccount, userId: string, dollars: number, reason = 'Refund for a yearly plan') =>
  server.request('PATCH', `/api/v1/admin/accounts/${userId}/balance`, {
    token: await as(by),
    body: { balanceToAddOrSub: dollars, reason },
  });
const bellOf = (who: TestAccount) =>
  server.database.db.select().from(notifications).where(eq(notifications.recipientId, who.id));

describe('change request notices', () => {
  it('tells every Administrator and Manager but the requester when a request is filed, and the requester the outcome', async () => {
    const customer = await server.buildAccount();
    const filed = await credit(manager, customer.id, 750);
    expect(filed.body.message).toBe(AWAITS_APPROVAL);
    const line = `${manager.username} asks to credit ${customer.username} $750.00`;
    for (const who of [admin, otherManager])
      expect(await bellOf(who)).toContainEqual(
        expect.objectContaining({ message: line, link: '/admin/change-requests', ticketId: null }),
      );
    for (const who of [manager, support, customer]) expect(await bellOf(who)).toEqual([]);

    const id = filed.body.payload.requestId as string;
    const approved = await server.request('POST', `/api/v1/admin/change-requests/${id}/approve`, {
      token: await as(admin),
      body: { reason: 'Invoice checked' },
    });
    expect(approved.status).toBe(200);
    expect(await bellOf(manager)).toEqual([
      expect.objectContaining({
        message: `${admin.username} approved your request to credit ${customer.username} $750.00: Invoice checked`,
        link: '/admin/change-requests',
      }),
    ]);
    expect(await bellOf(customer)).toEqual([]);

    const debit = (await credit(otherManager, customer.id, -600, 'Chargeback')).body.payload.requestId as string;
    await server.request('POST', `/api/v1/admin/change-requests/${debit}/reject`, {
      token: await as(manager),
      body: { reason: 'No chargeback on file' },
    });
    expect((await bellOf(otherManager)).map((n) => n.message)).toContain(
      `${manager.username} rejected your request to debit ${customer.username} $600.00: No chargeback on file`,
    );
  });

  it('files and decides the change even when the notice cannot be written', async () => {
    const db = server.database.db;
    await db.execute(sql`
      create function refuse_notice() returns trigger language plpgsql as $$
      begin raise exception 'bell out of order'; end $$`);
    await db.execute(
      sql`create trigger refuse_notice before insert on notifications for each row execute function refuse_notice()`,
    );
    try {
      const customer = await server.buildAccount();
      const filed = await credit(manager, customer.id, 800);
      expect(filed.status).toBe(200);
      expect(filed.body.message).toBe(AWAITS_APPROVAL);
      const id = filed.body.payload.requestId as string;
      const approved = await server.request('POST', `/api/v1/admin/change-requests/${id}/approve`, {
        token: await as(admin),
        body: {},
      });
      expect(approved.body).toMatchObject({ status: 200, payload: { status: 'approved' } });
      const [row] = await db.select().from(staffChangeRequests).where(eq(staffChangeRequests.id, id));
      expect(row!.status).toBe('approved');
    } finally {
      await db.execute(sql`drop trigger refuse_notice on notifications`);
      await db.execute(sql`drop function refuse_notice()`);
    }
  });
});
