// `npm run bench`: throughput and latency of hot routes against a bare route of the same server.
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 50;

const child = fork(path.join(import.meta.dirname, 'bench-server.ts'), {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const { address, dialect } = await new Promise<{ address: string; dialect: string }>((resolve, reject) => {
  child.once('message', (m) => resolve(m as { address: string; dialect: string }));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function load(urlPath: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: address + urlPath, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${urlPath}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { reqPerSec: result.requests.average, p99: result.latency.p99 };
}

const login = await fetch(`${address}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ login: 'customer', password: 'Customer-demo-2026!' }),
});
const token = ((await login.json()) as { payload: { accessToken: string } }).payload.accessToken;

const auth = { authorization: `Bearer ${token}` };
// Warm every route first so JIT, caches and pools are settled before any of them is measured.
for (const [urlPath, headers] of [
  ['/bench/bare', {}],
  ['/api/v1/landing', {}],
  ['/api/v1/auth/me', auth],
] as const) {
  await autocannon({ url: address + urlPath, connections, duration: 2, headers });
}
const bare = await load('/bench/bare');
const rows = [
  { route: 'GET /bench/bare (baseline)', ...bare, budget: null as number | null },
  { route: 'GET /api/v1/landing', ...(await load('/api/v1/landing')), budget: 0.5 },
  { route: 'GET /api/v1/auth/me', ...(await load('/api/v1/auth/me', auth)), budget: 0.3 },
];
child.disconnect();

console.log(`\nTollgate HTTP bench on ${dialect}, ${connections} connections, ${seconds} s per route\n`);
console.log('route                          req/s     p99 ms   ratio   budget');
let failed = false;
for (const row of rows) {
  const ratio = row.reqPerSec / bare.reqPerSec;
  const ok = row.budget === null || (ratio >= row.budget && row.p99 < 25);
  failed ||= !ok;
  console.log(
    `${row.route.padEnd(30)} ${row.reqPerSec.toFixed(0).padStart(7)} ${row.p99.toFixed(1).padStart(9)} ${ratio.toFixed(2).padStart(7)}   ${
      row.budget === null ? '' : `>= ${row.budget.toFixed(2)}, p99 < 25 ms: ${ok ? 'PASS' : 'FAIL'}`
    }`,
  );
}
process.exitCode = failed ? 1 : 0;
