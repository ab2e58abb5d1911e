import { and, getTableColumns, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** What makes a table an outbox: its key, and the column that says until when a worker holds a row. */
export interface OutboxTable<T extends PgTable> {
  table: T;
  key: AnyPgColumn[];
  claimedUntil: AnyPgColumn;
}

export interface DueRows<T extends PgTable> {
  /** Which rows are owed by now (whether another worker holds one is checked here). */
  due: SQL | undefined;
  /** A table `due` and `order` read too; only the outbox's own rows are locked. */
  join?: { table: PgTable; on: SQL };
  order: SQL[];
  limit: number;
  /** How long the claim holds: far longer than one delivery, so only a stalled worker loses it. */
  leaseSeconds: number;
  /** What else a claim writes on its rows: a claim token, the attempt count. */
  set?: PgUpdateSetSource<T>;
  /** A table whose columns the caller returns with each claimed row (`on` joins it). */
  with?: { table: PgTable; on: SQL };
}

/**
 * Claims due rows in one statement: locks candidates with FOR UPDATE SKIP LOCKED, so instances
 * claiming at once never take the same row nor wait for each other, and stamps them with a lease.
 * A row whose lease ran out (its worker crashed or stalled) is due again. The caller adds
 * `.returning(...)` for the columns it delivers from.
 */
export function claimDue<T extends PgTable>(db: DbOrTx, outbox: OutboxTable<T>, rows: DueRows<T>) {
  const { table, key, claimedUntil } = outbox;
  const free = or(isNull(claimedUntil), lt(claimedUntil, sql`now()`));
  const keys = Object.fromEntries(key.map((column, i) => [`k${i}`, column]));
  let candidates = db
    .select(keys)
    .from(table as PgTable)
    .$dynamic();
  if (rows.join) candidates = candidates.innerJoin(rows.join.table, rows.join.on);
  candidates = candidates
    .where(and(free, rows.due))
    .orderBy(...rows.order)
    .limit(rows.limit)
    .for('update', { of: table as PgTable, skipLocked: true });
  const leaseColumn = Object.entries(getTableColumns(table)).find(([, column]) => column === claimedUntil)![0];
  const lease = { [leaseColumn]: sql`now() + make_interval(secs => ${rows.leaseSeconds})` };
  const claimed = sql`(${sql.join(key, sql`, `)}) in ${candidates}`;
  let update = db.update(table).set({ ...rows.set, ...lease } as PgUpdateSetSource<T>);
  // `from` only widens what `returning` may read; the rows claimed are the same.
  if (rows.with) update = update.from(rows.with.table) as unknown as typeof update;
  return update.where(rows.with ? and(claimed, rows.with.on) : claimed);
}
