import type { Database } from '../db/client';
import type { StopListening } from '../db/notifications';

/** The channel migration 0025's triggers notify on. */
export const CHANGES_CHANNEL = 'tollgate_changes';

/**
 * What changed, by name, and the letter that names it on the wire: the triggers of migrations 0025,
 * 0026 and 0039-0041 notify `<letter>:<key>`, and migrations are never edited, so the letters stay.
 */
export const CHANGE_PREFIX = {
  /** An account or one of its sessions. */
  account: 'a',
  setting: 's',
  plan: 'p',
  /**
   * What an account's dashboard or usage shows (its plans, metered usage, paid invoices: 0026), kept
   * apart from `account` so usage flushes leave sessions cached.
   */
  usage: 'u',
  /**
   * What an account's API keys let a caller do (a key revoked, re-scoped or deleted, the account's
   * role, flag or state: 0039; a session's end: 0040), kept apart from `account` so an order's
   * balance change leaves keys cached.
   */
  keyAccess: 'k',
  /**
   * An account's alert rules or auto top-up (0041), which the automation module drops itself when it
   * writes them, so `accountWrote` leaves it alone.
   */
  automation: 'm',
} as const;
export type ChangeKind = keyof typeof CHANGE_PREFIX;
const KIND_OF_PREFIX = new Map(
  Object.entries(CHANGE_PREFIX).map(([kind, prefix]) => [prefix as string, kind as ChangeKind]),
);

export interface ChangeSubscriber {
  changed(key: string): void;
  /** Notifications may have been missed, or flow again: drop everything cached so far. */
  reset(): void;
}

export interface ChangeFeed {
  /** Whether every committed change reaches this process now; caches serve nothing while it is false. */
  readonly live: boolean;
  subscribe(kind: ChangeKind, subscriber: ChangeSubscriber): void;
  /** This process just wrote something any cache may hold: every cache starts over now. */
  dropAll(): void;
  /**
   * This process just wrote for one account: its caches drop that account now, as the NOTIFY will
   * (`account` and `usage`, and `keyAccess` unless the write came through an API key, which cannot
   * change keys),
   * so the writer reads its change back without waiting for the round trip.
   */
  accountWrote(accountId: string, options?: { byKey?: boolean }): void;
  start(database: Database): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One LISTEN per process for every cache (ADR 024). The database tells every instance what changed,
 * triggers decide what that is, and a cache only answers while this feed is live.
 */
export function createChangeFeed(): ChangeFeed {
  const subscribers: Record<ChangeKind, ChangeSubscriber[]> = {
    account: [],
    setting: [],
    plan: [],
    usage: [],
    keyAccess: [],
    automation: [],
  };
  let live = false;
  let stopListening: StopListening | null = null;
  const resetAll = () => {
    for (const list of Object.values(subscribers)) for (const s of list) s.reset();
  };
  return {
    get live() {
      return live;
    },
    subscribe(kind, subscriber) {
      subscribers[kind].push(subscriber);
    },
    dropAll: resetAll,
    accountWrote(accountId, options = {}) {
      for (const s of subscribers.account) s.changed(accountId);
      for (const s of subscribers.usage) s.changed(accountId);
      if (!options.byKey) for (const s of subscribers.keyAccess) s.changed(accountId);
    },
    async start(database) {
      stopListening = await database.listen(CHANGES_CHANNEL, {
        notify(payload) {
          const kind = KIND_OF_PREFIX.get(payload[0] ?? '');
          if (!kind || payload[1] !== ':') return;
          const key = payload.slice(2);
          for (const s of subscribers[kind]) s.changed(key);
        },
        live(up) {
          // Whatever was cached while deliveries could be missed is not trusted either way.
          live = up;
          resetAll();
        },
      });
    },
    async stop() {
      await stopListening?.();
      stopListening = null;
      live = false;
      resetAll();
    },
  };
}
