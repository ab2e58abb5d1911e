import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { INSTANCE_KINDS } from '@tollgate/contract/admin/system';

/** What a process reports with each heartbeat besides being alive. */
export interface InstanceDetails {
  rssBytes: number;
  connections?: number | null;
  flushLagSeconds?: number | null;
}

/**
 * Every shop instance and gateway node writes its row every HEARTBEAT_SECONDS (issue 35): the system
 * page lists what was heard from in the last day and marks what has gone quiet. A process that
 * stops cleanly deletes its row; a crashed one ages out.
 */
export const instances = pgTable(
  'instances',
  {
    /** Random per process start: a restarted instance is a new row, and the old one shows as lost. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: INSTANCE_KINDS }).notNull(),
    host: text('host').notNull(),
    version: text('version').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    details: jsonb('details').$type<InstanceDetails>().notNull(),
  },
  (t) => [index('instances_seen_idx').on(t.seenAt)],
);

/** Backups made with `npm run cli -- backup`, so the system page can say how old the last one is. */
export const backups = pgTable('backups', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
});
