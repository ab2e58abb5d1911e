import type { PlanType } from '@tollgate/contract/plans/plans';
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { readPage } from '#platform/db/page.ts';
import { accounts } from '#platform/db/schema.ts';
import { containsPattern } from '#platform/db/search.ts';
import { plans } from '../plans/plans.schema';
import { subscriptions, type SubscriptionRow } from './subscriptions.schema';

const columns = {
  subscription: subscriptions,
  plan: { minRenewDays: plans.minRenewDays, maxRenewDays: plans.maxRenewDays, durationDays: plans.durationDays },
  account: {
    id: accounts.id,
    username: accounts.username,
    email: accounts.email,
    role: accounts.role,
    reseller: accounts.reseller,
  },
};

export const staffSubscriptionsRepository = {
  async page(
    db: DbOrTx,
    options: {
      page: number;
      size: number;
      search?: string | undefined;
      type?: PlanType | undefined;
      status?: SubscriptionRow['status'] | undefined;
    },
  ) {
    const filters: (SQL | undefined)[] = [isNull(subscriptions.deletedAt)];
    if (options.type) filters.push(eq(subscriptions.planType, options.type));
    if (options.status) filters.push(eq(subscriptions.status, options.status));
    if (options.search) {
      const pattern = containsPattern(options.search);
      filters.push(
        or(
          ilike(subscriptions.planTitle, pattern),
          ilike(subscriptions.country, pattern),
          ilike(subscriptions.proxyUsername, pattern),
          ilike(accounts.username, pattern),
          ilike(accounts.email, pattern),
        ),
      );
    }
    const where = and(...filters);
    // Every subscription in the shop, newest first: as for the staff account list, a total from the
    // same statement read and held every matching row (1.5x slower at 33,000 subscriptions), so the
    // count runs beside the page.
    return readPage(options, {
      countBeside: true,
      rows: ({ slice }) =>
        slice(
          db
            .select(columns)
            .from(subscriptions)
            .innerJoin(plans, eq(plans.id, subscriptions.planId))
            .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
            .where(where)
            .orderBy(desc(subscriptions.createdAt)),
        ),
      count: () =>
        db
          .select({ n: count() })
          .from(subscriptions)
          .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
          .where(where),
    });
  },

  async find(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select(columns)
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .where(eq(subscriptions.id, id));
    const [row] = options.lock ? await query.for('update', { of: subscriptions }) : await query;
    return row ?? null;
  },

  async planForGift(db: DbOrTx, planId: string) {
    const [row] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.id, planId), isNull(plans.deletedAt)));
    return row ?? null;
  },

  /** The live account a plan is given to, with what decides whether staff below Administrator may. */
  async liveAccount(db: DbOrTx, id: string) {
    const [row] = await db
      .select({ id: accounts.id, role: accounts.role, reseller: accounts.reseller })
      .from(accounts)
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)));
    return row ?? null;
  },

  /**
   * A subscription's whitelist and the bytes it carried per UTC day over the last `days` days
   * (oldest first, days without traffic as zeros), in one statement; null when there is no such
   * subscription. Removed subscriptions answer too: staff open them from the audit trail.
   */
  async traffic(db: DbOrTx, id: string, days: number) {
    const result = await db.execute(sql`
      with sub as (select id from subscriptions where id = ${id}),
      days as (
        select generate_series(
          (now() at time zone 'utc')::date - ${days - 1}::int,
          (now() at time zone 'utc')::date,
          interval '1 day')::date as day
      ),
      used as (
        select (u.hour at time zone 'utc')::date as day, sum(u.bytes_in + u.bytes_out) as bytes
        from proxy_usage_hourly u
        where u.subscription_id = (select id from sub)
          and u.hour >= ((now() at time zone 'utc')::date - ${days - 1}::int)::timestamp at time zone 'utc'
        group by 1
      )
      select sub.id,
        coalesce((select json_agg(json_build_array(w.ip, w.created_at) order by w.created_at, w.ip)
          from subscription_whitelist w where w.subscription_id = sub.id), '[]') as whitelist,
        (select json_agg(json_build_array(to_char(days.day, 'YYYY-MM-DD'), coalesce(used.bytes, 0)) order by days.day)
          from days left join used on used.day = days.day) as usage
      from sub`);
    const [row] = (result as unknown as { rows: { whitelist: unknown; usage: unknown }[] }).rows;
    if (!row) return null;
    // json arrives parsed from PostgreSQL and as text from PGlite in some paths.
    const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
    return {
      whitelist: json<[string, string][]>(row.whitelist).map(([ip, addedAt]) => ({ ip, addedAt: new Date(addedAt) })),
      bytesPerDay: json<[string, number | string][]>(row.usage).map(([day, bytes]) => ({ day, bytes: Number(bytes) })),
    };
  },
};
