import { describe, expect, it } from 'vitest';
import type { ChangeSubscriber } from '../cache/change-feed';
import { createSessionCache } from './session-cache';
import type { ActiveSession } from './session-store';

/** A change feed driven by the test: what the database would announce, and when it is reachable. */
function feed() {
  const subscribers: { kind: string; s: ChangeSubscriber }[] = [];
  const announce = (kinds: string[], accountId: string) =>
    subscribers.filter((x) => kinds.includes(x.kind)).forEach((x) => x.s.changed(accountId));
  return {
    live: true,
    subscribe: (kind: string, s: ChangeSubscriber) => void subscribers.push({ kind, s }),
    /** What the triggers say for a balance change: `a:` (account) only. */
    changed: (accountId: string) => announce(['account'], accountId),
    /** What they say when a session ends or the account's role or state changes: `a:` and `k:`. */
    ended: (accountId: string) => announce(['account', 'keyAccess'], accountId),
    setLive(up: boolean) {
      this.live = up;
      subscribers.forEach((x) => x.s.reset());
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

  it('keeps a session for API-key calls across balance changes, and drops it when the session ends', async () => {
    const f = feed();
    const cache = createSessionCache(f);
    await cache.load('a1', async () => session('s1', 'a1'));
    f.changed('a1');
    expect(cache.get('s1')).toBeNull();
    expect(cache.get('s1', { forKeyCall: true })?.sessionId).toBe('s1');
    f.ended('a2');
    expect(cache.get('s1', { forKeyCall: true })).not.toBeNull();
    f.ended('a1');
    expect(cache.get('s1', { forKeyCall: true })).toBeNull();
  });

  it('does not keep a read for API-key calls that was under way when its session ended', async () => {
    const f = feed();
    const cache = createSessionCache(f);
    let answer!: (s: ActiveSession) => void;
    const pending = cache.load('a1', () => new Promise<ActiveSession>((resolve) => (answer = resolve)));
    f.ended('a1');
    answer(session('s1', 'a1'));
    await pending;
    expect(cache.get('s1', { forKeyCall: true })).toBeNull();
  });

  it('keeps nothing for API-key calls while the feed is down, nor past 15 s', async () => {
    const f = feed();
    let now = 1_000_000;
    const cache = createSessionCache(f, () => now);
    await cache.load('a1', async () => session('s1', 'a1'));
    f.setLive(false);
    expect(cache.get('s1', { forKeyCall: true })).toBeNull();
    f.setLive(true);
    await cache.load('a1', async () => session('s1', 'a1'));
    f.changed('a1');
    now += 15_000;
    expect(cache.get('s1', { forKeyCall: true })).toBeNull();
  });
});
