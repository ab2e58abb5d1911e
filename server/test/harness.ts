import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@tollgate/contract/access/roles';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { sessionStore } from '#platform/auth/session-store.ts';
import { createTokenService } from '#platform/auth/tokens.ts';
import { loadConfig, type Config } from '#platform/config/env.ts';
import { openDatabase, type Database } from '#platform/db/client.ts';
import { migrate } from '#platform/db/migrate.ts';
import { accountsService } from '#modules/accounts/accounts.service.ts';

/**
 * One fresh database per test file: in-memory PGlite, or (TEST_DB=postgres) a new database on the
 * DATABASE_URL server that is dropped afterwards.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({});
    await migrate(database);
    return database;
  }
  const url = new URL(process.env.DATABASE_URL!);
  const name = `tollgate_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), poolMax: 10 });
  await migrate(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  url: string;
  request(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  buildAccount(
    overrides?: Partial<{
      role: Role;
      reseller: boolean;
      email: string;
      username: string;
      password: string;
      emailVerified: boolean;
    }>,
  ): Promise<TestAccount>;
  tokenFor(account: { id: string }, options?: { expiresAt?: Date }): Promise<string>;
  close(): Promise<void>;
}
export interface TestAccount {
  id: string;
  username: string;
  email: string;
  password: string;
  role: Role;
}
export interface TestResponse {
  status: number;
  headers: Headers;
  body: { status: number; message: string; payload: any };
  text: string;
}

let counter = 0;

/** A port nobody listens on right now (the OS picks it), for a server that must know its address first. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Real HTTP against a real server on a free port, as a client sees it. */
export async function createTestServer(
  options: { env?: Record<string, string>; beforeListen?: (app: FastifyInstance) => void } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tollgate-test-'));
  // Links in mail and payment redirects come from configuration only, so the server is told the
  // address it will listen on, unless the test configures the address itself.
  const namesItself = options.env?.PUBLIC_URL !== undefined || options.env?.PORT !== undefined;
  const port = namesItself ? 0 : await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests never reach the internet: an exit test (the API fuzzer sends valid ones) finds nobody here.
    EXIT_CHECK_URL: 'http://127.0.0.1:9/',
    ...(namesItself ? {} : { PUBLIC_URL: `http://127.0.0.1:${port}` }),
    ...options.env,
  });
  const database = await createTestDatabase();
  const app = await buildApp(config, database);
  options.beforeListen?.(app);
  const address = await app.listen({ port, host: '127.0.0.1' });
  const tokens = createTokenService(config.JWT_SECRET);

  return {
    app,
    database,
    config,
    url: address,
    async request(method, urlPath, { token, body, headers = {} } = {}) {
      const res = await fetch(`${address}${urlPath}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: TestResponse['body'];
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { status: res.status, message: '', payload: null };
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    async buildAccount(overrides = {}) {
      const n = ++counter;
      const password = overrides.password ?? `Password-${n}-${randomBytes(4).toString('hex')}`;
      const row = await accountsService.create(database.db, {
        role: overrides.role ?? 'User',
        reseller: overrides.reseller ?? false,
        email: overrides.email ?? `user${n}-${randomBytes(3).toString('hex')}@example.test`,
        username: overrides.username ?? `user${n}_${randomBytes(3).toString('hex')}`,
        password,
        emailVerified: overrides.emailVerified ?? true,
      });
      return { id: row.id, username: row.username, email: row.email, password, role: row.role };
    },
    async tokenFor(account, { expiresAt = new Date(Date.now() + 3_600_000) } = {}) {
      // A session row plus a signed token, exactly what sign-in creates, without spending argon2 time.
      const sessionId = await sessionStore.create(database.db, {
        accountId: account.id,
        expiresAt,
        ip: null,
        userAgent: null,
      });
      return tokens.sign({ sessionId, accountId: account.id }, expiresAt);
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
