import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Registry } from 'prom-client';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '@tollgate/gateway/gateway';
import { createMemoryStore } from '@tollgate/gateway/memory-store';
import { createTestServer, type TestServer } from './harness';

const OPS = path.join(import.meta.dirname, '../../ops');
const TOKEN = 'ops-rules-token-0123456789';

type Rule = { alert: string; expr: string };
const alerts = parse(readFileSync(path.join(OPS, 'prometheus/alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] };
const dashboard = JSON.parse(readFileSync(path.join(OPS, 'grafana/tollgate-dashboard.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};

/** Metric names an expression reads; histogram series are named by their metric. */
const metricsIn = (expr: string) =>
  [...expr.matchAll(/\b((?:tollgate|process|nodejs)_[a-z_]+)\b/g)].map((m) =>
    m[1]!.replace(/_(bucket|count|sum)$/, ''),
  );

/** Metric names a scrape exposes, from its `# TYPE` lines. */
const exposed = (text: string) => [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!);

function promtool(): string | null {
  const found = spawnSync('promtool', ['--version']);
  return found.status === 0 ? 'promtool' : null;
}

describe('alert rules and the dashboard', () => {
  let shop: TestServer;
  let gatewayText: string;
  beforeAll(async () => {
    shop = await createTestServer({ env: { METRICS_TOKEN: TOKEN } });
    const registry = new Registry();
    const gateway = await startGateway({
      store: createMemoryStore({ subscriptions: [], exits: { exits: [], allowedTargets: [], blockedPorts: [] } }).store,
      host: '127.0.0.1',
      httpPort: 0,
      socksPort: 0,
      flushIntervalMs: 60_000,
      metrics: registry,
    });
    gatewayText = await registry.metrics();
    await gateway.close();
  });
  afterAll(() => shop.close());

  it('parse, as Prometheus itself reads them', () => {
    const tool = promtool();
    // CI installs Debian's prometheus package; a developer without it still gets the metric check below.
    if (!tool) return void expect(process.env.CI, 'promtool is missing in CI').toBeFalsy();
    const out = execFileSync(tool, ['check', 'rules', path.join(OPS, 'prometheus/alerts.yml')], { encoding: 'utf8' });
    expect(out).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('read only metrics the shop and the gateway expose', async () => {
    const scrape = await shop.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    const available = new Set([...exposed(scrape.text), ...exposed(gatewayText)]);
    const used = [
      ...alerts.groups.flatMap((g) => g.rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr }))),
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => ({ where: `panel ${p.title}`, expr: t.expr }))),
    ];
    expect(used.length).toBeGreaterThan(20);
    const unknown = used.flatMap(({ where, expr }) =>
      metricsIn(expr)
        .filter((name) => !available.has(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
