import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Refused } from './admission';
import type { ExitChoice } from './exits';
import { absoluteTarget, endToEnd, type AbsoluteTarget } from './forward-headers';
import type { ProxyOptions } from './proxy-options';

/**
 * An idle origin connection is closed after this long: shorter than the keep-alive timeout of
 * common servers (Node's and Apache's 5 s), so a request is rarely sent on a connection the origin
 * is closing at that moment (and a request without a body is retried once if it was).
 */
const ORIGIN_IDLE_MS = 4_000;

/**
 * Origin connections of one client connection, kept alive between its requests. A pool belongs to
 * one client socket and one subscription, and is keyed inside by the address that was checked and
 * dialled (Node's agent names a connection by host, port and local address, and `host` here is
 * always that address), so a connection is never reused for another customer, another plan or a
 * destination that was not checked. It holds at most one idle connection, so a client costs the
 * node its own socket and one origin socket, as the connection guard counts it.
 */
interface OriginPool {
  subscriptionId: string;
  agent: http.Agent;
}

type Credentials = { username: string; password: string };

export interface ForwardRefusal {
  status: number;
  reason: string;
}

/** What the HTTP listener provides: how to answer a refusal (407 with a challenge, ...). */
type Refuse = (res: ServerResponse, refusal: ForwardRefusal, keepOpen?: boolean) => void;

/**
 * Plain HTTP forwarding (absolute-form requests, ADR 054): admission and the egress check per
 * request, then the request streamed to the origin over the client connection's own keep-alive
 * pool and the answer streamed back, with hop-by-hop headers and Proxy-Authorization dropped.
 * Node's parser has already refused requests whose framing is ambiguous (Content-Length with
 * Transfer-Encoding, repeated lengths), so what reaches here has one body length.
 */
export function createForwarder(opts: ProxyOptions, refuse: Refuse, statusOf: (kind: Refused['kind']) => number) {
  const pools = new WeakMap<Socket, OriginPool>();

  function poolFor(client: Socket, subscriptionId: string): http.Agent {
    const held = pools.get(client);
    if (held?.subscriptionId === subscriptionId) return held.agent;
    held?.agent.destroy();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1, timeout: ORIGIN_IDLE_MS });
    pools.set(client, { subscriptionId, agent });
    if (!held) client.once('close', () => pools.get(client)?.agent.destroy());
    return agent;
  }

  /** Leaves idle only a connection to `name`: a client moving to another origin closes the last one. */
  function dropOtherIdle(agent: http.Agent, name: string) {
    for (const key in agent.freeSockets) if (key !== name) for (const s of agent.freeSockets[key] ?? []) s.destroy();
  }

  /** The request each client connection is being served, so that its next one waits for it. */
  const inFlight = new WeakMap<Socket, Promise<void>>();

  /**
   * Requests pipelined on one connection are served one after another, as their answers must be
   * sent in that order anyway: a client cannot open many origin connections at once by writing
   * many requests in one go, which would slip past the per-plan and per-node connection caps.
   */
  function forward(req: IncomingMessage, res: ServerResponse, credentials: Credentials) {
    const before = inFlight.get(req.socket);
    const served = (before ? before.then(() => serve(req, res, credentials)) : serve(req, res, credentials)).catch(
      () => void res.destroy(),
    );
    inFlight.set(req.socket, served);
    return served;
  }

  /** Resolves once the answer has been sent or the exchange has failed. */
  async function serve(req: IncomingMessage, res: ServerResponse, credentials: Credentials) {
    if (res.destroyed || req.socket.destroyed) return;
    const finished = new Promise<void>((resolve) => res.once('close', resolve));
    await exchange(req, res, credentials);
    await finished;
  }

  async function exchange(req: IncomingMessage, res: ServerResponse, credentials: Credentials) {
    const client = req.socket;
    const target = absoluteTarget(req.url ?? '');
    if (!target) {
      const https = /^https:/i.test(req.url ?? '');
      return refuse(res, {
        status: 400,
        reason: https
          ? 'https:// targets go through CONNECT'
          : 'This is a proxy: send an absolute http:// URL or use CONNECT',
      });
    }
    const result = await opts.admit.admit(client, credentials.username, credentials.password);
    if (!result.ok)
      return refuse(res, { status: statusOf(result.kind), reason: result.reason }, result.kind === 'auth');
    const { exit } = result;
    const destination = await opts.egress.destination(target.hostname, target.port, Boolean(exit.upstream));
    if (!destination.ok) {
      opts.meter.failed(client);
      return refuse(res, { status: destination.kind === 'refused' ? 403 : 502, reason: destination.reason });
    }
    opts.guard.established(client);

    const chunked = req.headers['transfer-encoding'] !== undefined;
    const length = req.headers['content-length'];
    const bodyless = !chunked && (length === undefined || length === '0');
    const headers = endToEnd(req.rawHeaders, true);
    // The body arrives decoded; it leaves chunked again, never as a GET with an unframed body.
    if (chunked) headers.push('Transfer-Encoding', 'chunked');

    const send = async (retry: boolean) => {
      let origin: ClientRequest;
      try {
        origin = await originRequest(exit, destination.address, target, req.method ?? 'GET', headers, () =>
          poolFor(client, result.subscriptionId),
        );
      } catch (error) {
        return failed(error as NodeJS.ErrnoException);
      }
      origin.once('response', (reply) => relayResponse(reply, res));
      origin.once('error', (error: NodeJS.ErrnoException) => {
        // The origin closed a kept-alive connection as it was reused: nothing was sent or answered.
        if (retry && bodyless && origin.reusedSocket && error.code === 'ECONNRESET' && !res.headersSent) {
          return void send(false);
        }
        if (res.headersSent) res.destroy();
        else failed(error);
      });
      res.once('close', () => {
        if (!res.writableFinished) origin.destroy();
      });
      if (bodyless) origin.end();
      else req.pipe(origin);
    };

    function failed(error: NodeJS.ErrnoException) {
      opts.meter.failed(client);
      if (res.headersSent) return void res.destroy();
      refuse(res, { status: 502, reason: `Could not reach ${target!.authority} (${error.code ?? 'error'})` });
    }

    await send(true);
  }

  /** A request to the origin: direct through the pool, or through the exit's upstream proxy. */
  async function originRequest(
    exit: ExitChoice,
    address: string,
    target: AbsoluteTarget,
    method: string,
    headers: string[],
    pool: () => http.Agent,
  ): Promise<ClientRequest> {
    const withHost = [...headers, 'Host', target.authority];
    if (!exit.upstream) {
      const agent = pool();
      const options = { host: address, port: target.port, localAddress: exit.localAddress };
      dropOtherIdle(agent, agent.getName(options));
      return http.request({ ...options, method, path: target.path, headers: withHost, agent, setHost: false });
    }
    const upstream = new URL(exit.upstream);
    if (upstream.protocol.startsWith('socks')) {
      // The upstream resolves the name in its own network; the request travels its tunnel.
      const outbound = await opts.open(exit, address, target.port);
      return http.request({ createConnection: () => outbound.socket, method, path: target.path, headers: withHost });
    }
    // An HTTP upstream is itself a proxy: it is sent the absolute URL and its own credentials.
    const user = decodeURIComponent(upstream.username);
    if (user) {
      const basic = Buffer.from(`${user}:${decodeURIComponent(upstream.password)}`).toString('base64');
      withHost.push('Proxy-Authorization', `Basic ${basic}`);
    }
    return http.request({
      host: upstream.hostname,
      port: Number(upstream.port || 80),
      method,
      path: `http://${target.authority}${target.path}`,
      headers: withHost,
      agent: false,
    });
  }

  return forward;
}

/** The origin's answer to the client: status, end-to-end headers, then the body as it arrives. */
function relayResponse(reply: IncomingMessage, res: ServerResponse) {
  res.sendDate = false;
  try {
    res.writeHead(reply.statusCode ?? 502, reply.statusMessage, endToEnd(reply.rawHeaders, false));
  } catch {
    // A header Node will not write (the origin's parser let it through, the writer does not).
    reply.destroy();
    return void res.destroy();
  }
  reply.once('close', () => {
    if (!reply.complete) res.destroy();
  });
  reply.pipe(res);
}
