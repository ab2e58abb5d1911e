import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ChangeFeed } from '../cache/change-feed';
import type { Database } from '../db/client';
import { installMetricsEndpoint } from './metrics-endpoint';

/** One series of a reading: its labels and its value now. */
export type Sample = { labels?: Record<string, string>; value: number };

/**
 * A shop instance's metrics (`tollgate_*`, and Node's process metrics), one registry per app. Labels
 * are route templates, methods, status codes, providers and outcomes: never an account, a username
 * or an address, so a scrape stays the same size however many customers there are.
 */
export function createShopMetrics(database: Database, changes: ChangeFeed) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'tollgate_http_requests_total',
    help: 'Requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'tollgate_http_request_duration_seconds',
    help: 'Time to answer, by method and route template',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const pool = database.pool;
  new Gauge({
    name: 'tollgate_db_pool_connections',
    help: 'PostgreSQL connections of this instance: in use, idle, and requests waiting for one',
    labelNames: ['state'],
    registers,
    collect() {
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'tollgate_change_feed_live',
    help: '1 while every committed change reaches this instance (caches serve), 0 while they cannot',
    registers,
    collect() {
      this.set(changes.live ? 1 : 0);
    },
  });
  const payments = new Counter({
    name: 'tollgate_payments_total',
    help: 'Payment provider callbacks, by provider and outcome',
    labelNames: ['provider', 'outcome'],
    registers,
  });
  const signIns = new Counter({
    name: 'tollgate_sign_in_failures_total',
    help: 'Sign-ins refused, by reason (wrong credentials, held back after repeated failures, second factor)',
    labelNames: ['reason'],
    registers,
  });

  return {
    registry,
    /** Counts every answer under the route that served it (`unmatched` for a 404 no route knows). */
    install(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        if (route === '/metrics') return;
        requests.inc({ method: request.method, route, status: String(reply.statusCode) });
        latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      });
    },
    payment: (provider: string, outcome: string) => payments.inc({ provider, outcome }),
    signInRefused: (reason: 'credentials' | 'throttled' | 'second_factor') => signIns.inc({ reason }),
    /**
     * A gauge read from the database when scraped (queue depths, pending deliveries). A failing read
     * leaves the gauge out of that scrape rather than failing the scrape.
     */
    reading(name: string, help: string, labelNames: readonly string[], read: () => Promise<Sample[]>) {
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          try {
            for (const sample of await read()) this.set(sample.labels ?? {}, sample.value);
          } catch {
            // The database is down or the table is not there yet (a gateway node): nothing to say.
          }
        },
      });
    },
  };
}
export type ShopMetrics = ReturnType<typeof createShopMetrics>;

/** The instance's metrics, counting every answer, on `app.metrics` and at /metrics behind the token. */
export function installShopMetrics(
  app: FastifyInstance,
  database: Database,
  changes: ChangeFeed,
  token: string | undefined,
): ShopMetrics {
  const metrics = createShopMetrics(database, changes);
  metrics.install(app);
  app.decorate('metrics', metrics);
  installMetricsEndpoint(app, metrics.registry, token);
  return metrics;
}
