import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { createMemoryStore } from '../src/memory-store';
import { allowingOrigin, connectTunnel, eventually, getViaConnect, startOrigin } from './loopback';
import { ALICE as alice, alicePlan, startTestGateway } from './memory-gateway';

// Staff change OwnServers in the panel; every node follows within 5 s, however rarely it flushes
// usage, and a failed read of the setting never sends the same usage twice.

let origin: Awaited<ReturnType<typeof startOrigin>>;
let gateway: Gateway;
let memory: ReturnType<typeof createMemoryStore>;
let failExits = false;

beforeAll(async () => {
  origin = await startOrigin();
  memory = createMemoryStore({
    subscriptions: [alicePlan()],
    exits: allowingOrigin(),
  });
  const exits = memory.store.exits.bind(memory.store);
  memory.store.exits = async () => {
    if (failExits) throw new Error('database went away');
    return exits();
  };
  gateway = await startTestGateway({
    store: memory.store,
    exitsRefreshMs: 500,
  });
});
afterAll(async () => {
  await gateway.close();
  await origin.close();
});

describe('re-reading OwnServers', () => {
  it('applies a change without waiting for a usage flush', async () => {
    expect((await getViaConnect(gateway.httpPort, origin.port, '/', alice)).status).toBe(200);
    memory.setExits({ ...allowingOrigin(), blockedPorts: [origin.port] });
    await eventually(async () => {
      const tunnel = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, alice);
      tunnel.socket.destroy();
      return tunnel.status === 403;
    }, 5_000);
    memory.setExits(allowingOrigin());
    await eventually(
      async () => (await getViaConnect(gateway.httpPort, origin.port, '/', alice)).status === 200,
      5_000,
    );
  });

  it('keeps the exits in force and reports usage once when the setting cannot be read', async () => {
    const before = memory.reportedBytes('sub-1');
    failExits = true;
    try {
      expect((await getViaConnect(gateway.httpPort, origin.port, '/bytes/5000', alice)).status).toBe(200);
      await gateway.flush();
      const once = memory.reportedBytes('sub-1') - before;
      expect(once).toBeGreaterThan(5_000);
      await gateway.flush();
      expect(memory.reportedBytes('sub-1') - before).toBe(once);
      // Still routing by the exits it had.
      expect((await getViaConnect(gateway.httpPort, origin.port, '/', alice)).status).toBe(200);
    } finally {
      failExits = false;
    }
  });
});
