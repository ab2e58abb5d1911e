import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionStore } from '#platform/auth/session-store.ts';
import { createTokenService } from '#platform/auth/tokens.ts';
import { openDatabase, type Database } from '#platform/db/client.ts';
import { migrate } from '#platform/db/migrate.ts';
import { createTestDatabase } from '#test/harness.ts';
import { startShop } from '#test/processes.ts';
import { INTERRUPTED } from './campaign-delivery.repository';

// Issue 14: a campaign of 500 recipients interrupted mid-way by a process restart ends with every
// opted-in recipient mailed exactly once and no opted-out one mailed. Real shop processes (`npm
// start`), the embedded database in DATA_DIR or PostgreSQL (TEST_DB=postgres), the dev outbox as
// the mail server.

const OPTED_IN = 500;
const OPTED_OUT = 50;
const SECRET = 'campaign-restart-secret-campaign-restart!';
const postgres = process.env.TEST_DB === 'postgres';
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** 550 customers (the last 50 opted out of news) and an Administrator with a signed-in session. */
async function seed(database: Database) {
  await database.db.execute(sql`insert into accounts (username, email, role, email_verified_at, email_subscribed)
    select 'reader' || i, 'reader' || i || '@example.test', 'User', now(), i <= ${OPTED_IN}
    from generate_series(1, ${OPTED_IN + OPTED_OUT}) as i`);
  const rows = (await database.db.execute(sql`insert into accounts (username, email, role, email_verified_at)
    values ('boss', 'boss@example.test', 'Administrator', now()) returning id`)) as unknown as {
    rows: { id: string }[];
  };
  const accountId = rows.rows[0]!.id;
  const expiresAt = new Date(Date.now() + 3_600_000);
  const sessionId = await sessionStore.create(database.db, { accountId, expiresAt, ip: null, userAgent: null });
  return createTokenService(SECRET).sign({ sessionId, accountId }, expiresAt);
}

/** A data directory with a migrated, seeded database (embedded), or a PostgreSQL database beside it. */
async function prepare() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tollgate-campaign-'));
  dirs.push(dataDir);
  if (postgres) {
    const database = await createTestDatabase();
    const token = await seed(database);
    return { dataDir, token, databaseUrl: database.pool!.options.connectionString!, close: () => database.close() };
  }
  const database = await openDatabase({ dataDir });
  await migrate(database);
  const token = await seed(database);
  await database.close();
  return { dataDir, token, databaseUrl: undefined, close: async () => {} };
}

const outboxOf = (dataDir: string) => path.join(dataDir, 'outbox');
const mailCount = (dataDir: string) =>
  existsSync(outboxOf(dataDir)) ? readdirSync(outboxOf(dataDir)).filter((n) => n.endsWith('.json')).length : 0;
const mailsIn = (dataDir: string) =>
  readdirSync(outboxOf(dataDir))
    .filter((n) => n.endsWith('.json'))
    .map((n) => JSON.parse(readFileSync(path.join(outboxOf(dataDir), n), 'utf8')) as { to: string; subject: string });

async function waitFor<T>(what: string, probe: () => Promise<T | null> | T | null, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a campaign interrupted by a restart', () => {
  it.each([
    ['SIGTERM', 'a restart (stop, start)'],
    ['SIGKILL', 'a crash (kill -9, start)'],
  ] as const)(
    '%s: %s mails every opted-in customer at most once and no opted-out one',
    { timeout: 150_000 },
    async (signal, _what) => {
      const { dataDir, token, databaseUrl, close } = await prepare();
      const env = {
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        GATEWAY_ENABLED: 'false',
        JOBS_ENABLED: 'true',
        SEED_DEMO_DATA: 'false',
        JWT_SECRET: SECRET,
        // 100 a second: 500 mails take five seconds, time enough to stop the shop in the middle.
        MAIL_CAMPAIGN_PER_MINUTE: '6000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      };
      const call = async (url: string, method: string, urlPath: string, body?: unknown) => {
        const res = await fetch(`${url}/api/v1/admin/mail-sender${urlPath}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return (await res.json()) as { status: number; payload: any };
      };

      const first = await startShop(env);
      const draft = await call(first.url, 'POST', '', {
        subject: 'Big news',
        body: 'Hello **reader**.',
        audience: { kind: 'all' },
      });
      expect(draft.payload.reach).toEqual({ recipients: OPTED_IN, optedOut: OPTED_OUT });
      const id = draft.payload.id as string;
      expect((await call(first.url, 'POST', `/${id}/send`)).status).toBe(200);
      await waitFor('a third of the mail', () => (mailCount(dataDir) >= 150 ? true : null));
      if (signal === 'SIGKILL') first.child.kill('SIGKILL');
      await first.stop();
      const atStop = mailCount(dataDir);
      expect(atStop).toBeLessThan(OPTED_IN);

      const second = await startShop(env);
      try {
        // It resumes by itself at start-up; nobody presses anything.
        const done = await waitFor('the campaign to finish', async () => {
          const campaign = await call(second.url, 'GET', `/${id}`);
          return campaign.payload.status === 'sent' ? campaign.payload : null;
        });
        const failed = await call(second.url, 'GET', `/${id}/recipients?status=failed`);
        const mails = mailsIn(dataDir).filter((m) => m.subject === 'Big news');
        const perAddress = new Map<string, number>();
        for (const m of mails) perAddress.set(m.to, (perAddress.get(m.to) ?? 0) + 1);

        // Nobody twice, no opted-out reader at all.
        expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
        for (let i = OPTED_IN + 1; i <= OPTED_IN + OPTED_OUT; i++)
          expect(perAddress.has(`reader${i}@example.test`)).toBe(false);
        if (signal === 'SIGTERM') {
          // A stop lets the mail in hand finish and be marked: everyone exactly once.
          expect(perAddress.size).toBe(OPTED_IN);
          expect(done.progress).toEqual({ total: OPTED_IN, queued: 0, sent: OPTED_IN, failed: 0, skipped: 0 });
        } else {
          // A crash can catch one mail between the mailer and its mark: that one is reported, never resent.
          expect(failed.payload.total).toBeLessThanOrEqual(1);
          for (const row of failed.payload.items) expect(row.error).toBe(INTERRUPTED);
          expect(done.progress.sent + done.progress.failed).toBe(OPTED_IN);
          expect(perAddress.size).toBeGreaterThanOrEqual(OPTED_IN - failed.payload.total);
          expect(perAddress.size).toBeLessThanOrEqual(OPTED_IN);
        }
      } finally {
        await second.stop();
        await close();
      }
    },
  );
});
