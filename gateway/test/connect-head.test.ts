import net, { type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readOpening } from '../src/connect-head';
import { startGateway, type Gateway } from '../src/gateway';
import { createMemoryStore } from '../src/memory-store';
import { allowingOrigin, startOrigin } from './loopback';

// The HTTP port reads a connection that opens with CONNECT itself and hands every other one to
// Node's HTTP server (ADR 007). These drive both through raw sockets, the way clients send them:
// split across packets, with the tunnel's first bytes right behind the head, malformed, oversized.

let origin: Awaited<ReturnType<typeof startOrigin>>;
beforeAll(async () => void (origin = await startOrigin()));
afterAll(() => origin.close());

const running: Gateway[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((g) => g.close()))));

async function gateway() {
  const memory = createMemoryStore({
    subscriptions: [
      {
        subscriptionId: 'sub',
        user: 'alice',
        password: 'alice-password',
        planType: 'residential',
        threads: 0,
        remainingBytes: null,
      },
    ],
    exits: allowingOrigin(),
  });
  const started = await startGateway({ store: memory.store, host: '127.0.0.1', httpPort: 0, socksPort: 0 });
  running.push(started);
  return { gateway: started, memory };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const AUTH = `Proxy-Authorization: ${basic('alice', 'alice-password')}\r\n`;
const target = () => `127.0.0.1:${origin.port}`;
const connectHead = (extra = AUTH) => `CONNECT ${target()} HTTP/1.1\r\nHost: ${target()}\r\n${extra}\r\n`;
const GET = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';

/** Sends `pieces` one write at a time and returns everything the proxy sent until it closed. */
async function converse(port: number, pieces: string[]): Promise<string> {
  const socket: Socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise((resolve) => socket.once('connect', resolve));
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => undefined);
  const closed = new Promise((resolve) => socket.once('close', resolve));
  for (const piece of pieces) {
    socket.write(piece);
    // Each piece its own packet, as a slow client's would be.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await closed;
  return Buffer.concat(chunks).toString('latin1');
}

const statusOf = (answer: string) => Number(answer.slice(9, 12));

describe('CONNECT read by the gateway itself', () => {
  it('tunnels a head that arrives in pieces, and relays the bytes sent right behind it', async () => {
    const { gateway: g } = await gateway();
    const head = connectHead();
    const pieces = [head.slice(0, 3), head.slice(3, 20), head.slice(20, -1), `${head.slice(-1)}${GET}`];
    const answer = await converse(g.httpPort, pieces);
    expect(answer.startsWith('HTTP/1.1 200 Connection Established\r\n\r\nHTTP/1.1 200 OK')).toBe(true);
    expect(answer).toContain('hello through the gateway');
  });

  it('passes bytes of any kind sent in the same packet as the head', async () => {
    const { gateway: g } = await gateway();
    const echo = net.createServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const port = (echo.address() as net.AddressInfo).port;
    const payload = Buffer.from([0x16, 0x03, 0x01, 0x0a, 0x00, 0x0d, 0x0a, 0x0a, 0xff]);
    const socket = net.connect(g.httpPort, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    socket.write(Buffer.concat([Buffer.from(`CONNECT 127.0.0.1:${port} HTTP/1.1\r\n${AUTH}\r\n`), payload]));
    const established = 'HTTP/1.1 200 Connection Established\r\n\r\n';
    const deadline = Date.now() + 5_000;
    while (Buffer.concat(received).length < established.length + payload.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    socket.destroy();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
    expect(Buffer.concat(received)).toEqual(Buffer.concat([Buffer.from(established), payload]));
  });

  it('takes the first Proxy-Authorization when a client repeats it', async () => {
    const { gateway: g } = await gateway();
    const wrongFirst = `Proxy-Authorization: ${basic('alice', 'wrong')}\r\n${AUTH}`;
    expect(statusOf(await converse(g.httpPort, [connectHead(wrongFirst)]))).toBe(407);
    const rightFirst = `${AUTH}Proxy-Authorization: ${basic('alice', 'wrong')}\r\n`;
    expect(statusOf(await converse(g.httpPort, [connectHead(rightFirst) + GET]))).toBe(200);
  });

  it.each([
    ['bare LF line ends', () => connectHead().replaceAll('\r\n', '\n')],
    ['a space before the colon', () => connectHead(`X-Test : 1\r\n${AUTH}`)],
    ['a control character in a value', () => connectHead(`X-Test: a\u0001b\r\n${AUTH}`)],
    ['a folded header line', () => connectHead(`X-Test: a\r\n  b\r\n${AUTH}`)],
    ['an unknown HTTP version', () => connectHead().replace('HTTP/1.1', 'HTTP/2.0')],
    ['no target', () => `CONNECT  HTTP/1.1\r\n${AUTH}\r\n`],
  ])('answers 400 to a head with %s and dials nothing', async (_, head) => {
    const { gateway: g, memory } = await gateway();
    const answer = await converse(g.httpPort, [head()]);
    expect(statusOf(answer)).toBe(400);
    expect(answer).toContain('Connection: close');
    expect(memory.lookups()).toBe(0);
  });

  it('answers 431 to a head longer than 16 KiB', async () => {
    const { gateway: g } = await gateway();
    const padding = `X-Padding: ${'a'.repeat(17 * 1024)}\r\n`;
    expect(statusOf(await converse(g.httpPort, [connectHead(padding)]))).toBe(431);
  });
});

describe("Node's server keeps the rest", () => {
  it('tunnels a CONNECT that follows a forwarded request on the same connection', async () => {
    const { gateway: g } = await gateway();
    const forward = `GET http://${target()}/ HTTP/1.1\r\nHost: ${target()}\r\n${AUTH}\r\n`;
    const answer = await converse(g.httpPort, [forward, connectHead() + GET]);
    const answers = answer.split('HTTP/1.1 ').slice(1);
    expect(answers.map((a) => a.slice(0, 3))).toEqual(['200', '200', '200']);
    expect(answer).toContain('200 Connection Established');
  });

  it('refuses a lowercase connect as Node does, with a 400', async () => {
    const { gateway: g } = await gateway();
    const answer = await converse(g.httpPort, [connectHead().replace('CONNECT', 'connect')]);
    expect(statusOf(answer)).toBe(400);
  });
});

describe('reading a head costs time in proportion to its length', () => {
  it('refuses a 16 KiB header line of blanks ending in a control byte at once, and trims blanks off a value', () => {
    const hostile = Buffer.from(`CONNECT a:1 HTTP/1.1\r\nX:${' \t'.repeat(8_000)}\x01\r\n\r\n`, 'latin1');
    const started = performance.now();
    expect(readOpening(hostile)).toEqual({ kind: 'bad', status: 400 });
    expect(performance.now() - started).toBeLessThan(50);
    const padded = Buffer.from('CONNECT a:1 HTTP/1.1\r\nProxy-Authorization: \t Basic abc \t \r\n\r\n', 'latin1');
    expect(readOpening(padded)).toMatchObject({ kind: 'connect', proxyAuthorization: 'Basic abc' });
  });
});
