import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { createMemoryStore, type MemorySubscription } from '../src/memory-store';
import {
  allowingOrigin,
  connectTunnel,
  eventually,
  getViaConnect,
  getViaForward,
  getViaSocks,
  startOrigin,
} from './loopback';
import { ALICE as alice, alicePlan, startTestGateway } from './memory-gateway';

const MB = 1_000_000;
let origin: Awaited<ReturnType<typeof startOrigin>>;
beforeAll(async () => void (origin = await startOrigin()));
afterAll(() => origin.close());

const running: Gateway[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((g) => g.close()))));

const plan = (over: Partial<MemorySubscription> = {}) => alicePlan({ whitelist: [], ...over });

async function gatewayWith(
  subs: MemorySubscription[],
  opts: { exits?: Parameters<typeof createMemoryStore>[0]['exits']; authTtlMs?: number } = {},
) {
  const memory = createMemoryStore({ subscriptions: subs, exits: allowingOrigin(opts.exits) });
  const gateway = await startTestGateway({
    store: memory.store,
    authTtlMs: opts.authTtlMs ?? 3_000,
  });
  running.push(gateway);
  return { memory, gateway };
}

describe('authentication', () => {
  it('lets valid credentials through CONNECT, plain forward and SOCKS5', async () => {
    const { gateway } = await gatewayWith([plan()]);
    const viaConnect = await getViaConnect(gateway.httpPort, origin.port, '/', alice);
    const viaForward = await getViaForward(gateway.httpPort, origin.port, '/', alice);
    const viaSocks = await getViaSocks(gateway.socksPort, origin.port, '/', alice);
    for (const r of [viaConnect, viaForward, viaSocks]) {
      expect(r.status).toBe(200);
      expect(r.body.toString()).toBe('hello through the gateway');
    }
  });

  it('answers 407 with the reason for a wrong password, and SOCKS5 refuses authentication', async () => {
    const { gateway } = await gatewayWith([plan()]);
    const tunnel = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, { user: 'tgalice', pass: 'nope' });
    expect(tunnel.status).toBe(407);
    expect(tunnel.reason).toBe('Invalid proxy username or password');
    const forward = await getViaForward(gateway.httpPort, origin.port, '/', { user: 'tgalice', pass: 'nope' });
    expect(forward.status).toBe(407);
    await expect(getViaSocks(gateway.socksPort, origin.port, '/', { user: 'tgalice', pass: 'nope' })).rejects.toThrow(
      /Authentication failed/i,
    );
  });

  it('lets a whitelisted source address in without a password and refuses a foreign one', async () => {
    const { gateway } = await gatewayWith([plan({ whitelist: ['127.0.0.1'] })]);
    expect((await getViaConnect(gateway.httpPort, origin.port, '/')).status).toBe(200);
    expect((await getViaSocks(gateway.socksPort, origin.port, '/')).status).toBe(200);

    const foreign = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, { from: '127.0.0.2' });
    expect(foreign.status).toBe(407);
    expect(foreign.reason).toBe('Proxy authentication required');
    await expect(getViaSocks(gateway.socksPort, origin.port, '/', { from: '127.0.0.2' })).rejects.toThrow(
      /no accepted authentication/i,
    );
  });

  it('refuses expired plans with the reason', async () => {
    const { gateway } = await gatewayWith([plan({ refusal: 'Plan expired' })]);
    const tunnel = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, alice);
    expect(tunnel.status).toBe(407);
    expect(tunnel.reason).toBe('Plan expired');
  });

  it('rejects unknown username parameters with a clear reason', async () => {
    const { gateway } = await gatewayWith([plan()]);
    const tunnel = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, {
      user: 'tgalice-colour-red',
      pass: 'right-password',
    });
    expect(tunnel.status).toBe(407);
    expect(tunnel.reason).toBe("Unknown username parameter 'colour'");
  });

  it('serves steady traffic from the auth cache: one store lookup for many connections', async () => {
    const { gateway, memory } = await gatewayWith([plan()]);
    for (let i = 0; i < 20; i++)
      expect((await getViaConnect(gateway.httpPort, origin.port, '/', alice)).status).toBe(200);
    expect(memory.lookups()).toBe(1);
  });
});

describe('changes take effect within the cache lifetime', () => {
  it('stops the old password and accepts the new one after a rotation', async () => {
    const { gateway, memory } = await gatewayWith([plan()], { authTtlMs: 300 });
    expect((await getViaConnect(gateway.httpPort, origin.port, '/', alice)).status).toBe(200);
    memory.subscriptions[0]!.password = 'rotated-password';
    const started = Date.now();
    await eventually(
      async () => (await getViaConnect(gateway.httpPort, origin.port, '/', alice)).status === 407,
      5_000,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    const fresh = await getViaConnect(gateway.httpPort, origin.port, '/', {
      user: 'tgalice',
      pass: 'rotated-password',
    });
    expect(fresh.status).toBe(200);
  });

  it('drops a removed whitelist address', async () => {
    const { gateway, memory } = await gatewayWith([plan({ whitelist: ['127.0.0.1'] })], { authTtlMs: 300 });
    expect((await getViaConnect(gateway.httpPort, origin.port, '/')).status).toBe(200);
    memory.subscriptions[0]!.whitelist = [];
    await eventually(async () => (await getViaConnect(gateway.httpPort, origin.port, '/')).status === 407, 5_000);
  });

  it('closes open connections of a plan that expired at the next flush', async () => {
    const { gateway, memory } = await gatewayWith([plan()]);
    const tunnel = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, alice);
    expect(tunnel.status).toBe(200);
    const closed = new Promise((resolve) => tunnel.socket.once('close', resolve));
    tunnel.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    memory.subscriptions[0]!.refusal = 'Plan expired';
    await gateway.flush();
    await closed;
    expect(gateway.openConnections('sub-1')).toBe(0);
  });
});

describe('geography and sessions', () => {
  const exits = {
    exits: [
      { type: '*' as const, country: 'us', state: 'ny', bind: '127.0.0.3', isp: 'Alpha Net' },
      { type: '*' as const, country: 'us', state: 'ca', bind: '127.0.0.4' },
      { type: '*' as const, country: 'de', bind: '127.0.0.5' },
    ],
  };
  const whoami = async (port: number, user: string) => {
    const r = await getViaConnect(port, origin.port, '/whoami', { user, pass: 'right-password' });
    return r.status === 200 ? r.body.toString() : `status ${r.status}`;
  };

  it('routes by country, state and ISP from the username', async () => {
    const { gateway } = await gatewayWith([plan()], { exits });
    expect(await whoami(gateway.httpPort, 'tgalice-country-de')).toBe('127.0.0.5');
    expect(await whoami(gateway.httpPort, 'tgalice-country-us-state-ca')).toBe('127.0.0.4');
    expect(await whoami(gateway.httpPort, 'tgalice-country-us-isp-alpha_net')).toBe('127.0.0.3');
    expect(await whoami(gateway.httpPort, 'tgalice-country-us-state-ca-isp-alpha_net')).toBe('status 502');
    expect(await whoami(gateway.httpPort, 'tgalice-country-us-state-ny')).toBe('127.0.0.3');
    const none = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, {
      user: 'tgalice-country-fr',
      pass: 'right-password',
    });
    expect(none.status).toBe(502);
    expect(none.reason).toBe('No exit available for fr');
  });

  it('keeps a sticky session on one exit and rotates without one', async () => {
    const { gateway } = await gatewayWith([plan()], { exits });
    const sticky = new Set<string>();
    const rotating = new Set<string>();
    for (let i = 0; i < 6; i++) {
      sticky.add(await whoami(gateway.httpPort, 'tgalice-country-us-session-abc123-lifetime-10'));
      rotating.add(await whoami(gateway.httpPort, 'tgalice-country-us'));
    }
    expect(sticky.size).toBe(1);
    expect([...rotating].sort()).toEqual(['127.0.0.3', '127.0.0.4']);
  });

  it('uses the same exits through SOCKS5', async () => {
    const { gateway } = await gatewayWith([plan()], { exits });
    const r = await getViaSocks(gateway.socksPort, origin.port, '/whoami', {
      user: 'tgalice-country-de',
      pass: 'right-password',
    });
    expect(r.body.toString()).toBe('127.0.0.5');
  });
});

describe('limits', () => {
  it('allows at most `threads` concurrent connections: threads + 1 gets one refusal', async () => {
    const { gateway } = await gatewayWith([plan({ planType: 'isp', threads: 3 })]);
    const open = await Promise.all(
      Array.from({ length: 3 }, () => connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, alice)),
    );
    expect(open.map((t) => t.status)).toEqual([200, 200, 200]);
    const extra = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, alice);
    expect(extra.status).toBe(429);
    expect(extra.reason).toBe('Thread limit reached (3)');
    await expect(getViaSocks(gateway.socksPort, origin.port, '/', alice)).rejects.toThrow(/NotAllowed/);

    // A slot frees as soon as a connection closes.
    const closed = new Promise((resolve) => open[0]!.socket.once('close', resolve));
    open[0]!.socket.destroy();
    await closed;
    await eventually(async () => gateway.openConnections('sub-1') === 2, 1_000);
    expect((await getViaConnect(gateway.httpPort, origin.port, '/', alice)).status).toBe(200);
    for (const t of open) t.socket.destroy();
  });

  it('stops a 10 MB download near 5 MB on a 5 MB plan and refuses new connections', async () => {
    const { gateway, memory } = await gatewayWith([plan({ remainingBytes: 5 * MB })]);
    const r = await getViaConnect(gateway.httpPort, origin.port, '/bytes/10000000', alice);
    expect(r.body.length).toBeGreaterThan(4.5 * MB);
    expect(r.body.length).toBeLessThan(5.3 * MB);
    const next = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, alice);
    expect(next.status).toBe(407);
    expect(next.reason).toBe('Bandwidth used up');
    await gateway.flush();
    expect(memory.subscriptions[0]!.remainingBytes).toBeLessThanOrEqual(0);
  });

  it('cuts SOCKS5 downloads at the allowance too', async () => {
    const { gateway } = await gatewayWith([plan({ remainingBytes: 5 * MB })]);
    const r = await getViaSocks(gateway.socksPort, origin.port, '/bytes/10000000', alice);
    expect(r.body.length).toBeLessThan(5.3 * MB);
  });
});

describe('metering', () => {
  it('meters CONNECT, forward and SOCKS5 traffic within 1 % of the bytes on the wire', async () => {
    const { gateway, memory } = await gatewayWith([plan()]);
    const results = [
      await getViaConnect(gateway.httpPort, origin.port, '/bytes/20000000', alice),
      await getViaForward(gateway.httpPort, origin.port, '/bytes/20000000', alice),
      await getViaSocks(gateway.socksPort, origin.port, '/bytes/20000000', alice),
    ];
    for (const r of results) expect(r.body.length).toBe(20_000_000);
    const onWire = results.reduce((sum, r) => sum + r.wireBytes, 0);
    await gateway.flush();
    const reported = memory.reportedBytes('sub-1');
    expect(Math.abs(reported - onWire) / onWire).toBeLessThan(0.01);
    const requests = memory.reports.reduce((sum, r) => sum + r.requests, 0);
    expect(requests).toBe(3);
  });

  it('reports usage by hour and exit country, and keeps it when the store is down', async () => {
    const { gateway, memory } = await gatewayWith([plan()], {
      exits: { exits: [{ type: '*', country: 'us' }] },
    });
    await getViaConnect(gateway.httpPort, origin.port, '/bytes/100000', alice);
    const report = memory.store.report;
    memory.store.report = async () => {
      throw new Error('database unavailable');
    };
    await gateway.flush();
    expect(memory.reports).toHaveLength(0);
    memory.store.report = report;
    await gateway.flush();
    expect(memory.reports).toHaveLength(1);
    const [row] = memory.reports;
    expect(row!.country).toBe('us');
    expect(row!.hour.getTime() % 3_600_000).toBe(0);
    expect(row!.bytesOut).toBeGreaterThan(100_000);
  });

  it('counts a refused target as a failure', async () => {
    const { gateway, memory } = await gatewayWith([plan()]);
    await expect(getViaSocks(gateway.socksPort, 1, '/', alice)).rejects.toThrow();
    await gateway.flush();
    expect(memory.reports.reduce((sum, r) => sum + r.failures, 0)).toBe(1);
  });
});
