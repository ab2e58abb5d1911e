import { readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * What only the embedded database can show: processes that open DATA_DIR (boot, CLI, data dir), its
 * engine on the money path (checkout), jobs surviving a restart of the embedded shop, and the
 * platform layer the database sits on. With DATABASE_URL set (CI), PGlite runs these and PostgreSQL
 * the rest, each file once where the other would add nothing (ADR 053); without it, PGlite runs all.
 */
const EMBEDDED_ONLY = [
  'test/boot.test.ts',
  'test/cli.test.ts',
  'test/data-dir.test.ts',
  'test/logs.test.ts',
  'src/modules/resellers/reseller-keys-migration.test.ts',
  'src/platform/config/**/*.test.ts',
  'src/platform/mail/**/*.test.ts',
  'src/platform/billing/pricing.test.ts',
];
const EMBEDDED_TOO = [
  'src/platform/**/*.test.ts',
  'src/modules/checkout/**/*.test.ts',
  'src/modules/mail-sender/campaign-restart.test.ts',
];

/**
 * One test command for every tier. Server integration tests run on PGlite, split with PostgreSQL
 * as above when DATABASE_URL is set.
 */
const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: false as const,
  test: {
    name,
    root: './server',
    include:
      db === 'pglite' && process.env.DATABASE_URL
        ? [...EMBEDDED_ONLY, ...EMBEDDED_TOO]
        : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // These start processes, read only config or open PGlite themselves: PostgreSQL adds nothing.
    exclude: db === 'postgres' ? EMBEDDED_ONLY : [],
    environment: 'node',
    env: { TEST_DB: db, NODE_ENV: 'test' },
    // Files share a worker process: PGlite's WebAssembly warms up once per worker instead of once per
    // file (about 4.5 s each). Safe because no server test mocks modules or stubs globals; each file
    // still builds its own app and database.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One retry in CI, as for e2e: a flaky test is still reported, but one race cannot sink a run.
    retry: process.env.CI ? 1 : 0,
  },
});

/**
 * Web test files that need a module registry of their own: they replace a module (vi.mock), fake the
 * clock or stub globals, or test module-level state. Found by reading the files, so a new such test
 * cannot leak into the shared worker by being left off a list.
 */
const WEB_TESTS = readdirSync('web/src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(sep).join('/')}`);
const WEB_ISOLATED = WEB_TESTS.filter((file) =>
  /vi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(|@vitest-isolate/.test(readFileSync(`web/${file}`, 'utf8')),
);
/** The rest. Each web project names what it leaves out: `extends` appends an `include` to the one in
 * web/vite.config.ts (every test), so an include list would not narrow it, and every file ran twice. */
const WEB_SHARED = WEB_TESTS.filter((file) => !WEB_ISOLATED.includes(file));

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one worker on the 2-core CI machine, where
    // server tests spend much of their time waiting on PostgreSQL or their own HTTP server. Three keep
    // both cores busy, as Playwright's three workers do.
    maxWorkers: 3,
    // CI also keeps a machine-readable report; scripts/ci-summary.mjs prints the closing line from it.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
    projects: [
      { test: { name: 'contract', root: './contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      // Timing tests (a handshake dripped at the deadline) get one retry in CI, as the server's do.
      {
        test: {
          name: 'gateway',
          root: './gateway',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          retry: process.env.CI ? 1 : 0,
        },
      },
      serverProject('server:pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('server:postgres', 'postgres')] : []),
      // The web tests share a worker's modules too (about 400 s -> 65 s), except files that replace a
      // module (vi.mock), fake the clock or test module-level state (the toaster's mounted flag).
      {
        extends: './web/vite.config.ts',
        test: { name: 'web', root: './web', isolate: false, exclude: WEB_ISOLATED, retry: process.env.CI ? 1 : 0 },
      },
      {
        extends: './web/vite.config.ts',
        test: { name: 'web:isolated', root: './web', exclude: WEB_SHARED, retry: process.env.CI ? 1 : 0 },
      },
    ],
  },
});
