import { openDatabase } from './src/platform/db/client';
import { statisticsRepository as repo } from './src/modules/statistics/statistics.repository';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/tollgate_bench_statistics', poolMax: 4 });
const db = database.db;
const day = (o: number) => new Date(Date.now() - o * 86400000).toISOString().slice(0, 10);
const g = (process.argv[2] ?? 'week') as any;
const w = { granularity: g, previousFrom: `${day(729)}T00:00:00.000Z`, currentFrom: `${day(364)}T00:00:00.000Z`, currentEnd: `${day(-1)}T00:00:00.000Z`, closed: await repo.closedDay(db) };
const fns: Record<string, () => Promise<unknown>> = {
  ensure: () => repo.ensureDaily(db, w), daily: () => repo.daily(db, w), paying: () => repo.payingCustomers(db, w), topPlans: () => repo.topPlans(db, w, 10),
  topCustomers: () => repo.topCustomers(db, w, 10), bandwidth: () => repo.bandwidth(db, w), events: () => repo.subscriptionEvents(db, w),
  activeNow: () => repo.activeNow(db), renewals: () => repo.renewals(db, w), churn: () => repo.churn(db, w),
};
for (const [k, f] of Object.entries(fns)) {
  const t: number[] = [];
  for (let i = 0; i < 7; i++) { const s = performance.now(); await f(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(k.padEnd(14), 'min', t[0]!.toFixed(1), 'med', t[3]!.toFixed(1));
}
await database.close();
