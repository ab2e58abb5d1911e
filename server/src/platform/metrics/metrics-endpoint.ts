import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

const REFUSED = 'Metrics need the METRICS_TOKEN as a bearer token';

/**
 * Whether a scrape may read the metrics. With a token configured, only a request carrying it; a
 * gateway node's metrics port without one is bound to loopback (config refuses anything else).
 */
export function scrapeAllowed(token: string | undefined, authorization: string | undefined): boolean {
  if (!token) return true;
  if (!authorization) return false;
  const presented = Buffer.from(authorization);
  const expected = Buffer.from(`Bearer ${token}`);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/**
 * `GET /metrics` on the shop's own port, only when METRICS_TOKEN is set: an instance behind a public
 * reverse proxy never publishes its numbers by default.
 */
export function installMetricsEndpoint(app: FastifyInstance, registry: Registry, token: string | undefined) {
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!scrapeAllowed(token, request.headers.authorization)) return reply.code(401).type('text/plain').send(REFUSED);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** A gateway node's metrics on a port of their own (GATEWAY_METRICS_PORT), away from the proxy ports. */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  registry: Registry;
  token: string | undefined;
}) {
  const { registry, token } = options;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') return void response.writeHead(404).end();
    if (!scrapeAllowed(token, request.headers.authorization)) {
      return void response.writeHead(401, { 'content-type': 'text/plain' }).end(REFUSED);
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
