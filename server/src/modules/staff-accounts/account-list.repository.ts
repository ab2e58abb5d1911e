import type { Role } from '@tollgate/contract/access/roles';
import type { AccountSort } from '@tollgate/contract/admin/accounts';
import { and, asc, desc, eq, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { countWhere, readPage } from '#platform/db/page.ts';
import { containsPattern } from '#platform/db/search.ts';
import { accounts, sessions } from '#platform/db/schema.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';

export interface AccountListFilter {
  search?: string | undefined;
  role?: Role | undefined;
  /** Only these roles (the support panel: customers). */
  rolesOnly?: Role[] | undefined;
  verified?: boolean | undefined;
  twoFactor?: boolean | undefined;
  reseller?: boolean | undefined;
  disabled?: boolean | undefined;
  activePlan?: boolean | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A subscription running now: the partial index subscriptions_running_idx answers it per account. */
const running = and(
  eq(subscriptions.accountId, accounts.id),
  eq(subscriptions.status, 'active'),
  sql`${subscriptions.expiresAt} > now()`,
);

// Every order ends in id, so equal balances or sign-up times page the same way on every request;
// each has an index (created_at|balance_cents|spent_cents, id), read forwards or backwards.
const ORDERS: Record<AccountSort, SQL[]> = {
  newest: [desc(accounts.createdAt), desc(accounts.id)],
  oldest: [asc(accounts.createdAt), asc(accounts.id)],
  balance_desc: [desc(accounts.balanceCents), desc(accounts.id)],
  balance_asc: [asc(accounts.balanceCents), asc(accounts.id)],
  spent_desc: [desc(accounts.spentCents), desc(accounts.id)],
  spent_asc: [asc(accounts.spentCents), asc(accounts.id)],
};

function flag(value: boolean | undefined, on: SQL) {
  if (value === undefined) return undefined;
  return value ? on : not(on);
}

function conditions(filter: AccountListFilter): SQL | undefined {
  const search = filter.search?.trim();
  // No text column can hold NUL, so nothing matches it (and PostgreSQL would refuse the parameter).
  if (search?.includes('\u0000')) return sql`false`;
  let searchCondition: SQL | undefined;
  if (search && UUID.test(search)) searchCondition = eq(accounts.id, search.toLowerCase());
  else if (search) {
    // lower(...) LIKE lower(pattern): the form the trigram indexes on lower(email|username) serve.
    const pattern = containsPattern(search).toLowerCase();
    searchCondition = or(
      sql`lower(${accounts.email}) like ${pattern}`,
      sql`lower(${accounts.username}) like ${pattern}`,
    );
  }
  return and(
    isNull(accounts.deletedAt),
    searchCondition,
    filter.role ? eq(accounts.role, filter.role) : undefined,
    filter.rolesOnly ? sql`${accounts.role} in ${filter.rolesOnly}` : undefined,
    flag(filter.verified, isNotNull(accounts.emailVerifiedAt)),
    flag(filter.twoFactor, eq(accounts.twoFactorEnabled, true)),
    flag(filter.reseller, eq(accounts.reseller, true)),
    flag(filter.disabled, isNotNull(accounts.disabledAt)),
    flag(filter.activePlan, sql`exists (select 1 from ${subscriptions} where ${running})`),
  );
}

export const accountListRepository = {
  /** One page of the staff account list; `limit` is the page size already capped by the service. */
  async page(db: DbOrTx, filter: AccountListFilter, options: { sort: AccountSort; limit: number; offset: number }) {
    const where = conditions(filter);
    return readPage(options, {
      rows: ({ slice }) => {
        // Deferred join: the page's ids come from the sort index alone (a deep page skips index
        // entries, not whole rows), then only those rows are read and decorated.
        const pageIds = slice(
          db
            .select({ pageId: sql<string>`${accounts.id}`.as('page_id') })
            .from(accounts)
            .where(where)
            .orderBy(...ORDERS[options.sort]),
        ).as('page_ids');
        return db
          .select({
            id: accounts.id,
            username: accounts.username,
            email: accounts.email,
            role: accounts.role,
            reseller: accounts.reseller,
            balanceCents: accounts.balanceCents,
            spentCents: accounts.spentCents,
            emailVerifiedAt: accounts.emailVerifiedAt,
            twoFactorEnabled: accounts.twoFactorEnabled,
            disabledAt: accounts.disabledAt,
            createdAt: accounts.createdAt,
            // Per returned row only, through sessions_account_id_idx and subscriptions_running_idx.
            lastSeenAt: sql<
              Date | string | null
            >`(select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.accountId} = ${accounts.id})`,
            activePlans: sql<number>`(select count(*) from ${subscriptions} where ${running})`.mapWith(Number),
          })
          .from(accounts)
          .innerJoin(pageIds, eq(accounts.id, pageIds.pageId))
          .orderBy(...ORDERS[options.sort]);
      },
      // Beside the page, not in it (two pool connections on PostgreSQL): a window total would read
      // every matching account in sort order, where the page reads `limit` index entries; the
      // admin-search bench measured it three times slower, past the p95 budget.
      count: () => countWhere(db, accounts, where),
      countBeside: true,
    });
  },
};
export type AccountListRow = Awaited<ReturnType<typeof accountListRepository.page>>['rows'][number];
