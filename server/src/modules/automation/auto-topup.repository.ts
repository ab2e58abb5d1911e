import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import type { SavedCard } from '#platform/payments/provider.ts';
import { payments } from '../checkout/checkout.schema';
import { autoTopupAttempts, autoTopups } from './automation.schema';
import { rowsOf } from '#platform/db/rows.ts';

export type AutoTopupRow = typeof autoTopups.$inferSelect;
export type CardProviderName = 'stripe' | 'sandbox';
/** A charge that has not answered in this long no longer holds the next one back (its caps still count). */
export const IN_FLIGHT_MINUTES = 10;

/** Settings a customer has not saved yet: off, with the form's suggestions. */
export const AUTO_TOPUP_DEFAULTS = {
  thresholdCents: 1_000,
  amountCents: 2_500,
  dailyCountCap: 2,
  monthlyCapCents: 20_000,
};

const today = sql`(now() at time zone 'UTC')::date`;
const thisMonth = sql`date_trunc('month', now() at time zone 'UTC')::date`;

export interface Claimed {
  paymentId: string;
  amountCents: number;
  card: SavedCard;
}

export const autoTopupRepository = {
  async get(db: DbOrTx, accountId: string) {
    const [row] = await db.select().from(autoTopups).where(eq(autoTopups.accountId, accountId));
    return row ?? null;
  },

  /** Saving settings is the customer acting: it lifts a pause left by a failed charge. */
  async save(
    db: DbOrTx,
    accountId: string,
    values: Pick<AutoTopupRow, 'enabled' | 'thresholdCents' | 'amountCents' | 'dailyCountCap' | 'monthlyCapCents'>,
  ) {
    await db
      .insert(autoTopups)
      .values({ accountId, ...values })
      .onConflictDoUpdate({
        target: autoTopups.accountId,
        set: { ...values, pausedAt: null, pauseReason: null, updatedAt: new Date() },
      });
  },

  async startSetup(
    db: DbOrTx,
    accountId: string,
    setup: { provider: CardProviderName; ref: string; customer: string | null },
  ) {
    const values = {
      setupProvider: setup.provider,
      setupRef: setup.ref,
      ...(setup.customer ? { cardCustomer: setup.customer } : {}),
    };
    await db
      .insert(autoTopups)
      .values({ accountId, ...AUTO_TOPUP_DEFAULTS, ...values })
      .onConflictDoUpdate({ target: autoTopups.accountId, set: { ...values, updatedAt: new Date() } });
  },

  /** Only the setup this account started last is accepted; saving a card lifts a pause. */
  async cardSaved(db: DbOrTx, provider: CardProviderName, ref: string, card: SavedCard) {
    await db
      .update(autoTopups)
      .set({
        cardProvider: provider,
        cardCustomer: card.customerId,
        cardPaymentMethod: card.paymentMethodId,
        cardBrand: card.brand,
        cardLast4: card.last4,
        setupRef: null,
        setupProvider: null,
        pausedAt: null,
        pauseReason: null,
        updatedAt: new Date(),
      })
      .where(and(eq(autoTopups.setupRef, ref), eq(autoTopups.setupProvider, provider)));
  },

  async removeCard(db: DbOrTx, accountId: string) {
    await db
      .update(autoTopups)
      .set({ cardProvider: null, cardPaymentMethod: null, cardBrand: null, cardLast4: null, updatedAt: new Date() })
      .where(eq(autoTopups.accountId, accountId));
  },

  /**
   * Takes one charge for an account whose balance is below its threshold, in one conditional update
   * of its row: on, not paused, a card from the provider in use, nothing in flight, and the day's
   * count and the month's amount still under their caps once this charge is added. Racing callers
   * queue on the row and re-check it, so the caps hold however many balance drops race.
   */
  async claim(tx: DbOrTx, accountId: string, provider: CardProviderName): Promise<Claimed | null> {
    const [row] = rowsOf<{
      payment_id: string;
      amount_cents: string | number;
      card_customer: string | null;
      card_payment_method: string;
      card_brand: string | null;
      card_last4: string | null;
    }>(
      await tx.execute(sql`
        update auto_topups t set
          day_count = case when t.count_day = ${today} then t.day_count + 1 else 1 end,
          count_day = ${today},
          month_cents = case when t.count_month = ${thisMonth} then t.month_cents else 0 end + t.amount_cents,
          count_month = ${thisMonth},
          in_flight_payment_id = gen_random_uuid(), in_flight_since = now(), updated_at = now()
        from accounts a
        where t.account_id = ${accountId} and a.id = t.account_id
          and t.enabled and t.paused_at is null and t.card_payment_method is not null and t.card_provider = ${provider}
          and a.deleted_at is null and a.disabled_at is null and a.balance_cents < t.threshold_cents
          and (t.count_day is distinct from ${today} or t.day_count < t.daily_count_cap)
          and case when t.count_month = ${thisMonth} then t.month_cents else 0 end + t.amount_cents <= t.monthly_cap_cents
          and (t.in_flight_payment_id is null or t.in_flight_since < now() - make_interval(mins => ${IN_FLIGHT_MINUTES}))
        returning t.in_flight_payment_id as payment_id, t.amount_cents, t.card_customer, t.card_payment_method,
          t.card_brand, t.card_last4`),
    );
    if (!row) return null;
    return {
      paymentId: row.payment_id,
      amountCents: Number(row.amount_cents),
      card: {
        customerId: row.card_customer,
        paymentMethodId: row.card_payment_method,
        brand: row.card_brand ?? 'card',
        last4: row.card_last4 ?? '',
      },
    };
  },

  /** Accounts the sweep should look at: on, not paused, below their threshold. */
  async due(db: DbOrTx, limit = 500) {
    return rowsOf<{ account_id: string }>(
      await db.execute(sql`
        select t.account_id from auto_topups t join accounts a on a.id = t.account_id
        where t.enabled and t.paused_at is null and t.card_payment_method is not null
          and a.balance_cents < t.threshold_cents and a.deleted_at is null
        limit ${limit}`),
    ).map((r) => r.account_id);
  },

  async release(db: DbOrTx, accountId: string, paymentId: string) {
    await db
      .update(autoTopups)
      .set({ inFlightPaymentId: null, inFlightSince: null })
      .where(and(eq(autoTopups.accountId, accountId), eq(autoTopups.inFlightPaymentId, paymentId)));
  },

  /** Stops auto top-up until the customer acts; releases the charge that failed, if any. */
  async pause(db: DbOrTx, accountId: string, reason: string) {
    await db
      .update(autoTopups)
      .set({ pausedAt: new Date(), pauseReason: reason.slice(0, 300), inFlightPaymentId: null, inFlightSince: null })
      .where(eq(autoTopups.accountId, accountId));
  },

  /** A charge that took nothing no longer counts against the caps. */
  async giveBack(db: DbOrTx, accountId: string, amountCents: number) {
    await db
      .update(autoTopups)
      .set({
        dayCount: sql`greatest(${autoTopups.dayCount} - 1, 0)`,
        monthCents: sql`greatest(${autoTopups.monthCents} - ${amountCents}, 0)`,
      })
      .where(eq(autoTopups.accountId, accountId));
  },

  async insertAttempt(tx: DbOrTx, values: typeof autoTopupAttempts.$inferInsert) {
    await tx.insert(autoTopupAttempts).values(values);
  },

  async finishAttempt(db: DbOrTx, paymentId: string, error: string | null) {
    await db
      .update(autoTopupAttempts)
      .set({ error: error?.slice(0, 300) ?? null, finishedAt: new Date() })
      .where(eq(autoTopupAttempts.paymentId, paymentId));
  },

  /** The last attempts with where their payments stand now. */
  attempts(db: DbOrTx, accountId: string, limit = 5) {
    return db
      .select({
        id: autoTopupAttempts.id,
        amountCents: autoTopupAttempts.amountCents,
        error: autoTopupAttempts.error,
        createdAt: autoTopupAttempts.createdAt,
        paymentStatus: payments.status,
      })
      .from(autoTopupAttempts)
      .leftJoin(payments, eq(payments.id, autoTopupAttempts.paymentId))
      .where(eq(autoTopupAttempts.accountId, accountId))
      .orderBy(desc(autoTopupAttempts.createdAt))
      .limit(limit);
  },

  /** Whether the counters belong to today and this month (UTC), as the claim reads them. */
  async periods(db: DbOrTx) {
    const [row] = rowsOf<{ today: string; month: string }>(
      await db.execute(sql`select ${today}::text as today, ${thisMonth}::text as month`),
    );
    return row!;
  },
};
