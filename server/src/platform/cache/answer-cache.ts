import type { ChangeFeed, ChangeKind } from './change-feed';

/** Safety net only: changes are pushed within milliseconds (ADR 024); time-dependent parts age by at most this. */
export const ANSWER_TTL_MS = 3_000;
const MAX_ENTRIES = 5_000;
/** Changes remembered per account for reads in flight; past it they are forgotten and those reads not kept. */
const MAX_REMEMBERED_CHANGES = 10_000;

interface Entry<T> {
  accountId: string;
  body: T;
  until: number;
}

const ANSWER_KINDS = { account: ['usage', 'account'], all: ['setting', 'plan'] } as const;

/** Taken before a request reads anything (its session included): changes after it make its answer unfit to keep. */
export type AnswerTicket = number;

export type AnswerCache<T = string> = ReturnType<typeof createAnswerCache<T>>;

/**
 * Customers' ready answers (the serialized envelope of a hot read), per process and account, so a
 * repeated dashboard or usage read costs only the send. Same discipline as the session cache: it
 * answers only while the change feed is live, drops an account's answers when the database says
 * something they show changed (`usage`: its plans, usage or paid invoices; `account`: the account itself),
 * drops all of them on a setting or plan change or a feed reset, and never keeps a read that a change
 * overtook. A change is stamped with a counter; a read keeps its answer only if no change for its
 * account was stamped after its ticket.
 */
export function createAnswerCache<T = string>(
  feed: Pick<ChangeFeed, 'live' | 'subscribe'>,
  now: () => number = Date.now,
  /** Which changes drop one account's entries, and which drop all: an answer's by default. */
  kinds: { account: readonly ChangeKind[]; all: readonly ChangeKind[] } = ANSWER_KINDS,
) {
  const entries = new Map<string, Entry<T>>();
  const keysOf = new Map<string, Set<string>>();
  const changedAt = new Map<string, number>();
  let clock = 0;
  /** Reads ticketed before this are not kept: what changed before it is no longer remembered. */
  let floor = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOf.get(entry.accountId);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.accountId);
  }

  function forgetAccount(accountId: string) {
    for (const key of keysOf.get(accountId) ?? []) entries.delete(key);
    keysOf.delete(accountId);
    if (changedAt.size >= MAX_REMEMBERED_CHANGES) {
      changedAt.clear();
      floor = clock + 1;
    }
    changedAt.set(accountId, ++clock);
  }

  function clear() {
    entries.clear();
    keysOf.clear();
    changedAt.clear();
    floor = ++clock;
  }

  for (const kind of kinds.account) feed.subscribe(kind, { changed: forgetAccount, reset: clear });
  for (const kind of kinds.all) feed.subscribe(kind, { changed: clear, reset: clear });

  return {
    ticket(): AnswerTicket {
      return clock;
    },

    /** The ready answer if cached and still trustworthy; null means "compute it". */
    get(accountId: string, key: string): T | null {
      if (!feed.live) return null;
      const fullKey = `${accountId}\n${key}`;
      const entry = entries.get(fullKey);
      if (!entry) return null;
      if (entry.until <= now()) {
        remove(fullKey);
        return null;
      }
      return entry.body;
    },

    /**
     * Keeps an answer computed by a read ticketed at `ticket`, unless a change overtook it. `until`
     * (epoch ms) ends it sooner than the TTL when the answer turns at a known moment (a plan expires).
     */
    keep(accountId: string, key: string, ticket: AnswerTicket, body: T, until = Infinity) {
      if (!feed.live || ticket < floor || (changedAt.get(accountId) ?? 0) > ticket) return;
      const at = now();
      const end = Math.min(at + ANSWER_TTL_MS, until);
      if (end <= at) return;
      const fullKey = `${accountId}\n${key}`;
      remove(fullKey);
      if (entries.size >= MAX_ENTRIES) remove(entries.keys().next().value!);
      entries.set(fullKey, { accountId, body, until: end });
      const keys = keysOf.get(accountId) ?? new Set<string>();
      keys.add(fullKey);
      keysOf.set(accountId, keys);
    },

    forgetAccount,
    clear,
  };
}
