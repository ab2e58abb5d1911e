import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { holdDataDir, type DataDirLock } from './data-dir-lock';
import { listenOnPostgres, type NotificationHandlers, type StopListening } from './notifications';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services pass it down so every write of one operation commits together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  dialect: 'pglite' | 'postgres';
  /** Only for PostgreSQL: migrations need one dedicated connection for their advisory lock. */
  pool?: pg.Pool;
  /** Raw SQL for libraries that bring their own queries (the job queue). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** LISTEN on `channel` (ADR 024): payloads as they commit, and whether none can have been missed. */
  listen(channel: string, handlers: NotificationHandlers): Promise<StopListening>;
  /** Only for the embedded database in a DATA_DIR: this process holds it (ADR 014). */
  lock?: DataDirLock;
  /** Only for the embedded database: a consistent copy of it, as a gzipped tarball. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Trigram search for the staff account list (migration 0023); PostgreSQL ships it in contrib. */
const extensions = { pg_trgm };

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in `dataDir`, or in memory). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolMax?: number;
  /** Only for the in-memory database: start from this dump (tests start from a migrated copy). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 20 });
    // Idle clients can be cut by the server; an unhandled 'error' would crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      dialect: 'postgres',
      pool,
      executeSql: (text, values) => pool.query(text, values as unknown[]),
      listen: (channel, handlers) => listenOnPostgres({ connectionString: options.databaseUrl }, channel, handlers),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // Before PGlite touches the files: a second process opening them would corrupt the first's writes.
    lock = await holdDataDir(options.dataDir);
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    try {
      client = await PGlite.create(dir, { extensions });
    } catch (error) {
      await lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    dialect: 'pglite',
    // PGlite takes parameters only on single statements; parameterless scripts may hold several.
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values as unknown[]);
      return (await client.exec(text)).at(-1) ?? { rows: [] };
    },
    // One process, one session: a NOTIFY is delivered with the statement that committed it, so
    // delivery is live from the start and cannot be lost.
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.notify);
      handlers.live(true);
      return async () => {
        handlers.live(false);
        if (!client.closed) await unlisten();
      };
    },
    ...(lock ? { lock } : {}),
    dump: () => client.dumpDataDir('gzip'),
    async close() {
      await client.close();
      await lock?.release();
    },
  };
}

/**
 * Puts a backup (from `dump`) in place of DATA_DIR's embedded database. Refused while a process
 * holds DATA_DIR, and over a database that has data unless `force`.
 */
export async function restoreDataDir(dataDir: string, backup: Blob, options: { force: boolean }) {
  mkdirSync(dataDir, { recursive: true });
  const lock = await holdDataDir(dataDir);
  try {
    const dir = path.join(dataDir, 'pglite');
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      if (!options.force) throw new Error(`${dataDir} already has a database; add --force to replace it.`);
      rmSync(dir, { recursive: true, force: true });
    }
    mkdirSync(dir, { recursive: true });
    const client = await PGlite.create({ dataDir: dir, loadDataDir: backup, extensions });
    await client.close();
  } finally {
    await lock.release();
  }
}
