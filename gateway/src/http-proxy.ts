import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Refused } from './admission';
import { createForwarder, type ForwardRefusal } from './http-forward';
import type { ProxyOptions } from './proxy-options';
import { openThroughExit } from './relay';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  407: 'Proxy Authentication Required',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
};

/** A buffer, not a string: written as is, without encoding it again for every tunnel. */
const ESTABLISHED = Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n');

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

/** A refusal to a plain forwarding request; 407 challenges for credentials and keeps the connection. */
function refuse(res: ServerResponse, { status, reason }: ForwardRefusal, keepOpen = false) {
  if (res.headersSent) return void res.destroy();
  const body = Buffer.from(reason);
  res.writeHead(status, STATUS_TEXT[status] ?? 'Error', {
    ...(status === 407 ? { 'Proxy-Authenticate': 'Basic realm="Tollgate"' } : {}),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    ...(keepOpen ? {} : { Connection: 'close' }),
  });
  res.end(body);
}

/**
 * HTTP proxy (ADR 007) on Node's own HTTP server: CONNECT tunnels share the SOCKS5 relay and its
 * fast direct path; plain forwarding (absolute-URI requests) streams through per-connection
 * keep-alive pools (http-forward.ts). Admission, the egress check and metering are the same for both.
 */
export async function startHttpProxy(opts: ProxyOptions) {
  const sockets = new Set<Socket>();
  const server = http.createServer({ noDelay: true });
  const forward = createForwarder(opts, refuse, (kind) => STATUS_OF[kind]);

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
    client.write(ESTABLISHED);
    if (head.length) target.socket.write(head);
    target.relay(client);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    forward(req, res, credentials(req)).catch(() => res.destroy());
  });
  server.on('connect', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    tunnel(request, socket, head).catch(() => socket.destroy());
  });
  server.on('connection', (socket: Socket) => {
    if (!opts.guard.accept(socket)) return void socket.destroy();
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  // Out of file descriptors, accept fails; the node keeps serving the connections it has.
  server.on('error', () => undefined);
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
