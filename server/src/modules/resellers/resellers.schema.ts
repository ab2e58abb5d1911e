import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '#platform/db/schema.ts';

/**
 * Spec §3 "Reseller account extras", one row per reseller account (ADR 021 says what each price
 * means). Prices are cents, null where the reseller cannot buy that product. The API key lives in
 * `api_keys` with every other account's keys (ADR 038, migration 0037), named `Reseller API`.
 */
export const resellerTerms = pgTable(
  'reseller_terms',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    resiPriceCents: bigint('resi_price_cents', { mode: 'number' }),
    mobilePriceCents: bigint('mobile_price_cents', { mode: 'number' }),
    dataPrice1Cents: bigint('data_price1_cents', { mode: 'number' }),
    dataPrice7Cents: bigint('data_price7_cents', { mode: 'number' }),
    dataPrice30Cents: bigint('data_price30_cents', { mode: 'number' }),
    ispPriceCents: bigint('isp_price_cents', { mode: 'number' }),
    gbValue: integer('gb_value').notNull().default(0),
    ipv6White: integer('ipv6_white').notNull().default(10),
    dataWhite: integer('data_white').notNull().default(10),
    /** Percent off catalogue prices, in basis points. */
    valueBps: integer('value_bps').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'reseller_terms_non_negative',
      sql`coalesce(${t.resiPriceCents}, 0) >= 0 and coalesce(${t.mobilePriceCents}, 0) >= 0 and coalesce(${t.dataPrice1Cents}, 0) >= 0 and coalesce(${t.dataPrice7Cents}, 0) >= 0 and coalesce(${t.dataPrice30Cents}, 0) >= 0 and coalesce(${t.ispPriceCents}, 0) >= 0 and ${t.gbValue} >= 0 and ${t.ipv6White} >= 0 and ${t.dataWhite} >= 0 and ${t.valueBps} between 0 and 10000`,
    ),
  ],
);

/**
 * The answers of reseller calls that charge, by the reseller's `Idempotency-Key` (ADR 041). The row
 * is written in the charge's own transaction, so a key either has its charge and its answer or
 * neither; a parallel retry waits on the primary key and then reads the answer.
 */
export const resellerIdempotency = pgTable(
  'reseller_idempotency',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the call and its body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

/**
 * A reseller's sub-users (spec §7): each an ordinary customer account (reseller=0) linked to the
 * reseller that created it. The link is what lets the reseller list them and sell them plans; the
 * sub-user's own session sees only its own plans, as any customer's does.
 */
export const resellerSubUsers = pgTable(
  'reseller_sub_users',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reseller_sub_users_reseller_idx').on(t.resellerId, t.createdAt)],
);
