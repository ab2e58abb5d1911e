import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The rows of a raw `db.execute(sql)`. Drizzle types the result per driver; PGlite and node-postgres
 * both answer `{ rows }`, which is all the repositories read.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Runs raw SQL on the database or a transaction and answers its rows. */
export const queryRows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => rowsOf<T>(await db.execute(query));
