import type { IncomingMessage } from 'node:http';
import net, { type Socket } from 'node:net';
import { RequestError, Server } from 'proxy-chain';
import type { Refused } from './admission';
import type { ProxyOptions } from './proxy-options';
import { openThroughExit } from './relay';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  407: 'Proxy Authentication Required',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
};

/** 407 keeps clients prompting for credentials; the body says why (wrong password, plan expired...). */
const STATUS_OF: Record<Refused['kind'], number> = { auth: 407, threads: 429, exit: 502, target: 400, forbidden: 403 };
const statusOf = (refused: Refused) => STATUS_OF[refused.kind];

function credentials(request: IncomingMessage): { username: string; password: string } {
  const header = request.headers['proxy-authorization'];
  const match = typeof header === 'string' ? /^basic\s+(\S+)$/i.exec(header.trim()) : null;
  if (!match) return { username: '', password: '' };
  const decoded = Buffer.from(match[1]!, 'base64').toString();
  const colon = decoded.indexOf(':');
  return colon === -1
    ? { username: decoded, password: '' }
    : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function answer(socket: Socket, status: number, reason: string) {
  if (!socket.writable) return;
  const body = Buffer.from(reason);
  const auth = status === 407 ? 'Proxy-Authenticate: Basic realm="Tollgate"\r\n' : '';
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n${auth}Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${reason}`,
  );
}

/**
 * HTTP proxy (ADR 007). CONNECT tunnels are ours: they share the SOCKS5 relay and its fast direct
 * path. Plain forwarding (absolute-URI requests) goes through proxy-chain, which handles hop-by-hop
 * headers, local binds and upstream chaining; admission and metering are ours in both cases.
 */
export async function startHttpProxy(opts: ProxyOptions) {
  const server = new Server({
    host: opts.host,
    port: opts.port,
    authRealm: 'Tollgate',
    verbose: false,
    prepareRequestFunction: async ({ request, username, password, hostname, port }) => {
      const result = await opts.admit.admit(request.socket, username, password);
      if (!result.ok) {
        if (result.kind === 'auth') return { requestAuthentication: true, failMsg: result.reason };
        throw new RequestError(result.reason, statusOf(result));
      }
      const { upstream, localAddress } = result.exit;
      const destination = await opts.egress.destination(hostname, port, Boolean(upstream));
      if (!destination.ok) {
        opts.meter.failed(request.socket);
        throw new RequestError(destination.reason, destination.kind === 'refused' ? 403 : 502);
      }
      opts.guard.established(request.socket);
      // The request goes to the address just checked, never to a second answer for the name.
      const pinned = destination.address;
      const dnsLookup = upstream
        ? undefined
        : (_host: string, options: { all?: boolean }, done: (...args: unknown[]) => void) => {
            const family = net.isIPv6(pinned) ? 6 : 4;
            if (options.all) done(null, [{ address: pinned, family }]);
            else done(null, pinned, family);
          };
      return {
        upstreamProxyUrl: upstream ?? null,
        ...(localAddress ? { localAddress } : {}),
        ...(dnsLookup ? { dnsLookup: dnsLookup as never } : {}),
      };
    },
  });
  server.on('requestFailed', ({ request }) => opts.meter.failed(request.socket));

  async function tunnel(request: IncomingMessage, client: Socket, head: Buffer) {
    client.on('error', () => client.destroy());
    const authority = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(request.url ?? '');
    if (!authority) return answer(client, 400, 'CONNECT needs host:port');
    const host = authority[1]!.replace(/^\[|\]$/g, '');
    const port = Number(authority[2]);
    const { username, password } = credentials(request);
    const result = await opts.admit.admit(client, username, password);
    if (!result.ok) return answer(client, statusOf(result), result.reason);
    const destination = await opts.egress.destination(host, port, Boolean(result.exit.upstream));
    if (!destination.ok) {
      opts.meter.failed(client);
      return answer(client, destination.kind === 'refused' ? 403 : 502, destination.reason);
    }
    let target;
    try {
      target = await openThroughExit(result.exit, destination.address, port);
    } catch (error) {
      opts.meter.failed(client);
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return answer(client, 502, `Could not reach ${host}:${port} (${code})`);
    }
    if (client.destroyed) return target.socket.destroy();
    opts.guard.established(client);
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) target.socket.write(head);
    target.relay(client);
  }

  // proxy-chain registers its own CONNECT handler; tunnels are ours (see above).
  server.server.removeAllListeners('connect');
  server.server.on('connect', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    tunnel(request, socket, head).catch(() => socket.destroy());
  });
  server.server.on('connection', (socket: Socket) => {
    if (!opts.guard.accept(socket)) socket.destroy();
  });
  await server.listen();
  server.server.on('error', () => undefined);
  return {
    port: server.port,
    close: () => server.close(true),
  };
}
