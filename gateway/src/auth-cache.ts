import type { AccessStore, Grant, Refusal } from './access';

type Answer = Grant | Refusal | null;

/**
 * Remembers the store's answers for `ttlMs`, so steady traffic does no lookup per connection while
 * a new password, a whitelist edit or an expiry still takes effect within that time. Concurrent
 * misses for one key share a single lookup; negative answers are cached too, so a client retrying
 * wrong credentials cannot turn into a query storm.
 */
export function createAuthCache(
  store: AccessStore,
  ttlMs: number,
  now: () => number = Date.now,
  counted: (hit: boolean) => void = () => undefined,
) {
  const entries = new Map<string, { at: number; answer: Promise<Answer> }>();

  function cached(key: string, load: () => Promise<Answer>): Promise<Answer> {
    const hit = entries.get(key);
    const t = now();
    const fresh = hit !== undefined && t - hit.at < ttlMs;
    counted(fresh);
    if (fresh) return hit.answer;
    const answer = load();
    entries.set(key, { at: t, answer });
    // A failed lookup (store down) must not be remembered as an answer.
    answer.catch(() => entries.delete(key));
    return answer;
  }

  return {
    byCredentials: (user: string, password: string) =>
      cached(`u\u0000${user}\u0000${password}`, () => store.byCredentials(user, password)),
    byIp: (ip: string, user?: string) => cached(`i\u0000${ip}\u0000${user ?? ''}`, () => store.byIp(ip, user)),
    /** Drops expired entries; called from the gateway's tick so the map does not grow forever. */
    sweep() {
      const t = now();
      for (const [key, entry] of entries) if (t - entry.at >= ttlMs) entries.delete(key);
    },
    size: () => entries.size,
  };
}
export type AuthCache = ReturnType<typeof createAuthCache>;
