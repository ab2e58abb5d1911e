import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { apiKeyStore, hashApiKey } from '#platform/auth/api-keys.ts';
import type { DbOrTx } from '#platform/db/client.ts';

// Migration 0037 moves reseller keys into api_keys (ADR 038): a key issued before it keeps working.
const migrations = path.join(import.meta.dirname, '../../../migrations');
let dir = '';
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

describe('migration 0037', () => {
  it('copies an issued reseller key into api_keys, where it still authenticates the reseller', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tg-0037-'));
    await cp(migrations, dir, { recursive: true });
    const journalPath = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < 37) }));

    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: dir });
    const key = `tg_live_${'k'.repeat(43)}`;
    const [account] = (
      await client.query<{ id: string }>(
        `insert into accounts (username, email, role, reseller, email_verified_at) values ('old_reseller', 'old@example.test', 'User', true, now()) returning id`,
      )
    ).rows;
    await client.query(
      `insert into reseller_terms (account_id, api_key_hash, api_key_prefix, api_key_created_at) values ($1, $2, $3, now())`,
      [account!.id, hashApiKey(key), key.slice(0, 14)],
    );

    await writeFile(journalPath, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: dir });
    const found = await apiKeyStore.verify(db as unknown as DbOrTx, key);
    expect(found?.account.id).toBe(account!.id);
    expect(found?.key).toMatchObject({ name: 'Reseller API', scope: 'read-write', prefix: key.slice(0, 14) });
    await client.close();
  });
});
