import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Sealer } from '../auth/sealed';
import type { ChangeFeed } from '../cache/change-feed';
import type { Config } from '../config/env';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';
import type { BackendDeps } from '../proxy-backends/select';

/** The settings row holding the upstream provider connection saved on /admin/productapi (ADR 031). */
export const PRODUCT_API_KEY = 'ProductApi';
/** The sealer purpose of the stored API key. */
export const PRODUCT_API_SEAL = 'upstream-api-key';

/** As stored: the key sealed (AES-256-GCM under the app secret), never in clear. */
export const storedConnectionSchema = z.object({
  baseUrl: z.string().min(1),
  apiKeySealed: z.string().min(1),
  keyLast4: z.string(),
});
export type StoredConnection = z.infer<typeof storedConnectionSchema>;

export type EnvConnection = Pick<Config, 'UPSTREAM_PROXY_API_URL' | 'UPSTREAM_PROXY_API_KEY'>;

export interface UpstreamConnection {
  source: 'stored' | 'environment';
  baseUrl: string;
  apiKey: string;
}

export async function readStoredConnection(
  dbx: DbOrTx,
): Promise<{ stored: StoredConnection | null; updatedAt: Date | null }> {
  const [row] = await dbx.select().from(settings).where(eq(settings.key, PRODUCT_API_KEY)).limit(1);
  const stored = storedConnectionSchema.safeParse(row?.value).data ?? null;
  return { stored, updatedAt: stored ? (row?.updatedAt ?? null) : null };
}

export const last4 = (key: string) => key.slice(-4);

/**
 * The connection in use: the stored one takes precedence, the environment's
 * (UPSTREAM_PROXY_API_URL/KEY) is the fallback. A stored key that no longer opens (the app secret
 * changed) counts as no stored connection, and says so once through `onUnreadable`.
 */
export function effectiveConnection(
  stored: StoredConnection | null,
  sealer: Sealer,
  env: EnvConnection,
  onUnreadable: (error: unknown) => void = () => {},
): UpstreamConnection | null {
  if (stored) {
    try {
      return { source: 'stored', baseUrl: stored.baseUrl, apiKey: sealer.open(stored.apiKeySealed) };
    } catch (error) {
      onUnreadable(error);
    }
  }
  if (env.UPSTREAM_PROXY_API_URL && env.UPSTREAM_PROXY_API_KEY) {
    return { source: 'environment', baseUrl: env.UPSTREAM_PROXY_API_URL, apiKey: env.UPSTREAM_PROXY_API_KEY };
  }
  return null;
}

/** What `backendFor` reads: the connection in use, or none. */
export const backendDepsOf = (connection: UpstreamConnection | null): BackendDeps => ({
  UPSTREAM_PROXY_API_URL: connection?.baseUrl,
  UPSTREAM_PROXY_API_KEY: connection?.apiKey,
});

/** Reads the connection in use now, from the database (jobs and the CLI, which hold no cache). */
export async function loadConnection(dbx: DbOrTx, sealer: Sealer, env: EnvConnection) {
  return effectiveConnection((await readStoredConnection(dbx)).stored, sealer, env);
}

/** While the change feed is down, how often the held connection is read again. */
const POLL_MS = 3_000;

/**
 * The connection in use, held in memory for the synchronous `backendFor` on the request path. It is
 * read again when the change feed announces the row (every instance, within milliseconds: ADR 024),
 * when the feed resets, and every few seconds while the feed is not live, so a change made on any
 * instance is followed within 5 s.
 */
export function createConnectionHolder(deps: {
  db: DbOrTx;
  sealer: Sealer;
  env: EnvConnection;
  changes: Pick<ChangeFeed, 'live' | 'subscribe'>;
  log: { warn(obj: object, msg: string): void };
}) {
  let current: UpstreamConnection | null = effectiveConnection(null, deps.sealer, deps.env);
  let generation = 0;
  let warned = false;
  const refresh = async () => {
    const mine = ++generation;
    try {
      const next = await loadConnectionLogged();
      if (mine === generation) current = next;
    } catch (error) {
      deps.log.warn({ err: error }, 'the upstream connection could not be read; keeping the one held');
    }
  };
  const loadConnectionLogged = async () =>
    effectiveConnection((await readStoredConnection(deps.db)).stored, deps.sealer, deps.env, (error) => {
      if (!warned) deps.log.warn({ err: error }, 'the stored upstream API key does not open; using the environment');
      warned = true;
    });
  deps.changes.subscribe('setting', {
    changed: (key) => {
      if (key === PRODUCT_API_KEY) void refresh();
    },
    reset: () => void refresh(),
  });
  const timer = setInterval(() => {
    if (!deps.changes.live) void refresh();
  }, POLL_MS);
  timer.unref();
  return {
    current: () => current,
    refresh,
    stop: () => clearInterval(timer),
  };
}
export type ConnectionHolder = ReturnType<typeof createConnectionHolder>;
