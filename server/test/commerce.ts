import { eq, sql } from 'drizzle-orm';
import { accounts, ledgerEntries } from '#platform/db/schema.ts';
import { plans } from '#modules/plans/plans.schema.ts';
import type { TestServer } from './harness';

let n = 0;

/** A plan on sale, written straight to the table; tiers as the admin form sends them (text). */
export async function buildPlan(server: TestServer, overrides: Partial<typeof plans.$inferInsert> = {}) {
  const [row] = await server.database.db
    .insert(plans)
    .values({
      title: `Residential ${++n}`,
      type: 'residential',
      durationDays: 30,
      minRenewDays: 1,
      maxRenewDays: 90,
      bandwidthPrices: JSON.stringify([
        { value: 1, price: 4 },
        { value: 10, price: 3.5 },
      ]),
      serverGeoOptions: 'US,DE,GB',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A reseller's terms as the staff reseller form sends them: $1 for every product; a case sets what it checks. */
export const resellerTerms = (overrides: Record<string, number | null> = {}) => ({
  ...{ resiprice: 1, mobileprice: 1, dataprice1: 1, dataprice7: 1, dataprice30: 1, ispprice: 1 },
  ...{ gbvalue: 0, ipv6white: 5, datawhite: 5, value: 0 },
  ...overrides,
});

/** Gives an account money the way staff do: through the audited balance call. */
export async function fund(server: TestServer, staffToken: string, accountId: string, dollars: number) {
  const res = await server.request('PATCH', `/api/v1/admin/accounts/${accountId}/balance`, {
    token: staffToken,
    body: { balanceToAddOrSub: dollars, reason: 'test funds' },
  });
  if (res.status !== 200) throw new Error(`funding failed: ${res.text}`);
}

/** The balance and the sum of the ledger, which must always agree. */
export async function moneyOf(server: TestServer, accountId: string) {
  const db = server.database.db;
  const [account] = await db.select({ cents: accounts.balanceCents }).from(accounts).where(eq(accounts.id, accountId));
  const [ledger] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return { balanceCents: account!.cents, ledgerCents: Number(ledger!.cents) };
}
