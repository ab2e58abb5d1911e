import { readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * One test command for every tier. Server integration tests run on PGlite always, and a second
 * time on PostgreSQL when DATABASE_URL is set (CI does this).
 */
const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: false as const,
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // These start processes or read only config: the database under test makes no difference to them.
    exclude:
      db === 'postgres'
        ? [
            'test/boot.test.ts',
            'test/cli.test.ts',
            'test/data-dir.test.ts',
            'src/platform/config/**',
            'src/platform/mail/**',
            'src/platform/billing/pricing.test.ts',
          ]
        : [],
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
const WEB_ISOLATED = readdirSync('web/src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(sep).join('/')}`)
  .filter((file) =>
    /vi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(|@vitest-isolate/.test(readFileSync(`web/${file}`, 'utf8')),
  );

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
        test: { name: 'web:isolated', root: './web', include: WEB_ISOLATED, retry: process.env.CI ? 1 : 0 },
      },
    ],
  },
});
