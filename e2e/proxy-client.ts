import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Fetches a URL through an HTTP proxy as any HTTP client would (absolute URI, Proxy-Authorization). */
export function fetchThroughProxy(line: string, url: string): Promise<{ status: number; body: string }> {
  const [host, port, user, pass] = line.split(':');
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host,
        port: Number(port),
        method: 'GET',
        path: url,
        headers: {
          host: new URL(url).host,
          'proxy-authorization': `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

export const ORIGIN_ANSWER = 'hello through the gateway';
let origin: Promise<string> | undefined;

/**
 * A page on loopback to browse through the proxy (allowed by GATEWAY_ALLOWED_TARGETS in
 * playwright.config.ts): the gateway refuses the shop's own port whatever is allowed (ADR 045).
 * One per worker, left to end with it.
 */
export function localOrigin(): Promise<string> {
  origin ??= new Promise((resolve) => {
    const server = http.createServer((_req, res) => res.end(ORIGIN_ANSWER));
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
    server.unref();
  });
  return origin;
}
