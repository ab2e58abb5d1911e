import net, { type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { socketBudget } from '../src/connection-guard';
import type { Gateway, GatewayOptions } from '../src/gateway';
import { createMemoryStore } from '../src/memory-store';
import { allowingOrigin, connectTunnel, eventually, getViaSocks, startOrigin } from './loopback';
import { ALICE as alice, alicePlan, startTestGateway } from './memory-gateway';

// One customer held 500 idle tunnels on a bandwidth plan, and drip-fed SOCKS5 handshakes stayed
// open forever. Each limit below is what stops that, on a node small enough to reach it in a test.

let origin: Awaited<ReturnType<typeof startOrigin>>;
beforeAll(async () => void (origin = await startOrigin()));
afterAll(() => origin.close());

const running: Gateway[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(running.splice(0).map((g) => g.close()));
});

async function gatewayWith(options: Partial<GatewayOptions>) {
  const memory = createMemoryStore({
    subscriptions: [alicePlan({ remainingBytes: 10_000_000_000 })],
    exits: allowingOrigin(),
  });
  const gateway = await startTestGateway({
    store: memory.store,
    ...options,
  });
  running.push(gateway);
  return gateway;
}

const target = () => `127.0.0.1:${origin.port}`;
const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));

/** A raw connection from a chosen loopback source address, kept until the test ends. */
async function rawFrom(port: number, from: string) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  socket.on('error', () => undefined);
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** Writes `text` one byte every `everyMs`; resolves with how long the proxy let it go on. */
async function drip(port: number, text: string, everyMs: number) {
  const socket = await rawFrom(port, '127.0.0.1');
  const started = Date.now();
  const done = closed(socket);
  let i = 0;
  const timer = setInterval(() => socket.write(text[i++ % text.length]!), everyMs);
  await done;
  clearInterval(timer);
  return { lasted: Date.now() - started, sent: i };
}

describe('a bandwidth plan', () => {
  it('holds at most the per-plan number of connections; a slot frees when one closes', async () => {
    const gateway = await gatewayWith({ maxConnectionsPerPlan: 3 });
    const open = await Promise.all([1, 2, 3].map(() => connectTunnel(gateway.httpPort, target(), alice)));
    sockets.push(...open.map((t) => t.socket));
    expect(open.map((t) => t.status)).toEqual([200, 200, 200]);
    const extra = await connectTunnel(gateway.httpPort, target(), alice);
    expect(extra.status).toBe(429);
    expect(extra.reason).toBe('Connection limit reached (3)');
    await expect(getViaSocks(gateway.socksPort, origin.port, '/', alice)).rejects.toThrow(/NotAllowed/);
    open[0]!.socket.destroy();
    await eventually(async () => gateway.openConnections('sub-1') === 2, 2_000);
    expect((await connectTunnel(gateway.httpPort, target(), alice)).status).toBe(200);
  });
});

describe('before authentication', () => {
  it('refuses a source address over its limit at once and lets others in', async () => {
    const gateway = await gatewayWith({ limits: { perIp: 2 } });
    await rawFrom(gateway.socksPort, '127.0.0.5');
    await rawFrom(gateway.httpPort, '127.0.0.5');
    const third = await rawFrom(gateway.socksPort, '127.0.0.5');
    await closed(third);
    const other = await connectTunnel(gateway.httpPort, target(), alice);
    sockets.push(other.socket);
    expect(other.status).toBe(200);
  });

  it('cuts a SOCKS5 handshake dripped a byte at a time at the deadline, not at an idle timer', async () => {
    const gateway = await gatewayWith({ limits: { handshakeMs: 400 } });
    const greeting = '\u0005\u0001\u0002\u0001\u0007tgalice';
    const { lasted, sent } = await drip(gateway.socksPort, greeting, 50);
    expect(sent).toBeGreaterThan(4);
    expect(lasted).toBeGreaterThanOrEqual(350);
    expect(lasted).toBeLessThan(2_000);
    // A prompt client is not affected.
    expect((await getViaSocks(gateway.socksPort, origin.port, '/', alice)).status).toBe(200);
  });

  it('cuts an HTTP request head dripped a byte at a time at the deadline', async () => {
    const gateway = await gatewayWith({ limits: { handshakeMs: 400 } });
    const { lasted, sent } = await drip(gateway.httpPort, `CONNECT ${target()} HTTP/1.1\r\nHost: x\r\n`, 50);
    expect(sent).toBeGreaterThan(4);
    expect(lasted).toBeLessThan(2_000);
  });
});

describe('established connections', () => {
  it('closes an idle tunnel after the idle timeout and keeps a busy one', async () => {
    const gateway = await gatewayWith({ limits: { idleMs: 300 } });
    const idle = await connectTunnel(gateway.httpPort, target(), alice);
    const busy = await connectTunnel(gateway.httpPort, target(), alice);
    sockets.push(idle.socket, busy.socket);
    const idleClosed = closed(idle.socket);
    let busyClosed = false;
    busy.socket.once('close', () => (busyClosed = true));
    busy.socket.on('data', () => undefined);
    const started = Date.now();
    const keepBusy = setInterval(() => busy.socket.write('GET / HTTP/1.1\r\nHost: origin\r\n\r\n'), 100);
    await idleClosed;
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    clearInterval(keepBusy);
    expect(busyClosed).toBe(false);
  });
});

describe('file descriptors', () => {
  it('reads the process limit and keeps a reserve for the shop', () => {
    const limits = (n: string) => () =>
      `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${n}                 1048576              files\n`;
    expect(socketBudget(limits('1024'))).toBe(768);
    expect(socketBudget(limits('65536'))).toBe(52_429);
    expect(socketBudget(() => 'no such file')).toBe(768);
  });

  it('refuses new clients at the node budget while a server in the same process still answers', async () => {
    const gateway = await gatewayWith({ limits: { totalSockets: 6 } });
    const held = await Promise.all([1, 2, 3].map(() => connectTunnel(gateway.httpPort, target(), alice)));
    sockets.push(...held.map((t) => t.socket));
    expect(held.map((t) => t.status)).toEqual([200, 200, 200]);
    const refused = await rawFrom(gateway.socksPort, '127.0.0.1');
    await closed(refused);
    expect(gateway.clients()).toBe(3);
    const shop = await fetch(`http://127.0.0.1:${origin.port}/`);
    expect(await shop.text()).toBe('hello through the gateway');
    held[0]!.socket.destroy();
    await eventually(async () => gateway.clients() === 2, 2_000);
    const again = await connectTunnel(gateway.httpPort, target(), alice);
    sockets.push(again.socket);
    expect(again.status).toBe(200);
  });
});
