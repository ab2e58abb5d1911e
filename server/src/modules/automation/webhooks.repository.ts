import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { countWhere, readPage } from '#platform/db/page.ts';
import { accounts } from '#platform/db/schema.ts';
import { webhookDeliveries, webhookEndpoints } from './automation.schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

const live = (accountId: string) => and(eq(webhookEndpoints.accountId, accountId), isNull(webhookEndpoints.deletedAt));

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  url: webhookEndpoints.url,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatus: webhookDeliveries.lastStatus,
  lastResponse: webhookDeliveries.lastResponse,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
};

export const webhooksRepository = {
  list(db: DbOrTx, accountId: string) {
    return db
      .select()
      .from(webhookEndpoints)
      .where(live(accountId))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  },

  async find(db: DbOrTx, accountId: string, id: string) {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), live(accountId)));
    return row ?? null;
  },

  async lockAccount(tx: DbOrTx, accountId: string) {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  },

  async count(tx: DbOrTx, accountId: string) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(live(accountId));
    return Number(row?.n ?? 0);
  },

  async insert(tx: DbOrTx, values: typeof webhookEndpoints.$inferInsert) {
    const [row] = await tx.insert(webhookEndpoints).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, accountId: string, id: string, values: Partial<typeof webhookEndpoints.$inferInsert>) {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, id), live(accountId)))
      .returning();
    return row ?? null;
  },

  /** Removed for good: what it was still owed is marked failed, so no worker sends it. */
  async remove(tx: DbOrTx, accountId: string, id: string) {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ deletedAt: new Date(), enabled: false, updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, id), live(accountId)))
      .returning({ id: webhookEndpoints.id });
    if (!row) return false;
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', lastResponse: 'Webhook removed' })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
    return true;
  },

  async insertDelivery(db: DbOrTx, values: typeof webhookDeliveries.$inferInsert) {
    const [row] = await db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id });
    return row!.id;
  },

  async delivery(db: DbOrTx, accountId: string, id: string) {
    const [row] = await db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.accountId, accountId)));
    return row ?? null;
  },

  async deliveries(
    db: DbOrTx,
    accountId: string,
    query: { page: number; size: number; endpointId?: string | undefined },
  ) {
    const where = and(
      eq(webhookDeliveries.accountId, accountId),
      query.endpointId ? eq(webhookDeliveries.endpointId, query.endpointId) : undefined,
    );
    // Every delivery has its endpoint (a required key; endpoints are only marked deleted), so the
    // join neither drops nor repeats rows: the statement counts what the deliveries alone count.
    const { rows: items, total } = await readPage(query, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ ...deliveryColumns, pageTotal })
            .from(webhookDeliveries)
            .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
            .where(where)
            .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)),
        ),
      count: () => countWhere(db, webhookDeliveries, where),
    });
    return { items, total };
  },
};

export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof webhooksRepository.delivery>>>;
