import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './accounts.mjs';

// E2E_PORT lets two checkouts run their e2e side by side (the gateway takes the two ports below it).
const PORT = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${PORT}`;
export const GATEWAY_HTTP_PORT = PORT - 11;

// e2e always runs on the embedded database in a fresh directory, never on a configured PostgreSQL.
// Playwright merges process.env into the server's environment, so the variable is removed here.
delete process.env.DATABASE_URL;
// Nor on a shared Redis: rate-limit counters from an earlier run must not carry into this one.
delete process.env.REDIS_URL;

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  // Three: a worker spends much of its time waiting on the page or the server, so a third keeps both CPUs busy
  // (the axe walk ran 25 % faster than with two on the 2-core CI machine).
  workers: 3,
  // One retry in CI: a flaky test still shows as flaky in the report, but one race cannot sink a run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // CI keeps a JSON report too; scripts/ci-summary.mjs prints the closing line from it.
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../test-results/e2e.json' }]]
    : [['list'], ['html', { open: 'never' }]],
  // A journey (sign up, verify, buy, send, read the mail) takes 25 s alone on the 2-core CI machine and
  // more beside two other workers: the limits catch a hang, not a slow but working run.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    headless: true,
    // A trace is recorded on the retry only. Recording one for every test (retain-on-failure) cost
    // 40 % of the e2e run: the axe walk went from 297 to 166 s and the journeys from 462 to 268 s on
    // the 2-core machine, Chromium's CPU-seconds nearly halved (DOM snapshots and screencast frames on
    // every action). A failure in CI is retried, so it still comes with a trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/v1/landing`,
    env: {
      PORT: String(PORT),
      // Payment returns and mail links are built from configuration only, never from the Host header.
      PUBLIC_URL: baseURL,
      DATA_DIR: path.join(os.tmpdir(), `tollgate-e2e-${Date.now()}`),
      LOG_LEVEL: 'warn',
      // The gateway runs beside the shop as in `npm start`, on ports of its own so a dev server can keep 8000/1080.
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_HTTP_PORT: String(GATEWAY_HTTP_PORT),
      GATEWAY_SOCKS_PORT: String(GATEWAY_HTTP_PORT + 1),
      PROXY_PUBLIC_HOST: '127.0.0.1',
      // Proxy specs browse a local page (proxy-client.ts) through the gateway, which refuses loopback unless
      // allowed; the shop's own port stays refused whatever is allowed (ADR 045).
      GATEWAY_ALLOWED_TARGETS: '127.0.0.1/32',
      // The runner stands in for a reverse proxy: each test sends its own client address (fixtures.ts).
      TRUST_PROXY: '127.0.0.1',
      // The extension guide's walkthrough slot (guides.spec.ts checks it loads only after a click).
      GUIDE_VIDEO_URL: 'https://youtu.be/aqz-KE-bpKQ?t=42',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
