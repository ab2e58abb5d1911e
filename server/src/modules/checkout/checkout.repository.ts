import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { FactsRead } from '#platform/billing/order-steps.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { readPage } from '#platform/db/page.ts';
import { accounts, profiles } from '#platform/db/schema.ts';
import { preparedPerHandle } from '#platform/db/prepared.ts';
import { containsPattern } from '#platform/db/search.ts';
import { placeholdersFor, valuesFor, type WriteStep } from '#platform/db/write-together.ts';
import { plans } from '../plans/plans.schema';
import { invoices, payments, type InvoiceRow, type PaymentProviderName, type PaymentStatus } from './checkout.schema';

export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'number' | 'createdAt'>;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'settledAt' | 'status'> & {
  id?: string;
};
/** Every column an order's invoice sets, so its statement is the same for every order. */
const ORDER_INVOICE_KEYS = [
  'id',
  'accountId',
  'kind',
  'subscriptionId',
  'planId',
  'description',
  'planTitle',
  'planType',
  'units',
  'unit',
  'days',
  'country',
  'subtotalCents',
  'discountCents',
  'totalCents',
  'couponId',
  'couponCode',
  'lines',
  'paymentMethod',
  'status',
  'paidAt',
] as const satisfies readonly (keyof NewInvoice | 'id')[];
export type OrderInvoice = Required<Pick<NewInvoice, Exclude<(typeof ORDER_INVOICE_KEYS)[number], 'id'>>> & {
  id: string;
};
/** The order's invoice columns as placeholders; its lines bound as text, since pg would send a JS array as a PostgreSQL array. */
const orderInvoiceColumns = () => {
  const columns = placeholdersFor('invoice', ORDER_INVOICE_KEYS);
  columns.lines = sql`${sql.placeholder('invoice.lines')}::jsonb`;
  return columns;
};
export type InvoiceSort = 'newest' | 'oldest' | 'amount_desc' | 'amount_asc';

const SORTS: Record<InvoiceSort, SQL[]> = {
  newest: [desc(invoices.createdAt), desc(invoices.number)],
  oldest: [asc(invoices.createdAt), asc(invoices.number)],
  amount_desc: [desc(invoices.totalCents), desc(invoices.createdAt)],
  amount_asc: [asc(invoices.totalCents), desc(invoices.createdAt)],
};

const payerColumns = {
  id: accounts.id,
  email: accounts.email,
  emailVerifiedAt: accounts.emailVerifiedAt,
  balanceCents: accounts.balanceCents,
  balanceEnabled: accounts.balancePaymentProcessorEnabled,
  stripeEnabled: accounts.stripePaymentProcessorEnabled,
  cryptoEnabled: accounts.cryptoPaymentProcessorEnabled,
  stripeLimitCents: accounts.stripeLimitCents,
};

/** Invoice numbers run on one sequence per database: INV-2026-000042. */
const insertInvoice = (db: DbOrTx, values: Omit<PgInsertValue<typeof invoices>, 'number'>) =>
  db.insert(invoices).values({
    ...values,
    number: sql`'INV-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
  });

const payerAndPlanQuery = (db: DbOrTx) =>
  db
    .select({ payer: payerColumns, plan: plans })
    .from(accounts)
    .leftJoin(plans, and(eq(plans.id, sql.placeholder('planId')), eq(plans.enabled, true), isNull(plans.deletedAt)))
    .where(and(eq(accounts.id, sql.placeholder('accountId')), isNull(accounts.deletedAt)));
const payerAndPlan = preparedPerHandle((db) => payerAndPlanQuery(db).prepare('payer_and_plan'));
/**
 * The same read with what another module reads of its own (`facts`: one SQL value, a reseller's
 * terms and its idempotency record) in the same round trip; one prepared query per name.
 */
const factsReads = new Map<string, ReturnType<typeof factsReadOf>>();
const factsReadOf = (name: string, facts: SQL) =>
  preparedPerHandle((db) =>
    db
      .select({ payer: payerColumns, plan: plans, facts: sql<unknown>`${facts}` })
      .from(accounts)
      .leftJoin(plans, and(eq(plans.id, sql.placeholder('planId')), eq(plans.enabled, true), isNull(plans.deletedAt)))
      .where(and(eq(accounts.id, sql.placeholder('accountId')), isNull(accounts.deletedAt)))
      .prepare(name),
  );
/** Locked when a card limit must be checked, so two checkouts cannot both fit under it. */
const payerAndPlanLocked = preparedPerHandle((db) =>
  payerAndPlanQuery(db).for('update', { of: accounts }).prepare('payer_and_plan_locked'),
);

export const checkoutRepository = {
  /** The payer's flags; locked when a card limit must be checked so two checkouts cannot both fit. */
  async payer(tx: DbOrTx, accountId: string, options: { lock: boolean }) {
    const query = tx
      .select(payerColumns)
      .from(accounts)
      .where(and(eq(accounts.id, accountId), isNull(accounts.deletedAt)));
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The payer and the plan on sale in one prepared round trip: purchases are the hot path (DESIGN §9). */
  async payerAndPlan(db: DbOrTx, accountId: string, planId: string, options: { lock: boolean }) {
    const query = options.lock ? payerAndPlanLocked(db) : payerAndPlan(db);
    const [row] = await query.execute({ accountId, planId });
    return { payer: row?.payer ?? null, plan: row?.plan ?? null };
  },

  /** The payer, the plan and the caller's `facts` (see `factsReadOf`) in one prepared round trip. */
  async payerPlanAndFacts<Facts>(db: DbOrTx, accountId: string, planId: string, facts: FactsRead<Facts>) {
    let read = factsReads.get(facts.name);
    if (!read) factsReads.set(facts.name, (read = factsReadOf(facts.name, facts.select)));
    const [row] = await read(db).execute({ ...facts.values, accountId, planId });
    return { payer: row?.payer ?? null, plan: row?.plan ?? null, facts: (row?.facts ?? null) as Facts | null };
  },

  /** A subscription's plan for renewing: hidden plans still renew; deleted ones keep their row. */
  async planById(tx: DbOrTx, planId: string) {
    const [row] = await tx.select().from(plans).where(eq(plans.id, planId)).limit(1);
    return row ?? null;
  },

  /** Card money opened or taken since `since`: pending checkouts count, so the limit cannot be raced. */
  async cardCentsSince(tx: DbOrTx, accountId: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      .where(
        and(
          eq(payments.accountId, accountId),
          eq(payments.method, 'stripe'),
          inArray(payments.status, ['pending', 'paid']),
          gte(payments.createdAt, since),
        ),
      );
    return Number(row?.cents ?? 0);
  },

  async insertInvoice(tx: DbOrTx, values: NewInvoice): Promise<InvoiceRow> {
    const [row] = await insertInvoice(tx, values).returning();
    return row!;
  },

  /** The same insert as a step of an order's single statement, built once and bound per order. */
  insertInvoiceStep: {
    build: (db: DbOrTx): WriteStep => ({
      name: 'invoice',
      query: insertInvoice(db, orderInvoiceColumns()).getSQL(),
    }),
    /** The caller picks the id, so the order's ledger row can refer to it. */
    values: (values: OrderInvoice) =>
      valuesFor('invoice', { ...values, lines: values.lines === null ? null : JSON.stringify(values.lines) }),
  },

  async setInvoiceStatus(tx: DbOrTx, id: string, status: InvoiceRow['status']) {
    const [row] = await tx
      .update(invoices)
      .set({ status, paidAt: status === 'paid' ? sql`now()` : null })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'pending')))
      .returning();
    return row ?? null;
  },

  async insertPayment(tx: DbOrTx, values: NewPayment) {
    const [row] = await tx.insert(payments).values(values).returning();
    return row!;
  },

  async recordCheckout(db: DbOrTx, id: string, session: { externalId: string; url: string | null }) {
    await db
      .update(payments)
      .set({ externalId: session.externalId, checkoutUrl: session.url })
      .where(eq(payments.id, id));
  },

  async payment(db: DbOrTx, id: string) {
    const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row ?? null;
  },

  async paymentWithInvoice(db: DbOrTx, id: string) {
    const [row] = await db
      .select({ payment: payments, invoice: invoices })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(eq(payments.id, id))
      .limit(1);
    return row ?? null;
  },

  /**
   * Settles a payment exactly once: only a pending payment moves, so a duplicate, late or
   * out-of-order callback finds nothing to update and changes nothing.
   */
  async settle(
    tx: DbOrTx,
    by: { provider: PaymentProviderName; externalId: string } | { id: string },
    status: Exclude<PaymentStatus, 'pending'>,
  ) {
    const match =
      'id' in by
        ? eq(payments.id, by.id)
        : and(eq(payments.provider, by.provider), eq(payments.externalId, by.externalId));
    const [row] = await tx
      .update(payments)
      .set({ status, settledAt: sql`now()` })
      .where(and(match, eq(payments.status, 'pending')))
      .returning();
    return row ?? null;
  },

  async invoice(db: DbOrTx, id: string) {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
    return row ?? null;
  },

  async invoicePage(
    db: DbOrTx,
    options: {
      accountId?: string;
      page: number;
      size: number;
      search?: string | undefined;
      sort: InvoiceSort;
      status?: InvoiceRow['status'] | undefined;
    },
  ) {
    const filters: (SQL | undefined)[] = [];
    if (options.accountId) filters.push(eq(invoices.accountId, options.accountId));
    if (options.status) filters.push(eq(invoices.status, options.status));
    if (options.search) {
      const pattern = containsPattern(options.search);
      filters.push(
        or(
          ilike(invoices.number, pattern),
          ilike(invoices.description, pattern),
          ilike(invoices.planTitle, pattern),
          ilike(invoices.couponCode, pattern),
          ...(options.accountId ? [] : [ilike(accounts.username, pattern), ilike(accounts.email, pattern)]),
        ),
      );
    }
    const where = and(...filters);
    return readPage(options, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({
              invoice: invoices,
              account: { id: accounts.id, username: accounts.username, email: accounts.email },
              pageTotal,
            })
            .from(invoices)
            .innerJoin(accounts, eq(accounts.id, invoices.accountId))
            .where(where)
            .orderBy(...SORTS[options.sort]),
        ),
      count: () =>
        db.select({ n: count() }).from(invoices).innerJoin(accounts, eq(accounts.id, invoices.accountId)).where(where),
    });
  },

  /** One invoice; `accountId` null: staff may read anyone's. */
  async ownInvoice(db: DbOrTx, id: string, accountId: string | null) {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), accountId ? eq(invoices.accountId, accountId) : undefined))
      .limit(1);
    return row ?? null;
  },

  /** A subscription's invoices (purchase and renewals), or one deposit invoice by its own id. */
  async billInvoices(db: DbOrTx, id: string, accountId: string | null) {
    return db
      .select()
      .from(invoices)
      .where(
        and(
          or(eq(invoices.subscriptionId, id), and(eq(invoices.id, id), isNull(invoices.subscriptionId))),
          accountId ? eq(invoices.accountId, accountId) : undefined,
        ),
      )
      .orderBy(asc(invoices.createdAt), asc(invoices.number));
  },

  async billTo(db: DbOrTx, accountId: string) {
    const [row] = await db
      .select({ username: accounts.username, email: accounts.email, profile: profiles })
      .from(accounts)
      .leftJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(eq(accounts.id, accountId))
      .limit(1);
    return row ?? null;
  },
};
