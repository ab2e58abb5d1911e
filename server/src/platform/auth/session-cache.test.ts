import { describe, expect, it } from 'vitest';
import type { ChangeSubscriber } from '../cache/change-feed';
import { createSessionCache } from './session-cache';
import type { ActiveSession } from './session-store';

/** A change feed driven by the test: what the database would announce, and when it is reachable. */
function feed() {
  const subscribers: ChangeSubscriber[] = [];
  return {
    live: true,
    subscribe: (_kind: string, s: ChangeSubscriber) => void subscribers.push(s),
    changed: (accountId: string) => subscribers.forEach((s) => s.changed(accountId)),
    setLive(up: boolean) {
      this.live = up;
      subscribers.forEach((s) => s.reset());
    },
  };
}

const session = (sessionId: string, accountId: string, expiresAt = new Date(Date.now() + 3_600_000)) =>
  ({ sessionId, lastSeenAt: new Date(), expiresAt, account: { id: accountId } }) as unknown as ActiveSession;

describe('the session cache', () => {
  it('answers from memory after one read, and reads again once the account changed', async () => {
    const f = feed();
    const cache = createSessionCache(f);
    let reads = 0;
    const read = async () => (reads++, session('s1', 'a1'));
    await cache.load('a1', read);
    expect(cache.get('s1')?.sessionId).toBe('s1');
    f.changed('a2');
    expect(cache.get('s1')).not.toBeNull();
    f.changed('a1');
    expect(cache.get('s1')).toBeNull();
    expect(reads).toBe(1);
  });

  it('does not keep a read that was under way when its account changed', async () => {
    const f = feed();
    const cache = createSessionCache(f);
    let answer!: (s: ActiveSession) => void;
    const pending = cache.load('a1', () => new Promise<ActiveSession>((resolve) => (answer = resolve)));
    f.changed('a1');
    answer(session('s1', 'a1'));
    expect((await pending)?.sessionId).toBe('s1');
    expect(cache.get('s1')).toBeNull();
  });

  it('serves nothing while the feed is down and forgets everything when it goes down or comes back', async () => {
    const f = feed();
    const cache = createSessionCache(f);
    await cache.load('a1', async () => session('s1', 'a1'));
    f.setLive(false);
    expect(cache.get('s1')).toBeNull();
    await cache.load('a1', async () => session('s1', 'a1'));
    f.setLive(true);
    expect(cache.get('s1')).toBeNull();
  });

  it('lets an entry go after 15 s, or when its session expires if that is sooner', async () => {
    const f = feed();
    let now = 1_000_000;
    const cache = createSessionCache(f, () => now);
    await cache.load('a1', async () => session('long', 'a1', new Date(now + 3_600_000)));
    await cache.load('a2', async () => session('short', 'a2', new Date(now + 5_000)));
    now += 5_000;
    expect(cache.get('short')).toBeNull();
    expect(cache.get('long')).not.toBeNull();
    now += 10_000;
    expect(cache.get('long')).toBeNull();
  });
});
