import net, { type Socket } from 'node:net';
import type { ProxyOptions } from './proxy-options';
import type { Outbound } from './relay';
import { credentials, greeting, HandshakeInput, reply, request, SOCKS_REPLY, SocksError } from './socks-handshake';

const ERROR_REPLY: Record<string, number> = {
  ECONNREFUSED: SOCKS_REPLY.connectionRefused,
  ENOTFOUND: SOCKS_REPLY.hostUnreachable,
  EAI_AGAIN: SOCKS_REPLY.hostUnreachable,
  EHOSTUNREACH: SOCKS_REPLY.hostUnreachable,
  ENETUNREACH: SOCKS_REPLY.networkUnreachable,
  ETIMEDOUT: SOCKS_REPLY.ttlExpired,
};

const METHOD_CHOSEN_PASSWORD = Buffer.from([5, 0x02]);
const METHOD_CHOSEN_NONE = Buffer.from([5, 0x00]);
const NO_ACCEPTABLE_METHOD = Buffer.from([5, 0xff]);
const AUTH_OK = Buffer.from([1, 0]);
const AUTH_FAILED = Buffer.from([1, 1]);

/**
 * SOCKS5 proxy (RFC 1928, username/password per RFC 1929). Clients that offer username/password
 * authenticate with their proxy credentials; clients offering only "no authentication" are let
 * in when their source IP is on a subscription's whitelist. CONNECT only.
 */
export async function startSocksProxy(opts: ProxyOptions) {
  const sockets = new Set<Socket>();

  async function handshake(client: Socket) {
    const input = new HandshakeInput(client);
    const methods = await input.next(greeting);
    let who;
    if (methods.includes(0x02)) {
      client.write(METHOD_CHOSEN_PASSWORD);
      const { username, password } = await input.next(credentials);
      // RFC 1929: the authentication answer comes before the client sends its request.
      who = await opts.admit.identify(client, username, password);
      if (!who.ok) {
        client.end(AUTH_FAILED);
        return;
      }
      client.write(AUTH_OK);
    } else if (methods.includes(0x00)) {
      // No credentials: only a whitelisted source address gets in.
      who = await opts.admit.identify(client, '', '');
      if (!who.ok) {
        client.end(NO_ACCEPTABLE_METHOD);
        return;
      }
      client.write(METHOD_CHOSEN_NONE);
    } else {
      client.end(NO_ACCEPTABLE_METHOD);
      return;
    }

    const { command, host, port } = await input.next(request);
    input.release();
    if (command !== 1) throw new SocksError(SOCKS_REPLY.commandNotSupported);

    const admission = opts.admit.route(client, who);
    if (!admission.ok) {
      throw new SocksError(admission.kind === 'exit' ? SOCKS_REPLY.networkUnreachable : SOCKS_REPLY.notAllowed);
    }

    const destination = await opts.egress.destination(host, port, Boolean(admission.exit.upstream));
    if (!destination.ok) {
      opts.meter.failed(client);
      throw new SocksError(destination.kind === 'refused' ? SOCKS_REPLY.notAllowed : SOCKS_REPLY.hostUnreachable);
    }
    let target: Outbound;
    try {
      target = await opts.open(admission.exit, destination.address, port);
    } catch (error) {
      opts.meter.failed(client);
      throw new SocksError(ERROR_REPLY[(error as NodeJS.ErrnoException).code ?? ''] ?? SOCKS_REPLY.generalFailure);
    }
    if (client.destroyed) {
      target.socket.destroy();
      return;
    }
    opts.guard.established(client);
    target.relay(
      client,
      reply(SOCKS_REPLY.succeeded, target.socket.localAddress ?? '0.0.0.0', target.socket.localPort ?? 0),
    );
  }

  const server = net.createServer({ noDelay: true, pauseOnConnect: true }, (client) => {
    client.on('error', () => client.destroy());
    if (!opts.guard.accept(client)) {
      client.destroy();
      return;
    }
    opts.metrics.opened('socks');
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    handshake(client).catch((error: unknown) => {
      if (error instanceof SocksError && client.writable) client.end(reply(error.reply));
      else client.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  // Out of file descriptors, accept fails; the node keeps serving the connections it has.
  server.on('error', () => undefined);
  return {
    port: (server.address() as net.AddressInfo).port,
    clients: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
