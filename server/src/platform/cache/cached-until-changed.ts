import type { ChangeFeed, ChangeKind } from './change-feed';

/** Safety net only: the change feed drops a copy within milliseconds of the change (ADR 024). */
const DEFAULT_TTL_MS = 30_000;

/**
 * One value read from the database (a settings page, the plans on sale), shared by every request of
 * this process until the change feed says something it depends on changed. While the feed is not
 * live every call reads, since a change could pass unseen. Concurrent callers share one read; a read
 * that fails is not kept.
 */
export function cachedUntilChanged<T>(options: {
  changes: Pick<ChangeFeed, 'live' | 'subscribe'>;
  kind: ChangeKind;
  /** Which changed keys matter; all of the kind when omitted. */
  affects?: (key: string) => boolean;
  load: () => Promise<T>;
  ttlMs?: number;
}): () => Promise<T> {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  let cached: { at: number; value: Promise<T> } | null = null;
  options.changes.subscribe(options.kind, {
    changed(key) {
      if (!options.affects || options.affects(key)) cached = null;
    },
    reset() {
      cached = null;
    },
  });
  return () => {
    if (!options.changes.live) return options.load();
    const now = Date.now();
    if (!cached || now - cached.at > ttlMs) {
      const entry = { at: now, value: options.load() };
      cached = entry;
      entry.value.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.value;
  };
}
