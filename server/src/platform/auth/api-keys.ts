import { createHash, randomBytes } from 'node:crypto';
import { principalOf, type Principal } from '@tollgate/contract/access/roles';
import {
  API_KEY_HEADER,
  API_KEY_INVALID,
  API_KEY_MISSING,
  API_KEY_QUERY,
  API_KEY_READ_ONLY,
  API_KEYS_FULL,
  API_KEYS_MAX,
  UNKNOWN_API_KEY,
  type ApiKey,
  type ApiKeyScope,
} from '@tollgate/contract/profile/api-keys';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import { createAnswerCache } from '../cache/answer-cache';
import type { ChangeFeed } from '../cache/change-feed';
import { accounts, apiKeys } from '../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { recordSecurityEvent } from '../logs/security-events';
import type { AccountRow } from './session-store';

/**
 * One way to hold and check API keys for every API that takes them (ADR 038): the Customer API and
 * the reseller API (whose keys moved here in migration 0037). Key shape as ADR 021 set it.
 */
export const KEY_PREFIX = 'tg_live_';
/** 32 random bytes in base64url. */
const KEY_BODY = /^[A-Za-z0-9_-]{43}$/;
const SHOWN = KEY_PREFIX.length + 6;
/** last-used is a hint for the owner, not a log: one write a minute per key is plenty. */
const LAST_USED_GRANULARITY_SECONDS = 60;
/** The security log notes a key's use once an hour at most, never per call. */
const USE_LOGGED_EVERY_SECONDS = 3_600;

/**
 * A key is 256 random bits, so a fast hash is as safe as a slow one (no dictionary to try) and lets
 * the key be found by an indexed lookup of its hash; passwords are the opposite case (argon2).
 */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const isWellFormedKey = (key: unknown): key is string =>
  typeof key === 'string' && key.startsWith(KEY_PREFIX) && KEY_BODY.test(key.slice(KEY_PREFIX.length));

function newKey() {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, SHOWN) };
}

type KeyRow = typeof apiKeys.$inferSelect;
const toApiKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** A fresh key written and its creation logged, inside the caller's transaction. */
async function insertKey(tx: DbOrTx, input: { accountId: string; name: string; scope: ApiKeyScope }) {
  const { key, hash, prefix } = newKey();
  const [row] = await tx
    .insert(apiKeys)
    .values({ accountId: input.accountId, name: input.name, scope: input.scope, prefix, hash })
    .returning();
  await recordSecurityEvent(tx, {
    accountId: input.accountId,
    kind: 'api_key.created',
    detail: { key: prefix, name: input.name, scope: input.scope },
  });
  return { row: row!, key };
}

export const apiKeyStore = {
  async list(db: DbOrTx, accountId: string): Promise<ApiKey[]> {
    const rows = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt));
    return rows.map(toApiKey);
  },

  /**
   * A new key, within the account's cap. The account row is locked first, so concurrent creations
   * queue and each counts the keys the one before it committed; the count is its own statement so
   * it reads after the lock is granted.
   */
  async create(db: Db, input: { accountId: string; name: string; scope: ApiKeyScope }) {
    const { row, key } = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${input.accountId} for update`);
      const [active] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, input.accountId), isNull(apiKeys.revokedAt)));
      if ((active?.n ?? 0) >= API_KEYS_MAX) throw badRequest(API_KEYS_FULL);
      return insertKey(tx, input);
    });
    return { apiKey: toApiKey(row), key };
  },

  /**
   * Revokes the account's live keys of that name and makes one new key, inside the caller's
   * transaction (which must hold the account row lock, so parallel replacements take turns and the
   * last one's key is the only one left). A reseller's key is rotated this way (ADR 038); the cap
   * of `create` does not apply, since the number of live keys of the name stays one.
   */
  async replaceNamed(tx: DbOrTx, input: { accountId: string; name: string; scope: ApiKeyScope }) {
    const revokedPrefixes = await apiKeyStore.revokeNamed(tx, input.accountId, input.name);
    const { row, key } = await insertKey(tx, input);
    return { apiKey: toApiKey(row), key, revokedPrefixes };
  },

  /** Revokes the account's live keys of that name (each logged); the prefixes of those it revoked. */
  async revokeNamed(tx: DbOrTx, accountId: string, name: string): Promise<string[]> {
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.name, name), isNull(apiKeys.revokedAt)))
      .returning({ prefix: apiKeys.prefix });
    for (const old of revoked)
      await recordSecurityEvent(tx, { accountId, kind: 'api_key.revoked', detail: { key: old.prefix, name } });
    return revoked.map((r) => r.prefix);
  },

  /** The newest live key of that name per account (a reseller's `Reseller API` key), for staff screens. */
  async liveNamed(db: DbOrTx, accountIds: readonly string[], name: string): Promise<Map<string, ApiKey>> {
    if (accountIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(apiKeys)
      .where(and(inArray(apiKeys.accountId, [...accountIds]), eq(apiKeys.name, name), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt));
    const found = new Map<string, ApiKey>();
    for (const row of rows) if (!found.has(row.accountId)) found.set(row.accountId, toApiKey(row));
    return found;
  },

  /** Someone else's key, or one already revoked, is as unknown as a missing one. */
  async revoke(db: Db, accountId: string, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
        .returning({ prefix: apiKeys.prefix, name: apiKeys.name });
      if (!row) throw notFound(UNKNOWN_API_KEY);
      await recordSecurityEvent(tx, {
        accountId,
        kind: 'api_key.revoked',
        detail: { key: row.prefix, name: row.name },
      });
    });
  },

  /** The live key and its usable account, or null: unknown, revoked, or the account deleted or disabled. */
  async verify(db: DbOrTx, key: unknown): Promise<{ key: KeyRow; account: AccountRow } | null> {
    if (!isWellFormedKey(key)) return null;
    const [row] = await liveKey(db).execute({ hash: hashApiKey(key) });
    if (!row) return null;
    await noteUse(db, row.key);
    return row;
  },
};

/** Every key call reads its key first (the reseller API's orders are the hot path): prepared once. */
const liveKey = preparedPerHandle((db) =>
  db
    .select({ key: apiKeys, account: accounts })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(
      and(
        eq(apiKeys.hash, sql.placeholder('hash')),
        isNull(apiKeys.revokedAt),
        isNull(accounts.deletedAt),
        isNull(accounts.disabledAt),
      ),
    )
    .limit(1)
    .prepare('live_api_key'),
);

const olderThan = (column: typeof apiKeys.lastUsedAt | typeof apiKeys.useLoggedAt, seconds: number) =>
  or(isNull(column), sql`${column} < now() - make_interval(secs => ${seconds})`);

/** Conditional writes, so a busy key writes at most once a minute and logs once an hour, on any instance. */
async function noteUse(db: DbOrTx, key: KeyRow) {
  const stale = (at: Date | null, seconds: number) => !at || Date.now() - at.getTime() > seconds * 1000;
  if (stale(key.lastUsedAt, LAST_USED_GRANULARITY_SECONDS)) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.id, key.id), olderThan(apiKeys.lastUsedAt, LAST_USED_GRANULARITY_SECONDS)));
    // Written now, here or by another instance: a cached row (ADR 043) need not ask again for a minute.
    key.lastUsedAt = new Date();
  }
  if (stale(key.useLoggedAt, USE_LOGGED_EVERY_SECONDS)) {
    key.useLoggedAt = new Date();
    const claimed = await db
      .update(apiKeys)
      .set({ useLoggedAt: sql`now()` })
      .where(and(eq(apiKeys.id, key.id), olderThan(apiKeys.useLoggedAt, USE_LOGGED_EVERY_SECONDS)))
      .returning({ id: apiKeys.id });
    if (claimed.length > 0)
      await recordSecurityEvent(db, { accountId: key.accountId, kind: 'api_key.used', detail: { key: key.prefix } });
  }
}

/** Who called with a key: the account, the key and what it may do. */
export interface ApiKeyAuth {
  accountId: string;
  /** Null when a programme member's web session acts without a key (ADR 042). */
  keyId: string | null;
  scope: ApiKeyScope;
  principal: Principal;
  account: AccountRow;
  /** Throws 403 unless the key may change things. */
  requireWrite(): void;
}

export const unauthenticated = (message: string) => new AppError(401, message, { error: message });

/** The key a request presents: the header, or (where the endpoint allows it) the `api_key` query parameter. */
export function presentedKey(request: FastifyRequest, inQuery: boolean): string | null {
  const header = request.headers[API_KEY_HEADER];
  if (typeof header === 'string' && header) return header.trim();
  if (!inQuery) return null;
  const query = (request.query as Record<string, unknown> | undefined)?.[API_KEY_QUERY];
  return typeof query === 'string' && query ? query.trim() : null;
}

/** A URL as logged: an `api_key` query value (the whitelist call accepts one) never reaches the log. */
export const redactApiKeyInUrl = (url: string) =>
  url.replace(new RegExp(`([?&]${API_KEY_QUERY}=)[^&#]*`, 'gi'), '$1[redacted]');

/**
 * The rate-limit bucket of a request: its key's hash when it presents a well-formed one, else the
 * client address (so garbage keys share one bucket per caller, not one each).
 */
export function apiKeyBucket(request: FastifyRequest, inQuery: boolean): string {
  const key = presentedKey(request, inQuery);
  return isWellFormedKey(key) ? `key:${hashApiKey(key)}` : `ip:${request.ip}`;
}

/**
 * Whether an account is a reseller programme member (ADR 042): a customer (reseller=0) with reseller
 * terms. Decided by the resellers module and passed in (app.ts), as the key guard is.
 */
export type IsProgrammeMember = (account: AccountRow) => Promise<boolean>;

/**
 * The principal an account calls with on endpoints open to `roles`: a programme member acts as
 * `Reseller` where an endpoint takes resellers and not customers (one indexed read, only then).
 */
export async function principalFor(
  account: AccountRow,
  roles: readonly Principal[],
  isProgrammeMember: IsProgrammeMember,
): Promise<Principal> {
  const principal = principalOf(account);
  if (
    principal === 'User' &&
    !roles.includes('User') &&
    roles.includes('Reseller') &&
    (await isProgrammeMember(account))
  )
    return 'Reseller';
  return principal;
}

/** The auth of a key call; `keyId` null when a programme member's web session acts without a key (ADR 042). */
export function keyAuthOf(
  account: AccountRow,
  principal: Principal,
  key: { id: string; scope: ApiKeyScope } | null,
): ApiKeyAuth {
  const scope = key?.scope ?? 'read-write';
  return {
    accountId: account.id,
    keyId: key?.id ?? null,
    scope,
    principal,
    account,
    requireWrite() {
      if (scope !== 'read-write') throw new AppError(403, API_KEY_READ_ONLY, { error: API_KEY_READ_ONLY });
    },
  };
}

/**
 * Live keys per process for calls that also carry the account's bearer token (the reseller API,
 * ADR 043): a reseller's orders then read no key. Same discipline as the answer cache (ADR 024):
 * served only while the change feed is live, dropped on `keyAccess` for the account (the key revoked,
 * re-scoped or deleted, the account's role, flag or state changed) and on any reset, never kept
 * when such a change overtook the read, and 3 s at most. The account read with the key is used
 * for its role only: the caller's account is the bearer session's.
 */
function createKeyCache(changes: Pick<ChangeFeed, 'live' | 'subscribe'>) {
  const kept = createAnswerCache<{ key: KeyRow; account: AccountRow }>(changes, Date.now, {
    account: ['keyAccess'],
    all: [],
  });
  /** Whose key a hash is, to find its entry (which is filed by account, as `k:` names accounts). */
  const accountOf = new Map<string, string>();
  return {
    async verify(db: DbOrTx, presented: string) {
      const hash = hashApiKey(presented);
      const accountId = accountOf.get(hash);
      const cached = accountId ? kept.get(accountId, hash) : null;
      if (cached) {
        await noteUse(db, cached.key);
        return cached;
      }
      const ticket = kept.ticket();
      const found = await apiKeyStore.verify(db, presented);
      if (found) {
        if (accountOf.size >= MAX_CACHED_KEYS) accountOf.clear();
        accountOf.set(hash, found.account.id);
        kept.keep(found.account.id, hash, ticket, found);
      }
      return found;
    },
  };
}
const MAX_CACHED_KEYS = 20_000;

/**
 * The guard of every key-authenticated endpoint: no key or an unusable one answers 401 (never the
 * session rules' 403, so a browser client is not signed out by a script's mistake); a key whose
 * account is not among `roles` answers 403 forbidden.
 */
export function createApiKeyGuard(deps: {
  db: Db;
  isProgrammeMember: IsProgrammeMember;
  changes: Pick<ChangeFeed, 'live' | 'subscribe'>;
}) {
  const keys = createKeyCache(deps.changes);
  return async function authorizeKey(
    request: FastifyRequest,
    roles: readonly Principal[],
    /** `withBearer`: the caller's bearer token is checked next, so the key may come from the cache. */
    options: { inQuery?: boolean | undefined; withBearer?: boolean } = {},
  ): Promise<ApiKeyAuth> {
    const presented = presentedKey(request, options.inQuery === true);
    if (!presented) throw unauthenticated(API_KEY_MISSING);
    const found =
      options.withBearer && isWellFormedKey(presented)
        ? await keys.verify(deps.db, presented)
        : await apiKeyStore.verify(deps.db, presented);
    if (!found) throw unauthenticated(API_KEY_INVALID);
    const principal = await principalFor(found.account, roles, deps.isProgrammeMember);
    if (!roles.includes(principal)) throw forbidden();
    return keyAuthOf(found.account, principal, found.key);
  };
}
export type AuthorizeKey = ReturnType<typeof createApiKeyGuard>;
