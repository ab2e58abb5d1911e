import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, getViaConnect, getViaSocks, startOrigin } from '@tollgate/gateway/testing/loopback';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '#platform/auth/session-store.ts';
import { createTokenService } from '#platform/auth/tokens.ts';
import { openDatabase, type Database } from '#platform/db/client.ts';
import { accounts, ledgerEntries, settings } from '#platform/db/schema.ts';
import { accountsService } from '#modules/auth/accounts.service.ts';
import { invoices } from '#modules/checkout/checkout.schema.ts';
import { plans } from '#modules/plans/plans.schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { startGatewayNode, startShop } from './processes';
import { refusedOnEveryNode, tunnelAnsweredOnEveryNode } from './proxies-helpers';

// The production layout (README): stateless shop instances and gateway nodes as processes of their
// own, sharing PostgreSQL and Redis. Whatever one instance knows only in memory would show here.
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const runs = process.env.TEST_DB === 'postgres' && Boolean(databaseUrl && redisUrl);

describe.runIf(runs)('two shop instances and two gateway nodes on one PostgreSQL with Redis', () => {
  const jwtSecret = randomBytes(32).toString('hex');
  const name = `tollgate_multi_${randomBytes(6).toString('hex')}`;
  const url = new URL(databaseUrl ?? 'postgres://localhost/none');
  url.pathname = `/${name}`;
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'tollgate-multi-')));
  const tokens = createTokenService(jwtSecret);
  let database: Database;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  let shops: Awaited<ReturnType<typeof startShop>>[] = [];
  let nodes: Awaited<ReturnType<typeof startGatewayNode>>[] = [];

  const shopEnv = (dataDir: string) => ({
    // Development, not test: tests silence the log that shows which instance ran a job.
    NODE_ENV: 'development',
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl!,
    JWT_SECRET: jwtSecret,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    SEED_DEMO_DATA: 'false',
    JOBS_ENABLED: 'true',
    GATEWAY_ENABLED: 'false',
    TRUST_PROXY: '127.0.0.1',
    // "job done" lines are info: they show which instance ran a job.
    LOG_LEVEL: 'info',
  });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    origin = await startOrigin();
    // Both start at once: they take turns migrating (advisory lock).
    shops = await Promise.all(dataDirs.map((dir) => startShop(shopEnv(dir))));
    database = await openDatabase({ databaseUrl: url.toString(), poolMax: 5 });
    await writeOwnServers({ exits: [{ type: '*', country: '*' }], allowedTargets: ['127.0.0.1/32'] });
    nodes = await Promise.all(
      [0, 1].map(() => startGatewayNode({ DATABASE_URL: url.toString(), REDIS_URL: redisUrl! })),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...shops, ...nodes].map((p) => p.stop()));
    await origin?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  async function writeOwnServers(value: unknown) {
    await database.db
      .insert(settings)
      .values({ key: 'OwnServers', value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`clock_timestamp()` } });
  }

  async function account(role: 'User' | 'Administrator' = 'User') {
    const tag = randomBytes(4).toString('hex');
    const password = `Multi-instance-${tag}-password`;
    const row = await accountsService.create(database.db, {
      role,
      reseller: false,
      email: `multi-${tag}@example.test`,
      username: `multi_${tag}`,
      password,
      emailVerified: true,
    });
    const expiresAt = new Date(Date.now() + 3_600_000);
    const sessionId = await sessionStore.create(database.db, {
      accountId: row.id,
      expiresAt,
      ip: null,
      userAgent: null,
    });
    return {
      id: row.id,
      email: row.email,
      password,
      token: await tokens.sign({ sessionId, accountId: row.id }, expiresAt),
    };
  }

  async function call(
    shop: number,
    method: string,
    urlPath: string,
    init: { token?: string; body?: unknown; ip?: string } = {},
  ) {
    const res = await fetch(`${shops[shop]!.url}${urlPath}`, {
      method,
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.ip ? { 'x-forwarded-for': init.ip } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: res.status, body: (await res.json()) as { status: number; message: string; payload: any } };
  }

  async function fundedCustomer(dollars: number) {
    const staff = await account('Administrator');
    const customer = await account();
    const funded = await call(0, 'PATCH', `/api/v1/admin/accounts/${customer.id}/balance`, {
      token: staff.token,
      body: { balanceToAddOrSub: dollars, reason: 'multi-instance test' },
    });
    expect(funded.status).toBe(200);
    return { staff, customer };
  }

  async function onePlan() {
    const [plan] = await database.db
      .insert(plans)
      .values({
        title: `Shared ${randomBytes(3).toString('hex')}`,
        type: 'residential',
        durationDays: 30,
        minRenewDays: 1,
        maxRenewDays: 90,
        bandwidthPrices: JSON.stringify([{ value: 1, price: 1 }]),
        serverGeoOptions: 'US,DE',
      })
      .returning();
    return plan!;
  }

  const money = async (accountId: string) => {
    const [row] = await database.db
      .select({ cents: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    const [ledger] = await database.db
      .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId));
    return { balanceCents: row!.cents, ledgerCents: Number(ledger!.cents) };
  };

  it('charges one balance exactly for purchases spread over both instances', async () => {
    const { customer } = await fundedCustomer(10);
    const plan = await onePlan();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2, 'POST', `/api/v1/public/plans/${plan.id}/purchase`, {
          token: customer.token,
          body: { value: 1, country: 'US', paymentMethod: 'balance' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(10);
    expect(await money(customer.id)).toEqual({ balanceCents: 0, ledgerCents: 0 });
    const bought = await database.db.select().from(subscriptions).where(eq(subscriptions.accountId, customer.id));
    expect(bought).toHaveLength(10);
  });

  it('a proxy password change and a settings change reach both gateway nodes within 5 s', async () => {
    const { customer } = await fundedCustomer(5);
    const plan = await onePlan();
    const bought = await call(1, 'POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: customer.token,
      body: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    const id = bought.body.payload.subscriptionId as string;
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    const old = { user: row!.proxyUsername!, pass: row!.proxyPassword! };
    for (const node of nodes) expect((await getViaConnect(node.httpPort, origin.port, '/', old)).status).toBe(200);

    const started = Date.now();
    const rotated = await call(0, 'POST', `/api/v1/auth/changekey/${id}`, { token: customer.token });
    expect(rotated.status).toBe(200);
    const fresh = { user: old.user, pass: rotated.body.payload.password as string };
    await Promise.all(
      nodes.map(async (node) => {
        await eventually(async () => (await getViaConnect(node.httpPort, origin.port, '/', old)).status === 407, 5_000);
        expect((await getViaConnect(node.httpPort, origin.port, '/', fresh)).status).toBe(200);
      }),
    );
    expect(Date.now() - started).toBeLessThan(5_000);

    // Staff take the US exits away: both nodes stop routing there.
    const us = { user: `${fresh.user}-country-us`, pass: fresh.pass };
    for (const node of nodes) expect((await getViaConnect(node.httpPort, origin.port, '/', us)).status).toBe(200);
    const changed = Date.now();
    await writeOwnServers({ exits: [{ type: '*', country: 'de' }], allowedTargets: ['127.0.0.1/32'] });
    await tunnelAnsweredOnEveryNode(nodes, origin.port, us, { status: 502, reason: 'No exit available for us' });
    expect(Date.now() - changed).toBeLessThan(5_000);
    // Put every exit back and wait until both nodes route there again: plans bought for the US in the
    // next tests exit in their purchase country by default (ADR 018).
    await writeOwnServers({ exits: [{ type: '*', country: '*' }], allowedTargets: ['127.0.0.1/32'] });
    await Promise.all(
      nodes.map((node) =>
        eventually(async () => (await getViaConnect(node.httpPort, origin.port, '/', us)).status === 200, 5_000),
      ),
    );
  });

  it('deleting an account on one instance ends its proxy access on both gateway nodes within 5 s', async () => {
    const { staff, customer } = await fundedCustomer(5);
    const plan = await onePlan();
    const bought = await call(0, 'POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: customer.token,
      body: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    const [row] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, bought.body.payload.subscriptionId as string));
    const creds = { user: row!.proxyUsername!, pass: row!.proxyPassword! };
    for (const node of nodes) {
      expect((await getViaConnect(node.httpPort, origin.port, '/', creds)).status).toBe(200);
      expect((await getViaSocks(node.socksPort, origin.port, '/', creds)).status).toBe(200);
    }

    const started = Date.now();
    const deleted = await call(1, 'DELETE', `/api/v1/admin/accounts/${customer.id}`, {
      token: staff.token,
      body: { reason: 'multi-instance test' },
    });
    expect(deleted.body.message).toBe('Account deleted');
    expect((await call(0, 'GET', '/api/v1/auth/me', { token: customer.token })).status).toBe(401);
    await refusedOnEveryNode(nodes, origin.port, creds);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('counts sign-in failures for one account on both instances together', async () => {
    /** Wrong passwords from one address until refused with 429; how many were answered before that. */
    const triesBeforeLimit = async (login: string, ip: string, shopOf: (i: number) => number) => {
      for (let i = 0; i < 40; i++) {
        const res = await call(shopOf(i), 'POST', '/api/v1/auth/login', {
          body: { login, password: 'wrong-password' },
          ip,
        });
        if (res.status === 429) {
          // Refused on both from then on, however the login is spelled.
          for (const shop of [0, 1]) {
            const again = await call(shop, 'POST', '/api/v1/auth/login', {
              body: { login, password: 'wrong-password' },
              ip,
            });
            expect(again.status).toBe(429);
          }
          return i;
        }
        expect(res.status).toBe(400);
      }
      throw new Error('never limited');
    };
    const alone = await triesBeforeLimit((await account()).email, '203.0.113.10', () => 0);
    const together = await triesBeforeLimit((await account()).email, '203.0.113.11', (i) => i % 2);
    expect(alone).toBeGreaterThan(0);
    expect(together).toBe(alone);
  });

  it('runs a queued job on one instance only', async () => {
    const { customer } = await fundedCustomer(50);
    const plan = await onePlan();
    const bought = await call(0, 'POST', `/api/v1/public/plans/${plan.id}/purchase`, {
      token: customer.token,
      body: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    const id = bought.body.payload.subscriptionId as string;
    // Due for auto-renewal: within its last day.
    await database.db
      .update(subscriptions)
      .set({ autoRenew: true, expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(subscriptions.id, id));
    const queue = 'subscriptions-auto-renew';
    // Cron ticks may run the same queue meanwhile: compare runs logged with jobs completed.
    const doneLines = () =>
      shops.reduce(
        (n, shop) =>
          n +
          shop
            .output()
            .split('\n')
            .filter((l) => l.includes(`"job":"${queue}"`)).length,
        0,
      );
    const completedJobs = async () => {
      const result = await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${queue} and state = 'completed'`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const [linesBefore, jobsBefore] = [doneLines(), await completedJobs()];

    const boss = new PgBoss({
      connectionString: url.toString(),
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await boss.start();
    try {
      const jobId = (await boss.send(queue, {}))!;
      await eventually(async () => (await boss.getJobById(queue, jobId))?.state === 'completed', 15_000);
    } finally {
      await boss.stop({ graceful: false });
    }
    const jobsRun = (await completedJobs()) - jobsBefore;
    expect(jobsRun).toBeGreaterThanOrEqual(1);
    // Logs travel through a pipe and may arrive a moment after the job is marked done.
    await eventually(async () => doneLines() - linesBefore >= jobsRun, 5_000);
    expect(doneLines() - linesBefore).toBe(jobsRun);
    // Renewed once: one renewal invoice, the plan a period longer, and books that still add up.
    const bills = await database.db
      .select({ kind: invoices.kind })
      .from(invoices)
      .where(eq(invoices.subscriptionId, id));
    expect(bills.map((b) => b.kind).sort()).toEqual(['purchase', 'renewal']);
    const [renewed] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(renewed!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const books = await money(customer.id);
    expect(books.balanceCents).toBe(books.ledgerCents);
  });
});
