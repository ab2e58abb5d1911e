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

const QUOTED = /"[^"]*"|'[^']*'/g;
/** A message with every quoted part (where PostgreSQL puts the values it refused) blanked. */
const blank = (message: string) => message.replace(QUOTED, '"…"');

/**
 * An error as it may be logged: a failed query keeps its statement (placeholders, not values), its
 * SQLSTATE, constraint and table, and loses its parameters and PostgreSQL's `detail` (which repeat
 * logins, e-mails and tokens); quoted values in messages are blanked. Causes are followed.
 */
export function loggableError(
  error: unknown,
  depth = 0,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: blank(String(error)), stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const query = typeof fields.query === 'string' ? fields.query : null;
  const message = query ? `Failed query: ${query}` : blank(error.message);
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: error.name,
    message,
    stack: '',
  };
  for (const key of ['code', 'constraint', 'table', 'column', 'routine', 'statusCode'] as const) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  if (error.stack)
    out.stack = [`${error.name}: ${message}`, ...error.stack.split('\n').filter((l) => /^\s+at /.test(l))].join('\n');
  if (error.cause !== undefined && depth < 4) out.cause = loggableError(error.cause, depth + 1);
  return out;
}
