import type { Redis } from 'ioredis';

/**
 * Counts refusals per key (a route's rationed answers per client address) in fixed windows that
 * start with the first one. Unlike @fastify/rate-limit's store it can be asked without counting, so
 * a route can refuse everything once the count is spent and count only the answers it rations.
 * Shared by every instance through Redis when REDIS_URL is set, as the rate limits are.
 */
export interface RefusalCounter {
  /** Milliseconds until `key` is below `max` again; 0 while it is. */
  waitMs(key: string, max: number): Promise<number>;
  /** Counts one for `key`; the first of a window opens it for `windowMs`. */
  count(key: string, windowMs: number): Promise<void>;
}

const PREFIX = 'tollgate-refusals:';
/** INCR and, for the first of a window, its expiry, in one step. */
const COUNT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
/** Keys kept in one process at most; the oldest go first when they are all still live. */
const MAX_KEYS = 10_000;

export function createRefusalCounter(redis: Redis | null): RefusalCounter {
  if (redis) {
    return {
      async waitMs(key, max) {
        const [count, ttl] = await Promise.all([redis.get(PREFIX + key), redis.pttl(PREFIX + key)]);
        return Number(count ?? 0) >= max && ttl > 0 ? ttl : 0;
      },
      async count(key, windowMs) {
        await redis.eval(COUNT, 1, PREFIX + key, windowMs);
      },
    };
  }
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string, now: number) => {
    const window = windows.get(key);
    if (window && window.endsAt <= now) windows.delete(key);
    return window && window.endsAt > now ? window : undefined;
  };
  return {
    async waitMs(key, max) {
      const now = Date.now();
      const window = live(key, now);
      return window && window.count >= max ? window.endsAt - now : 0;
    },
    async count(key, windowMs) {
      const now = Date.now();
      const window = live(key, now);
      if (window) {
        window.count++;
        return;
      }
      if (windows.size >= MAX_KEYS) {
        for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
        if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value!);
      }
      windows.set(key, { count: 1, endsAt: now + windowMs });
    },
  };
}
