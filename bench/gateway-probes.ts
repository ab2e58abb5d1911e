// Raw-socket clients of the gateway bench: downloads with curl, and Node clients that speak HTTP
// CONNECT and SOCKS5 by hand to time connection setup and to hold idle tunnels.
import { execFile } from 'node:child_process';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';

export interface Credentials {
  user: string;
  password: string;
}

/** How a client reaches the origin: straight, or through a proxy on a loopback port. */
export type Route =
  | { kind: 'direct' }
  | { kind: 'connect' | 'forward'; port: number; credentials: Credentials }
  | { kind: 'socks5'; port: number; credentials: Credentials };

export interface Download {
  bytesPerSecond: number;
  bytes: number;
}

const run = promisify(execFile);

/** One download with curl (a C client, so the client is not what is measured). */
export async function curlDownload(route: Route, url: string): Promise<Download> {
  const args = ['-sS', '-o', '/dev/null', '--max-time', '120', '-w', '%{http_code} %{size_download} %{speed_download}'];
  if (route.kind !== 'direct') {
    const { user, password } = route.credentials;
    const scheme = route.kind === 'socks5' ? 'socks5h' : 'http';
    args.push('-x', `${scheme}://${user}:${password}@127.0.0.1:${route.port}`);
    // With an http:// target, --proxytunnel makes curl tunnel through CONNECT instead of forwarding.
    if (route.kind === 'connect') args.push('--proxytunnel');
  }
  const { stdout } = await run('curl', [...args, url]);
  const [status, bytes, speed] = stdout.trim().split(' ').map(Number);
  if (status !== 200) throw new Error(`curl ${args.join(' ')} ${url}: HTTP ${status}`);
  return { bytes: bytes!, bytesPerSecond: speed! };
}

/** A socket's input, buffered so a handshake can wait for n bytes or for a delimiter. */
class Input {
  private buffer: Buffer = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private failure: Error | null = null;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', this.onData);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
  }

  private onData = (chunk: Buffer) => {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    this.wake?.();
  };
  private onError = (error: Error) => {
    this.failure ??= error;
    this.wake?.();
  };
  private onClose = () => {
    this.failure ??= new Error('the connection closed during the exchange');
    this.wake?.();
  };

  private async more() {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = null;
    if (this.failure) throw this.failure;
  }

  async bytes(n: number): Promise<Buffer> {
    while (this.buffer.length < n) await this.more();
    const head = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return head;
  }

  async through(delimiter: string): Promise<string> {
    let end: number;
    while ((end = this.buffer.indexOf(delimiter)) < 0) await this.more();
    return this.bytes(end + delimiter.length).then((b) => b.toString('latin1'));
  }

  /** Stops buffering; the socket keeps a no-op error listener so a late reset cannot crash us. */
  release() {
    this.socket.off('data', this.onData);
    this.socket.off('close', this.onClose);
    this.socket.off('error', this.onError);
    this.socket.on('error', () => {});
  }
}

/** Connects along the route; resolves once bytes written reach the target (handshake done). */
async function open(
  route: Route,
  target: { host: string; port: number },
): Promise<{ socket: net.Socket; input: Input }> {
  const socket = net.connect(route.kind === 'direct' ? target.port : route.port, '127.0.0.1');
  socket.setNoDelay(true);
  const input = new Input(socket);
  try {
    if (route.kind === 'connect') await connectHandshake(socket, input, route.credentials, target);
    else if (route.kind === 'socks5') await socksHandshake(socket, input, route.credentials, target);
    else await new Promise((resolve) => socket.once('connect', resolve));
  } catch (error) {
    socket.destroy();
    throw error;
  }
  return { socket, input };
}

async function connectHandshake(
  socket: net.Socket,
  input: Input,
  { user, password }: Credentials,
  target: { host: string; port: number },
) {
  const authority = `${target.host}:${target.port}`;
  const basic = Buffer.from(`${user}:${password}`).toString('base64');
  socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\nProxy-Authorization: Basic ${basic}\r\n\r\n`);
  const head = await input.through('\r\n\r\n');
  if (!/^HTTP\/1\.[01] 200/.test(head)) throw new Error(`CONNECT refused: ${head.split('\r\n')[0]}`);
}

async function socksHandshake(
  socket: net.Socket,
  input: Input,
  { user, password }: Credentials,
  target: { host: string; port: number },
) {
  // Offers "none" and "username/password", as curl does; the server picks.
  socket.write(Buffer.from([5, 2, 0, 2]));
  const [version, method] = await input.bytes(2);
  if (version !== 5) throw new Error(`not a SOCKS5 server (version ${version})`);
  if (method === 2) {
    socket.write(
      Buffer.concat([
        Buffer.from([1, user.length]),
        Buffer.from(user),
        Buffer.from([password.length]),
        Buffer.from(password),
      ]),
    );
    const [, status] = await input.bytes(2);
    if (status !== 0) throw new Error('SOCKS5 authentication refused');
  } else if (method !== 0) throw new Error(`SOCKS5 server accepts none of our methods (${method})`);
  const address = Buffer.from(target.host.split('.').map(Number));
  const port = Buffer.alloc(2);
  port.writeUInt16BE(target.port);
  socket.write(Buffer.concat([Buffer.from([5, 1, 0, 1]), address, port]));
  const [, reply, , addressType] = await input.bytes(4);
  if (reply !== 0) throw new Error(`SOCKS5 CONNECT refused (reply ${reply})`);
  if (addressType === 1) await input.bytes(4 + 2);
  else if (addressType === 4) await input.bytes(16 + 2);
  else await input.bytes((await input.bytes(1))[0]! + 2);
}

/**
 * Milliseconds from connect() to the first byte of the origin's answer to a GET, for one fresh
 * connection along the route; waits for the connection to close before resolving.
 */
export async function timeToFirstByte(route: Route, target: { host: string; port: number }, urlPath: string) {
  const started = performance.now();
  const { socket, input } = await open(route, target);
  socket.write(`GET ${urlPath} HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\nConnection: close\r\n\r\n`);
  await input.bytes(1);
  const elapsed = performance.now() - started;
  input.release();
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.resume();
  await closed;
  return elapsed;
}

export interface Percentiles {
  p50: number;
  p99: number;
}

export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * `count` sequential connections along each route, taking turns connection by connection so that
 * a burst of background load falls on every route alike.
 */
export async function setupLatency(
  routes: Route[],
  target: { host: string; port: number },
  urlPath: string,
  count: number,
) {
  const samples = routes.map(() => [] as number[]);
  for (let n = 0; n < count; n++)
    for (const [i, route] of routes.entries()) samples[i]!.push(await timeToFirstByte(route, target, urlPath));
  return samples.map(percentiles);
}

/** Opens `count` tunnels (CONNECT or SOCKS5, handshake done) to the target and leaves them idle. */
export async function openIdle(route: Route, target: { host: string; port: number }, count: number, concurrency = 50) {
  const sockets: net.Socket[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const { socket, input } = await open(route, target);
        input.release();
        sockets.push(socket);
      }
    }),
  );
  // Every tunnel must still be up once all are open; one that closed was not held.
  const closed = sockets.filter((s) => s.destroyed || s.readyState !== 'open').length;
  if (closed > 0) throw new Error(`${closed} idle tunnels closed while opening ${count}`);
  return sockets;
}

export async function closeAll(sockets: net.Socket[]) {
  await Promise.all(
    sockets.map((socket) => {
      if (socket.destroyed) return;
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.destroy();
      return closed;
    }),
  );
}
