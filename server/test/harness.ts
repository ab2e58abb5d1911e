import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@tollgate/contract/access/roles';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { sessionStore } from '#platform/auth/session-store.ts';
import { createTokenService } from '#platform/auth/tokens.ts';
import { loadConfig, type Config } from '#platform/config/env.ts';
import { openDatabase, type Database } from '#platform/db/client.ts';
import { migrate } from '#platform/db/migrate.ts';
import { guardOneSession } from './one-session-guard';
import { accountsService } from '#modules/auth/accounts.service.ts';

/**
 * One fresh database per test file: in-memory PGlite, or (TEST_DB=postgres) a new database on the
 * DATABASE_URL server that is dropped afterwards. Both start from a copy of an already migrated
 * database (about 1 s of migrations saved per file, more under load): PGlite from a dump made once
 * per worker, PostgreSQL from a template database made once per set of migrations.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ loadDataDir: await pgliteTemplate() });
  const url = new URL(process.env.DATABASE_URL!);
  const name = `tollgate_test_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(url);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = guardOneSession(await openDatabase({ databaseUrl: testUrl.toString(), poolMax: 10 }));
  // A no-op on the template's copy; kept so a database made any other way is still complete.
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

let pgliteDump: Promise<Blob> | undefined;
/** Files share a worker (isolate: false), so the migrated dump is made once per worker. */
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const database = await openDatabase({});
    await migrate(database);
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    return dump;
  })();
  return pgliteDump;
}

const migrationsFolder = path.join(import.meta.dirname, '../migrations');
/** Named by the migrations' content, so a changed or added migration gets a template of its own. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'));
  for (const file of [...files.sort(), 'meta/_journal.json']) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

let postgresTemplateName: Promise<string> | undefined;
/** Workers and parallel runs take turns (an advisory lock) so the template is built once. */
function postgresTemplate(url: URL): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `tollgate_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        // Built under another name and renamed when complete: a run killed halfway leaves no half template.
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const buildUrl = new URL(url);
        buildUrl.pathname = `/${building}`;
        const database = await openDatabase({ databaseUrl: buildUrl.toString(), poolMax: 2 });
        try {
          await migrate(database);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
      await admin.end();
    }
    return name;
  })();
  postgresTemplateName.catch(() => (postgresTemplateName = undefined));
  return postgresTemplateName;
}
/** Any fixed number, distinct from the migration lock (727_001). */
const TEMPLATE_LOCK = 727_002;

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

/** Requests to a server at this address as a client sends them, with the answer read as the envelope. */
export function requestAt(address: string): TestServer['request'] {
  return async (method, urlPath, { token, body, headers = {} } = {}) => {
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
  };
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
    request: requestAt(address),
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

/** A test server and an Administrator with their token: what most test files start from. */
export async function createStaffedServer(options?: Parameters<typeof createTestServer>[0]) {
  const server = await createTestServer(options);
  const admin = await server.buildAccount({ role: 'Administrator' });
  return { server, admin, staff: await server.tokenFor(admin) };
}
