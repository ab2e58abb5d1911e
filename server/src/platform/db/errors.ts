/** PostgreSQL error codes we turn into answers. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_CHECK_VIOLATION = '23514';
export const PG_UNDEFINED_TABLE = '42P01';

/**
 * A field of a failed query's PostgreSQL error (`code` is its SQLSTATE, `constraint` the constraint
 * it broke); drivers and Drizzle nest the error differently, so look through causes.
 */
export function pgErrorField(error: unknown, field: 'code' | 'constraint'): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const value = (current as Record<string, unknown>)[field];
    const code = (current as { code?: unknown }).code;
    // Only the driver's error carries a SQLSTATE; a wrapper's fields are not the database's.
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return typeof value === 'string' ? value : undefined;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a failed query. */
export const pgErrorCode = (error: unknown) => pgErrorField(error, 'code');
