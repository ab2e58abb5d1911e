import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { Refused } from './admission';
import { readOpening } from './connect-head';
import { createForwarder, type ForwardRefusal } from './http-forward';
import type { ProxyOptions } from './proxy-options';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  407: 'Proxy Authentication Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  502: 'Bad Gateway',
};

/** A buffer, not a string: written as is, without encoding it again for every tunnel. */
const ESTABLISHED = Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n');

/** 407 keeps clients prompting for credentials; the body says why (wrong password, plan expired...). */
const STATUS_OF: Record<Refused['kind'], number> = { auth: 407, threads: 429, exit: 502, target: 400, forbidden: 403 };
const statusOf = (refused: Refused) => STATUS_OF[refused.kind];

function credentials(header: string | undefined): { username: string; password: string } {
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
 * HTTP proxy (ADR 007): CONNECT tunnels share the SOCKS5 relay and its fast direct path; plain
 * forwarding (absolute-URI requests) streams through per-connection keep-alive pools
 * (http-forward.ts). Admission, the egress check and metering are the same for both.
 *
 * A connection that opens with CONNECT is read by `readOpening` (ADR 054); every other one is
 * handed, with the bytes read so far, to Node's own HTTP server, which also serves a CONNECT that
 * follows forwarded requests on a kept-alive connection.
 */
export async function startHttpProxy(opts: ProxyOptions) {
  const sockets = new Set<Socket>();
  const server = http.createServer({ noDelay: true });
  const forward = createForwarder(opts, refuse, (kind) => STATUS_OF[kind]);

  async function tunnel(client: Socket, requested: string, proxyAuthorization: string | undefined, head: Buffer) {
    const authority = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(requested);
    if (!authority) return answer(client, 400, 'CONNECT needs host:port');
    const host = authority[1]!.replace(/^\[|\]$/g, '');
    const port = Number(authority[2]);
    const { username, password } = credentials(proxyAuthorization);
    const result = await opts.admit.admit(client, username, password);
    if (!result.ok) return answer(client, statusOf(result), result.reason);
    const destination = await opts.egress.destination(host, port, Boolean(result.exit.upstream));
    if (!destination.ok) {
      opts.meter.failed(client);
      return answer(client, destination.kind === 'refused' ? 403 : 502, destination.reason);
    }
    let target;
    try {
      target = await opts.open(result.exit, destination.address, port);
    } catch (error) {
      opts.meter.failed(client);
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return answer(client, 502, `Could not reach ${host}:${port} (${code})`);
    }
    if (client.destroyed) return target.socket.destroy();
    opts.guard.established(client);
    if (head.length) target.socket.write(head);
    target.relay(client, ESTABLISHED);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    forward(req, res, credentials(req.headers['proxy-authorization'])).catch(() => res.destroy());
  });
  server.on('connect', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    tunnel(socket, request.url ?? '', request.headers['proxy-authorization'], head).catch(() => socket.destroy());
  });
  // Node starts the checks of its headers and request timeouts when its server starts listening;
  // this one never listens itself (the front below does), so they are started here.
  server.emit('listening');

  /** Reads the client's first bytes until it is clear whether they open a CONNECT. */
  function open(client: Socket) {
    let received: Buffer = Buffer.alloc(0);
    const onError = () => client.destroy();
    const onData = (chunk: Buffer) => {
      received = received.length ? Buffer.concat([received, chunk]) : chunk;
      const opening = readOpening(received);
      if (!opening) return;
      client.off('data', onData);
      client.pause();
      if (opening.kind === 'connect') {
        const head = received.subarray(opening.used);
        tunnel(client, opening.authority, opening.proxyAuthorization, head).catch(() => client.destroy());
      } else if (opening.kind === 'bad') {
        answer(client, opening.status, 'Malformed CONNECT request');
      } else {
        client.off('error', onError);
        client.unshift(received);
        server.emit('connection', client);
        client.resume();
      }
    };
    client.on('error', onError);
    client.on('data', onData);
    client.resume();
  }

  const front = net.createServer({ noDelay: true, pauseOnConnect: true }, (client) => {
    if (!opts.guard.accept(client)) return void client.destroy();
    opts.metrics.opened('http');
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    open(client);
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(opts.port, opts.host, () => resolve());
  });
  // Out of file descriptors, accept fails; the node keeps serving the connections it has.
  front.on('error', () => undefined);
  return {
    port: (front.address() as AddressInfo).port,
    clients: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close();
        front.close(() => resolve());
      }),
  };
}
