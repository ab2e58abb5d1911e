// The page budget (issue 38): on a warm shop every route reaches its content in under 1 s in Chromium and
// makes at most 20 requests. Each route of page-budget-routes.json (the spec's route list: path and the
// roles that may open it) is opened as its first role, once cold (what it loads first) and then three
// times warm (the HTTP cache holds the build's files), and the median warm load is measured:
// - time: from the navigation's start until the `main` landmark holds a heading and no spinner remains
//   in it (the page shows what it is for, not a lazy route's or a first query's placeholder);
// - requests: every request the load makes until the network is idle, by kind (scripts, styles, API
//   calls, images, other), whether the cache answers it or not.
// It prints the slowest ten and every route over budget, and ends with a WARNING line when any is: CI
// treats the budget as a warning, so the exit code is 0 unless the walk itself fails. It runs in
// `npm run bench` (BENCH_ONLY=pages), not in .ci/run: the 133 routes take six minutes or more on two cores.
//
// Usage: node e2e/page-budget.mjs (builds the web app when it is stale and starts a shop on the embedded
// database, as the Playwright config does), or BASE_URL=http://127.0.0.1:3300 node e2e/page-budget.mjs
// against a running one. ROUTES=/my-profile,/api-docs limits the walk; ALL=1 prints every route;
// DETAIL=1 lists each warm request of the routes walked.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request as playwrightRequest } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './accounts.mjs';
import { TOKEN, prepareShop, seedBrowser, signInOnce } from './pages.mjs';

const BUDGET_MS = 1000;
const BUDGET_REQUESTS = 20;
// A page still not showing its content after this long is reported as such, not waited for.
const GIVE_UP_MS = 15_000;
// The warm figure is the median of this many loads: one load on a shared machine varied by a factor of three.
const WARM_RUNS = Number(process.env.WARM_RUNS ?? 3);

const here = path.dirname(fileURLToPath(import.meta.url));
const ACCOUNT_OF_ROLE = {
  anonymous: null,
  User: 'customer',
  Administrator: 'admin',
  Manager: 'manager',
  Support: 'support',
};

/** Starts the shop as playwright.config.ts does, on a fresh embedded database; answers its URL and a stop. */
async function startShop() {
  const port = Number(process.env.PAGE_BUDGET_PORT ?? 3177);
  const baseURL = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' };
  env.DATA_DIR = path.join(os.tmpdir(), `tollgate-page-budget-${Date.now()}`);
  env.GATEWAY_HOST = '127.0.0.1';
  env.GATEWAY_HTTP_PORT = String(port - 11);
  env.GATEWAY_SOCKS_PORT = String(port - 10);
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, [path.join(here, '../scripts/start.mjs')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  for (let waited = 0; waited < 180_000; waited += 250) {
    if (server.exitCode !== null) throw new Error(`the shop exited with ${server.exitCode}`);
    if (
      await fetch(`${baseURL}/api/v1/landing`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return {
        baseURL,
        stop: async () => {
          server.kill('SIGTERM');
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error('the shop did not answer within 180 s');
}

/** The route's pattern with its parameters filled from the demo shop. */
function fillPath(pattern, shop) {
  if (pattern === '*') return '/no-such-page';
  const byName = {
    resetPasswordToken: TOKEN,
    twoFactorToken: TOKEN,
    verifyToken: TOKEN,
    subscriptionId: shop.billId,
    planId: shop.planId,
    value: '10',
    couponId: shop.couponId,
    'browser-extension-slug': 'tollgate-extension',
    ticket: shop.ticketId,
    userId: pattern.startsWith('/admin/reseller/') ? shop.resellerId : shop.customerId,
    id: pattern.startsWith('/blog/')
      ? shop.blogPostSlug
      : pattern.startsWith('/admin/blogs/')
        ? shop.blogPostId
        : shop.ticketId,
  };
  return pattern.replace(/\{([^}]+)\}/g, (_, name) => {
    if (byName[name] === undefined) throw new Error(`no demo value for {${name}} in ${pattern}`);
    return byName[name];
  });
}

const kindOf = (request) => {
  const type = request.resourceType();
  if (type === 'script' || type === 'stylesheet' || type === 'image' || type === 'document') return type;
  if (new URL(request.url()).pathname.startsWith('/api/')) return 'api';
  return 'other';
};

/**
 * Loads `url` and answers the milliseconds from the navigation's start until the content shows (null if it
 * never did within GIVE_UP_MS), with the requests made until the network was idle, counted by kind.
 */
async function load(page, url) {
  const kinds = { script: 0, stylesheet: 0, api: 0, image: 0, document: 0, other: 0 };
  const urls = [];
  const count = (request) => {
    if (request.frame() !== page.mainFrame()) return;
    kinds[kindOf(request)] += 1;
    urls.push(`${kindOf(request)} ${request.url().replace(baseURL, '')}`);
  };
  page.on('request', count);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const ms = await page
      .waitForFunction(
        () => {
          const main = globalThis.document.querySelector('main');
          if (!main || !main.querySelector('h1, h2, [role=heading]')) return false;
          if (main.querySelector('[data-testid=page-spinner], .animate-spin')) return false;
          return performance.now();
        },
        undefined,
        { polling: 'raf', timeout: GIVE_UP_MS },
      )
      .then(
        (handle) => handle.jsonValue(),
        () => null,
      );
    await page.waitForLoadState('networkidle', { timeout: GIVE_UP_MS }).catch(() => undefined);
    return { ms, kinds, urls, requests: urls.length };
  } finally {
    page.off('request', count);
  }
}

const started = Date.now();
const shopServer = process.env.BASE_URL ? null : await startShop();
const baseURL = process.env.BASE_URL ?? shopServer.baseURL;
const signIn = signInOnce(baseURL);

const results = [];
let browser;
try {
  const request = await playwrightRequest.newContext({ baseURL });
  const shop = await prepareShop(request, (account) => signIn(request, account));
  const { accessToken } = await signIn(request, 'admin');
  const coupons = await request.get('/api/v1/admin/coupons?search=SPRING10', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  shop.couponId = (await coupons.json()).payload.items[0].id;
  await request.dispose();

  const only = process.env.ROUTES?.split(',').filter(Boolean);
  const routes = JSON.parse(readFileSync(path.join(here, 'page-budget-routes.json'), 'utf8')).filter(
    (route) => !only || only.includes(route.path),
  );
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  // One tab per account, as one person browsing: the cold load fills its cache, the warm one reuses it.
  const tabs = new Map();
  const tabOf = async (account) => {
    if (!tabs.has(account)) {
      const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
      const session = account ? await signIn(context.request, account) : null;
      await seedBrowser(context, { theme: 'light', session });
      tabs.set(account, await context.newPage());
    }
    return tabs.get(account);
  };
  for (const route of routes) {
    const account = ACCOUNT_OF_ROLE[route.roles[0]];
    const page = await tabOf(account);
    const url = fillPath(route.path, shop);
    const cold = await load(page, url);
    const warmLoads = [];
    for (let run = 0; run < WARM_RUNS; run++) warmLoads.push(await load(page, url));
    warmLoads.sort((a, b) => (a.ms ?? Infinity) - (b.ms ?? Infinity));
    const warm = warmLoads[Math.floor(warmLoads.length / 2)];
    results.push({ route: route.path, role: route.roles[0], cold: cold.ms, ...warm });
    if (process.env.DETAIL) console.log(`${route.path}: ${warm.urls.join('\n  ')}`);
  }
} finally {
  await browser?.close();
  await shopServer?.stop();
}

const over = (result) => result.ms === null || result.ms > BUDGET_MS || result.requests > BUDGET_REQUESTS;
const time = (ms) => (ms === null ? 'never' : `${Math.round(ms)} ms`);
const row = (result) =>
  [
    over(result) ? '!' : ' ',
    time(result.ms).padStart(8),
    time(result.cold).padStart(9),
    String(result.requests).padStart(5),
    ...['script', 'stylesheet', 'api', 'image', 'other'].map((kind) => String(result.kinds[kind]).padStart(6)),
    `  ${result.route} (${result.role})`,
  ].join(' ');
const header = `  ${'warm'.padStart(8)} ${'cold'.padStart(9)} ${'reqs'.padStart(5)} ${['js', 'css', 'api', 'img', 'other'].map((k) => k.padStart(6)).join(' ')}  route (role)`;
const slowestFirst = [...results].sort((a, b) => (b.ms ?? Infinity) - (a.ms ?? Infinity));
const shown = process.env.ALL ? slowestFirst : slowestFirst.slice(0, 10);
console.log(`\nPage budget: ${BUDGET_MS} ms warm to content, ${BUDGET_REQUESTS} requests (! marks a route over it)`);
console.log(`${process.env.ALL ? 'Every route' : 'Slowest ten'}, warm:\n${header}`);
for (const result of shown) console.log(row(result));
const overBudget = slowestFirst.filter(over);
const notShown = overBudget.filter((result) => !shown.includes(result));
if (notShown.length) {
  console.log(`\nAlso over budget:\n${header}`);
  for (const result of notShown) console.log(row(result));
}
const requestCounts = results.map((result) => result.requests).sort((a, b) => a - b);
console.log(
  `\n${results.length} routes in ${Math.round((Date.now() - started) / 1000)} s; requests per route: median ${requestCounts[Math.floor(requestCounts.length / 2)]}, most ${requestCounts.at(-1)}`,
);
if (overBudget.length)
  console.log(
    `WARNING: ${overBudget.length} of ${results.length} routes over the page budget (${BUDGET_MS} ms or ${BUDGET_REQUESTS} requests)`,
  );
