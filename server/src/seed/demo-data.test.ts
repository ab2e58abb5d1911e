import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, settings } from '#platform/db/schema.ts';
import { createTestDatabase } from '#test/harness.ts';
import type { Database } from '#platform/db/client.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-data';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('demo data', () => {
  it('is created on the first start only and never twice', async () => {
    expect(await seedDemoData(database.db)).toEqual({ seeded: true });
    expect(await seedDemoData(database.db)).toEqual({ seeded: false });
    const rows = await database.db.select().from(accounts);
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    expect(rows.every((r) => r.emailVerifiedAt !== null)).toBe(true);
    const keys = (await database.db.select().from(settings)).map((s) => s.key).sort();
    expect(keys).toEqual(['Announcements', 'Copyright', 'FAQ', 'SocialLinks', 'Status']);
  });
});
