import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/harness.ts';
import type { Database } from './client';
import { loggableError } from './errors';

let database: Database;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(() => database.close());

describe('errors as they are logged', () => {
  it('keep the failed statement and its SQLSTATE but none of the values it carried', async () => {
    const secret = 'victim@example.test';
    const failed = await database.db.execute(sql`select ${secret}::uuid`).catch((error: unknown) => error);
    expect(String((failed as Error).message)).toContain(secret);
    const logged = JSON.stringify(loggableError(failed));
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('victim');
    expect(loggableError(failed)).toMatchObject({ message: 'Failed query: select $1::uuid' });
    expect(logged).toContain('22P02');
  });

  it('drop the detail of a constraint violation, which repeats the duplicate value', async () => {
    await database.db.execute(sql`create table logged_t (email text primary key)`);
    await database.db.execute(sql`insert into logged_t values ('owner@example.test')`);
    const failed = await database.db
      .execute(sql`insert into logged_t values (${'owner@example.test'})`)
      .catch((error: unknown) => error);
    const logged = JSON.stringify(loggableError(failed));
    expect(logged).toContain('23505');
    expect(logged).toContain('logged_t_pkey');
    expect(logged).not.toContain('owner@example.test');
  });
});
