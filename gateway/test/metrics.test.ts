import { Registry } from 'prom-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway } from '../src/gateway';
import { createMemoryStore } from '../src/memory-store';
import { allowingOrigin, connectTunnel, getViaConnect, getViaForward, getViaSocks, startOrigin } from './loopback';

let origin: Awaited<ReturnType<typeof startOrigin>>;
beforeAll(async () => void (origin = await startOrigin()));
afterAll(() => origin.close());

const alice = { user: 'tgalice', pass: 'right-password' };

/** One sample's value from Prometheus text, 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

it('counts connections by protocol, bytes, refusals by reason, exits and cache hits, with no customer in a label', async () => {
  const registry = new Registry();
  const memory = createMemoryStore({
    subscriptions: [
      {
        subscriptionId: 'sub-secret-id',
        user: alice.user,
        password: alice.pass,
        planType: 'residential',
        threads: 0,
        remainingBytes: null,
        whitelist: [],
      },
    ],
    exits: allowingOrigin(),
  });
  const gateway = await startGateway({
    store: memory.store,
    host: '127.0.0.1',
    httpPort: 0,
    socksPort: 0,
    flushIntervalMs: 60_000,
    metrics: registry,
  });
  try {
    expect((await getViaConnect(gateway.httpPort, origin.port, '/', alice)).status).toBe(200);
    expect((await getViaForward(gateway.httpPort, origin.port, '/', alice)).status).toBe(200);
    expect((await getViaSocks(gateway.socksPort, origin.port, '/', alice)).status).toBe(200);
    const wrong = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, { user: alice.user, pass: 'nope' });
    expect(wrong.status).toBe(407);
    // The gateway's own ports are refused whatever the allowed ranges say (ADR 045).
    const refused = await connectTunnel(gateway.httpPort, `127.0.0.1:${gateway.socksPort}`, alice);
    expect(refused.status).toBe(403);
    await gateway.flush();

    const text = await registry.metrics();
    expect(sample(text, 'tollgate_gateway_connections_opened_total{protocol="http"}')).toBe(4);
    expect(sample(text, 'tollgate_gateway_connections_opened_total{protocol="socks"}')).toBe(1);
    expect(sample(text, 'tollgate_gateway_refusals_total{reason="auth"}')).toBe(1);
    expect(sample(text, 'tollgate_gateway_refusals_total{reason="egress"}')).toBe(1);
    expect(sample(text, 'tollgate_gateway_refusals_total{reason="limit"}')).toBe(0);
    expect(sample(text, 'tollgate_gateway_bytes_total{direction="in"}')).toBeGreaterThan(0);
    expect(sample(text, 'tollgate_gateway_bytes_total{direction="out"}')).toBeGreaterThan(100);
    // CONNECT and SOCKS open through the exit opener; plain forwarding uses its keep-alive pool.
    expect(sample(text, 'tollgate_gateway_upstream_connect_seconds_count{exit_kind="direct",country="any"}')).toBe(2);
    expect(sample(text, 'tollgate_gateway_auth_lookups_total{result="miss"}')).toBe(2);
    expect(sample(text, 'tollgate_gateway_auth_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'tollgate_gateway_flush_lag_seconds')).toBeLessThan(5);
    expect(text).not.toMatch(/sub-secret-id|tgalice|right-password|127\.0\.0\.1/);
  } finally {
    await gateway.close();
  }
});
