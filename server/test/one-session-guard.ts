import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Db } from '#platform/db/client.ts';

/**
 * Set while a transaction's callback runs, cleared when it settles. Work the callback starts and does
 * not await is refused too while the transaction is open: on PGlite it would wait for the commit and
 * then run outside the transaction, which is rarely what was meant.
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * PGlite has one session: a query on the outer `db` while a transaction is open waits for that
 * transaction, which is waiting for the query, and the embedded shop hangs (DESIGN §2). PostgreSQL
 * hands the same query another connection, so the bug passes there. This makes it fail on PostgreSQL
 * too, at once and by name, which lets CI run most server tests on PostgreSQL alone (ADR 053).
 */
export function guardOneSession(database: Database): Database {
  const { db, pool } = database;
  if (!pool) return database;
  const transaction = db.transaction.bind(db);
  db.transaction = ((callback, config) => {
    if (openTransaction.getStore()?.open) {
      return Promise.reject(
        new Error('A transaction on the outer database inside an open one (PGlite would hang here; use tx)'),
      );
    }
    const state = { open: true };
    return openTransaction.run(state, async () => {
      try {
        return await transaction(callback, config);
      } finally {
        state.open = false;
      }
    });
  }) as Db['transaction'];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    if (openTransaction.getStore()?.open) {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
      return Promise.reject(
        new Error(
          `A query on the outer database inside an open transaction (PGlite would hang here; use tx): ${text.slice(0, 200)}`,
        ),
      );
    }
    return query(...args);
  }) as typeof pool.query;
  return database;
}
