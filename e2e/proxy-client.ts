import http from 'node:http';

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
