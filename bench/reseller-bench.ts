// `BENCH_ONLY=reseller` (and part of plain `npm run bench`): reseller purchases through the API
// (issue 17, DESIGN §9: >= 500/s on PostgreSQL with zero lost or double debits), as the checkout's
// purchase run in http-bench.ts does it: 50 connections, a fixed number of orders, the books checked
// after. Each order carries a key, the same account's bearer token and its own Idempotency-Key; the
// orders are spread over many resellers so none passes the per-key limit (300/min).
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { auditOf, failuresOf } from './bench-client';
import type { Books } from './books';

const connections = 50;
const ORDERS = Number(process.env.BENCH_RESELLER_PURCHASES ?? 20_000);
const WARM = 1_000;

const child = fork(path.join(import.meta.dirname, 'reseller-server.ts'), {
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean)],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
type Ready = {
  address: string;
  dialect: string;
  planId: string;
  resellers: { id: string; username: string; key: string }[];
};
const { address, dialect, planId, resellers } = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (m) => resolve(m as Ready));
  child.once('exit', (code) => reject(new Error(`reseller bench server exited with ${code}`)));
});
const perKey = Math.ceil((ORDERS + WARM) / resellers.length);
if (perKey >= 300) throw new Error(`${perKey} orders per key would pass the 300/min limit: raise BENCH_RESELLERS`);

async function signIn(login: string): Promise<string> {
  const res = await fetch(`${address}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: 'Bench-reseller-2026!' }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${login}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { payload: { accessToken: string } }).payload.accessToken;
}
const callers: { key: string; token: string }[] = [];
for (const r of resellers) callers.push({ key: r.key, token: await signIn(r.username) });

let next = 0;
const run = Date.now().toString(36);
const order = {
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ planId, quantity: 1, country: 'US' }),
  requests: [
    {
      setupRequest: (request: autocannon.Request) => {
        const n = next++;
        const who = callers[n % callers.length]!;
        return {
          ...request,
          headers: {
            ...request.headers,
            authorization: `Bearer ${who.token}`,
            'x-api-key': who.key,
            'idempotency-key': `bench-${run}-${n}`,
          },
        };
      },
    },
  ],
};
const url = `${address}/api/v1/reseller/purchase`;
const warm = await autocannon({ url, connections, amount: WARM, ...order });
const bought = await autocannon({ url, connections, amount: ORDERS, ...order });
const ok = warm['2xx'] + bought['2xx'];
const failed = failuresOf(warm, bought);
const audit = await auditOf<Books & { subscriptions: number }>(child);

// Every answered order is one plan, one paid invoice, one ledger debit and exactly $1 off a balance.
const expected = resellers.length * 1_000_000 - ok * 100;
const exact =
  failed === 0 &&
  audit.paidInvoices === ok &&
  audit.subscriptions === ok &&
  audit.ledgerPurchases === ok &&
  audit.balanceCents === expected &&
  audit.ledgerCents === audit.balanceCents;
const pass = bought.requests.average >= 500 && exact;
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
console.log(
  `\nReseller API purchases on ${dialect}: ${resellers.length} resellers (own key and token each), ${connections} connections, ${ORDERS} orders (load average ${load})`,
);
console.log(
  `POST reseller/purchase           ${bought.requests.average.toFixed(0).padStart(7)}/s  p50 ${bought.latency.p50.toFixed(1)} ms  p99 ${bought.latency.p99.toFixed(1)} ms   >= 500/s (issue 17): ${pass ? 'PASS' : 'FAIL'}`,
);
console.log(
  `  ${ok} orders answered 200, ${failed} failed; ${audit.subscriptions} plans, ${audit.paidInvoices} paid invoices, ${audit.ledgerPurchases} ledger debits;` +
    ` balances $${(audit.balanceCents / 100).toFixed(2)} (expected $${(expected / 100).toFixed(2)}), ledger sum $${(audit.ledgerCents / 100).toFixed(2)}:` +
    ` ${exact ? 'no lost or double debits' : 'MISMATCH'}`,
);
process.exitCode = pass ? 0 : 1;
