// The server under load, in its own process so the load generator does not share its event loop.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/platform/config/env';
import { openDatabase } from '../server/src/platform/db/client';
import { migrate } from '../server/src/platform/db/migrate';
import { seedDemoData } from '../server/src/seed/demo-data';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tollgate-bench-'));

/** On PostgreSQL the bench works in a database of its own, created fresh, never in the app's. */
async function freshBenchDatabase(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists tollgate_bench with (force)');
  await admin.query('create database tollgate_bench');
  await admin.end();
  const bench = new URL(url);
  bench.pathname = '/tollgate_bench';
  return bench.toString();
}
const databaseUrl = process.env.DATABASE_URL ? await freshBenchDatabase(process.env.DATABASE_URL) : undefined;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  VALIDATE_RESPONSES: 'false',
});
const database = await openDatabase({ databaseUrl, dataDir, poolMax: 20 });
await migrate(database);
await seedDemoData(database.db);
const app = await buildApp(config, database);
// The baseline: the same Fastify instance, hooks and envelope, with no work behind it.
app.get('/bench/bare', async () => ({ status: 200, message: 'ok', payload: null }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address, dialect: database.dialect });
process.on(
  'disconnect',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
