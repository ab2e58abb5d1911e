import net, { type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OWN_SERVERS } from '@tollgate/contract/proxies/own-servers';
import { type ExitChoice } from '../src/exits';
import { openThroughExit } from '../src/relay';
import { eventually } from './loopback';

// Tunnels read small answers through one buffer they all share (relay.ts). What a tunnel has
// read must stay its own while its client has not taken it yet, whatever other tunnels read next.

const direct: ExitChoice = { exit: DEFAULT_OWN_SERVERS.exits[0]!, country: '' };
const letters = ['A', 'B', 'C', 'D'];

/** Every socket the tests open, closed at the end so the servers can close. */
const sockets: Socket[] = [];
let origin: net.Server;
let originPort: number;
let pairs: net.Server;
beforeAll(async () => {
  // Answers the n-th connection with 1,000 bytes of the n-th letter, and keeps it open (an end
  // would uncork the client below).
  let n = 0;
  origin = net.createServer((socket) => {
    sockets.push(socket);
    socket.write(Buffer.alloc(1000, letters[n++ % letters.length]));
  });
  pairs = net.createServer();
  await Promise.all([origin, pairs].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  originPort = (origin.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all([origin, pairs].map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Two ends of one loopback connection: the gateway's side of a client, and the customer's. */
async function clientPair(): Promise<{ gatewaySide: Socket; customer: Socket }> {
  const accepted = new Promise<Socket>((resolve) => pairs.once('connection', resolve));
  const customer = net.connect((pairs.address() as AddressInfo).port, '127.0.0.1');
  const gatewaySide = await accepted;
  gatewaySide.pause();
  sockets.push(customer, gatewaySide);
  return { gatewaySide, customer };
}

const firstBytes = (socket: Socket, length: number) =>
  new Promise<string>((resolve) => {
    let got = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (got.length >= length) resolve(got.toString());
    });
  });

describe('direct tunnels', () => {
  it("keep each tunnel's bytes its own while their clients have not taken them yet", async () => {
    const tunnels = [];
    for (const letter of letters) {
      const outbound = await openThroughExit(direct, '127.0.0.1', originPort);
      const { gatewaySide, customer } = await clientPair();
      // A corked client holds what the tunnel writes in memory, as a slow client does.
      gatewaySide.cork();
      outbound.relay(gatewaySide);
      await eventually(async () => gatewaySide.writableLength >= 1000, 2_000);
      tunnels.push({ letter, gatewaySide, answer: firstBytes(customer, 1000) });
    }
    for (const { gatewaySide } of tunnels) gatewaySide.uncork();
    const answers = await Promise.all(tunnels.map((t) => t.answer));
    expect(answers).toEqual(tunnels.map((t) => t.letter.repeat(1000)));
  });
});
