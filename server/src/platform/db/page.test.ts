import { asc, count, eq, getTableColumns, gt, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '#test/harness.ts';
import type { Database } from './client';
import { readPage, type PageRequest } from './page';
import { queryRows } from './rows';

const items = pgTable('page_items', { id: integer('id').primaryKey(), name: text('name').notNull() });
const tags = pgTable('page_tags', { itemId: integer('item_id').notNull(), tag: text('tag').notNull() });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table page_items (id int primary key, name text not null)`);
  await database.db.execute(sql`create table page_tags (item_id int not null, tag text not null)`);
  // Eight items; a filter `id > 2` leaves six.
  await database.db.execute(sql`insert into page_items select n, 'item ' || n from generate_series(1, 8) n`);
  await database.db.execute(sql`insert into page_tags values (1, 'a'), (1, 'b'), (2, 'a')`);
});
afterAll(() => database.close());

/** A page of the items matching `where`, in id order, with a spy on the count it may run. */
async function itemsPage(request: PageRequest, where?: SQL) {
  const { db } = database;
  const counted = vi.fn(() => db.select({ n: count() }).from(items).where(where));
  const page = await readPage(request, {
    rows: ({ pageTotal, slice }) =>
      slice(
        db
          .select({ ...getTableColumns(items), pageTotal })
          .from(items)
          .where(where)
          .orderBy(asc(items.id)),
      ),
    count: counted,
  });
  return { ...page, ids: page.rows.map((row) => row.id), counts: counted.mock.calls.length };
}

describe('a page of a list with its total', () => {
  it('reads a middle page and the whole filter’s total in one statement', async () => {
    const page = await itemsPage({ page: 2, size: 3 });
    expect(page.ids).toEqual([4, 5, 6]);
    expect(page.total).toBe(8);
    expect(page.counts).toBe(0);
    // The total's column is not a row's.
    expect(page.rows[0]).toEqual({ id: 4, name: 'item 4' });

    const filtered = await itemsPage({ page: 2, size: 4 }, gt(items.id, 2));
    expect(filtered.ids).toEqual([7, 8]);
    expect(filtered.total).toBe(6);
  });

  it('answers a page past the end with no rows and the total, counted plainly', async () => {
    const page = await itemsPage({ page: 4, size: 3 });
    expect(page.rows).toEqual([]);
    expect(page.total).toBe(8);
    expect(page.counts).toBe(1);

    const filtered = await itemsPage({ page: 9, size: 20 }, gt(items.id, 2));
    expect(filtered).toMatchObject({ rows: [], total: 6, counts: 1 });
  });

  it('knows an empty list from its first page without counting it', async () => {
    const page = await itemsPage({ page: 1, size: 20 }, gt(items.id, 100));
    expect(page).toMatchObject({ rows: [], total: 0, counts: 0 });
  });

  it('reads every row for size 0, whatever the page', async () => {
    for (const request of [
      { page: 1, size: 0 },
      { page: 3, size: 0 },
    ]) {
      const page = await itemsPage(request);
      expect(page.ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(page.total).toBe(8);
      expect(page.counts).toBe(0);
    }
    expect(await itemsPage({ page: 1, size: 0 }, gt(items.id, 100))).toMatchObject({ rows: [], total: 0, counts: 0 });
  });

  it('takes rows from an offset, as callers counting in rows ask', async () => {
    expect(await itemsPage({ limit: 2, offset: 5 })).toMatchObject({ ids: [6, 7], total: 8, counts: 0 });
    expect(await itemsPage({ limit: 2, offset: 8 })).toMatchObject({ ids: [], total: 8, counts: 1 });
  });

  it('cuts raw SQL to the page the same way', async () => {
    const read = (request: PageRequest) =>
      readPage(request, {
        rows: ({ pageTotal, slice }) =>
          queryRows<{ id: number; pageTotal: number }>(
            database.db,
            slice(sql`select id, ${pageTotal} as "pageTotal" from page_items where id > 2 order by id desc`),
          ),
        count: () => queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from page_items where id > 2`),
      });
    expect(await read({ page: 2, size: 4 })).toEqual({ rows: [{ id: 4 }, { id: 3 }], total: 6 });
    expect(await read({ page: 3, size: 4 })).toEqual({ rows: [], total: 6 });
  });

  it('counts beside the page when a list asks for it, past the end too', async () => {
    const { db } = database;
    const read = (request: PageRequest) =>
      readPage(request, {
        rows: ({ slice }) => slice(db.select().from(items).where(gt(items.id, 2)).orderBy(asc(items.id))),
        count: () => db.select({ n: count() }).from(items).where(gt(items.id, 2)),
        countBeside: true,
      });
    const middle = await read({ page: 2, size: 2 });
    expect(middle).toEqual({
      rows: [
        { id: 5, name: 'item 5' },
        { id: 6, name: 'item 6' },
      ],
      total: 6,
    });
    expect(await read({ page: 5, size: 2 })).toEqual({ rows: [], total: 6 });
  });

  it('counts the rows the statement reads: a join that repeats an item counts it again', async () => {
    // Why each list's joins were checked: an item with two tags is two rows of this statement.
    const { db } = database;
    const page = await readPage(
      { page: 1, size: 2 },
      {
        rows: ({ pageTotal, slice }) =>
          slice(
            db
              .select({ id: items.id, tag: tags.tag, pageTotal })
              .from(items)
              .innerJoin(tags, eq(tags.itemId, items.id))
              .orderBy(asc(items.id), asc(tags.tag)),
          ),
        count: () => db.select({ n: count() }).from(items).innerJoin(tags, eq(tags.itemId, items.id)),
      },
    );
    expect(page).toEqual({
      rows: [
        { id: 1, tag: 'a' },
        { id: 1, tag: 'b' },
      ],
      total: 3,
    });
  });

  it('refuses a statement that was never cut to the page', async () => {
    const { db } = database;
    await expect(
      readPage(
        { page: 1, size: 3 },
        {
          rows: ({ pageTotal }) => db.select({ id: items.id, pageTotal }).from(items),
          count: () => db.select({ n: count() }).from(items),
        },
      ),
    ).rejects.toThrow(/slice/);
  });
});
