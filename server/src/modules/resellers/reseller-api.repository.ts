import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import type { FactsRead } from '#platform/billing/order-steps.ts';
import { placeholdersFor, preparedWrite, valuesFor, type WriteStep } from '#platform/db/write-together.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import type { StoredTerms } from './resellers.repository';
import { resellerIdempotency, resellerTerms } from './resellers.schema';
import { DEFAULT_TERMS } from './default-terms';
import { rowsOf } from '#platform/db/rows.ts';

/** node-postgres and PGlite both answer raw statements with `{ rows }`. */

const storeAnswer = preparedWrite('reseller_store_answer', () => {
  const p = placeholdersFor('answer', ['accountId', 'key', 'response'] as const);
  return {
    steps: [
      {
        name: 'stored',
        query: sql`update ${resellerIdempotency} set response = ${p.response}::jsonb
          where account_id = ${p.accountId} and key = ${p.key} returning key`,
      },
    ],
  };
});

const termsColumns = {
  resiPriceCents: resellerTerms.resiPriceCents,
  mobilePriceCents: resellerTerms.mobilePriceCents,
  dataPrice1Cents: resellerTerms.dataPrice1Cents,
  dataPrice7Cents: resellerTerms.dataPrice7Cents,
  dataPrice30Cents: resellerTerms.dataPrice30Cents,
  ispPriceCents: resellerTerms.ispPriceCents,
  gbValue: resellerTerms.gbValue,
  ipv6White: resellerTerms.ipv6White,
  dataWhite: resellerTerms.dataWhite,
  valueBps: resellerTerms.valueBps,
};

/**
 * What an order reads of the reseller's own with the payer and the plan (the checkout's read, one
 * round trip): its terms and what its Idempotency-Key already holds, by their primary keys.
 */
const orderFactsSql = sql<RawFacts>`jsonb_build_object(
  'terms', (select jsonb_build_object(
      'resiPriceCents', t.resi_price_cents, 'mobilePriceCents', t.mobile_price_cents,
      'dataPrice1Cents', t.data_price1_cents, 'dataPrice7Cents', t.data_price7_cents,
      'dataPrice30Cents', t.data_price30_cents, 'ispPriceCents', t.isp_price_cents, 'gbValue', t.gb_value,
      'ipv6White', t.ipv6_white, 'dataWhite', t.data_white, 'valueBps', t.value_bps)
    from ${resellerTerms} t where t.account_id = ${sql.placeholder('resale.accountId')}),
  'prior', (select jsonb_build_object('requestHash', i.request_hash, 'response', i.response)
    from ${resellerIdempotency} i where i.account_id = ${sql.placeholder('resale.accountId')} and i.key = ${sql.placeholder('resale.key')}))`;

export type OrderFacts = {
  terms: StoredTerms;
  prior: { requestHash: string; response: unknown } | null;
};
/** As read: no terms row, no record for the key. */
type RawFacts = { terms: StoredTerms | null; prior: OrderFacts['prior'] };

/** The record's primary key (account, key), named as migration 0037 made it. */
export const IDEMPOTENCY_PRIMARY_KEY = 'reseller_idempotency_account_id_key_pk';
const RECORD_KEYS = ['accountId', 'key', 'requestHash', 'response'] as const;
/** The terms' CHECK, which keeps the prepaid pool at zero or more. */
const TERMS_CHECK = 'reseller_terms_non_negative';

/** A parallel order took the prepaid GB this one was priced with: it is read and priced again. */
export class PoolMoved extends Error {}

export const resellerApiRepository = {
  /** What an order reads with the checkout's payer and plan (ADR 041): the terms and the key's record. */
  orderRead: (accountId: string, key: string): FactsRead<RawFacts> => ({
    name: 'resale_read',
    select: orderFactsSql,
    values: { 'resale.accountId': accountId, 'resale.key': key },
  }),
  /** The read's facts as the order uses them: the defaults without terms (or without the payer). */
  orderFacts(facts: RawFacts | null): OrderFacts {
    return { terms: facts?.terms ?? { ...DEFAULT_TERMS }, prior: facts?.prior ?? null };
  },

  /**
   * An order's own writes in the checkout's statement (ADR 041, 057): the prepaid GB it takes (when
   * it takes any) and its idempotency record, whose answer (`recorded`) is the order's.
   *
   * - The pool step takes the GB the read saw; if a parallel order took them first, the terms'
   *   CHECK (gb_value >= 0) refuses the whole statement and the order is read and tried again.
   * - The record stores the answer with the balance the order leaves (`balanceLeft`, the checkout's
   *   SQL for it) set into it. Its primary key refuses a second order with the same key (a parallel
   *   one waits for the first to end, then fails with the unique violation), and the failed
   *   statement writes nothing.
   */
  orderRecord(options: { pooled: boolean; balanceLeft: SQL }) {
    const { pooled, balanceLeft } = options;
    const p = placeholdersFor('record', RECORD_KEYS);
    const pool = placeholdersFor('pool', ['taken'] as const);
    const steps: WriteStep[] = [
      ...(pooled
        ? [
            {
              name: 'resale_pool',
              query: sql`update ${resellerTerms} set gb_value = gb_value - ${pool.taken}::int, updated_at = now()
                where account_id = ${p.accountId} returning gb_value`,
              refusedBy: { constraint: TERMS_CHECK, error: () => new PoolMoved() },
            },
          ]
        : []),
      {
        name: 'resale_record',
        query: sql`insert into ${resellerIdempotency} (account_id, key, request_hash, response)
          values (${p.accountId}, ${p.key}, ${p.requestHash},
            ${p.response}::jsonb || jsonb_build_object('balance', round(${balanceLeft}::numeric / 100, 2)${
              pooled ? sql`, 'poolGbLeft', (select gb_value from resale_pool)` : sql``
            }))
          returning response as recorded`,
      },
    ];
    return {
      name: pooled ? 'resale_pool' : 'resale',
      steps,
      result: { recorded: sql<unknown>`(select recorded from resale_record)` },
    };
  },
  orderRecordValues: (record: {
    accountId: string;
    key: string;
    requestHash: string;
    response: unknown;
    poolTaken: number;
  }) => ({
    ...valuesFor('record', { ...record, response: JSON.stringify(record.response) }),
    ...(record.poolTaken > 0 ? valuesFor('pool', { taken: record.poolTaken }) : {}),
  }),

  /** What `key` holds, read after a parallel order with it was first. */
  async prior(db: DbOrTx, accountId: string, key: string) {
    const [row] = await db
      .select({ requestHash: resellerIdempotency.requestHash, response: resellerIdempotency.response })
      .from(resellerIdempotency)
      .where(and(eq(resellerIdempotency.accountId, accountId), eq(resellerIdempotency.key, key)));
    return row ?? null;
  },

  /**
   * Claims an idempotency key inside the caller's transaction. A parallel call with the same key
   * waits on the primary key until this transaction ends: it then finds the stored answer (commit)
   * or claims the key itself (rollback). Null when claimed here.
   */
  async claim(tx: DbOrTx, accountId: string, key: string, requestHash: string) {
    const claimed = await tx
      .insert(resellerIdempotency)
      .values({ accountId, key, requestHash, response: {} })
      .onConflictDoNothing()
      .returning({ key: resellerIdempotency.key });
    if (claimed.length > 0) return null;
    const [prior] = await tx
      .select({ requestHash: resellerIdempotency.requestHash, response: resellerIdempotency.response })
      .from(resellerIdempotency)
      .where(and(eq(resellerIdempotency.accountId, accountId), eq(resellerIdempotency.key, key)));
    return prior!;
  },

  /** Stores a charge's answer on its claimed key (prepared: every order ends with it). */
  async answer(tx: DbOrTx, accountId: string, key: string, response: unknown) {
    await storeAnswer(tx, valuesFor('answer', { accountId, key, response: JSON.stringify(response) }));
  },

  /**
   * Takes up to `gb` from the reseller's prepaid residential pool (ADR 021), never below 0: the row
   * is locked, so parallel orders take turns and each sees what the one before it left.
   */
  async takePool(tx: DbOrTx, accountId: string, gb: number): Promise<{ taken: number; left: number }> {
    const rows = rowsOf<{ before: number; after: number }>(
      await tx.execute(sql`
      with old as (select ${resellerTerms.gbValue} as gb from ${resellerTerms} where ${resellerTerms.accountId} = ${accountId} for update)
      update ${resellerTerms} set gb_value = gb_value - least(gb_value, ${gb}), updated_at = now()
      from old where ${resellerTerms.accountId} = ${accountId}
      returning old.gb as before, ${resellerTerms.gbValue} as after`),
    );
    const row = rows[0];
    if (!row) return { taken: 0, left: 0 };
    return { taken: Number(row.before) - Number(row.after), left: Number(row.after) };
  },

  async terms(db: DbOrTx, accountId: string): Promise<StoredTerms | null> {
    const [row] = await db.select(termsColumns).from(resellerTerms).where(eq(resellerTerms.accountId, accountId));
    return row ?? null;
  },

  async poolLeft(db: DbOrTx, accountId: string): Promise<number> {
    const [row] = await db
      .select({ gb: resellerTerms.gbValue })
      .from(resellerTerms)
      .where(eq(resellerTerms.accountId, accountId));
    return row?.gb ?? 0;
  },

  /** The plans an account owns, newest first (its own purchases through the API). */
  async plans(db: DbOrTx, accountId: string) {
    return db
      .select({
        id: subscriptions.id,
        title: subscriptions.planTitle,
        type: subscriptions.planType,
        status: subscriptions.status,
        bandwidthGb: subscriptions.bandwidthGb,
        threads: subscriptions.threads,
        usedBytes: subscriptions.bandwidthUsedBytes,
        expiresAt: subscriptions.expiresAt,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, accountId), isNull(subscriptions.deletedAt)))
      .orderBy(desc(subscriptions.createdAt))
      .limit(500);
  },
};
