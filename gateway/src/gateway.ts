import type { OwnServers } from '@tollgate/contract/proxies/own-servers';
import type { Registry } from 'prom-client';
import type { AccessStore, SessionRotation } from './access';
import { createAdmission } from './admission';
import { createAuthCache } from './auth-cache';
import { createConnectionGuard, DEFAULT_LIMITS, socketBudget, type ConnectionLimits } from './connection-guard';
import { createEgress, type HostService } from './egress';
import { createExitPicker } from './exits';
import { startHttpProxy } from './http-proxy';
import { createMeter } from './meter';
import { gatewayMetrics, NO_METRICS, type GatewayMetrics } from './metrics';
import { observed } from './observed';
import { startSocksProxy } from './socks-proxy';

/** Enough for the busiest scraper; a cap so that one customer cannot hold the node's sockets. */
export const DEFAULT_MAX_PER_PLAN = 1_000;

export interface GatewayOptions {
  store: AccessStore;
  host: string;
  /** 0 picks a free port (tests). */
  httpPort: number;
  socksPort: number;
  /** How often metered usage is written to the store (the bound is 5 s). */
  flushIntervalMs?: number;
  /** How often the OwnServers setting is re-read, whatever the flush interval (staff changes apply within 5 s). */
  exitsRefreshMs?: number;
  /** How long auth answers are trusted: password, whitelist and expiry changes apply within this. */
  authTtlMs?: number;
  /** Internal ranges this node may reach besides the setting's (GATEWAY_ALLOWED_TARGETS, ADR 010). */
  allowedTargets?: readonly string[];
  /**
   * Services listening on this host (the shop, PostgreSQL, Redis): their ports are refused on every
   * local address whatever `allowedTargets` says, as the gateway's own are (ADR 045).
   */
  hostServices?: readonly HostService[];
  /** Connections one plan may hold at once, bandwidth plans included (thread plans: their threads if fewer). */
  maxConnectionsPerPlan?: number;
  /** Per-address, handshake, idle and whole-node limits; defaults in connection-guard.ts. */
  limits?: Partial<ConnectionLimits>;
  log?: { warn(obj: unknown, msg?: string): void };
  /** Where the node's `tollgate_gateway_*` metrics are registered; none are kept without one. */
  metrics?: Registry;
}

/**
 * The metering proxy gateway: HTTP (CONNECT and forward) and SOCKS5 on their own ports, sharing
 * one admission path, one meter and one exit picker. Usage is flushed to the store every
 * `flushIntervalMs`; a failed flush keeps the usage for the next one.
 */
export async function startGateway(options: GatewayOptions) {
  const { store } = options;
  const flushEvery = options.flushIntervalMs ?? 2_000;
  const meter = createMeter(Date.now, options.maxConnectionsPerPlan ?? DEFAULT_MAX_PER_PLAN);
  const guard = createConnectionGuard({ ...DEFAULT_LIMITS, totalSockets: socketBudget(), ...options.limits });
  const listeners: { http?: { clients(): number }; socks?: { clients(): number } } = {};
  const flushes = { lastAccepted: Date.now(), failures: 0 };
  const metrics: GatewayMetrics = options.metrics
    ? gatewayMetrics(options.metrics, {
        open: (protocol) => listeners[protocol]?.clients() ?? 0,
        bytes: () => meter.nodeBytes(),
        flushLag: () => (Date.now() - flushes.lastAccepted) / 1000,
        flushFailures: () => flushes.failures,
      })
    : NO_METRICS;
  const cache = createAuthCache(store, options.authTtlMs ?? 3_000, Date.now, metrics.authLookup);
  const exits = createExitPicker();
  const ownPorts: number[] = [];
  const hostServices = options.hostServices ?? [];
  const egress = createEgress({ ownPorts: () => ownPorts, hostServices: () => hostServices });
  const counted = observed({ egress, guard }, metrics);
  const applyExits = (servers: OwnServers) => {
    exits.setExits(servers);
    egress.setRules({ ...servers, allowedTargets: [...servers.allowedTargets, ...(options.allowedTargets ?? [])] });
  };
  applyExits(await store.exits());
  const admit = createAdmission({ cache, meter, exits, metrics });

  const shared = { admit, meter, ...counted, metrics };
  const http = await startHttpProxy({ host: options.host, port: options.httpPort, ...shared });
  const socks = await startSocksProxy({ host: options.host, port: options.socksPort, ...shared });
  Object.assign(listeners, { http, socks });
  ownPorts.push(http.port, socks.port);

  /** Each rotation applied once: the last generation seen per session (ADR 034). */
  const rotated = new Map<string, number>();
  function applyRotations(rotations: readonly SessionRotation[]) {
    const seen = new Map<string, number>();
    for (const r of rotations) {
      const key = `${r.subscriptionId}:${r.session}`;
      seen.set(key, r.generation);
      if (rotated.get(key) !== r.generation) exits.rotate(key);
    }
    // Only what the store still reports is remembered, so the map stays as small as its window.
    rotated.clear();
    for (const [key, generation] of seen) rotated.set(key, generation);
  }

  /** A failed read keeps the exits and rules in force; the next refresh tries again. */
  async function refreshExits() {
    try {
      applyExits(await store.exits());
      if (store.rotations) applyRotations(await store.rotations());
    } catch (error) {
      options.log?.warn({ err: error }, 'gateway: could not re-read OwnServers, keeping the current exits');
    }
  }

  let flushing: Promise<void> | null = null;
  async function flushOnce() {
    const reports = meter.takeReport();
    try {
      const answers = reports.length ? await store.report(reports) : new Map();
      meter.settleReport(answers);
      flushes.lastAccepted = Date.now();
    } catch (error) {
      flushes.failures += 1;
      meter.restore(reports);
      options.log?.warn({ err: error }, 'gateway: usage flush failed, kept for the next one');
    }
    // Apart from the usage: a reported flush whose exits read failed must not report the same bytes again.
    await refreshExits();
  }
  /** One flush at a time; a caller arriving during one waits for it and then runs its own. */
  async function flush() {
    while (flushing) await flushing;
    flushing = flushOnce().finally(() => (flushing = null));
    return flushing;
  }

  const sampler = setInterval(() => meter.tick(), 250);
  const flusher = setInterval(() => {
    cache.sweep();
    exits.sweep();
    if (!flushing) void flush();
  }, flushEvery);
  const refresher = setInterval(() => void refreshExits(), options.exitsRefreshMs ?? 2_000);
  sampler.unref();
  flusher.unref();
  refresher.unref();

  return {
    httpPort: http.port,
    socksPort: socks.port,
    flush,
    /** Bytes counted for a subscription on this node and not yet flushed. */
    unreportedBytes: (subscriptionId: string) => meter.unreported(subscriptionId),
    /** All bytes metered for a subscription on this node since start. */
    meteredBytes: (subscriptionId: string) => meter.meteredBytes(subscriptionId),
    openConnections: (subscriptionId: string) => meter.openConnections(subscriptionId),
    /** Client connections this node holds now. */
    clients: () => guard.open(),
    /** Seconds since the store last accepted this node's usage. */
    flushLagSeconds: () => (Date.now() - flushes.lastAccepted) / 1000,
    async close() {
      clearInterval(sampler);
      clearInterval(flusher);
      clearInterval(refresher);
      meter.closeAll();
      await Promise.all([http.close(), socks.close()]);
      await flush();
    },
  };
}
export type Gateway = Awaited<ReturnType<typeof startGateway>>;
