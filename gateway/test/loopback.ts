import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { OwnServersInput } from '@tollgate/contract/proxies/own-servers';
import { SocksClient } from 'socks';

/**
 * A local origin: `/bytes/N` streams N bytes, `/echo-length` counts the request body, `/whoami`
 * answers the address the request came from (so tests can see which exit was used), anything else
 * says hello.
 */
export async function startOrigin() {
  const chunk = Buffer.alloc(64 * 1024, 120);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://origin');
    const bytes = url.pathname.match(/^\/bytes\/(\d+)$/);
    if (bytes) {
      let left = Number(bytes[1]);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(left) });
      const pump = () => {
        while (left > 0) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    if (url.pathname === '/echo-length') {
      let received = 0;
      req.on('data', (chunk: Buffer) => (received += chunk.length));
      return void req.on('end', () => res.end(`received ${received} bytes`));
    }
    if (url.pathname === '/whoami') return void res.end(req.socket.remoteAddress?.replace(/^::ffff:/, ''));
    res.end('hello through the gateway');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    server,
  };
}

/**
 * The gateway refuses loopback destinations (ADR 010); tests reach their local origin the way an
 * operator opens an internal range: by allowing exactly its address in the OwnServers setting.
 */
export const ORIGIN_ALLOWED = ['127.0.0.1/32'];
export const allowingOrigin = (
  servers: OwnServersInput = { exits: [{ type: '*', country: '*' }] },
): OwnServersInput => ({
  ...servers,
  allowedTargets: [...(servers.allowedTargets ?? []), ...ORIGIN_ALLOWED],
});

export interface Received {
  status: number;
  body: Buffer;
  /** Bytes the client socket sent and received, headers included: what the gateway should meter. */
  wireBytes: number;
}

const EXCHANGE_TIMEOUT_MS = 5_000;

/** Sends one HTTP/1.1 request on an open socket and reads until the server closes it. */
function exchange(socket: Socket, request: string): Promise<Received> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    const done = () => {
      const raw = Buffer.concat(chunks);
      const end = raw.indexOf('\r\n\r\n');
      const status = Number(raw.subarray(9, 12).toString()) || 0;
      resolve({
        status,
        body: end === -1 ? Buffer.alloc(0) : raw.subarray(end + 4),
        wireBytes: socket.bytesRead + socket.bytesWritten,
      });
    };
    socket.once('close', done);
    socket.on('error', () => undefined);
    // A stuck exchange ends as a failed one (status 0), so a polling test reaches its own deadline.
    socket.setTimeout(EXCHANGE_TIMEOUT_MS, () => socket.destroy());
    socket.write(request);
  });
}

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

export interface ClientOptions {
  user?: string;
  pass?: string;
  /** Source address to connect from (127.0.0.x), to play a client that is not whitelisted. */
  from?: string;
}

/** Opens a CONNECT tunnel; resolves with the proxy's status and, when 200, the tunnel socket. */
export function connectTunnel(proxyPort: number, target: string, opts: ClientOptions = {}) {
  return new Promise<{ status: number; reason: string; socket: Socket }>((resolve, reject) => {
    const socket = net.connect({
      port: proxyPort,
      host: '127.0.0.1',
      ...(opts.from ? { localAddress: opts.from } : {}),
    });
    const auth = opts.user !== undefined ? `Proxy-Authorization: ${basic(opts.user, opts.pass ?? '')}\r\n` : '';
    socket.once('error', reject);
    socket.setTimeout(EXCHANGE_TIMEOUT_MS, () => socket.destroy(new Error('no answer to CONNECT within 5 s')));
    socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`);
    let head = Buffer.alloc(0);
    const onData = (c: Buffer) => {
      head = Buffer.concat([head, c]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      const status = Number(head.subarray(9, 12).toString());
      const rest = head.subarray(end + 4);
      if (status !== 200) {
        // Error replies carry a body with the reason; read it to the end.
        socket.on('data', (more: Buffer) => (head = Buffer.concat([head, more])));
        socket.once('close', () => resolve({ status, reason: head.subarray(end + 4).toString(), socket }));
        return;
      }
      if (rest.length) socket.unshift(rest);
      socket.setTimeout(0);
      resolve({ status, reason: '', socket });
    };
    socket.on('data', onData);
  });
}

/** GET a path through a CONNECT tunnel. */
export async function getViaConnect(proxyPort: number, originPort: number, path: string, opts: ClientOptions = {}) {
  const tunnel = await connectTunnel(proxyPort, `127.0.0.1:${originPort}`, opts);
  if (tunnel.status !== 200) return { status: tunnel.status, body: Buffer.from(tunnel.reason), wireBytes: 0 };
  return exchange(tunnel.socket, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
}

/** GET through the proxy as a plain forward request (absolute URL). */
export function getViaForward(proxyPort: number, originPort: number, path: string, opts: ClientOptions = {}) {
  const socket = net.connect({ port: proxyPort, host: '127.0.0.1', ...(opts.from ? { localAddress: opts.from } : {}) });
  const auth = opts.user !== undefined ? `Proxy-Authorization: ${basic(opts.user, opts.pass ?? '')}\r\n` : '';
  return exchange(
    socket,
    `GET http://127.0.0.1:${originPort}${path} HTTP/1.1\r\nHost: 127.0.0.1:${originPort}\r\n${auth}Connection: close\r\n\r\n`,
  );
}

/** GET through SOCKS5 with the `socks` client library; rejects with its error on a refusal. */
export async function getViaSocks(socksPort: number, originPort: number, path: string, opts: ClientOptions = {}) {
  const { socket } = await SocksClient.createConnection({
    command: 'connect',
    destination: { host: '127.0.0.1', port: originPort },
    proxy: {
      host: '127.0.0.1',
      port: socksPort,
      type: 5,
      ...(opts.user !== undefined ? { userId: opts.user, password: opts.pass ?? '' } : {}),
    },
    // The library fills in the proxy's host and port; only the source address is ours.
    ...(opts.from ? { socket_options: { localAddress: opts.from, port: socksPort } } : {}),
    timeout: 5_000,
  });
  return exchange(socket, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
}

/** Polls `check` until it holds (for effects that apply within a bound, e.g. cache expiry). */
export async function eventually<T>(check: () => Promise<T | false>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const result = await check();
    if (result !== false) return result;
    if (Date.now() > deadline) throw new Error(`condition not met within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
