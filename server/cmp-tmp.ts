import { openDatabase } from './src/platform/db/client';
import { sql } from 'drizzle-orm';
import { statisticsService as next } from './src/modules/statistics/statistics.service';
import { statisticsService as old } from '/work/main/server/src/modules/statistics/statistics.service';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/tollgate_bench_statistics', poolMax: 4 });
const day = (o: number) => new Date(Date.now() - o * 86400000).toISOString().slice(0, 10);
const cases = [{ from: day(29), to: day(0) }, { from: day(364), to: day(0) }, { from: day(364), to: day(0), granularity: 'day' as const }, { from: day(364), to: day(0), granularity: 'month' as const }, { from: day(400), to: day(200) }];
for (const q of cases) {
  const a = await next.statistics(database.db, q);
  let b: unknown;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`delete from statistics_daily_done`);
    await tx.execute(sql`delete from statistics_daily`);
    b = await old.statistics(tx as never, q);
    tx.rollback();
  }).catch((e) => { if (!String(e).includes('Rollback')) throw e; });
  const sa = JSON.stringify(a), sb = JSON.stringify(b);
  console.log(JSON.stringify(q), sa === sb ? 'SAME' : 'DIFF', sa.length, sb.length);
  if (sa !== sb) {
    const fa = (x: any, p = ''): string[] => typeof x === 'object' && x ? Object.entries(x).flatMap(([k, v]) => fa(v, p + '.' + k)) : [`${p}=${x}`];
    const A = new Set(fa(a)), B = fa(b);
    console.log(B.filter((x) => !A.has(x)).slice(0, 10), [...A].filter((x) => !B.includes(x)).slice(0, 10));
  }
}
await database.close();
