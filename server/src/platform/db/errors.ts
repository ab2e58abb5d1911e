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

/**
 * SQLSTATEs that say the database is not there for us right now rather than that the statement was
 * wrong: class 08 (connection exceptions), the server shutting down or starting (57P01 admin
 * shutdown, which pg_terminate_backend sends too; 57P02 crash shutdown; 57P03 cannot connect now),
 * and 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket failures the driver throws as they are, on dialling or on a connection that dies. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** What pg and pg-pool say, without a code, when a connection ends or none comes in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * Whether a failure means the database cannot be reached (down, restarting, connection cut, pool
 * found no connection in time), so the caller should be told to try again shortly. A socket error
 * counts only as the error itself (pg throws them bare) or as the cause of a failed query; one
 * inside another wrapper (fetch's `fetch failed`) is some other service's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  let fromDriver = true;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const fields = current as { code?: unknown; message?: unknown; query?: unknown; cause?: unknown };
    const code = typeof fields.code === 'string' ? fields.code : undefined;
    // PostgreSQL answered: it is there, unless its answer says it is going away.
    if (code && /^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code);
    if (fromDriver && code && SOCKET_CODES.has(code)) return true;
    const message = typeof fields.message === 'string' ? fields.message : '';
    if (fromDriver && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // Below Drizzle's failed query is the driver's own error.
    fromDriver = typeof fields.query === 'string';
    current = fields.cause;
  }
  return false;
}

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
