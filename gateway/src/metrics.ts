import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { ExitChoice } from './exits';

export type Protocol = 'http' | 'socks';
/**
 * Why a client was turned away: `auth` (no or wrong credentials), `plan` (the plan is not active,
 * used up or refused by the shop), `country` (targeting the plan does not allow or that names
 * nothing real), `exit` (no exit serves it), `limit` (the plan's threads or connection cap),
 * `egress` (the destination is not allowed), `node` (the node or the source address is full).
 */
export type RefusalReason = 'auth' | 'plan' | 'country' | 'exit' | 'limit' | 'egress' | 'node';

/** What the proxies report as they work; every call is a counter bump, nothing waits on it. */
export interface GatewayMetrics {
  opened(protocol: Protocol): void;
  refused(reason: RefusalReason): void;
  upstream(exit: ExitChoice, seconds: number, failure?: string): void;
  authLookup(hit: boolean): void;
}

export const NO_METRICS: GatewayMetrics = {
  opened: () => undefined,
  refused: () => undefined,
  upstream: () => undefined,
  authLookup: () => undefined,
};

/** What the metrics read when scraped rather than count as traffic passes. */
export interface GatewayReadings {
  open(protocol: Protocol): number;
  bytes(): { in: number; out: number };
  /** Seconds since the last usage flush the shop accepted (since start, before the first). */
  flushLag(): number;
  flushFailures(): number;
}

/**
 * Exits are labelled by kind and country, never by address: a shop may list 10,000 exits, and a
 * label per exit would be 10,000 series per bucket. No label ever holds a customer, a username or
 * a destination host.
 */
export function exitKind(exit: ExitChoice): string {
  if (exit.upstream) return exit.upstream.startsWith('socks') ? 'upstream_socks' : 'upstream_http';
  if (exit.exit.prefix) return 'prefix';
  return exit.exit.bind ? 'bind' : 'direct';
}

/** Node's error codes (ECONNREFUSED, ETIMEDOUT...) and the relay's EUPSTREAM; anything else is `other`. */
const ERROR_CODE = /^E[A-Z_]{1,24}$/;

/** The node's metrics in `registry` (prom-client), named `tollgate_gateway_*`. */
export function gatewayMetrics(registry: Registry, read: GatewayReadings): GatewayMetrics {
  const registers = [registry];
  const opened = new Counter({
    name: 'tollgate_gateway_connections_opened_total',
    help: 'Client connections accepted, by protocol',
    labelNames: ['protocol'],
    registers,
  });
  new Gauge({
    name: 'tollgate_gateway_connections_open',
    help: 'Client connections held now, by protocol',
    labelNames: ['protocol'],
    registers,
    collect() {
      for (const protocol of ['http', 'socks'] as const) this.set({ protocol }, read.open(protocol));
    },
  });
  new Counter({
    name: 'tollgate_gateway_bytes_total',
    help: 'Bytes metered on client connections; direction in = from the client',
    labelNames: ['direction'],
    registers,
    collect() {
      const bytes = read.bytes();
      this.reset();
      this.inc({ direction: 'in' }, bytes.in);
      this.inc({ direction: 'out' }, bytes.out);
    },
  });
  const refused = new Counter({
    name: 'tollgate_gateway_refusals_total',
    help: 'Clients turned away, by reason',
    labelNames: ['reason'],
    registers,
  });
  const connectSeconds = new Histogram({
    name: 'tollgate_gateway_upstream_connect_seconds',
    help: 'Time to open the connection to the destination through an exit',
    labelNames: ['exit_kind', 'country'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const connectErrors = new Counter({
    name: 'tollgate_gateway_upstream_errors_total',
    help: 'Connections to destinations that failed, by exit kind, country and error code',
    labelNames: ['exit_kind', 'country', 'code'],
    registers,
  });
  new Gauge({
    name: 'tollgate_gateway_flush_lag_seconds',
    help: 'Seconds since the shop last accepted this node’s usage',
    registers,
    collect() {
      this.set(read.flushLag());
    },
  });
  new Counter({
    name: 'tollgate_gateway_flush_failures_total',
    help: 'Usage flushes the shop did not accept (the usage is kept for the next)',
    registers,
    collect() {
      this.reset();
      this.inc(read.flushFailures());
    },
  });
  const lookups = new Counter({
    name: 'tollgate_gateway_auth_lookups_total',
    help: 'Credential and whitelist checks, answered from the cache (hit) or the shop (miss)',
    labelNames: ['result'],
    registers,
  });
  // Known series start at zero, so a rate over them exists before the first event.
  for (const protocol of ['http', 'socks']) opened.inc({ protocol }, 0);
  for (const reason of ['auth', 'plan', 'country', 'exit', 'limit', 'egress', 'node']) refused.inc({ reason }, 0);
  for (const result of ['hit', 'miss']) lookups.inc({ result }, 0);

  return {
    opened: (protocol) => opened.inc({ protocol }),
    refused: (reason) => refused.inc({ reason }),
    upstream(exit, seconds, failure) {
      const labels = { exit_kind: exitKind(exit), country: exit.country || 'any' };
      if (failure) connectErrors.inc({ ...labels, code: ERROR_CODE.test(failure) ? failure : 'other' });
      else connectSeconds.observe(labels, seconds);
    },
    authLookup: (hit) => lookups.inc({ result: hit ? 'hit' : 'miss' }),
  };
}
