import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/client.ts';
import { createTestDatabase } from './harness';

// On PGlite the mistake this guards against hangs the test instead, so it is shown on PostgreSQL only.
describe.skipIf(process.env.TEST_DB !== 'postgres')('the one-session guard on PostgreSQL test databases', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  // Drizzle wraps a driver's error as "Failed query: …" with the driver's as its cause.
  const refusal = (pattern: RegExp) => ({
    cause: expect.objectContaining({ message: expect.stringMatching(pattern) }),
  });

  it('fails a query on the outer database inside a transaction, naming it', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await db.execute(sql`select 'outside' as misplaced`);
      }),
    ).rejects.toMatchObject(refusal(/outer database inside an open transaction.*misplaced/));
  });

  it('fails a second transaction opened on the outer database inside one', async () => {
    const { db } = database;
    await expect(db.transaction(() => db.transaction(async () => {}))).rejects.toThrow(
      /transaction on the outer database/,
    );
  });

  it('lets the outer database work beside a transaction and after it', async () => {
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    // Another request's query while the transaction is open: its own connection, as in the shop.
    await expect(db.execute(sql`select 3 as beside`)).resolves.toBeTruthy();
    release();
    await open;
    await expect(db.execute(sql`select 4 as after`)).resolves.toBeTruthy();
  });
});
