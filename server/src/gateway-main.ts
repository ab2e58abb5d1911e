import type { Gateway } from '@tollgate/gateway/gateway';
import { ConfigError, loadConfig } from '#platform/config/env.ts';
import { openDatabase, type Database } from '#platform/db/client.ts';
import { portProblem } from '#platform/config/port-taken.ts';
import { PG_UNDEFINED_TABLE, pgErrorCode } from '#platform/db/errors.ts';
import { startShopGateway } from '#modules/proxies/gateway-runner.ts';
import { alertEvaluator } from '#modules/automation/alert-evaluator.ts';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { startMetricsServer } from '#platform/metrics/metrics-endpoint.ts';
import { startHeartbeat } from '#modules/system/heartbeat.ts';

/**
 * `npm run gateway`: a proxy gateway node on its own, for machines that only deliver proxies.
 * It shares the shop's PostgreSQL (the embedded database lives inside `npm start`, which already
 * runs a gateway) and never migrates: the shop's servers own the schema.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!config.DATABASE_URL) {
    console.error(
      "npm run gateway needs DATABASE_URL (the shop's PostgreSQL). With the embedded database, `npm start` runs the gateway itself.",
    );
    process.exit(1);
  }
  const database: Database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolMax: config.DB_POOL_MAX });
  const log = { warn: (obj: unknown, msg?: string) => console.warn(msg ?? '', obj) };
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let gateway: Gateway;
  let metrics: { port: number; close(): Promise<void> } | null = null;
  try {
    // Usage alerts are recorded as each flush commits; the shop's instances deliver them (ADR 034).
    gateway = await startShopGateway(
      config,
      database.db,
      log,
      async (ids) => {
        await alertEvaluator.usage(database.db, { subscriptionIds: ids });
      },
      registry,
    );
    if (config.GATEWAY_METRICS_PORT !== undefined) {
      metrics = await startMetricsServer({
        host: config.GATEWAY_METRICS_HOST,
        port: config.GATEWAY_METRICS_PORT,
        registry,
        token: config.METRICS_TOKEN,
      });
    }
  } catch (error) {
    const problem =
      portProblem(error, config, { gatewayOptional: false }) ??
      (pgErrorCode(error) === PG_UNDEFINED_TABLE
        ? 'The database at DATABASE_URL has no Tollgate tables yet. Start the shop against it once (DATABASE_URL=… npm start) to create them; gateway nodes never change the schema.'
        : null);
    if (!problem) throw error;
    console.error(problem);
    await database.close();
    process.exit(1);
  }
  console.log(`Tollgate gateway: HTTP on port ${gateway.httpPort}, SOCKS5 on port ${gateway.socksPort}`);
  if (metrics) console.log(`Gateway metrics: http://${config.GATEWAY_METRICS_HOST}:${metrics.port}/metrics`);
  const running = gateway;
  const heartbeat = startHeartbeat(
    database.db,
    'gateway',
    () => ({ connections: running.clients(), flushLagSeconds: running.flushLagSeconds() }),
    log,
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await metrics?.close();
    await gateway.close();
    await heartbeat.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
