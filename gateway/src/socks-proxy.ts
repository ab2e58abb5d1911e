import net, { type Socket } from 'node:net';
import type { Admit } from './admission';
import type { Meter } from './meter';
import { openThroughExit, type Outbound } from './relay';

/** RFC 1928 reply codes. */
export const SOCKS_REPLY = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowed: 0x02,
  networkUnreachable: 0x03,
  hostUnreachable: 0x04,
  connectionRefused: 0x05,
  ttlExpired: 0x06,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

const HANDSHAKE_TIMEOUT_MS = 10_000;

const ERROR_REPLY: Record<string, number> = {
  ECONNREFUSED: SOCKS_REPLY.connectionRefused,
  ENOTFOUND: SOCKS_REPLY.hostUnreachable,
  EAI_AGAIN: SOCKS_REPLY.hostUnreachable,
  EHOSTUNREACH: SOCKS_REPLY.hostUnreachable,
  ENETUNREACH: SOCKS_REPLY.networkUnreachable,
  ETIMEDOUT: SOCKS_REPLY.ttlExpired,
};

class SocksError extends Error {
  constructor(readonly reply: number) {
    super(`socks reply ${reply}`);
  }
}

/** Reads exactly `n` bytes from a paused socket during the handshake. */
function reader(socket: Socket) {
  return (n: number) =>
    new Promise<Buffer>((resolve, reject) => {
      const attempt = () => {
        const chunk = socket.read(n) as Buffer | null;
        if (chunk === null) return false;
        cleanup();
        if (chunk.length < n) reject(new Error('short read'));
        else resolve(chunk);
        return true;
      };
      const onEnd = () => {
        cleanup();
        reject(new Error('closed during handshake'));
      };
      const cleanup = () => {
        socket.off('readable', attempt);
        socket.off('end', onEnd);
        socket.off('close', onEnd);
      };
      socket.on('readable', attempt);
      socket.once('end', onEnd);
      socket.once('close', onEnd);
      attempt();
    });
}

const reply = (code: number, address = '0.0.0.0', port = 0) => {
  const v6 = net.isIPv6(address);
  const addr = v6
    ? ipv6Bytes(address)
    : Buffer.from((net.isIPv4(address) ? address : '0.0.0.0').split('.').map(Number));
  const tail = Buffer.alloc(2);
  tail.writeUInt16BE(port);
  return Buffer.concat([Buffer.from([5, code, 0, v6 ? 4 : 1]), addr, tail]);
};

function ipv6Bytes(ip: string): Buffer {
  const [head = '', tail] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g || '0', 16), i * 2));
  return out;
}

/**
 * SOCKS5 proxy (RFC 1928, username/password per RFC 1929). Clients that offer username/password
 * authenticate with their proxy credentials; clients offering only "no authentication" are let
 * in when their source IP is on a subscription's whitelist. CONNECT only.
 */
export async function startSocksProxy(opts: { host: string; port: number; admit: Admit; meter: Meter }) {
  const sockets = new Set<Socket>();

  async function handshake(client: Socket) {
    const read = reader(client);
    const [version, count] = await read(2);
    if (version !== 5 || !count) throw new Error('not socks5');
    const methods = await read(count);
    let who;
    if (methods.includes(0x02)) {
      client.write(Buffer.from([5, 0x02]));
      const [, ulen = 0] = await read(2);
      const username = ulen ? (await read(ulen)).toString() : '';
      const [plen = 0] = await read(1);
      const password = plen ? (await read(plen)).toString() : '';
      // RFC 1929: the authentication answer comes before the client sends its request.
      who = await opts.admit.identify(client, username, password);
      if (!who.ok) {
        client.end(Buffer.from([1, 1]));
        return;
      }
      client.write(Buffer.from([1, 0]));
    } else if (methods.includes(0x00)) {
      // No credentials: only a whitelisted source address gets in.
      who = await opts.admit.identify(client, '', '');
      if (!who.ok) {
        client.end(Buffer.from([5, 0xff]));
        return;
      }
      client.write(Buffer.from([5, 0x00]));
    } else {
      client.end(Buffer.from([5, 0xff]));
      return;
    }

    const [, command, , addressType] = await read(4);
    let host: string;
    if (addressType === 1) host = [...(await read(4))].join('.');
    else if (addressType === 3) host = (await read((await read(1))[0]!)).toString();
    else if (addressType === 4) {
      const b = await read(16);
      host = Array.from({ length: 8 }, (_, i) => b.readUInt16BE(i * 2).toString(16)).join(':');
    } else throw new SocksError(SOCKS_REPLY.addressTypeNotSupported);
    const port = (await read(2)).readUInt16BE();
    if (command !== 1) throw new SocksError(SOCKS_REPLY.commandNotSupported);

    const admission = opts.admit.route(client, who);
    if (!admission.ok) {
      throw new SocksError(admission.kind === 'exit' ? SOCKS_REPLY.networkUnreachable : SOCKS_REPLY.notAllowed);
    }

    let target: Outbound;
    try {
      target = await openThroughExit(admission.exit, host, port);
    } catch (error) {
      opts.meter.failed(client);
      throw new SocksError(ERROR_REPLY[(error as NodeJS.ErrnoException).code ?? ''] ?? SOCKS_REPLY.generalFailure);
    }
    if (client.destroyed) {
      target.socket.destroy();
      return;
    }
    client.setTimeout(0);
    client.write(reply(SOCKS_REPLY.succeeded, target.socket.localAddress ?? '0.0.0.0', target.socket.localPort ?? 0));
    target.relay(client);
  }

  const server = net.createServer({ noDelay: true, pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    client.setTimeout(HANDSHAKE_TIMEOUT_MS, () => client.destroy());
    handshake(client).catch((error: unknown) => {
      if (error instanceof SocksError && client.writable) client.end(reply(error.reply));
      else client.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
