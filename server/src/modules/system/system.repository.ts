import { desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { notices } from '#platform/db/schema.ts';
import { rowsOf } from '#platform/db/rows.ts';
import { webhookDeliveries } from '../automation/automation.schema';
import { mailCampaignRecipients } from '../mail-sender/mail-sender.schema';
import { backups, instances, type InstanceDetails } from './system.schema';

export interface Heartbeat {
  id: string;
  kind: 'shop' | 'gateway';
  host: string;
  version: string;
  startedAt: Date;
  details: InstanceDetails;
}

export const systemRepository = {
  async beat(db: DbOrTx, beat: Heartbeat) {
    const now = new Date();
    await db
      .insert(instances)
      .values({ ...beat, seenAt: now })
      .onConflictDoUpdate({ target: instances.id, set: { seenAt: now, details: beat.details } });
  },

  /** A process stopping cleanly leaves no lost row behind; a day-old silent one is forgotten. */
  async forget(db: DbOrTx, id: string) {
    await db.delete(instances).where(eq(instances.id, id));
  },
  async forgetBefore(db: DbOrTx, before: Date) {
    await db.delete(instances).where(lt(instances.seenAt, before));
  },

  heardSince: (db: DbOrTx, since: Date) =>
    db
      .select()
      .from(instances)
      .where(gt(instances.seenAt, since))
      .orderBy(instances.kind, instances.host, instances.startedAt),

  async recordBackup(db: DbOrTx, bytes: number) {
    await db.insert(backups).values({ bytes });
  },
  async lastBackupAt(db: DbOrTx): Promise<Date | null> {
    const [last] = await db.select({ madeAt: backups.madeAt }).from(backups).orderBy(desc(backups.madeAt)).limit(1);
    return last?.madeAt ?? null;
  },

  async databaseBytes(db: DbOrTx): Promise<number> {
    const [row] = rowsOf<{ bytes: string | number }>(
      await db.execute(sql`select pg_database_size(current_database()) as bytes`),
    );
    return Number(row?.bytes ?? 0);
  },

  /**
   * What is owed and not yet delivered, each answered by its table's partial index on the pending
   * rows: webhooks and campaign mail given up on in the last day count as failing, notices as soon
   * as one attempt failed (they retry until sent).
   */
  async deliveryBacklog(db: DbOrTx) {
    const [webhooks] = rowsOf<Backlog>(
      await db.execute(sql`
        select (select count(*) from ${webhookDeliveries} where ${webhookDeliveries.status} = 'pending')::int as pending,
               (select count(*) from ${webhookDeliveries} where ${webhookDeliveries.status} = 'failed'
                  and ${webhookDeliveries.lastAttemptAt} > now() - interval '1 day')::int as failing,
               (select extract(epoch from now() - min(${webhookDeliveries.createdAt})) from ${webhookDeliveries}
                  where ${webhookDeliveries.status} = 'pending')::float8 as oldest`),
    );
    const [unsent] = rowsOf<Backlog>(
      await db.execute(sql`
        select count(*)::int as pending, (count(*) filter (where ${notices.attempts} > 0))::int as failing,
               extract(epoch from now() - min(${notices.createdAt}))::float8 as oldest
          from ${notices} where ${notices.sentAt} is null`),
    );
    const [campaign] = rowsOf<Backlog>(
      await db.execute(sql`
        select (select count(*) from ${mailCampaignRecipients} where ${mailCampaignRecipients.status} = 'queued')::int as pending,
               (select count(*) from ${mailCampaignRecipients} where ${mailCampaignRecipients.status} = 'failed'
                  and ${mailCampaignRecipients.sendingSince} > now() - interval '1 day')::int as failing,
               null::float8 as oldest`),
    );
    return { webhooks, notices: unsent, 'campaign mail': campaign };
  },
};

type Backlog = { pending: number; failing: number; oldest: number | null };
