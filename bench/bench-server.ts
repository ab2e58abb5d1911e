// The server under load, in its own process so the load generator does not share its event loop.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/platform/db/client';
import { migrate } from '../server/src/platform/db/migrate';
import { seedDemoData } from '../server/src/seed/demo-data';
import { accountsService } from '../server/src/modules/auth/accounts.service';
import { plans } from '../server/src/modules/plans/plans.schema';
import { ledger } from '../server/src/platform/billing/ledger';
import { READER } from './hot-reads';
import { seedHotReads } from './hot-reads-seed';
import { answerAudits, booksOf } from './books';
import { benchConfig, endWithParent } from './seeded-shop';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tollgate-bench-'));

/** On PostgreSQL the bench works in a database of its own, created fresh, never in the app's. */
async function freshBenchDatabase(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists tollgate_bench with (force)');
  await admin.query('create database tollgate_bench');
  await admin.end();
  const bench = new URL(url);
  bench.pathname = '/tollgate_bench';
  return bench.toString();
}
const databaseUrl = process.env.DATABASE_URL ? await freshBenchDatabase(process.env.DATABASE_URL) : undefined;
const config = benchConfig(dataDir);
const database = await openDatabase({ databaseUrl, dataDir, poolMax: Number(process.env.DB_POOL_MAX ?? 20) });
await migrate(database);
await seedDemoData(database.db);

// Buyers with deep pockets and a $1/GB plan, so every purchase in the run can succeed. Many
// buyers, as a shop has; each purchase still locks its buyer's row for the debit.
export const BUYERS = { count: 100, password: 'Bench-buyer-2026!', startCents: 1_000_000 };
const buyerIds = await database.db.transaction(async (tx) => {
  const ids: string[] = [];
  for (let i = 0; i < BUYERS.count; i++) {
    const row = await accountsService.create(tx, {
      role: 'User',
      email: `bench-buyer-${i}@tollgate.local`,
      username: `bench-buyer-${i}`,
      password: BUYERS.password,
      emailVerified: true,
    });
    await ledger.credit(tx, {
      accountId: row.id,
      amountCents: BUYERS.startCents,
      kind: 'staff_adjustment',
      reason: 'bench',
    });
    ids.push(row.id);
  }
  return ids;
});
const [plan] = await database.db
  .insert(plans)
  .values({ title: 'Bench plan', type: 'residential', bandwidthPrices: JSON.stringify([{ value: 1, price: 1 }]) })
  .returning();

/** What the database says after the run: the load generator checks it against what it was told. */
const audit = () => booksOf(database.db, buyerIds);
answerAudits(audit);

const app = await buildApp(config, database);
// The baseline: the same Fastify instance, hooks and envelope, with no work behind it.
app.get('/bench/bare', async () => ({ status: 200, message: 'ok', payload: null }));
// The ceiling for the generator (ADR 035): the very answer of a 1,000-line sticky list, computed
// once at start and sent as it is, through the same instance and hooks.
let precomputed = '';
app.get('/bench/precomputed-generator', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(precomputed),
);
const { subscriptionId } = await seedHotReads(app, database, plan!.id);
const signedIn = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/login',
  payload: { login: READER.login, password: READER.password },
});
const readerToken = (signedIn.json() as { payload: { accessToken: string } }).payload.accessToken;
precomputed = (
  await app.inject({
    url: `/api/v1/public/generator/${subscriptionId}?count=1000&session=sticky`,
    headers: { authorization: `Bearer ${readerToken}` },
  })
).body;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address, dialect: database.dialect, planId: plan!.id, subscriptionId });
endWithParent(async () => {
  await app.close();
  await database.close();
});
