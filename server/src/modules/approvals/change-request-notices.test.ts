import { AWAITS_APPROVAL } from '@tollgate/contract/admin/change-requests';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, staffChangeRequests } from '#platform/db/schema.ts';
import type { TestAccount } from '#test/harness.ts';
import { useStaffShop } from '#test/staff-helpers.ts';

/** Issue 32: approvers hear of a request when it is filed, its requester of the outcome. */
const shop = useStaffShop();
const { as } = shop;

const credit = async (by: TestAccount, userId: string, dollars: number, reason = 'Refund for a yearly plan') =>
  shop.server.request('PATCH', `/api/v1/admin/accounts/${userId}/balance`, {
    token: await as(by),
    body: { balanceToAddOrSub: dollars, reason },
  });
const bellOf = (who: TestAccount) =>
  shop.server.database.db.select().from(notifications).where(eq(notifications.recipientId, who.id));

describe('change request notices', () => {
  it('tells every Administrator and Manager but the requester when a request is filed, and the requester the outcome', async () => {
    const customer = await shop.server.buildAccount();
    const filed = await credit(shop.manager, customer.id, 750);
    expect(filed.body.message).toBe(AWAITS_APPROVAL);
    const line = `${shop.manager.username} asks to credit ${customer.username} $750.00`;
    for (const who of [shop.admin, shop.otherManager])
      expect(await bellOf(who)).toContainEqual(
        expect.objectContaining({ message: line, link: '/admin/change-requests', ticketId: null }),
      );
    for (const who of [shop.manager, shop.support, customer]) expect(await bellOf(who)).toEqual([]);

    const id = filed.body.payload.requestId as string;
    const approved = await shop.server.request('POST', `/api/v1/admin/change-requests/${id}/approve`, {
      token: await as(shop.admin),
      body: { reason: 'Invoice checked' },
    });
    expect(approved.status).toBe(200);
    expect(await bellOf(shop.manager)).toEqual([
      expect.objectContaining({
        message: `${shop.admin.username} approved your request to credit ${customer.username} $750.00: Invoice checked`,
        link: '/admin/change-requests',
      }),
    ]);
    expect(await bellOf(customer)).toEqual([]);

    const debit = (await credit(shop.otherManager, customer.id, -600, 'Chargeback')).body.payload.requestId as string;
    await shop.server.request('POST', `/api/v1/admin/change-requests/${debit}/reject`, {
      token: await as(shop.manager),
      body: { reason: 'No chargeback on file' },
    });
    expect((await bellOf(shop.otherManager)).map((n) => n.message)).toContain(
      `${shop.manager.username} rejected your request to debit ${customer.username} $600.00: No chargeback on file`,
    );
  });

  it('files and decides the change even when the notice cannot be written', async () => {
    const db = shop.server.database.db;
    await db.execute(sql`
      create function refuse_notice() returns trigger language plpgsql as $$
      begin raise exception 'bell out of order'; end $$`);
    await db.execute(
      sql`create trigger refuse_notice before insert on notifications for each row execute function refuse_notice()`,
    );
    try {
      const customer = await shop.server.buildAccount();
      const filed = await credit(shop.manager, customer.id, 800);
      expect(filed.status).toBe(200);
      expect(filed.body.message).toBe(AWAITS_APPROVAL);
      const id = filed.body.payload.requestId as string;
      const approved = await shop.server.request('POST', `/api/v1/admin/change-requests/${id}/approve`, {
        token: await as(shop.admin),
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
