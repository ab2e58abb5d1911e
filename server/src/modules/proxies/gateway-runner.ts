import type { Registry } from 'prom-client';
import type { HostService } from '@tollgate/gateway/egress';
import { startGateway } from '@tollgate/gateway/gateway';
import type { Config } from '#platform/config/env.ts';
import type { Db } from '#platform/db/client.ts';
import { createGatewayStore } from './gateway-store';

/** A port named in a URL, else the scheme's usual one; the usual one also when there is no URL. */
function portOf(url: string | undefined, usual: number) {
  try {
    return Number(new URL(url ?? '').port) || usual;
  } catch {
    return usual;
  }
}

/**
 * What the gateway must never reach on its own host, whatever GATEWAY_ALLOWED_TARGETS opens: the
 * shop (PORT), PostgreSQL (DATABASE_URL's port, else 5432) and Redis (REDIS_URL's, else 6379). The
 * usual ports count without a URL too: a database left on the node answers there.
 */
export function hostServices(config: Pick<Config, 'PORT' | 'DATABASE_URL' | 'REDIS_URL'>): HostService[] {
  return [
    { name: 'the shop', port: config.PORT },
    { name: 'PostgreSQL', port: portOf(config.DATABASE_URL, 5432) },
    { name: 'Redis', port: portOf(config.REDIS_URL, 6379) },
  ].filter((service) => service.port > 0);
}

/** The built-in gateway on the shop's database, on the configured ports. */
export function startShopGateway(
  config: Pick<
    Config,
    | 'PORT'
    | 'DATABASE_URL'
    | 'REDIS_URL'
    | 'GATEWAY_HOST'
    | 'GATEWAY_HTTP_PORT'
    | 'GATEWAY_SOCKS_PORT'
    | 'GATEWAY_ALLOWED_TARGETS'
    | 'GATEWAY_MAX_CONNECTIONS_PER_PLAN'
    | 'GATEWAY_MAX_CONNECTIONS_PER_IP'
    | 'GATEWAY_HANDSHAKE_TIMEOUT_MS'
    | 'GATEWAY_IDLE_TIMEOUT_S'
  >,
  db: Db,
  log?: { warn(obj: unknown, msg?: string): void },
  /** After each usage flush commits, with the plans it reported (usage alerts). */
  afterReport?: (subscriptionIds: readonly string[]) => Promise<void>,
  /** Where the gateway's metrics go: the shop's own registry, or a gateway node's. */
  metrics?: Registry,
) {
  // An alert that cannot be evaluated must not cost the usage report: it is swept again within a minute.
  const hook = afterReport
    ? (ids: readonly string[]) =>
        afterReport(ids).catch((error: unknown) => log?.warn({ err: error }, 'gateway: usage alerts not evaluated'))
    : undefined;
  return startGateway({
    store: createGatewayStore(db, undefined, hook ? { afterReport: hook } : {}),
    host: config.GATEWAY_HOST,
    httpPort: config.GATEWAY_HTTP_PORT,
    socksPort: config.GATEWAY_SOCKS_PORT,
    allowedTargets: config.GATEWAY_ALLOWED_TARGETS,
    hostServices: hostServices(config),
    maxConnectionsPerPlan: config.GATEWAY_MAX_CONNECTIONS_PER_PLAN,
    limits: {
      perIp: config.GATEWAY_MAX_CONNECTIONS_PER_IP,
      handshakeMs: config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
      idleMs: config.GATEWAY_IDLE_TIMEOUT_S * 1_000,
    },
    ...(log ? { log } : {}),
    ...(metrics ? { metrics } : {}),
  });
}
