import { sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { PG_CHECK_VIOLATION, pgErrorField } from './errors';

/**
 * One write of several that must land together: a named data-modifying CTE, built with
 * placeholders (`placeholdersFor`) so its SQL is made once. A step that can be refused says so with
 * a CHECK constraint (a balance below zero, a coupon with no uses left) and names the error a
 * client sees when it is.
 */
export interface WriteStep {
  name: string;
  query: SQL;
  refusedBy?: { constraint: string; error: () => Error };
}

/**
 * Placeholders named `step.key`, so several steps' values can share one statement's value map.
 * Each is wrapped in SQL so the driver gets the value as given: a column's encoder would be handed
 * nulls it does not expect (a pending order's `paidAt`), and pg and PGlite encode dates themselves.
 */
export function placeholdersFor<Key extends string>(step: string, keys: readonly Key[]): Record<Key, SQL> {
  return Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(`${step}.${key}`)}`])) as Record<Key, SQL>;
}

/** The values for a step's placeholders. */
export function valuesFor(step: string, values: Record<string, unknown>): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) named[`${step}.${key}`] = value;
  return named;
}

const dialect = new PgDialect();

/**
 * A statement made of write steps. PostgreSQL applies all of a statement's data-modifying CTEs or
 * none of them, and row locks queue it behind any write it races, so an order (subscription,
 * invoice, coupon use, debit and its ledger row) commits atomically in one round trip instead of a
 * transaction's five. The SQL is built on first use and kept, and runs as a named prepared
 * statement: the hot path neither builds queries nor makes PostgreSQL parse them again.
 * `result` reads from the steps by name; the first row it selects is returned.
 */
export function preparedWrite(name: string, build: (db: DbOrTx) => { steps: readonly WriteStep[]; result?: SQL }) {
  let compiled: { query: Query; steps: readonly WriteStep[] } | undefined;

  return async function write<Row extends Record<string, unknown>>(
    db: DbOrTx,
    values: Record<string, unknown>,
  ): Promise<Row | undefined> {
    if (!compiled) {
      const { steps, result = sql`select 1 as done` } = build(db);
      const ctes = sql.join(
        steps.map((step) => sql`${sql.identifier(step.name)} as (${step.query})`),
        sql`, `,
      );
      compiled = { query: dialect.sqlToQuery(sql`with ${ctes} ${result}`), steps };
    }
    try {
      const answer = await db._.session.prepareQuery(compiled.query, undefined, name, false).execute(values);
      return (answer as { rows: Row[] }).rows[0];
    } catch (error) {
      if (pgErrorField(error, 'code') === PG_CHECK_VIOLATION) {
        const constraint = pgErrorField(error, 'constraint');
        const refused = compiled.steps.find((step) => step.refusedBy?.constraint === constraint);
        if (refused?.refusedBy) throw refused.refusedBy.error();
      }
      throw error;
    }
  };
}
