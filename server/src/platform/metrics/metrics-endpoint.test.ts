import { Counter, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from './metrics-endpoint';

describe('a gateway node’s metrics port', () => {
  const registry = new Registry();
  new Counter({ name: 'tollgate_gateway_probe_total', help: 'probe', registers: [registry] }).inc(7);
  let guarded: Awaited<ReturnType<typeof startMetricsServer>>;
  let open: Awaited<ReturnType<typeof startMetricsServer>>;
  beforeAll(async () => {
    guarded = await startMetricsServer({ host: '127.0.0.1', port: 0, registry, token: 'node-token-0123456789' });
    open = await startMetricsServer({ host: '127.0.0.1', port: 0, registry, token: undefined });
  });
  afterAll(() => Promise.all([guarded.close(), open.close()]));

  const get = (port: number, path: string, authorization?: string) =>
    fetch(`http://127.0.0.1:${port}${path}`, authorization ? { headers: { authorization } } : {});

  it('serves Prometheus text with the token, and refuses without it', async () => {
    expect((await get(guarded.port, '/metrics')).status).toBe(401);
    expect((await get(guarded.port, '/metrics', 'Bearer node-token-012345678')).status).toBe(401);
    const scrape = await get(guarded.port, '/metrics', 'Bearer node-token-0123456789');
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('tollgate_gateway_probe_total 7');
  });

  it('serves a loopback-only port without a token, and nothing but /metrics', async () => {
    expect(await (await get(open.port, '/metrics?x=1')).text()).toContain('tollgate_gateway_probe_total 7');
    expect((await get(open.port, '/')).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${open.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
