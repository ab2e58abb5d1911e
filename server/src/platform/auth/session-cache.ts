import type { ChangeFeed, ChangeKind } from '../cache/change-feed';
import type { ActiveSession } from './session-store';

/** Safety net only: a change is pushed within milliseconds (ADR 024). */
const TTL_MS = 15_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  session: ActiveSession;
  /** Whichever comes first: the TTL or the session's own expiry. */
  until: number;
}
/** A database read in flight; a change to its account while it runs makes its answer unfit to keep. */
interface Load {
  stale: boolean;
}

/**
 * Sessions kept until a change of `kind` names their account. Two of these make the cache: one
 * dropped on any account change (`a:`), one only on what decides whether a session still counts
 * (`k:`: revoked or expired, the account's role, flags, disabled or deleted state).
 */
function createShelf(feed: Pick<ChangeFeed, 'live' | 'subscribe'>, kind: ChangeKind, now: () => number) {
  const entries = new Map<string, Entry>();
  const byAccount = new Map<string, Set<string>>();
  const loads = new Map<string, Set<Load>>();

  function remove(sessionId: string) {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const ids = byAccount.get(entry.session.account.id);
    ids?.delete(sessionId);
    if (ids?.size === 0) byAccount.delete(entry.session.account.id);
  }

  function forgetAccount(accountId: string) {
    for (const sessionId of byAccount.get(accountId) ?? []) entries.delete(sessionId);
    byAccount.delete(accountId);
    for (const load of loads.get(accountId) ?? []) load.stale = true;
  }

  function clear() {
    entries.clear();
    byAccount.clear();
    for (const set of loads.values()) for (const load of set) load.stale = true;
  }

  feed.subscribe(kind, { changed: forgetAccount, reset: clear });

  return {
    get(sessionId: string): ActiveSession | null {
      if (!feed.live) return null;
      const entry = entries.get(sessionId);
      if (!entry) return null;
      if (entry.until <= now()) {
        remove(sessionId);
        return null;
      }
      return entry.session;
    },

    /** Watches the account until `done`; the read is kept then only if nothing changed meanwhile. */
    watch(accountId: string) {
      const load: Load = { stale: !feed.live };
      const pending = loads.get(accountId) ?? new Set<Load>();
      pending.add(load);
      loads.set(accountId, pending);
      return (session: ActiveSession | null) => {
        pending.delete(load);
        if (pending.size === 0 && loads.get(accountId) === pending) loads.delete(accountId);
        if (!session || session.account.id !== accountId || load.stale || !feed.live) return;
        if (entries.size >= MAX_ENTRIES) remove(entries.keys().next().value!);
        const until = Math.min(now() + TTL_MS, session.expiresAt.getTime());
        entries.set(session.sessionId, { session, until });
        const ids = byAccount.get(accountId) ?? new Set<string>();
        ids.add(session.sessionId);
        byAccount.set(accountId, ids);
      };
    },

    touched(sessionId: string, at: Date) {
      const entry = entries.get(sessionId);
      if (entry) entry.session = { ...entry.session, lastSeenAt: at };
    },

    forgetAccount,
    clear,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * Active sessions with their account, per process, so a signed-in read needs no query for them.
 * It answers only while the change feed is live, drops an account's sessions when the database says
 * the account or one of its sessions changed, and never keeps a read that raced such a change.
 *
 * A call that also presents an API key (the reseller API, ADR 043) only needs to know that the
 * session still counts: its account's role and state come with the key, and its balance is read by
 * the order's own SQL. Those calls may use a copy that outlives balance changes, so a reseller's
 * orders do not each read the session again.
 */
export function createSessionCache(feed: Pick<ChangeFeed, 'live' | 'subscribe'>, now: () => number = Date.now) {
  const current = createShelf(feed, 'account', now);
  const standing = createShelf(feed, 'keyAccess', now);

  return {
    /**
     * The session if cached and still trustworthy; null means "ask the database". `forKeyCall`: the
     * caller needs the session's standing only (its account's balance may be older than the last order).
     */
    get(sessionId: string, options: { forKeyCall?: boolean } = {}): ActiveSession | null {
      return current.get(sessionId) ?? (options.forKeyCall ? standing.get(sessionId) : null);
    },

    /** Reads through `read` and keeps the answer unless the account changed meanwhile. */
    async load(accountId: string, read: () => Promise<ActiveSession | null>): Promise<ActiveSession | null> {
      const keepCurrent = current.watch(accountId);
      const keepStanding = standing.watch(accountId);
      let session: ActiveSession | null = null;
      try {
        session = await read();
        return session;
      } finally {
        keepCurrent(session);
        keepStanding(session);
      }
    },

    /** This process just recorded activity: the cached copy says so, so it does not record it again. */
    touched(sessionId: string) {
      const at = new Date(now());
      current.touched(sessionId, at);
      standing.touched(sessionId, at);
    },

    forgetAccount(accountId: string) {
      current.forgetAccount(accountId);
      standing.forgetAccount(accountId);
    },
    clear() {
      current.clear();
      standing.clear();
    },
  };
}
