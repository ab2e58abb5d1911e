import net from 'node:net';
import os from 'node:os';
import { SocksClient } from 'socks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEgress } from '../src/egress';
import type { Gateway } from '../src/gateway';
import { createMemoryStore } from '../src/memory-store';
import { allowingOrigin, connectTunnel, getViaConnect, getViaForward, getViaSocks, startOrigin } from './loopback';
import { ALICE as alice, alicePlan, startTestGateway } from './memory-gateway';

// A customer's $9 plan reached the shop's own PostgreSQL through CONNECT 127.0.0.1:5432. Every
// form of an internal destination must be refused on all three ways in, however it is spelled.

let origin: Awaited<ReturnType<typeof startOrigin>>;
let gateway: Gateway;
let memory: ReturnType<typeof createMemoryStore>;
beforeAll(async () => {
  origin = await startOrigin();
  memory = createMemoryStore({
    subscriptions: [alicePlan()],
  });
  gateway = await startTestGateway({ store: memory.store });
});
afterAll(async () => {
  await gateway.close();
  await origin.close();
});

/** Literal addresses and names that all lead into the gateway's own networks. */
const INTERNAL = [
  '127.0.0.1',
  '127.8.9.10',
  '0.0.0.0',
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '100.64.0.1',
  '169.254.169.254',
  '224.0.0.1',
  '255.255.255.255',
  '::1',
  '::',
  'fe80::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::127.0.0.1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::1',
  // Names: resolved here, and the answer is what is checked.
  'localhost',
  '127.1',
  '2130706433',
  '0x7f000001',
];
const authority = (host: string, port: number) => (net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`);

function socksTo(host: string, port: number, socksPort = gateway.socksPort) {
  return SocksClient.createConnection({
    command: 'connect',
    destination: { host, port },
    proxy: { host: '127.0.0.1', port: socksPort, type: 5, userId: alice.user, password: alice.pass },
    timeout: 5_000,
  });
}

/** A plain forward request for an absolute URL to `host:port`; the status and body the proxy answers. */
function forwardTo(host: string, port: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = net.connect(gateway.httpPort, '127.0.0.1');
    const auth = Buffer.from(`${alice.user}:${alice.pass}`).toString('base64');
    const where = authority(host, port);
    let raw = '';
    socket.on('data', (c: Buffer) => (raw += c.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const end = raw.indexOf('\r\n\r\n');
      resolve({ status: Number(raw.slice(9, 12)), body: end === -1 ? '' : raw.slice(end + 4) });
    });
    socket.write(
      `GET http://${where}/ HTTP/1.1\r\nHost: ${where}\r\nProxy-Authorization: Basic ${auth}\r\nConnection: close\r\n\r\n`,
    );
  });
}

const failures = () => memory.reports.reduce((sum, r) => sum + r.failures, 0);

describe('destinations inside the network are refused', () => {
  it.each(INTERNAL)('%s: 403 on CONNECT and forwarding, reply 0x02 on SOCKS5, each a metered failure', async (host) => {
    await gateway.flush();
    const before = failures();

    const tunnel = await connectTunnel(gateway.httpPort, authority(host, 5432), alice);
    expect(tunnel.status).toBe(403);
    expect(tunnel.reason).toMatch(/^Destination not allowed: /);

    const forward = await forwardTo(host, 6379);
    expect(forward.status).toBe(403);
    expect(forward.body).toMatch(/^Destination not allowed: /);

    await expect(socksTo(host, 5432)).rejects.toThrow(/NotAllowed/);

    await gateway.flush();
    expect(failures() - before).toBe(3);
  });

  it('names the reason: the range, or the name and what it resolved to', async () => {
    expect((await connectTunnel(gateway.httpPort, '169.254.169.254:80', alice)).reason).toBe(
      'Destination not allowed: 169.254.169.254 is a link-local address',
    );
    expect((await connectTunnel(gateway.httpPort, '[::ffff:127.0.0.1]:80', alice)).reason).toBe(
      'Destination not allowed: ::ffff:127.0.0.1 is a loopback address',
    );
    expect((await connectTunnel(gateway.httpPort, 'localhost:80', alice)).reason).toMatch(
      /^Destination not allowed: localhost resolves to (127\.0\.0\.1|::1) is a loopback address$/,
    );
  });
});

describe('what the operator allows', () => {
  it('lets an explicitly allowed internal target through on all three, and blocks listed ports', async () => {
    memory.setExits(allowingOrigin());
    await gateway.flush();
    expect((await getViaConnect(gateway.httpPort, origin.port, '/', alice)).status).toBe(200);
    expect((await getViaForward(gateway.httpPort, origin.port, '/', alice)).status).toBe(200);
    expect((await getViaSocks(gateway.socksPort, origin.port, '/', alice)).status).toBe(200);
    // Only that address: the rest of loopback stays closed.
    expect((await connectTunnel(gateway.httpPort, `127.0.0.2:${origin.port}`, alice)).status).toBe(403);

    memory.setExits({ ...allowingOrigin(), blockedPorts: [origin.port] });
    await gateway.flush();
    const blocked = await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, alice);
    expect(blocked.status).toBe(403);
    expect(blocked.reason).toBe(`Destination not allowed: port ${origin.port} is blocked on this proxy`);
    expect((await forwardTo('127.0.0.1', origin.port)).status).toBe(403);
    await expect(socksTo('127.0.0.1', origin.port)).rejects.toThrow(/NotAllowed/);

    memory.setExits({ exits: [{ type: '*', country: '*' }] });
    await gateway.flush();
    expect((await connectTunnel(gateway.httpPort, `127.0.0.1:${origin.port}`, alice)).status).toBe(403);
  });

  it('never lets a request loop back into the gateway, even where loopback is allowed', async () => {
    memory.setExits({ exits: [{ type: '*', country: '*' }], allowedTargets: ['127.0.0.0/8'] });
    await gateway.flush();
    for (const port of [gateway.httpPort, gateway.socksPort]) {
      const loop = await connectTunnel(gateway.httpPort, `127.0.0.1:${port}`, alice);
      expect(loop.status).toBe(403);
      expect(loop.reason).toBe(`Destination not allowed: 127.0.0.1:${port} is this proxy itself`);
    }
    memory.setExits({ exits: [{ type: '*', country: '*' }] });
    await gateway.flush();
  });
});

describe("the services sharing the gateway's host", () => {
  /** Stand-ins for the shop and its PostgreSQL on loopback: each answers any connection at once. */
  async function listener() {
    const server = net.createServer((socket) => socket.end('+OK service\r\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
  }

  it('refuses the shop, PostgreSQL and Redis on every local address, whatever GATEWAY_ALLOWED_TARGETS allows', async () => {
    const shop = await listener();
    const postgres = await listener();
    const node = await startTestGateway({
      store: memory.store,
      allowedTargets: ['127.0.0.1'],
      hostServices: [
        { name: 'the shop', port: shop.port },
        { name: 'PostgreSQL', port: postgres.port },
        { name: 'Redis', port: 6379 },
      ],
    });
    try {
      const shopTunnel = await connectTunnel(node.httpPort, `127.0.0.1:${shop.port}`, alice);
      expect(shopTunnel.status).toBe(403);
      expect(shopTunnel.reason).toBe(`Destination not allowed: 127.0.0.1:${shop.port} is the shop on this host`);
      const pgTunnel = await connectTunnel(node.httpPort, `127.0.0.1:${postgres.port}`, alice);
      expect(pgTunnel.status).toBe(403);
      expect(pgTunnel.reason).toBe(`Destination not allowed: 127.0.0.1:${postgres.port} is PostgreSQL on this host`);
      await expect(socksTo('127.0.0.1', postgres.port, node.socksPort)).rejects.toThrow(/NotAllowed/);
      // The allowed test origin, on another loopback port, still answers through the proxy.
      expect((await getViaConnect(node.httpPort, origin.port, '/', alice)).status).toBe(200);
    } finally {
      await node.close();
      shop.close();
      postgres.close();
    }
  });

  it("counts loopback, 0.0.0.0, ::, their mapped forms and the host's interface addresses as local", async () => {
    const egress = createEgress({ ownPorts: () => [8000], hostServices: () => [{ name: 'PostgreSQL', port: 5432 }] });
    egress.setRules({ allowedTargets: ['0.0.0.0/0', '::/0'], blockedPorts: [] });
    const interfaces = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
    const local = ['127.0.0.1', '127.9.9.9', '0.0.0.0', '::', '::1', '::ffff:127.0.0.1', '::ffff:0.0.0.0'];
    for (const address of [...local, ...interfaces.map((nic) => nic.address.replace(/%.*$/, ''))]) {
      expect(await egress.destination(address, 5432), address).toMatchObject({ ok: false, kind: 'refused' });
      expect(await egress.destination(address, 8000), address).toMatchObject({ ok: false, kind: 'refused' });
      expect(await egress.destination(address, 8001), address).toEqual({ ok: true, address });
    }
    // Elsewhere those ports are ordinary ones.
    expect(await egress.destination('10.1.2.3', 5432)).toEqual({ ok: true, address: '10.1.2.3' });
  });
});

describe('name resolution', () => {
  it('resolves a name once and dials that very answer, so a second answer (rebinding) is never used', async () => {
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    let asked = 0;
    const egress = createEgress({
      ownPorts: () => [],
      resolve: (async () => answers[asked++]!.map((address) => ({ address, family: 4 }))) as never,
    });
    egress.setRules({ allowedTargets: [], blockedPorts: [] });
    expect(await egress.destination('rebind.example', 443)).toEqual({ ok: true, address: '93.184.216.34' });
    expect(asked).toBe(1);
    expect(await egress.destination('rebind.example', 443)).toMatchObject({
      ok: false,
      kind: 'refused',
      reason: 'Destination not allowed: rebind.example resolves to 127.0.0.1 is a loopback address',
    });
  });

  it('takes a public answer of a name that also has internal ones, and refuses one with none', async () => {
    const egress = createEgress({
      ownPorts: () => [],
      resolve: (async (host: string) =>
        (host === 'mixed.example' ? ['10.0.0.5', '2001:4860:4860::8888'] : ['192.168.0.1']).map((address) => ({
          address,
          family: net.isIPv6(address) ? 6 : 4,
        }))) as never,
    });
    egress.setRules({ allowedTargets: [], blockedPorts: [] });
    expect(await egress.destination('mixed.example', 80)).toEqual({ ok: true, address: '2001:4860:4860::8888' });
    expect(await egress.destination('internal.example', 80)).toMatchObject({ ok: false, kind: 'refused' });
  });

  it('passes names on to an upstream exit, which resolves them in its own network, but not internal literals', async () => {
    const egress = createEgress({ ownPorts: () => [] });
    egress.setRules({ allowedTargets: [], blockedPorts: [25] });
    expect(await egress.destination('example.com', 443, true)).toEqual({ ok: true, address: 'example.com' });
    expect(await egress.destination('10.1.2.3', 443, true)).toMatchObject({ ok: false, kind: 'refused' });
    expect(await egress.destination('example.com', 25, true)).toMatchObject({ ok: false, kind: 'refused' });
  });
});
