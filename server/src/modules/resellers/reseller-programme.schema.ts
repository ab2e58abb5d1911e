import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES, type ResellerRequestForm } from '@tollgate/contract/reseller/reseller-programme';
import { accounts } from '#platform/db/schema.ts';

/**
 * Applications to the reseller programme (ADR 042). One open application per account is a partial
 * unique index, so parallel applications of one account store exactly one; decided ones are kept
 * (who, when, why) and a refused applicant may apply again.
 */
export const resellerApplications = pgTable(
  'reseller_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<ResellerRequestForm>().notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('reseller_applications_one_pending')
      .on(t.accountId)
      .where(sql`${t.status} = 'pending'`),
    index('reseller_applications_account_idx').on(t.accountId, t.createdAt),
    // The staff list: open ones first, then newest.
    index('reseller_applications_queue_idx').on(t.status, t.createdAt),
    check('reseller_applications_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('reseller_applications_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
  ],
);
