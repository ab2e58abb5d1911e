import type { FastifyInstance } from 'fastify';
import { loadConfig, ConfigError, type Config } from '#platform/config/env.ts';
import { openDatabase, type Database } from '#platform/db/client.ts';
import { DataDirInUse } from '#platform/db/data-dir-lock.ts';
import { AppError } from '#platform/http/errors.ts';
import { runCommand } from './cli-commands';
import { migrate } from '#platform/db/migrate.ts';
import { portProblem } from '#platform/config/port-taken.ts';
import type { Gateway } from '@tollgate/gateway/gateway';
import { startShopGateway } from '#modules/proxies/gateway-runner.ts';
import { startHeartbeat } from '#modules/system/heartbeat.ts';
import { buildApp } from './app';
import { DEMO_ACCOUNTS, seedDemoData } from './seed/demo-data';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** What is open so far; a stop signal at any moment of start-up closes exactly that. */
const open: {
  app?: FastifyInstance;
  database?: Database;
  gateway?: Gateway;
  gatewayBeat?: { stop(): Promise<void> };
} = {};
let stopping = false;

async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  open.app?.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  try {
    await open.app?.close(); // stops accepting, lets in-flight requests finish
    await open.gateway?.close(); // closes tunnels and writes the last usage
    await open.gatewayBeat?.stop();
    await open.database?.close();
    clearTimeout(force);
    process.exit(0);
  } catch (err) {
    console.error('shutdown failed', err);
    process.exit(1);
  }
}

/** Opens a port; one that is taken ends start-up with a sentence saying what to change, not a stack trace. */
async function listening<T>(config: Config, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const problem = portProblem(error, config);
    if (!problem) throw error;
    console.error(problem);
    stopping = true;
    await open.app?.close();
    await open.database?.close();
    process.exit(1);
  }
}

async function main() {
  // Before anything else: a signal must never find the process without its handler.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const config = readConfig();
  try {
    open.database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolMax: config.DB_POOL_MAX,
    });
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  await migrate(open.database);
  if (config.seedDemoData && (await seedDemoData(open.database.db)).seeded) {
    console.log('\nDemo data created. Sign in at /login with:');
    for (const a of DEMO_ACCOUNTS) {
      console.log(`  ${(a.reseller ? 'Reseller' : a.role).padEnd(14)} ${a.email.padEnd(26)} ${a.password}`);
    }
    console.log('');
  }
  if (stopping) return;
  const database = open.database;
  // CLI commands against the embedded database run here, on this process's connection.
  database.lock?.serve(async ({ command, args }) => {
    if (command === 'ping') return { ok: true, output: 'running' };
    try {
      return { ok: true, output: await runCommand(config, database, command, args) };
    } catch (error) {
      const fields =
        error instanceof AppError
          ? (error.details.fields?.map((f) => `\n  - ${f.path}: ${f.message}`).join('') ?? '')
          : '';
      return { ok: false, output: `${error instanceof Error ? error.message : String(error)}${fields}` };
    }
  });
  open.app = await buildApp(config, open.database);
  const app = open.app;
  await listening(config, () => app.listen({ port: config.PORT, host: config.HOST }));
  const { port } = open.app.server.address() as { port: number };
  console.log(`Tollgate is serving on http://localhost:${port} (${open.database.dialect})`);
  if (config.gatewayEnabled && !stopping) {
    const db = open.database.db;
    open.gateway = await listening(config, () =>
      // The port the shop actually listens on (PORT=0 picks one): the gateway refuses it (ADR 045).
      startShopGateway(
        { ...config, PORT: port },
        db,
        app.log,
        (ids) => app.automation.afterFlush(ids),
        app.metrics.registry,
      ),
    );
    console.log(`Proxy gateway: HTTP on port ${open.gateway.httpPort}, SOCKS5 on port ${open.gateway.socksPort}`);
    const gateway = open.gateway;
    open.gatewayBeat = startHeartbeat(
      db,
      'gateway',
      () => ({ connections: gateway.clients(), flushLagSeconds: gateway.flushLagSeconds() }),
      app.log,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
