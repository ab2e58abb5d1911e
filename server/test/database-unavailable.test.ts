import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

// Its own database on the PostgreSQL server (the harness makes one per file), so ending that
// database's connections touches no other test file.
const onPostgres = process.env.TEST_DB === 'postgres';

/** Waits for a condition the database reports, asking again until it holds or `ms` pass. */
async function until(admin: pg.Client, text: string, values: unknown[], ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const { rows } = await admin.query<{ pid: number }>(text, values);
    if (rows.length > 0) return rows;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${text}`);
  }
}

describe.runIf(onPostgres)('a request whose database connection drops', () => {
  let server: TestServer;
  let admin: pg.Client;
  let name: string;
  beforeAll(async () => {
    server = await createTestServer();
    name = ((await server.database.executeSql('select current_database() as name')).rows[0] as { name: string }).name;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await server.close();
  });

  it('is answered 503 with Retry-After and the error envelope, never 500, and the next one is served', async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    // The request's session lookup waits behind a lock, so it is surely running when its
    // connection ends; every other connection of this database ends with it.
    await admin.query('begin');
    await admin.query('lock table accounts in access exclusive mode');
    const answer = server.request('GET', '/api/v1/auth/me', { token });
    await until(
      admin,
      `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      [name],
    );
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.query('rollback');
    const res = await answer;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.body).toEqual({
      status: 503,
      message: 'Service Unavailable',
      payload: { error: expect.stringMatching(/database/i), retryAfterSeconds: 5 },
    });

    // The pool drops what died and dials again: the retry the header asks for succeeds.
    let again = await server.request('GET', '/api/v1/auth/me', { token });
    for (let tries = 0; again.status === 503 && tries < 20; tries++)
      again = await server.request('GET', '/api/v1/auth/me', { token });
    expect(again.status).toBe(200);
  });
});
