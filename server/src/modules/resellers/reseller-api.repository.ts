import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { placeholdersFor, preparedWrite, valuesFor } from '#platform/db/write-together.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import type { StoredTerms } from './resellers.repository';
import { resellerIdempotency, resellerTerms } from './resellers.schema';
import { DEFAULT_TERMS } from './reseller-view';

/** node-postgres and PGlite both answer raw statements with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const CLAIM_KEYS = ['accountId', 'key', 'requestHash'] as const;
/**
 * An order's first round trip (DESIGN §9, the purchase is the hot path): it claims the key and
 * reads the reseller's terms in one prepared statement. The terms are read by their primary key,
 * nothing else of the account (the key guard has already read it, the order reads the payer).
 */
const claimWithTerms = preparedWrite('reseller_claim_terms', () => {
  const p = placeholdersFor('claim', CLAIM_KEYS);
  const t = sql.identifier('t');
  return {
    steps: [
      {
        name: 'claimed',
        query: sql`insert into ${resellerIdempotency} (account_id, key, request_hash, response)
          values (${p.accountId}, ${p.key}, ${p.requestHash}, '{}'::jsonb) on conflict do nothing returning key`,
      },
    ],
    result: sql`select exists (select 1 from claimed) as claimed, ${t}.account_id is not null as has_terms,
      ${t}.resi_price_cents, ${t}.mobile_price_cents, ${t}.data_price1_cents, ${t}.data_price7_cents,
      ${t}.data_price30_cents, ${t}.isp_price_cents, ${t}.gb_value, ${t}.ipv6_white, ${t}.data_white, ${t}.value_bps
      from (select 1) one left join ${resellerTerms} ${t} on ${t}.account_id = ${p.accountId}`,
  };
});
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
const cents = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const resellerApiRepository = {
  /**
   * Claims an idempotency key inside the caller's transaction and reads the reseller's terms with
   * it (the defaults when it has none). `prior` is null when claimed here; otherwise the stored
   * request, read after a parallel call with the same key ended (see `claim`).
   */
  async claimForOrder(tx: DbOrTx, accountId: string, key: string, requestHash: string) {
    const row = (await claimWithTerms<Record<string, unknown>>(
      tx,
      valuesFor('claim', { accountId, key, requestHash }),
    ))!;
    const terms: StoredTerms = row.has_terms
      ? {
          resiPriceCents: cents(row.resi_price_cents),
          mobilePriceCents: cents(row.mobile_price_cents),
          dataPrice1Cents: cents(row.data_price1_cents),
          dataPrice7Cents: cents(row.data_price7_cents),
          dataPrice30Cents: cents(row.data_price30_cents),
          ispPriceCents: cents(row.isp_price_cents),
          gbValue: Number(row.gb_value),
          ipv6White: Number(row.ipv6_white),
          dataWhite: Number(row.data_white),
          valueBps: Number(row.value_bps),
        }
      : { ...DEFAULT_TERMS };
    if (row.claimed) return { prior: null, terms };
    const [prior] = await tx
      .select({ requestHash: resellerIdempotency.requestHash, response: resellerIdempotency.response })
      .from(resellerIdempotency)
      .where(and(eq(resellerIdempotency.accountId, accountId), eq(resellerIdempotency.key, key)));
    return { prior: prior!, terms };
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
    const [row] = await db
      .select({
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
      })
      .from(resellerTerms)
      .where(eq(resellerTerms.accountId, accountId));
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
