import type { APPLICATION_STATUSES, ResellerRequestForm } from '@tollgate/contract/reseller/reseller-programme';
import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#platform/db/client.ts';
import { readPage } from '#platform/db/page.ts';
import { accounts } from '#platform/db/schema.ts';
import { accountMatching } from '#platform/db/search.ts';
import { resellerApplications } from './reseller-programme.schema';
import { resellerTerms } from './resellers.schema';
import { rowsOf } from '#platform/db/rows.ts';

/** node-postgres and PGlite both answer raw statements with `{ rows }`. */

export type ApplicationRow = typeof resellerApplications.$inferSelect;
const decider = alias(accounts, 'decider');
const staffColumns = {
  decidedByName: decider.username,
  application: resellerApplications,
  username: accounts.username,
  email: accounts.email,
  /** What the applicant has paid in all (paid invoices not refunded): a hint of their volume. */
  spentCents:
    sql<number>`(select coalesce(sum(i.total_cents), 0)::bigint from invoices i where i.account_id = ${accounts.id} and i.status = 'paid' and i.refunded_at is null)`.mapWith(
      Number,
    ),
};
export type StaffApplicationRow = {
  application: ApplicationRow;
  decidedByName: string | null;
  username: string;
  email: string;
  spentCents: number;
};

/** The invoices of an account's reseller-priced orders: every charge of the reseller API is stored with its answer (ADR 041). */
const resellerInvoices = (accountId: string) =>
  sql`select (r.response->>'invoiceId')::uuid from reseller_idempotency r where r.account_id = ${accountId} and r.response ? 'invoiceId'`;

export const resellerProgrammeRepository = {
  /** One indexed read (the primary key): is there a terms row for the account. */
  async hasTerms(db: DbOrTx, accountId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: resellerTerms.accountId })
      .from(resellerTerms)
      .where(eq(resellerTerms.accountId, accountId))
      .limit(1);
    return Boolean(row);
  },

  /** Null when the account already has an open application (the partial unique index decides). */
  async insert(db: DbOrTx, accountId: string, answers: ResellerRequestForm): Promise<ApplicationRow | null> {
    const [row] = await db
      .insert(resellerApplications)
      .values({ accountId, answers })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  },

  async newest(db: DbOrTx, accountId: string): Promise<ApplicationRow | null> {
    const [row] = await db
      .select()
      .from(resellerApplications)
      .where(eq(resellerApplications.accountId, accountId))
      .orderBy(desc(resellerApplications.createdAt), desc(resellerApplications.id))
      .limit(1);
    return row ?? null;
  },

  /** Open ones first, then newest. */
  async page(
    db: DbOrTx,
    options: {
      page: number;
      size: number;
      status?: (typeof APPLICATION_STATUSES)[number] | undefined;
      search?: string | undefined;
    },
  ) {
    const filters = [];
    if (options.status) filters.push(eq(resellerApplications.status, options.status));
    if (options.search) filters.push(accountMatching(options.search));
    const where = filters.length ? and(...filters) : undefined;
    // The decider is a left join on an account's key: it neither drops nor repeats an application,
    // so the statement counts what the count (without it) counts.
    const { rows, total } = await readPage(options, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ ...staffColumns, pageTotal })
            .from(resellerApplications)
            .innerJoin(accounts, eq(accounts.id, resellerApplications.accountId))
            .leftJoin(decider, eq(decider.id, resellerApplications.decidedBy))
            .where(where)
            .orderBy(
              sql`(${resellerApplications.status} = 'pending') desc`,
              desc(resellerApplications.createdAt),
              desc(resellerApplications.id),
            ),
        ),
      count: () =>
        db
          .select({ n: count() })
          .from(resellerApplications)
          .innerJoin(accounts, eq(accounts.id, resellerApplications.accountId))
          .where(where),
    });
    return { rows: rows as StaffApplicationRow[], total };
  },

  async find(db: DbOrTx, id: string): Promise<StaffApplicationRow | null> {
    const [row] = await db
      .select(staffColumns)
      .from(resellerApplications)
      .innerJoin(accounts, eq(accounts.id, resellerApplications.accountId))
      .leftJoin(decider, eq(decider.id, resellerApplications.decidedBy))
      .where(eq(resellerApplications.id, id))
      .limit(1);
    return (row as StaffApplicationRow | undefined) ?? null;
  },

  /**
   * Decides an open application: a conditional update, so of parallel decisions exactly one finds
   * it pending; the others get null.
   */
  async decide(
    tx: DbOrTx,
    id: string,
    decision: { status: 'approved' | 'rejected'; by: string; reason: string | null },
  ): Promise<ApplicationRow | null> {
    const [row] = await tx
      .update(resellerApplications)
      .set({ status: decision.status, decidedBy: decision.by, reason: decision.reason, decidedAt: sql`now()` })
      .where(and(eq(resellerApplications.id, id), eq(resellerApplications.status, 'pending')))
      .returning();
    return row ?? null;
  },

  /** Locks the applicant's account row (approval and membership changes take turns); whether it is still open. */
  async lockAccount(tx: DbOrTx, accountId: string): Promise<{ deleted: boolean; reseller: boolean } | null> {
    const [row] = rowsOf<{ deleted: boolean; reseller: boolean }>(
      await tx.execute(
        sql`select deleted_at is not null as deleted, reseller from accounts where id = ${accountId} for update`,
      ),
    );
    return row ?? null;
  },

  /** Cents paid for the account's reseller orders (its own API purchases and its sub-users' plans). */
  async spend(db: DbOrTx, accountId: string): Promise<{ last30Cents: number; totalCents: number }> {
    const [row] = rowsOf<{ last30: string | number; total: string | number }>(
      await db.execute(sql`
        select coalesce(sum(i.total_cents) filter (where i.paid_at >= now() - interval '30 days'), 0) as last30,
               coalesce(sum(i.total_cents), 0) as total
        from invoices i
        where i.account_id = ${accountId} and i.status = 'paid' and i.refunded_at is null
          and i.id in (${resellerInvoices(accountId)})`),
    );
    return { last30Cents: Number(row?.last30 ?? 0), totalCents: Number(row?.total ?? 0) };
  },

  /** Sub-users still open, and the running plans they hold. */
  async subUserCounts(db: DbOrTx, accountId: string): Promise<{ subUsers: number; activePlans: number }> {
    const [row] = rowsOf<{ sub_users: string | number; active_plans: string | number }>(
      await db.execute(sql`
        select count(distinct a.id) as sub_users,
               count(s.id) filter (where s.status = 'active' and s.deleted_at is null) as active_plans
        from reseller_sub_users su
        join accounts a on a.id = su.account_id and a.deleted_at is null
        left join subscriptions s on s.account_id = a.id
        where su.reseller_id = ${accountId}`),
    );
    return { subUsers: Number(row?.sub_users ?? 0), activePlans: Number(row?.active_plans ?? 0) };
  },

  /**
   * GB the gateway metered on the sub-users' plans, per UTC day for the last `days` days, oldest
   * first, days without traffic as zeros (one statement over the hourly table).
   */
  async gbPerDay(db: DbOrTx, accountId: string, days: number): Promise<{ day: string; gb: number }[]> {
    const rows = rowsOf<{ day: string; bytes: string | number }>(
      await db.execute(sql`
        with days as (
          select generate_series(
            (now() at time zone 'utc')::date - ${days - 1}::int,
            (now() at time zone 'utc')::date,
            interval '1 day')::date as day
        ),
        used as (
          select (u.hour at time zone 'utc')::date as day, sum(u.bytes_in + u.bytes_out) as bytes
          from proxy_usage_hourly u
          join subscriptions s on s.id = u.subscription_id
          join reseller_sub_users su on su.account_id = s.account_id
          where su.reseller_id = ${accountId}
            and u.hour >= ((now() at time zone 'utc')::date - ${days - 1}::int)::timestamp at time zone 'utc'
          group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(used.bytes, 0) as bytes
        from days left join used on used.day = days.day
        order by days.day`),
    );
    return rows.map((r) => ({ day: r.day, gb: Math.round((Number(r.bytes) / BYTES_PER_GB) * 1000) / 1000 }));
  },
};
