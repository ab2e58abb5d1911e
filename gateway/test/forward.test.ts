import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { createMemoryStore, type MemorySubscription } from '../src/memory-store';
import { allowingOrigin, getViaForward } from './loopback';
import { startTestGateway } from './memory-gateway';

// Plain forwarding (GET http://... through the HTTP port) as a scraper uses it: several requests on
// one kept-alive connection, against an origin that records what reached it and on which socket.

interface Seen {
  port: number;
  method: string;
  url: string;
  rawHeaders: string[];
  bodyBytes: number;
}
let seen: Seen[] = [];
/** Arrivals and answers in the order they happened, across both origins. */
let events: string[] = [];
let origin: http.Server;
let originPort: number;
/** A second origin on another port: another destination for the same client connection. */
let other: http.Server;
let otherPort: number;

beforeAll(async () => {
  const handler: http.RequestListener = (req, res) => {
    let bodyBytes = 0;
    req.on('data', (c: Buffer) => (bodyBytes += c.length));
    req.on('end', () => {
      seen.push({
        port: req.socket.remotePort ?? 0,
        method: req.method ?? '',
        url: req.url ?? '',
        rawHeaders: req.rawHeaders,
        bodyBytes,
      });
      events.push(`arrived ${req.url}`);
      if (req.url === '/slow') {
        return void setTimeout(() => {
          events.push(`answered ${req.url}`);
          res.end('slow');
        }, 150);
      }
      const size = /^\/bytes\/(\d+)$/.exec(req.url ?? '');
      if (size) {
        res.setHeader('Content-Length', size[1]!);
        return void res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(Number(size[1]), 97));
      }
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.setHeader('Connection', 'keep-alive, X-Internal');
      res.setHeader('X-Internal', 'origin-only');
      res.end(`received ${bodyBytes} bytes`);
    });
  };
  origin = http.createServer(handler);
  other = http.createServer(handler);
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as AddressInfo).port;
  otherPort = (other.address() as AddressInfo).port;
});
afterAll(() => Promise.all([origin, other].map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));
beforeEach(() => void ((seen = []), (events = [])));

const running: Gateway[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((g) => g.close()))));

const plan = (id: string, user: string, over: Partial<MemorySubscription> = {}): MemorySubscription => ({
  subscriptionId: id,
  user,
  password: `${user}-password`,
  planType: 'residential',
  threads: 0,
  remainingBytes: null,
  whitelist: [],
  ...over,
});

async function gatewayWith(subs: MemorySubscription[], upstream?: string) {
  const exits = upstream ? allowingOrigin({ exits: [{ type: '*', country: '*', upstream }] }) : allowingOrigin();
  const memory = createMemoryStore({ subscriptions: subs, exits });
  const gateway = await startTestGateway({ store: memory.store });
  running.push(gateway);
  return { memory, gateway };
}

const auth = (user: string) =>
  `Proxy-Authorization: Basic ${Buffer.from(`${user}:${user}-password`).toString('base64')}\r\n`;

interface Answer {
  status: number;
  head: string;
  body: Buffer;
}

/** A client connection to the proxy that sends requests one after another and reads each answer. */
async function proxyClient(port: number) {
  const socket: Socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let buffered = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  let closed = false;
  socket.on('data', (c: Buffer) => ((buffered = Buffer.concat([buffered, c])), wake?.()));
  socket.on('close', () => ((closed = true), wake?.()));
  socket.on('error', () => undefined);
  const more = () => {
    if (closed) throw new Error(`connection closed; had ${buffered.toString('latin1').slice(0, 200)}`);
    return new Promise<void>((resolve) => (wake = resolve));
  };
  return {
    socket,
    async send(request: string): Promise<Answer> {
      socket.write(request);
      let end: number;
      while ((end = buffered.indexOf('\r\n\r\n')) === -1) await more();
      const head = buffered.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      while (buffered.length < end + 4 + length) await more();
      const body = buffered.subarray(end + 4, end + 4 + length);
      buffered = buffered.subarray(end + 4 + length);
      return { status: Number(head.slice(9, 12)), head, body };
    },
    /** For a HEAD request: the answer's head alone, as no body follows whatever its length says. */
    async head(request: string): Promise<string> {
      socket.write(request);
      let end: number;
      while ((end = buffered.indexOf('\r\n\r\n')) === -1) await more();
      const head = buffered.subarray(0, end + 4).toString('latin1');
      buffered = buffered.subarray(end + 4);
      return head;
    },
    wireBytes: () => socket.bytesRead + socket.bytesWritten,
    close: () => new Promise((resolve) => (socket.once('close', resolve), socket.end())),
  };
}

const get = (path: string, user: string, extra = '') =>
  `GET http://127.0.0.1:${originPort}${path} HTTP/1.1\r\nHost: 127.0.0.1:${originPort}\r\n${auth(user)}${extra}\r\n`;

describe('plain forwarding', () => {
  it("keeps one origin connection for a client's requests and meters them within 1 %", async () => {
    const { gateway, memory } = await gatewayWith([plan('sub-a', 'tgalice')]);
    const client = await proxyClient(gateway.httpPort);
    for (let i = 0; i < 3; i++) {
      const answer = await client.send(get('/bytes/300000', 'tgalice'));
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBe(300_000);
    }
    expect(new Set(seen.map((s) => s.port)).size).toBe(1);
    const onWire = client.wireBytes();
    await client.close();
    await gateway.flush();
    expect(Math.abs(memory.reportedBytes('sub-a') - onWire) / onWire).toBeLessThan(0.01);
    expect(memory.reports.reduce((sum, r) => sum + r.requests, 0)).toBe(3);
  });

  it('never lends an origin connection to another customer, and meters each to its own plan', async () => {
    const { gateway, memory } = await gatewayWith([plan('sub-a', 'tgalice'), plan('sub-b', 'tgbob')]);
    const alice = await proxyClient(gateway.httpPort);
    expect((await alice.send(get('/bytes/1000', 'tgalice'))).status).toBe(200);
    const bob = await proxyClient(gateway.httpPort);
    expect((await bob.send(get('/bytes/200000', 'tgbob'))).status).toBe(200);
    expect((await alice.send(get('/bytes/1000', 'tgalice'))).status).toBe(200);
    expect(seen.map((s) => s.port)).toEqual([seen[0]!.port, seen[1]!.port, seen[0]!.port]);
    expect(seen[1]!.port).not.toBe(seen[0]!.port);
    const [aliceWire, bobWire] = [alice.wireBytes(), bob.wireBytes()];
    await Promise.all([alice.close(), bob.close()]);
    await gateway.flush();
    expect(Math.abs(memory.reportedBytes('sub-a') - aliceWire) / aliceWire).toBeLessThan(0.01);
    expect(Math.abs(memory.reportedBytes('sub-b') - bobWire) / bobWire).toBeLessThan(0.01);
  });

  it('checks the destination on every request of a kept-alive connection', async () => {
    const { gateway } = await gatewayWith([plan('sub-a', 'tgalice')]);
    const client = await proxyClient(gateway.httpPort);
    expect((await client.send(get('/bytes/10', 'tgalice'))).status).toBe(200);
    const refused = await client.send(
      `GET http://10.0.0.1:${originPort}/ HTTP/1.1\r\nHost: 10.0.0.1\r\n${auth('tgalice')}\r\n`,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.toString()).toMatch(/^Destination not allowed: 10\.0\.0\.1 is a private address/);
    expect(seen).toHaveLength(1);
  });

  it('passes end-to-end headers and never the proxy credentials or hop-by-hop headers', async () => {
    const { gateway } = await gatewayWith([plan('sub-a', 'tgalice')]);
    const client = await proxyClient(gateway.httpPort);
    const answer = await client.send(
      get(
        '/headers?x=1',
        'tgalice',
        'Proxy-Connection: keep-alive\r\nConnection: X-Hop\r\nX-Hop: secret\r\nTE: trailers\r\nX-Scraper: kept\r\n',
      ),
    );
    expect(answer.status).toBe(200);
    const names = seen[0]!.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    for (const hop of ['proxy-authorization', 'proxy-connection', 'x-hop', 'te']) expect(names).not.toContain(hop);
    expect(seen[0]!.url).toBe('/headers?x=1');
    expect(seen[0]!.rawHeaders).toEqual(
      expect.arrayContaining(['X-Scraper', 'kept', 'Host', `127.0.0.1:${originPort}`]),
    );
    expect(answer.head).toMatch(/\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n/i);
    expect(answer.head).not.toMatch(/x-internal/i);
  });

  it('refuses a request with both Content-Length and Transfer-Encoding and forwards nothing', async () => {
    const { gateway } = await gatewayWith([plan('sub-a', 'tgalice')]);
    const client = await proxyClient(gateway.httpPort);
    const smuggled = `GET http://127.0.0.1:${originPort}/smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    const answer = await client.send(
      `POST http://127.0.0.1:${originPort}/upload HTTP/1.1\r\nHost: 127.0.0.1:${originPort}\r\n${auth('tgalice')}` +
        `Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggled}`,
    );
    expect(answer.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(0);
  });

  it('streams a chunked upload to the origin framed again, so its length is never in doubt', async () => {
    const { gateway } = await gatewayWith([plan('sub-a', 'tgalice')]);
    const client = await proxyClient(gateway.httpPort);
    const piece = 'x'.repeat(50_000);
    const chunks = Array.from({ length: 20 }, () => `${piece.length.toString(16)}\r\n${piece}\r\n`).join('');
    const answer = await client.send(
      `GET http://127.0.0.1:${originPort}/upload HTTP/1.1\r\nHost: 127.0.0.1:${originPort}\r\n${auth('tgalice')}` +
        `Transfer-Encoding: chunked\r\n\r\n${chunks}0\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('received 1000000 bytes');
    expect(seen.map((s) => [s.method, s.bodyBytes])).toEqual([['GET', 1_000_000]]);
  });

  it('serves pipelined requests one at a time, so one connection never holds two origin connections', async () => {
    const { gateway } = await gatewayWith([plan('sub-a', 'tgalice')]);
    const client = await proxyClient(gateway.httpPort);
    const toOther = `GET http://127.0.0.1:${otherPort}/bytes/2 HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth('tgalice')}\r\n`;
    // Three requests in one write, the second to another origin, behind a slow first answer.
    const first = await client.send(get('/slow', 'tgalice') + toOther + get('/bytes/1', 'tgalice'));
    const rest = [await client.send(''), await client.send('')];
    expect([first, ...rest].map((a) => a.body.toString())).toEqual(['slow', 'aa', 'a']);
    expect(events).toEqual(['arrived /slow', 'answered /slow', 'arrived /bytes/2', 'arrived /bytes/1']);
  });

  it("answers HEAD with the origin's length and no body, and the connection carries on", async () => {
    const { gateway } = await gatewayWith([plan('sub-a', 'tgalice')]);
    const client = await proxyClient(gateway.httpPort);
    const head = await client.head(get('/bytes/1000', 'tgalice').replace(/^GET/, 'HEAD'));
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/\r\ncontent-length: 1000\r\n/i);
    expect((await client.send(get('/bytes/5', 'tgalice'))).body.toString()).toBe('aaaaa');
  });

  it('stops a plain forwarded download near the allowance of a bandwidth plan', async () => {
    const { gateway } = await gatewayWith([plan('sub-a', 'tgalice', { remainingBytes: 5_000_000 })]);
    const r = await getViaForward(gateway.httpPort, originPort, '/bytes/10000000', {
      user: 'tgalice',
      pass: 'tgalice-password',
    });
    expect(r.body.length).toBeGreaterThan(4_500_000);
    expect(r.body.length).toBeLessThan(5_300_000);
  });

  // Issue 37 item 8: a kept-alive connection that changes plan kept the first plan's write hook, so the
  // second plan's answers were cut to what the first had left and counted against it too.
  it('meters a kept-alive connection that changes plan by the plan it uses now, never the one before', async () => {
    const { gateway, memory } = await gatewayWith([
      plan('sub-a', 'tgalice', { remainingBytes: 3_000 }),
      plan('sub-b', 'tgbob', { remainingBytes: 10_000_000 }),
    ]);
    const client = await proxyClient(gateway.httpPort);
    expect((await client.send(get('/bytes/100', 'tgalice'))).body.length).toBe(100);
    const aliceWire = client.wireBytes();
    // A second connection of the small plan, which must not be cut by the other plan's traffic.
    const alice = await proxyClient(gateway.httpPort);
    expect((await alice.send(get('/bytes/10', 'tgalice'))).status).toBe(200);
    const aliceSecond = alice.wireBytes();

    const late = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the answer stopped short of 300,000 bytes')), 3_000),
    );
    const answer = await Promise.race([client.send(get('/bytes/300000', 'tgbob')), late]);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(300_000);
    expect((await alice.send(get('/bytes/10', 'tgalice'))).status).toBe(200);

    const bobWire = client.wireBytes() - aliceWire;
    const aliceTotal = aliceWire + alice.wireBytes();
    await Promise.all([client.close(), alice.close()]);
    await gateway.flush();
    expect(Math.abs(memory.reportedBytes('sub-b') - bobWire) / bobWire).toBeLessThan(0.01);
    // The request that switches plan is read while the socket is still the first plan's: its head
    // counts there, and nothing of the answer.
    const switchingHead = Buffer.byteLength(get('/bytes/300000', 'tgbob'));
    expect(memory.reportedBytes('sub-a')).toBeLessThanOrEqual(aliceTotal + switchingHead);
    expect(memory.reportedBytes('sub-a')).toBeGreaterThanOrEqual(aliceWire + aliceSecond);
  });

  it.each(['http', 'socks5'])('forwards through an exit chained to an upstream %s proxy', async (scheme) => {
    // Another gateway plays the upstream: it meters what our exit sent it under its own customer.
    const upstream = await gatewayWith([plan('sub-up', 'tgupstream')]);
    const port = scheme === 'http' ? upstream.gateway.httpPort : upstream.gateway.socksPort;
    const { gateway } = await gatewayWith(
      [plan('sub-a', 'tgalice')],
      `${scheme}://tgupstream:tgupstream-password@127.0.0.1:${port}`,
    );
    const client = await proxyClient(gateway.httpPort);
    const answer = await client.send(get('/bytes/5000', 'tgalice', 'X-Scraper: kept\r\n'));
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(5000);
    expect(seen).toHaveLength(1);
    const names = seen[0]!.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    expect(names).toContain('x-scraper');
    expect(names).not.toContain('proxy-authorization');
    await upstream.gateway.flush();
    expect(upstream.memory.reportedBytes('sub-up')).toBeGreaterThan(5000);
  });
});
