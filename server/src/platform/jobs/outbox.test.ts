import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/harness.ts';
import { openDatabase, type Database, type Db } from '../db/client';
import { queryRows } from '../db/rows';
import { claimDue } from './claim-due';
import { createOutbox, nextAttempt, type Backoff } from './outbox';

const items = pgTable('outbox_items', {
  id: integer('id').primaryKey(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
});
const BACKOFF: Backoff = { delaysS: [30, 120], maxAttempts: 3 };

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table outbox_items (id int primary key, status text not null default 'pending',
    attempts int not null default 0, next_attempt_at timestamptz not null default now(), claimed_until timestamptz)`);
});
afterAll(() => database.close());
beforeEach(() => database.db.execute(sql`delete from outbox_items`));

const add = (count: number) =>
  database.db.execute(sql`insert into outbox_items (id) select n from generate_series(1, ${count}) n`);
const rowOf = async (id: number) => (await database.db.select().from(items).where(eq(items.id, id)))[0]!;
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** An outbox over `outbox_items` as a module would write one: `send` answers whether the row went. */
function itemsOutbox(db: Db, send: (id: number) => Promise<boolean>, leaseSeconds = 60) {
  return createOutbox({
    batch: 10,
    claim: ({ limit, now }) =>
      claimDue(
        db,
        { table: items, key: [items.id], claimedUntil: items.claimedUntil },
        {
          due: and(eq(items.status, 'pending'), lte(items.nextAttemptAt, now ?? sql`now()`)),
          order: [asc(items.nextAttemptAt), asc(items.id)],
          limit,
          leaseSeconds,
          set: { attempts: sql`${items.attempts} + 1` },
        },
      ).returning({ id: items.id, attempts: items.attempts }),
    async deliver(rows) {
      for (const row of rows) {
        const ok = await send(row.id);
        const { giveUp, delayS } = nextAttempt(BACKOFF, row.attempts);
        await db
          .update(items)
          .set({
            status: ok ? 'delivered' : giveUp ? 'failed' : 'pending',
            nextAttemptAt: sql`now() + make_interval(secs => ${delayS})`,
            claimedUntil: null,
          })
          .where(eq(items.id, row.id));
      }
    },
  });
}

describe('the outbox', () => {
  it.runIf(process.env.TEST_DB === 'postgres')(
    'delivers each row exactly once when two instances, each with its own pool, drain at once (PostgreSQL)',
    async () => {
      await add(300);
      const other = await openDatabase({ databaseUrl: database.pool!.options.connectionString!, poolMax: 5 });
      const sent: number[] = [];
      const send = async (id: number) => {
        sent.push(id);
        await sleep(1);
        return true;
      };
      const first = itemsOutbox(database.db, send);
      const second = itemsOutbox(other.db, send);
      await Promise.all([first.drain(), second.drain(), first.drain(), second.deliverDue(), first.deliverDue()]);
      await other.close();
      expect(sent).toHaveLength(300);
      expect(new Set(sent).size).toBe(300);
      const [left] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from outbox_items where status <> 'delivered'`,
      );
      expect(left!.n).toBe(0);
    },
  );

  it('drains until nothing is due, one run at a time in a process', async () => {
    await add(25);
    const sent: number[] = [];
    const outbox = itemsOutbox(database.db, async (id) => (sent.push(id), true));
    await Promise.all([outbox.drain(), outbox.drain(), outbox.drain()]);
    expect(sent.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('tries a failed delivery again only after its pause, and gives up after the last attempt', async () => {
    await add(1);
    let tries = 0;
    const outbox = itemsOutbox(database.db, async () => (tries++, false));
    expect(await outbox.deliverDue()).toBe(1);
    const first = await rowOf(1);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, claimedUntil: null });
    expect(first.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    // Not due again before the 30 s pause, however often a worker looks.
    expect(await outbox.deliverDue()).toBe(0);
    await outbox.drain();
    expect(tries).toBe(1);
    expect(await outbox.deliverDue({ now: minutesFromNow(1) })).toBe(1);
    expect(await rowOf(1)).toMatchObject({ status: 'pending', attempts: 2 });
    // The second pause is longer (120 s): a minute on, it is still waiting.
    expect(await outbox.deliverDue({ now: minutesFromNow(1) })).toBe(0);
    expect(await outbox.deliverDue({ now: minutesFromNow(3) })).toBe(1);
    expect(await rowOf(1)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await outbox.deliverDue({ now: minutesFromNow(60 * 24) })).toBe(0);
    expect(tries).toBe(BACKOFF.maxAttempts);
  });

  it('leaves a row another worker holds, and takes it once that lease runs out (a crashed instance)', async () => {
    await add(1);
    const sent: number[] = [];
    // The crashed instance: it claimed the row with a one-second lease and never answered.
    const crashed = itemsOutbox(database.db, () => new Promise<boolean>(() => {}), 1);
    void crashed.deliverDue();
    await expect.poll(async () => (await rowOf(1)).attempts).toBe(1);
    const survivor = itemsOutbox(database.db, async (id) => (sent.push(id), true));
    expect(await survivor.deliverDue()).toBe(0);
    await sleep(1_100);
    expect(await survivor.deliverDue()).toBe(1);
    expect(sent).toEqual([1]);
    expect(await rowOf(1)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('stops cleanly: the batch in hand finishes, then nothing more is claimed', async () => {
    await add(3);
    const sent: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const outbox = itemsOutbox(database.db, async (id) => {
      sent.push(id);
      if (id === 1) await held;
      return true;
    });
    const running = outbox.drain();
    await expect.poll(() => sent.length).toBe(1);
    const stopped = outbox.stop();
    release();
    await Promise.all([running, stopped]);
    // The batch claimed before the stop went out whole; a later drain starts nothing.
    expect(sent).toEqual([1, 2, 3]);
    await database.db.execute(sql`insert into outbox_items (id) values (4)`);
    await outbox.drain();
    expect(sent).toEqual([1, 2, 3]);
  });
});
