import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '#platform/db/schema.ts';

/**
 * Spec §3 "Reseller account extras", one row per reseller account (ADR 021 says what each price
 * means). Prices are cents, null where the reseller cannot buy that product. The API key is kept as
 * a SHA-256 hash only; its first characters tell keys apart in the staff panel.
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
    apiKeyHash: text('api_key_hash'),
    apiKeyPrefix: text('api_key_prefix'),
    apiKeyCreatedAt: timestamp('api_key_created_at', { withTimezone: true }),
    apiKeyLastUsedAt: timestamp('api_key_last_used_at', { withTimezone: true }),
    /** When the key's last `api_key.used` security event was written: at most one an hour (migration 0027). */
    apiKeyUseLoggedAt: timestamp('api_key_use_logged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reseller_terms_api_key_hash_key').on(t.apiKeyHash),
    check(
      'reseller_terms_non_negative',
      sql`coalesce(${t.resiPriceCents}, 0) >= 0 and coalesce(${t.mobilePriceCents}, 0) >= 0 and coalesce(${t.dataPrice1Cents}, 0) >= 0 and coalesce(${t.dataPrice7Cents}, 0) >= 0 and coalesce(${t.dataPrice30Cents}, 0) >= 0 and coalesce(${t.ispPriceCents}, 0) >= 0 and ${t.gbValue} >= 0 and ${t.ipv6White} >= 0 and ${t.dataWhite} >= 0 and ${t.valueBps} between 0 and 10000`,
    ),
  ],
);
