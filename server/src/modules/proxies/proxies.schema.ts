import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '#platform/db/schema.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';

/**
 * Source IPs allowed to use a subscription without a password. Slots are taken by a conditional
 * update of `subscriptions.whitelist_count` in the same transaction as the insert (DESIGN §3).
 */
export const subscriptionWhitelist = pgTable(
  'subscription_whitelist',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** Canonical text form (IPv6 compressed, lower case) so one address is one row. */
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.ip] }), index('subscription_whitelist_ip_idx').on(t.ip)],
);

/**
 * Which account a whitelisted address belongs to: one at a time, so no customer can whitelist
 * another's address and have its traffic metered on their plan. `refs` counts that account's
 * whitelist rows for the address; the row goes when it reaches 0. Taken and released with
 * conditional upserts in the whitelist row's own transaction (DESIGN §3).
 */
export const whitelistOwners = pgTable(
  'whitelist_owners',
  {
    ip: text('ip').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    refs: integer('refs').notNull(),
  },
  (t) => [check('whitelist_owners_refs_positive', sql`${t.refs} > 0`)],
);

/**
 * What the gateway metered, one row per subscription, hour and exit country. Gateways add to a row
 * with `INSERT ... ON CONFLICT DO UPDATE SET x = x + excluded.x`, so several nodes never overwrite
 * each other and a flush is one statement.
 */
export const proxyUsageHourly = pgTable(
  'proxy_usage_hourly',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    country: text('country').notNull().default(''),
    /** Bytes from the client to the target (upload). */
    bytesIn: bigint('bytes_in', { mode: 'number' }).notNull().default(0),
    /** Bytes from the target to the client (download). */
    bytesOut: bigint('bytes_out', { mode: 'number' }).notNull().default(0),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    failures: bigint('failures', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.hour, t.country] }),
    check('proxy_usage_hour_aligned', sql`${t.hour} = date_trunc('hour', ${t.hour})`),
  ],
);
