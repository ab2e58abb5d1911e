import type { DbOrTx } from './client';

/**
 * A query built and prepared once per database handle, for the hottest reads: later calls skip
 * query building, and PostgreSQL parses a named statement once per connection. A transaction is a
 * handle of its own, so inside one the query is built for it (and let go with it).
 */
export function preparedPerHandle<Query>(build: (db: DbOrTx) => Query): (db: DbOrTx) => Query {
  const built = new WeakMap<DbOrTx, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
