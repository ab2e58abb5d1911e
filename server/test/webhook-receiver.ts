import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A customer's webhook receiver on loopback: records every request and answers with the statuses
 * it is given, in turn (the last one repeats).
 */
export async function startReceiver(statuses: number[] = [200]) {
  const received: Received[] = [];
  let answers = [...statuses];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = answers.length > 1 ? answers.shift()! : answers[0]!;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok, thanks' : `boom ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    answerWith(next: number[]) {
      answers = [...next];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
