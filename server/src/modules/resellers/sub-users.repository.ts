import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { readPage } from '#platform/db/page.ts';
import { accounts } from '#platform/db/schema.ts';
import { accountMatching } from '#platform/db/search.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { resellerSubUsers } from './resellers.schema';

const activePlans = sql<number>`(select count(*)::int from ${subscriptions} s where s.account_id = ${accounts.id} and s.status = 'active' and s.deleted_at is null)`;
/** Bytes the gateway metered on the plans the sub-user holds (the plans a sub-user page lists). */
const usedBytes =
  sql<number>`(select coalesce(sum(s.bandwidth_used_bytes), 0)::bigint from ${subscriptions} s where s.account_id = ${accounts.id} and s.deleted_at is null)`.mapWith(
    Number,
  );
const columns = {
  id: accounts.id,
  username: accounts.username,
  email: accounts.email,
  createdAt: accounts.createdAt,
  activePlans,
  usedBytes,
};
const ofReseller = (resellerId: string) => and(eq(resellerSubUsers.resellerId, resellerId), isNull(accounts.deletedAt));

export const subUsersRepository = {
  async page(db: DbOrTx, resellerId: string, options: { page: number; size: number; search?: string | undefined }) {
    const filters = [ofReseller(resellerId)];
    if (options.search) filters.push(accountMatching(options.search));
    const where = and(...filters);
    return readPage(options, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ ...columns, pageTotal })
            .from(resellerSubUsers)
            .innerJoin(accounts, eq(accounts.id, resellerSubUsers.accountId))
            .where(where)
            .orderBy(desc(resellerSubUsers.createdAt), desc(accounts.id)),
        ),
      count: () =>
        db
          .select({ n: count() })
          .from(resellerSubUsers)
          .innerJoin(accounts, eq(accounts.id, resellerSubUsers.accountId))
          .where(where),
    });
  },

  /** One sub-user of this reseller; another reseller's (or nobody's) is null. */
  async find(db: DbOrTx, resellerId: string, id: string) {
    const [row] = await db
      .select(columns)
      .from(resellerSubUsers)
      .innerJoin(accounts, eq(accounts.id, resellerSubUsers.accountId))
      .where(and(ofReseller(resellerId), eq(resellerSubUsers.accountId, id)))
      .limit(1);
    return row ?? null;
  },

  /**
   * Bytes the gateway metered for all of one account's plans, per UTC day from `from` on (days
   * without traffic are absent; the service fills them).
   */
  async bytesPerDay(db: DbOrTx, accountId: string, from: Date) {
    const result = await db.execute(sql`
      select to_char(date_trunc('day', u.hour at time zone 'UTC'), 'YYYY-MM-DD') as day,
        sum(u.bytes_in + u.bytes_out)::bigint as bytes
      from proxy_usage_hourly u
      where u.subscription_id in (select id from ${subscriptions} where account_id = ${accountId})
        and u.hour >= ${from}
      group by 1`);
    return (result as unknown as { rows: { day: string; bytes: unknown }[] }).rows.map((r) => ({
      day: r.day,
      bytes: Number(r.bytes),
    }));
  },

  /** A verified customer account without a password (its owner chooses one through the mailed link), linked to the reseller. */
  async insert(tx: DbOrTx, resellerId: string, input: { email: string; username: string }) {
    const [row] = await tx
      .insert(accounts)
      .values({
        email: input.email,
        username: input.username,
        passwordHash: null,
        role: 'User',
        reseller: false,
        emailVerifiedAt: sql`now()`,
      })
      .returning({ id: accounts.id });
    await tx.insert(resellerSubUsers).values({ accountId: row!.id, resellerId });
    return row!.id;
  },
};
