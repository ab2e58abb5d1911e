// What a load generator does around its measurements: sign in as staff, ask the bench server for
// its books, count the answers that were not a success.
import type { ChildProcess } from 'node:child_process';
import type autocannon from 'autocannon';

/** The demo Administrator's authorization header, signed in once over HTTP. */
export async function staffHeaders(address: string) {
  const login = await fetch(`${address}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: 'Admin-demo-2026!' }),
  });
  const token = ((await login.json()) as { payload: { accessToken: string } }).payload.accessToken;
  return { authorization: `Bearer ${token}` };
}

/** Asks the bench server for its books (books.ts) and ends the IPC channel once they arrive. */
export async function auditOf<T>(child: ChildProcess): Promise<T> {
  child.send('audit');
  const audit = await new Promise<T>((resolve) =>
    child.on('message', (m) => (m as { audit?: never }).audit && resolve((m as { audit: T }).audit)),
  );
  child.disconnect();
  return audit;
}

/** Answers that were not a success, over several runs: non-2xx, errors and timeouts. */
export const failuresOf = (...runs: autocannon.Result[]) =>
  runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0);
