import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../src/gateway';
import { createMemoryStore } from '../src/memory-store';
import { allowingOrigin, startOrigin } from './loopback';

// SOCKS5 clients differ in how they put the handshake on the wire: some send each message as it
// is due, some write field by field, some batch the request (or even the first payload) behind
// the credentials. The gateway must read them all the same way.

let origin: Awaited<ReturnType<typeof startOrigin>>;
let gateway: Gateway;
beforeAll(async () => {
  origin = await startOrigin();
  const memory = createMemoryStore({
    subscriptions: [
      {
        subscriptionId: 'sub-1',
        user: 'tgalice',
        password: 'right-password',
        planType: 'datacenter',
        threads: 0,
        remainingBytes: null,
        whitelist: [],
      },
    ],
    exits: allowingOrigin(),
  });
  gateway = await startGateway({ store: memory.store, host: '127.0.0.1', httpPort: 0, socksPort: 0 });
});
afterAll(async () => {
  await gateway.close();
  await origin.close();
});

const bytes = (...parts: (number[] | string | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
const port16 = (port: number) => [port >> 8, port & 0xff];
const auth = (user: string, pass: string) => bytes([1, user.length], user, [pass.length], pass);
const httpGet = () => `GET / HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n`;

/** Writes each piece after the previous one reached the wire, then collects everything until close. */
async function exchange(pieces: Buffer[]): Promise<Buffer> {
  const socket = net.connect(gateway.socksPort, '127.0.0.1');
  socket.setNoDelay(true);
  const received: Buffer[] = [];
  socket.on('data', (chunk) => received.push(chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  for (const piece of pieces) {
    await new Promise<void>((resolve) => socket.write(piece, () => resolve()));
    await new Promise((resolve) => setImmediate(resolve));
  }
  await closed;
  return Buffer.concat(received);
}

describe('SOCKS5 handshake on the wire', () => {
  it('reads a handshake written one byte at a time', async () => {
    const all = bytes(
      [5, 1, 2],
      auth('tgalice', 'right-password'),
      [5, 1, 0, 1, 127, 0, 0, 1],
      port16(origin.port),
      httpGet(),
    );
    const handshakeLength = all.length - httpGet().length;
    const pieces = [...all.subarray(0, handshakeLength)].map((b) => Buffer.from([b]));
    const answer = await exchange([...pieces, Buffer.from(httpGet())]);
    // method choice, auth ok, 10-byte reply, then the origin's answer
    expect([...answer.subarray(0, 5)]).toEqual([5, 2, 1, 0, 5]);
    expect(answer[5]).toBe(0);
    expect(answer.subarray(14).toString()).toContain('hello through the gateway');
  });

  it('reads credentials, request and the first payload sent in one write', async () => {
    const answer = await exchange([
      bytes([5, 1, 2]),
      bytes(auth('tgalice', 'right-password'), [5, 1, 0, 3, 9], 'localhost', port16(origin.port), httpGet()),
    ]);
    expect([...answer.subarray(0, 6)]).toEqual([5, 2, 1, 0, 5, 0]);
    expect(answer.toString('latin1')).toContain('hello through the gateway');
  });

  it('holds back a client that streams megabytes behind its request, then relays all of it', async () => {
    const body = Buffer.alloc(4 * 1024 * 1024, 97);
    const post = Buffer.concat([
      Buffer.from(
        `POST /echo-length HTTP/1.1\r\nHost: origin\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      ),
      body,
    ]);
    const answer = await exchange([
      bytes([5, 1, 2]),
      bytes(auth('tgalice', 'right-password'), [5, 1, 0, 1, 127, 0, 0, 1], port16(origin.port), post),
    ]);
    expect([...answer.subarray(0, 6)]).toEqual([5, 2, 1, 0, 5, 0]);
    expect(answer.toString('latin1')).toContain(`received ${body.length} bytes`);
  });

  it('answers "address type not supported" for an unknown address type', async () => {
    const answer = await exchange([bytes([5, 1, 2]), auth('tgalice', 'right-password'), bytes([5, 1, 0, 9, 1, 2])]);
    expect([...answer.subarray(0, 6)]).toEqual([5, 2, 1, 0, 5, 8]);
  });

  it('refuses a request with a wrong version byte instead of reading it as SOCKS5', async () => {
    const answer = await exchange([
      bytes([5, 1, 2]),
      auth('tgalice', 'right-password'),
      bytes([4, 1, 0, 1, 127, 0, 0, 1], port16(origin.port), httpGet()),
    ]);
    expect([...answer]).toEqual([5, 2, 1, 0, 5, 1, 0, 1, 0, 0, 0, 0, 0, 0]);
  });

  it('refuses a request for an empty domain name', async () => {
    const answer = await exchange([
      bytes([5, 1, 2]),
      auth('tgalice', 'right-password'),
      bytes([5, 1, 0, 3, 0], port16(origin.port), httpGet()),
    ]);
    expect([...answer]).toEqual([5, 2, 1, 0, 5, 1, 0, 1, 0, 0, 0, 0, 0, 0]);
  });

  it('answers "command not supported" for BIND', async () => {
    const answer = await exchange([
      bytes([5, 1, 2]),
      auth('tgalice', 'right-password'),
      bytes([5, 2, 0, 1, 127, 0, 0, 1], port16(origin.port)),
    ]);
    expect([...answer.subarray(0, 6)]).toEqual([5, 2, 1, 0, 5, 7]);
  });

  it('refuses wrong credentials with the RFC 1929 failure status and closes', async () => {
    const answer = await exchange([bytes([5, 1, 2]), auth('tgalice', 'wrong')]);
    expect([...answer]).toEqual([5, 2, 1, 1]);
  });

  it('closes on a client that is not speaking SOCKS5', async () => {
    const answer = await exchange([Buffer.from('GET / HTTP/1.1\r\n\r\n')]);
    expect(answer.length).toBe(0);
  });
});
