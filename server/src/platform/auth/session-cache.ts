import type { ChangeFeed } from '../cache/change-feed';
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

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * Active sessions with their account, per process, so a signed-in read needs no query for them.
 * It answers only while the change feed is live, drops an account's sessions when the database says
 * the account or one of its sessions changed, and never keeps a read that raced such a change.
 */
export function createSessionCache(feed: Pick<ChangeFeed, 'live' | 'subscribe'>, now: () => number = Date.now) {
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

  function keep(session: ActiveSession) {
    if (entries.size >= MAX_ENTRIES) remove(entries.keys().next().value!);
    const until = Math.min(now() + TTL_MS, session.expiresAt.getTime());
    entries.set(session.sessionId, { session, until });
    const ids = byAccount.get(session.account.id) ?? new Set<string>();
    ids.add(session.sessionId);
    byAccount.set(session.account.id, ids);
  }

  feed.subscribe('a', { changed: forgetAccount, reset: clear });

  return {
    /** The session if cached and still trustworthy; null means "ask the database". */
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

    /** Reads through `read` and keeps the answer unless the account changed meanwhile. */
    async load(accountId: string, read: () => Promise<ActiveSession | null>): Promise<ActiveSession | null> {
      const load: Load = { stale: !feed.live };
      const pending = loads.get(accountId) ?? new Set<Load>();
      pending.add(load);
      loads.set(accountId, pending);
      try {
        const session = await read();
        if (session && session.account.id === accountId && !load.stale && feed.live) keep(session);
        return session;
      } finally {
        pending.delete(load);
        if (pending.size === 0 && loads.get(accountId) === pending) loads.delete(accountId);
      }
    },

    /** This process just recorded activity: the cached copy says so, so it does not record it again. */
    touched(sessionId: string) {
      const entry = entries.get(sessionId);
      if (entry) entry.session = { ...entry.session, lastSeenAt: new Date(now()) };
    },

    forgetAccount,
    clear,
  };
}
