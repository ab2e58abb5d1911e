import http from 'node:http';
import net, { type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import tls from 'node:tls';
import type { ExitTestResult } from '@tollgate/contract/admin/settings';
import type { ProxyExit } from '@tollgate/contract/proxies/own-servers';
import { exitChoice } from '@tollgate/gateway/exits';
import { openThroughExit } from '@tollgate/gateway/relay';

const TIMEOUT_MS = 10_000;
/** An address, as JSON or text, is a few dozen bytes; more is not a check service. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Two joined stream ends: what one writes, the other reads. The gateway relays a customer's socket
 * to the exit's connection; here the "customer" is the HTTP client of the check (Node 20 has no
 * `stream.duplexPair`).
 */
function duplexPair(): [Duplex, Duplex] {
  const end = (other: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk, _encoding, done) {
        other().push(chunk);
        done();
      },
      final(done) {
        other().push(null);
        done();
      },
    });
  const a: Duplex = end(() => b);
  const b: Duplex = end(() => a);
  return [a, b];
}

/** The exit's own address as the check service reports it: `{ "ip": ... }` or the bare address. */
function addressIn(body: string): string | null {
  const text = body.trim();
  let candidate = text;
  try {
    const json = JSON.parse(text) as unknown;
    if (json && typeof json === 'object' && typeof (json as { ip?: unknown }).ip === 'string')
      candidate = (json as { ip: string }).ip;
    else if (typeof json === 'string') candidate = json;
  } catch {
    // plain text
  }
  candidate = candidate.trim();
  return net.isIP(candidate) ? candidate : null;
}

/** Why a connection failed, in a sentence an operator can act on; never the upstream's password. */
function explain(error: unknown, exit: ProxyExit, localAddress: string | undefined, target: string): string {
  const { code, message } = error as NodeJS.ErrnoException;
  const upstream = exit.upstream ? new URL(exit.upstream) : null;
  const via = upstream ? `the upstream proxy ${upstream.host}` : target;
  switch (code) {
    case 'EADDRNOTAVAIL':
      return `${localAddress} is not an address of this server: bind and prefix addresses must be configured on the host that sends the traffic`;
    case 'EAFNOSUPPORT':
    case 'EINVAL':
      return `The exit's address ${localAddress ?? ''} cannot reach ${target} (IPv4 and IPv6 do not mix)`.replace(
        '  ',
        ' ',
      );
    case 'ECONNREFUSED':
      return `${capital(via)} refused the connection`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `${capital(via)} closed the connection`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Could not resolve ${upstream ? upstream.hostname : target}`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${capital(via)} cannot be reached from here`;
    case 'ETIMEDOUT':
      return `${capital(via)} did not answer within ${TIMEOUT_MS / 1000} s`;
    case 'EUPSTREAM': {
      const status = /answered (\d+)/.exec(message)?.[1];
      return status === '407'
        ? `The upstream proxy ${upstream?.host} refused its user name or password (HTTP 407)`
        : `The upstream proxy ${upstream?.host} refused the tunnel (HTTP ${status ?? '?'})`;
    }
  }
  if (upstream?.protocol.startsWith('socks') && /socks/i.test(message))
    return `The SOCKS5 upstream ${upstream.host} refused: ${message}`;
  if (code?.startsWith('ERR_TLS') || code?.startsWith('ERR_SSL') || /certificate|SSL|TLS/.test(message))
    return `The secure connection to ${target} failed: ${message}`;
  return `The connection failed: ${message}`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Makes one real connection through `exit` exactly as the gateway would (the gateway's own exit
 * choice and dialler: bind address, a fresh address in the prefix, or the chained upstream) to the
 * check service, and reports the address it saw. Every failure is an answer, never an error.
 */
export async function testExit(exit: ProxyExit, options: { checkUrl: string }): Promise<ExitTestResult> {
  const url = new URL(options.checkUrl);
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || (secure ? 443 : 80));
  const target = `the check service ${url.host}`;
  const choice = exitChoice(exit);
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const opened: { destroy(): unknown }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let finished = false;

  const attempt = async (): Promise<ExitTestResult> => {
    const outbound = await openThroughExit(choice, host, port);
    // Connected only after the deadline answered: nobody waits for it any more.
    if (finished) outbound.socket.destroy();
    opened.push(outbound.socket);
    const [customer, client] = duplexPair();
    opened.push(customer, client);
    outbound.relay(customer as unknown as Socket);
    const stream: Duplex = secure
      ? tls.connect({ socket: client, servername: net.isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'] })
      : client;
    opened.push(stream);
    const body = await new Promise<string>((resolve, reject) => {
      const request = http.request({
        method: 'GET',
        host,
        port,
        path: `${url.pathname}${url.search}`,
        headers: { host: url.host, accept: 'application/json, text/plain', 'user-agent': 'Tollgate exit test' },
        createConnection: () => stream as unknown as Socket,
      });
      request.once('error', reject);
      request.once('response', (response) => {
        if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) > 299) {
          response.resume();
          return reject(Object.assign(new Error(`HTTP ${response.statusCode}`), { code: 'ECHECKSTATUS' }));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) response.destroy(Object.assign(new Error('too long'), { code: 'ECHECKSIZE' }));
          else chunks.push(chunk);
        });
        response.once('error', reject);
        response.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
      request.end();
    });
    const exitIp = addressIn(body);
    if (!exitIp)
      return {
        ok: false,
        exitIp: null,
        ms: ms(),
        error: `The check service answered, but not with an address: ${JSON.stringify(body.trim().slice(0, 80))}`,
      };
    return { ok: true, exitIp, ms: ms(), error: null };
  };

  const deadline = new Promise<ExitTestResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, exitIp: null, ms: ms(), error: `No answer within ${TIMEOUT_MS / 1000} s` }),
      TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      attempt().catch((error: unknown): ExitTestResult => {
        const { code, message } = error as NodeJS.ErrnoException;
        const sentence =
          code === 'ECHECKSTATUS'
            ? `${capital(target)} answered ${message}`
            : code === 'ECHECKSIZE'
              ? `${capital(target)} answered more than an address`
              : explain(error, exit, choice.localAddress, target);
        return { ok: false, exitIp: null, ms: ms(), error: sentence };
      }),
      deadline,
    ]);
  } finally {
    finished = true;
    clearTimeout(timer);
    for (const s of opened) s.destroy();
  }
}
