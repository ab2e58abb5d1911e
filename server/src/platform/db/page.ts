import { count, is, sql, SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Which rows of a list to read: a 1-based `page` of `size` rows (size 0 is every row, which the
 * contract allows only where a list means it), or `limit` rows from `offset` on, for callers that
 * already count in rows.
 */
export type PageRequest = { page: number; size: number } | { limit: number; offset: number };

/** A page of a list's rows and how many rows the whole list has. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

/** A select builder the page's LIMIT and OFFSET can be added to. */
interface Sliceable {
  limit(limit: number): { offset(offset: number): unknown };
}

/** What a list's statement is built with. */
export interface PageStatement {
  /**
   * `count(*) over ()`: how many rows the statement matches before LIMIT and OFFSET. Select it as
   * `pageTotal` (in raw SQL `as "pageTotal"`); it is dropped from the rows returned.
   */
  pageTotal: SQL<number>;
  /** The ordered list cut to the page: adds LIMIT and OFFSET (nothing when size 0 asks for every row). */
  slice<Query extends Sliceable>(query: Query): Query;
  slice(query: SQL): SQL;
}

/** The rows a request covers; a null limit reads them all. */
function windowOf(request: PageRequest): { limit: number | null; offset: number } {
  if ('limit' in request) return { limit: request.limit, offset: request.offset };
  if (request.size === 0) return { limit: null, offset: 0 };
  return { limit: request.size, offset: (request.page - 1) * request.size };
}

/** A table's rows that match `where`, counted: the `count` of a list read from one table. */
export function countWhere(
  db: DbOrTx,
  table: Parameters<ReturnType<DbOrTx['select']>['from']>[0],
  where: SQL | undefined,
) {
  return db.select({ n: count() }).from(table).where(where);
}

/** How a list counts its rows: the `count` statement, the same filter counted plainly. */
type Count = () => PromiseLike<{ n: number }[]>;

/**
 * The one way the server reads a page of a list and its total. `rows` builds the list's statement
 * (its filter, joins and order, `pageTotal` among the selected columns) and cuts it with `slice`;
 * the total comes with the rows, so a page is one round trip. `count` runs only when a page past
 * the first row comes back empty (asked for beyond the end): an empty first page is an empty list.
 * The statement's total counts its own rows, so a join the count does not make must neither drop
 * nor repeat a row (a key, not a one-to-many).
 *
 * `countBeside` is for a list of many rows whose page an index answers in `size` rows (the staff
 * account list over 100,000 accounts): there the window would read and hold every matching row,
 * so the rows select no `pageTotal` and `count` runs beside them, on a second connection under
 * PostgreSQL (the admin-search bench measured the window total about three times slower, past
 * its p95 budget).
 */
export function readPage<Selected extends { pageTotal: unknown }>(
  request: PageRequest,
  read: { rows: (statement: PageStatement) => PromiseLike<Selected[]>; count: Count },
): Promise<Page<Omit<Selected, 'pageTotal'>>>;
export function readPage<Row>(
  request: PageRequest,
  read: { rows: (statement: PageStatement) => PromiseLike<Row[]>; count: Count; countBeside: true },
): Promise<Page<Row>>;
export async function readPage(
  request: PageRequest,
  read: { rows: (statement: PageStatement) => PromiseLike<object[]>; count: Count; countBeside?: true },
): Promise<Page<object>> {
  const { limit, offset } = windowOf(request);
  let sliced = false;
  function slice<Query extends Sliceable>(query: Query): Query;
  function slice(query: SQL): SQL;
  function slice(query: Sliceable | SQL): unknown {
    sliced = true;
    if (limit === null) return query;
    if (is(query, SQL)) return sql`${query} limit ${limit} offset ${offset}`;
    // Drizzle's builders set the clause and return themselves: the query keeps its type.
    return query.limit(limit).offset(offset);
  }
  const statement: PageStatement = { pageTotal: sql<number>`count(*) over ()`.mapWith(Number), slice };
  const pending = read.rows(statement);
  // A statement never cut to the page would read the whole list on every request.
  if (!sliced) throw new Error('readPage: the rows statement was not cut with slice()');
  if (read.countBeside) {
    const [rows, [counted]] = await Promise.all([pending, read.count()]);
    return { rows, total: Number(counted?.n ?? 0) };
  }
  const selected = (await pending) as { pageTotal: unknown }[];
  const rows = selected.map(({ pageTotal: _pageTotal, ...row }) => row);
  if (selected.length > 0) return { rows, total: Number(selected[0]!.pageTotal) };
  if (offset === 0 && limit !== 0) return { rows, total: 0 };
  const [counted] = await read.count();
  return { rows, total: Number(counted?.n ?? 0) };
}
