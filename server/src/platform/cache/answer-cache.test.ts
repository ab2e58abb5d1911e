import { describe, expect, it } from 'vitest';
import { ANSWER_TTL_MS, createAnswerCache } from './answer-cache';
import type { ChangeKind, ChangeSubscriber } from './change-feed';

/** A change feed driven by the test: what the database would announce, and when it is reachable. */
function feed() {
  const subscribers: [ChangeKind, ChangeSubscriber][] = [];
  return {
    live: true,
    subscribe: (kind: ChangeKind, s: ChangeSubscriber) => void subscribers.push([kind, s]),
    changed: (kind: ChangeKind, key: string) => subscribers.forEach(([k, s]) => k === kind && s.changed(key)),
    setLive(up: boolean) {
      this.live = up;
      subscribers.forEach(([, s]) => s.reset());
    },
  };
}

describe('the answer cache', () => {
  it('keeps an answer per account and key until that account’s plans, usage or account change', () => {
    const f = feed();
    const cache = createAnswerCache(f);
    cache.keep('a1', 'k', cache.ticket(), 'one');
    cache.keep('a2', 'k', cache.ticket(), 'two');
    expect(cache.get('a1', 'k')).toBe('one');
    expect(cache.get('a1', 'other')).toBeNull();
    f.changed('usage', 'a1');
    expect(cache.get('a1', 'k')).toBeNull();
    expect(cache.get('a2', 'k')).toBe('two');
    f.changed('account', 'a2');
    expect(cache.get('a2', 'k')).toBeNull();
  });

  it('drops every answer when a setting or a plan on sale changes', () => {
    for (const kind of ['setting', 'plan'] as const) {
      const f = feed();
      const cache = createAnswerCache(f);
      cache.keep('a1', 'k', cache.ticket(), 'one');
      f.changed(kind, 'anything');
      expect(cache.get('a1', 'k')).toBeNull();
    }
  });

  it('does not keep an answer whose read a change for its account overtook', () => {
    const f = feed();
    const cache = createAnswerCache(f);
    const ticket = cache.ticket();
    f.changed('usage', 'a1');
    cache.keep('a1', 'k', ticket, 'stale');
    expect(cache.get('a1', 'k')).toBeNull();
    // Another account's change does not spoil it.
    const next = cache.ticket();
    f.changed('usage', 'a2');
    cache.keep('a1', 'k', next, 'fresh');
    expect(cache.get('a1', 'k')).toBe('fresh');
  });

  it('serves nothing while the feed is down, and keeps no read begun before it came back', () => {
    const f = feed();
    const cache = createAnswerCache(f);
    cache.keep('a1', 'k', cache.ticket(), 'one');
    const ticket = cache.ticket();
    f.setLive(false);
    expect(cache.get('a1', 'k')).toBeNull();
    cache.keep('a1', 'k', cache.ticket(), 'while down');
    f.setLive(true);
    expect(cache.get('a1', 'k')).toBeNull();
    cache.keep('a1', 'k', ticket, 'begun before');
    expect(cache.get('a1', 'k')).toBeNull();
  });

  it('ends an answer at the TTL or at the moment it turns, whichever is first', () => {
    let clock = 1_000_000;
    const cache = createAnswerCache(feed(), () => clock);
    cache.keep('a1', 'ttl', cache.ticket(), 'x');
    cache.keep('a1', 'turns', cache.ticket(), 'y', clock + 500);
    clock += 499;
    expect(cache.get('a1', 'turns')).toBe('y');
    clock += 1;
    expect(cache.get('a1', 'turns')).toBeNull();
    expect(cache.get('a1', 'ttl')).toBe('x');
    clock += ANSWER_TTL_MS;
    expect(cache.get('a1', 'ttl')).toBeNull();
  });
});
