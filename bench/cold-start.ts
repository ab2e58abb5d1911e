// `npm run bench` (or BENCH_ONLY=cold-start npm run bench): how fast a signed-in customer's
// /dashboard becomes usable from the built app served by a real shop (DESIGN §9). Cold is a new
// browser context (empty cache), warm the same context's second visit; median of BENCH_COLD_RUNS.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { ACCOUNTS, CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/accounts.mjs';

const root = path.join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_COLD_PORT ?? 3297);
const runs = Number(process.env.BENCH_COLD_RUNS ?? 5);
const baseURL = `http://127.0.0.1:${port}`;
const BUDGET = { usableMs: 1_000, firstApiMs: 300 };

interface Visit {
  requests: number;
  firstApiMs: number;
  authMeMs: number;
  usableMs: number;
  jsKb: number;
}

/** The shop as `npm start` runs it (building web/dist when stale), on a fresh embedded database. */
async function startShop() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tollgate-cold-start-'));
  const shop = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (shop.exitCode !== null) throw new Error(`the shop exited with ${shop.exitCode}`);
    const ready = await fetch(`${baseURL}/api/v1/landing`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the shop did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    async stop() {
      const exited = new Promise((resolve) => shop.once('exit', resolve));
      shop.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn() {
  const { username, password } = ACCOUNTS.customer;
  const res = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: username, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { payload: { accessToken: string; user: unknown } }).payload;
}

/**
 * A context whose pages start signed in, with an observer that notes when the greeting appears:
 * the dashboard renders it only once both /auth/me and the dashboard data have arrived.
 */
async function signedInContext(browser: Browser, session: { accessToken: string; user: unknown }) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ([token, user, name]) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('user', JSON.stringify(user));
      new MutationObserver((_, observer) => {
        if (document.querySelector('h1')?.textContent?.includes(`, ${name}`)) {
          (window as { usableAt?: number }).usableAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    },
    [session.accessToken, session.user, ACCOUNTS.customer.username] as const,
  );
  return context;
}

async function visit(context: BrowserContext): Promise<Visit> {
  const page = await context.newPage();
  let requests = 0;
  page.on('request', () => requests++);
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await page.waitForFunction(() => (window as { usableAt?: number }).usableAt !== undefined);
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const api = entries.filter((entry) => new URL(entry.name).pathname.startsWith('/api/'));
    const js = entries.filter((entry) => entry.name.endsWith('.js'));
    return {
      firstApiMs: Math.min(...api.map((entry) => entry.startTime)),
      authMeMs: api.find((entry) => entry.name.includes('/api/v1/auth/me'))?.startTime ?? NaN,
      usableMs: (window as { usableAt?: number }).usableAt!,
      jsKb: js.reduce((sum, entry) => sum + entry.encodedBodySize, 0) / 1024,
    };
  });
  await page.close();
  return { requests, ...timing };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summarise(visits: Visit[]): Visit {
  const pick = (key: keyof Visit) => median(visits.map((item) => item[key]));
  return {
    requests: pick('requests'),
    firstApiMs: pick('firstApiMs'),
    authMeMs: pick('authMeMs'),
    usableMs: pick('usableMs'),
    jsKb: pick('jsKb'),
  };
}

const shop = await startShop();
// After start-up, which rebuilds web/dist when it is older than its sources.
const size = spawnSync(process.execPath, [path.join(import.meta.dirname, 'size.mjs')], { encoding: 'utf8' });
const cold: Visit[] = [];
const warm: Visit[] = [];
try {
  const session = await signIn();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    // One untimed visit first, so the shop's own first-request work is not counted as the page's.
    const settle = await signedInContext(browser, session);
    await visit(settle);
    await settle.close();
    for (let i = 0; i < runs; i++) {
      const context = await signedInContext(browser, session);
      cold.push(await visit(context));
      warm.push(await visit(context));
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await shop.stop();
}

const rows = [
  { name: 'cold (empty cache)', ...summarise(cold) },
  { name: 'warm (second visit)', ...summarise(warm) },
];
console.log(`\nCold start of /dashboard, signed in, 1440 px, median of ${runs}\n`);
console.log('visit                 requests  first API ms  /auth/me ms  usable ms   JS kB (raw)');
for (const row of rows) {
  console.log(
    `${row.name.padEnd(21)} ${String(row.requests).padStart(8)} ${row.firstApiMs.toFixed(0).padStart(13)} ${row.authMeMs
      .toFixed(0)
      .padStart(12)} ${row.usableMs.toFixed(0).padStart(10)} ${row.jsKb.toFixed(0).padStart(13)}`,
  );
}
const coldRow = rows[0]!;
const ok = coldRow.usableMs < BUDGET.usableMs && coldRow.firstApiMs <= BUDGET.firstApiMs;
console.log(
  `\nCold: usable < ${BUDGET.usableMs} ms and first API call within ${BUDGET.firstApiMs} ms: ${ok ? 'PASS' : 'FAIL'}`,
);
// Beside the size budget of the public entry (bench/size.mjs).
console.log(size.stdout.trim().split('\n').at(-1));
if (!ok || size.status !== 0) process.exitCode = 1;
