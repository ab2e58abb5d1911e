import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Spec §3 Plan. Soft-deleted, because invoices keep naming the plans they sold. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['residential', 'mobile', 'isp', 'datacenter', 'ipv6'] }).notNull(),
    provider: text('provider').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    bandwidthPrices: text('bandwidth_prices').notNull().default(''),
    threadPrices: text('thread_prices').notNull().default(''),
    minRenewDays: integer('min_renew_days').notNull().default(1),
    maxRenewDays: integer('max_renew_days').notNull().default(365),
    durationDays: integer('duration_days').notNull().default(30),
    bandwidthGb: integer('bandwidth_gb').notNull().default(0),
    throughputMbps: integer('throughput_mbps').notNull().default(0),
    threads: integer('threads').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    trial: boolean('trial').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    serverGeo: text('server_geo').notNull().default(''),
    serverGeoOptions: text('server_geo_options').notNull().default(''),
    currentThreads: integer('current_threads').notNull().default(0),
    customPlan: boolean('custom_plan').notNull().default(false),
    residentialType: text('residential_type').notNull().default(''),
    supportShow: boolean('support_show').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('plans_listing_idx').on(t.enabled, t.trial, t.sortOrder),
    check('plans_price_non_negative', sql`${t.priceCents} >= 0`),
    check('plans_renew_days_ordered', sql`${t.minRenewDays} <= ${t.maxRenewDays}`),
  ],
);
export type PlanRow = typeof plans.$inferSelect;
