import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PARTNER_STATUSES } from '@tollgate/contract/growth/partners';
import { accounts } from '#platform/db/schema.ts';

/** A partner domain (ADR 036). Removing it keeps the row, so what it brought stays in the statistics. */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domain: text('domain').notNull(),
    status: text('status', { enum: PARTNER_STATUSES }).notNull().default('active'),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('partners_domain_key').on(t.domain)],
);

/**
 * One row per visitor and partner: `visitor_key` is the first-party cookie's value (itself derived
 * from the address and browser when the visitor had none), so a reload or a return adds nothing.
 */
export const partnerVisits = pgTable(
  'partner_visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    visitorKey: text('visitor_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_visits_visitor_key').on(t.partnerId, t.visitorKey),
    index('partner_visits_key_idx').on(t.visitorKey, t.createdAt),
    index('partner_visits_partner_idx').on(t.partnerId, t.createdAt),
    index('partner_visits_created_idx').on(t.createdAt),
  ],
);
