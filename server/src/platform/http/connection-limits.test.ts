import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { trustedProxyMatcher } from './connection-limits';

const CAP = 5;
const PROMPTLY_MS = 2_000;

/** Waits for `event` on `emitter`, failing after `ms`. */
function next(emitter: NodeJS.EventEmitter, event: string, ms: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no ${event} within ${ms} ms`)), ms);
    emitter.once(event, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** `promise`, or a failure after `ms`. */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A raw connection from 127.0.0.1, connected; `closedAt` is set when the server ends it. */
async function idleSocket(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => {});
  // Reads what arrives (a 408 before the close), or the close itself would wait behind it.
  socket.resume();
  const state = { socket, openedAt: 0, closedAt: 0, closed: new Promise<void>((r) => socket.once('close', r)) };
  void state.closed.then(() => (state.closedAt = Date.now()));
  await next(socket, 'connect', PROMPTLY_MS, 'connect');
  state.openedAt = Date.now();
  return state;
}

/** One request on an open raw socket; resolves with the status line's code. */
function askOn(socket: net.Socket, path = '/healthz'): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
      if (text.length < end + 4 + length) return;
      socket.off('data', onData);
      resolve(Number(text.split(' ')[1]));
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('closed before answering')));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

const portOf = (server: TestServer) => Number(new URL(server.url).port);

describe('connections one client address may hold open', () => {
  let server: TestServer;
  /** The server's side of every accepted connection, in order. */
  const accepted: net.Socket[] = [];
  beforeAll(async () => {
    server = await createTestServer({
      env: { HTTP_MAX_CONNECTIONS_PER_IP: String(CAP) },
      beforeListen: (app) => void app.server.on('connection', (s: net.Socket) => accepted.push(s)),
    });
  });
  afterAll(() => server.close());

  it('closes connections above the cap at once, keeps those below it, and serves again once they are freed', async () => {
    const port = portOf(server);
    const held = [];
    const extra = [];
    try {
      for (let i = 0; i < CAP; i++) held.push(await idleSocket(port));
      extra.push(...(await Promise.all([1, 2, 3].map(() => idleSocket(port)))));
      await Promise.all(extra.map((e) => withinMs(e.closed, PROMPTLY_MS)));
      for (const e of extra) expect(e.closedAt - e.openedAt).toBeLessThan(PROMPTLY_MS);
      // While the address is at its cap, a new connection of a normal client is refused as well...
      await expect(server.request('GET', '/healthz')).rejects.toThrow();
      // ...and the held ones still work.
      expect(await askOn(held[0]!.socket)).toBe(200);
    } finally {
      for (const s of [...held, ...extra]) s.socket.destroy();
    }
    // Once the server has seen them go, the address may connect again.
    await Promise.all(
      accepted.slice(0, CAP).map((s) => (s.closed ? undefined : next(s, 'close', PROMPTLY_MS, 'freed'))),
    );
    const res = await server.request('GET', '/healthz');
    expect(res.status).toBe(200);
  });
});

describe('connections through a trusted reverse proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ env: { HTTP_MAX_CONNECTIONS_PER_IP: '2', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => server.close());

  it('are not capped: every client arrives from the proxy address', async () => {
    const port = portOf(server);
    const sockets = [];
    try {
      for (let i = 0; i < 6; i++) sockets.push(await idleSocket(port));
      // Each answers: none was closed at accept.
      expect(await Promise.all(sockets.map((s) => askOn(s.socket)))).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      for (const s of sockets) s.socket.destroy();
    }
  });
});

describe('idle connections', () => {
  let server: TestServer;
  beforeAll(async () => void (server = await createTestServer()));
  afterAll(() => server.close());

  it('are closed within seconds: one that never sends a request, and a keep-alive one after its answer', async () => {
    const port = portOf(server);
    const silent = await idleSocket(port);
    const kept = await idleSocket(port);
    expect(await askOn(kept.socket)).toBe(200);
    const answeredAt = Date.now();
    try {
      await Promise.all([silent.closed, kept.closed].map((c) => withinMs(c, 15_000)));
    } finally {
      silent.socket.destroy();
      kept.socket.destroy();
    }
    // Before: about 60-90 s for the silent one (Node's headers timeout, checked every 30 s) and 72 s
    // for the kept one (Fastify's default keep-alive).
    expect(silent.closedAt - silent.openedAt).toBeLessThan(12_500);
    expect(kept.closedAt - answeredAt).toBeLessThan(7_500);
    expect(kept.closedAt - answeredAt).toBeGreaterThan(3_000);
  }, 20_000);
});

describe('trusted proxy addresses', () => {
  it('match TRUST_PROXY as Fastify reads it: addresses, CIDRs, masks, names, IPv4 seen through IPv6', () => {
    const trusted = trustedProxyMatcher('10.0.0.2, 192.168.1.0/24, 172.16.0.0/255.240.0.0, loopback, fd00::/8');
    for (const a of ['10.0.0.2', '192.168.1.77', '172.20.3.4', '127.0.0.1', '::1', '::ffff:10.0.0.2', 'fd12::1'])
      expect(trusted(a), a).toBe(true);
    for (const a of ['10.0.0.3', '192.168.2.1', '172.32.0.1', '203.0.113.9', '2001:db8::1'])
      expect(trusted(a), a).toBe(false);
    expect(trustedProxyMatcher(false)('127.0.0.1')).toBe(false);
    expect(trustedProxyMatcher(true)('203.0.113.9')).toBe(true);
  });
});
