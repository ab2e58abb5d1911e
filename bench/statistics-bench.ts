// `BENCH_ONLY=statistics` (and part of plain `npm run bench`): the admin statistics over a year of a
// shop with 100,000 accounts, through HTTP, one request at a time (DESIGN §9: p95 < 200 ms).
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { staffHeaders } from './bench-client';

const child = fork(path.join(import.meta.dirname, 'statistics-server.ts'), {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const { address, dialect, seeded, seedSeconds, rows } = await new Promise<{
  address: string;
  dialect: string;
  seeded: number;
  seedSeconds: string;
  rows: Record<string, number>;
}>((resolve, reject) => {
  child.once('message', (m) => resolve(m as never));
  child.once('exit', (code) => reject(new Error(`statistics bench server exited with ${code}`)));
});

const headers = await staffHeaders(address);

const REQUESTS = Number(process.env.BENCH_STATISTICS_REQUESTS ?? 60);
async function measure(urlPath: string, requests = REQUESTS) {
  const times: number[] = [];
  let kB = 0;
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    const res = await fetch(address + urlPath, { headers });
    const text = await res.text();
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${urlPath}: ${res.status} ${text.slice(0, 200)}`);
    kB = text.length / 1024;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { first: times.length, p50: at(0.5), p95: at(0.95), kB };
}

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const q = '/api/v1/admin/statistics?';
const cases: [string, string][] = [
  ['GET /bench/bare (baseline)', '/bench/bare'],
  ['statistics, 30 days by day', `${q}from=${day(29)}&to=${day(0)}`],
  ['statistics, 1 year by week', `${q}from=${day(364)}&to=${day(0)}`],
  ['statistics, 1 year by day', `${q}from=${day(364)}&to=${day(0)}&granularity=day`],
  ['statistics, 1 year by month', `${q}from=${day(364)}&to=${day(0)}&granularity=month`],
];
const cold = performance.now();
await fetch(address + cases[2]![1], { headers });
const coldMs = performance.now() - cold;
for (const [, urlPath] of cases) await measure(urlPath, 5); // warm: plans cached, pages in memory

console.log(
  `\nAdmin statistics on ${dialect}: ${seeded} accounts, ${rows.invoices} invoices, ${rows.subscriptions} subscriptions, ${rows.usage} metered hours, ${rows.ledger} ledger rows (${seedSeconds}); ${REQUESTS} requests per case, one at a time; first (cold) year request ${coldMs.toFixed(0)} ms`,
);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores\n`,
);
console.log('case                               p50 ms   p95 ms   kB/answer   budget');
let failed = false;
for (const [name, urlPath] of cases) {
  const r = await measure(urlPath);
  const budget = urlPath === '/bench/bare' ? null : r.p95 < 200;
  failed ||= budget === false;
  console.log(
    `${name.padEnd(32)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.kB.toFixed(1).padStart(11)}   ${budget === null ? '' : `p95 < 200 ms: ${budget ? 'PASS' : 'FAIL'}`}`,
  );
}
child.disconnect();
process.exitCode = failed ? 1 : 0;
