import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemStatus } from '@tollgate/contract/admin/system';
import { notices } from '#platform/db/schema.ts';
import { createTestServer, type TestServer } from '../../../test/harness';
import { systemRepository } from './system.repository';
import { instances } from './system.schema';

const TOKEN = 'system-page-token-0123456789';

describe('the system page', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await createTestServer({ env: { METRICS_TOKEN: TOKEN } });
    admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  });
  afterAll(() => server.close());

  const status = async () => {
    const res = await server.request('GET', '/api/v1/admin/system', { token: admin });
    expect(res.status).toBe(200);
    return res.body.payload as SystemStatus;
  };

  it('lists this shop instance, alive, with its version and memory', async () => {
    const { instances: seen, database } = await status();
    const shop = seen.filter((i) => i.kind === 'shop' && !i.lost);
    expect(shop).toHaveLength(1);
    expect(shop[0]).toMatchObject({ version: '0.1.0', connections: null });
    expect(shop[0]!.rssBytes).toBeGreaterThan(10_000_000);
    expect(database.dialect).toBe(server.database.dialect);
    expect(database.sizeBytes).toBeGreaterThan(1_000_000);
  });

  it('marks a node gone quiet for a minute as lost and forgets one silent for a day', async () => {
    const base = {
      kind: 'gateway' as const,
      host: 'edge-7',
      version: '0.1.0',
      startedAt: new Date(Date.now() - 3_600_000),
    };
    await server.database.db.insert(instances).values([
      {
        ...base,
        id: 'quiet',
        seenAt: new Date(Date.now() - 90_000),
        details: { rssBytes: 5, connections: 12, flushLagSeconds: 1.5 },
      },
      { ...base, id: 'long-gone', seenAt: new Date(Date.now() - 2 * 86_400_000), details: { rssBytes: 5 } },
    ]);
    const seen = (await status()).instances;
    expect(seen.find((i) => i.id === 'quiet')).toMatchObject({ lost: true, connections: 12, flushLagSeconds: 1.5 });
    expect(seen.find((i) => i.id === 'long-gone')).toBeUndefined();
  });

  it('counts undelivered notices and the last backup, and /metrics reads the same backlog', async () => {
    const before = (await status()).deliveries.find((d) => d.kind === 'notices')!.pending;
    const customer = await server.buildAccount();
    await server.database.db.insert(notices).values({
      accountId: customer.id,
      kind: 'receipt',
      eventKey: `system-test-${customer.id}`,
      attempts: 2,
    });
    await systemRepository.recordBackup(server.database.db, 1234);
    const now = await status();
    const unsent = now.deliveries.find((d) => d.kind === 'notices')!;
    expect(unsent.pending).toBe(before + 1);
    expect(unsent.failing).toBeGreaterThanOrEqual(1);
    expect(now.deliveries.map((d) => d.kind)).toEqual(['webhooks', 'notices', 'campaign mail']);
    expect(Date.now() - Date.parse(now.database.lastBackupAt!)).toBeLessThan(60_000);

    const scrape = await server.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.text).toContain(`tollgate_deliveries_pending{kind="notices"} ${unsent.pending}`);
  });

  it('is the Administrator’s alone', async () => {
    for (const role of ['Manager', 'Support', 'User'] as const) {
      const token = await server.tokenFor(await server.buildAccount({ role }));
      expect((await server.request('GET', '/api/v1/admin/system', { token })).status).toBe(403);
    }
  });
});
