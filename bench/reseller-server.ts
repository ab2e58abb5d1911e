// The shop the reseller purchase bench loads (`BENCH_ONLY=reseller`): its own database, demo data, a
// $1/GB residential plan and many reseller accounts, each with its API key, a password to sign in
// with and money for every order of the run. Many resellers, as the per-key limit (300/min) wants.
import { count, inArray } from 'drizzle-orm';
import { accountsService } from '../server/src/modules/auth/accounts.service';
import { plans } from '../server/src/modules/plans/plans.schema';
import { RESELLER_KEY_NAME } from '../server/src/modules/resellers/resellers.repository';
import { resellerTerms } from '../server/src/modules/resellers/resellers.schema';
import { subscriptions } from '../server/src/modules/subscriptions/subscriptions.schema';
import { apiKeyStore } from '../server/src/platform/auth/api-keys';
import { ledger } from '../server/src/platform/billing/ledger';
import { answerAudits, booksOf } from './books';
import { openBenchShop } from './seeded-shop';

export const RESELLER_BENCH = {
  count: Number(process.env.BENCH_RESELLERS ?? 100),
  password: 'Bench-reseller-2026!',
  startCents: 1_000_000,
};

// The pool the checkout bench's server uses (bench-server.ts), so the two purchase figures compare.
const shop = await openBenchShop('reseller', { poolMax: Number(process.env.DB_POOL_MAX ?? 20) });
const { db } = shop.database;
const [plan] = await db
  .insert(plans)
  .values({
    title: 'Reseller bench plan',
    type: 'residential',
    bandwidthPrices: JSON.stringify([{ value: 1, price: 1 }]),
  })
  .returning();
const resellers: { id: string; username: string; key: string }[] = [];
for (let i = 0; i < RESELLER_BENCH.count; i++) {
  resellers.push(
    await db.transaction(async (tx) => {
      const row = await accountsService.create(tx, {
        role: 'User',
        reseller: true,
        email: `bench-reseller-${i}@tollgate.local`,
        username: `bench-reseller-${i}`,
        password: RESELLER_BENCH.password,
        emailVerified: true,
      });
      await ledger.credit(tx, {
        accountId: row.id,
        amountCents: RESELLER_BENCH.startCents,
        kind: 'staff_adjustment',
        reason: 'bench',
      });
      // $1/GB at the reseller's price, no prepaid pool: every order is one balance debit.
      await tx.insert(resellerTerms).values({ accountId: row.id, resiPriceCents: 100 });
      const { key } = await apiKeyStore.replaceNamed(tx, {
        accountId: row.id,
        name: RESELLER_KEY_NAME,
        scope: 'read-write',
      });
      return { id: row.id, username: row.username, key };
    }),
  );
}
const ids = resellers.map((r) => r.id);

/** The books after the run: the load generator checks them against the answers it got. */
async function audit() {
  const [plansMade] = await db.select({ n: count() }).from(subscriptions).where(inArray(subscriptions.accountId, ids));
  return { ...(await booksOf(db, ids)), subscriptions: plansMade!.n };
}
answerAudits(audit);
await shop.serve({ planId: plan!.id, resellers });
