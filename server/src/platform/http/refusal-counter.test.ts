import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRefusalCounter, type RefusalCounter } from './refusal-counter';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
afterAll(async () => void (await redis?.quit()));

const stores: [string, () => RefusalCounter][] = [['in one process', () => createRefusalCounter(null)]];
if (redis) stores.push(['in Redis', () => createRefusalCounter(redis)]);

describe.each(stores)('refusals counted %s', (_where, make) => {
  it('let a key through until it has had max, then say how long the window has left; other keys are apart', async () => {
    const counter = make();
    const key = `test|${randomBytes(6).toString('hex')}`;
    const other = `${key}-other`;
    for (let i = 0; i < 3; i++) {
      expect(await counter.waitMs(key, 3)).toBe(0);
      await counter.count(key, 60_000);
    }
    const wait = await counter.waitMs(key, 3);
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await counter.waitMs(key, 4)).toBe(0);
    expect(await counter.waitMs(other, 3)).toBe(0);
  });
});
