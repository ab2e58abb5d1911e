// The shop a seeded bench serves (admin search, statistics): a database of its own on the PostgreSQL
// server (or PGlite without DATABASE_URL), migrated and given the demo data, then served in this
// process; the parent bench talks to it over the IPC channel and ends it by disconnecting.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/platform/config/env';
import { openDatabase, type Database } from '../server/src/platform/db/client';
import { migrate } from '../server/src/platform/db/migrate';
import { seedDemoData } from '../server/src/seed/demo-data';

export const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);

/** The configuration a bench serves with: quiet, no response validation and no jobs, beside the environment. */
export function benchConfig(dataDir: string) {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    VALIDATE_RESPONSES: 'false',
    JOBS_ENABLED: 'false',
  });
}

/** Ends this bench server once `close` is done, when the parent lets go of the IPC channel. */
export function endWithParent(close: () => Promise<void>) {
  process.on('disconnect', () => void close().then(() => process.exit(0)));
}

async function onServer(url: string, statement: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rowCount } = await admin.query(statement);
  await admin.end();
  return rowCount ?? 0;
}

/**
 * Opens the bench's own database; with `keep`, one left by an earlier run is reused as it is (its
 * seed is not run again, and it is not dropped at the end).
 */
export async function openBenchShop(name: string, options: { keep?: boolean; poolMax?: number } = {}) {
  const dbName = `tollgate_bench_${name.replace(/\W/g, '_')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tollgate-bench-${name}-`));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let reused = false;
  if (serverUrl) {
    reused =
      Boolean(options.keep) && (await onServer(serverUrl, `select 1 from pg_database where datname = '${dbName}'`)) > 0;
    if (!reused) {
      await onServer(serverUrl, `drop database if exists ${dbName} with (force)`);
      await onServer(serverUrl, `create database ${dbName}`);
    }
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = benchConfig(dataDir);
  const database: Database = await openDatabase({ databaseUrl, dataDir, poolMax: options.poolMax ?? 10 });
  await migrate(database);
  if (!reused) await seedDemoData(database.db);

  return {
    database,
    reused,
    /** Runs the seed statements (set-based SQL) unless the database was reused; seconds taken. */
    async seed(statements: string[]): Promise<string> {
      if (reused) return 'reused, seeded before';
      const started = Date.now();
      for (const statement of statements) await database.executeSql(statement);
      return `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`;
    },
    /** Serves the shop and tells the parent where; cleans up when the parent lets go. */
    async serve(report: Record<string, unknown>) {
      const app = await buildApp(config, database);
      app.get('/bench/bare', async () => ({ status: 200, message: 'ok', payload: null }));
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      process.send?.({ address, dialect: database.dialect, seeded: ACCOUNTS, ...report });
      endWithParent(async () => {
        await app.close();
        await database.close();
        if (serverUrl && !options.keep) await onServer(serverUrl, `drop database if exists ${dbName} with (force)`);
        rmSync(dataDir, { recursive: true, force: true });
      });
    },
  };
}
