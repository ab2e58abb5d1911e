import { describe, expect, it } from 'vitest';
import { builtinBackend } from './builtin';

describe('built-in gateway backend', () => {
  it('keeps the credentials it is given and names the plan by its subscription', async () => {
    const created = await builtinBackend.createPlan({
      subscriptionId: 'sub-1',
      planType: 'residential',
      country: 'US',
      bandwidthGb: 5,
      threads: 100,
      days: 30,
      username: 'alice',
      password: 'secret-1',
    });

    expect(created).toEqual({ ref: 'sub-1', username: 'alice', password: 'secret-1' });
  });

  it('has no geography of its own', async () => {
    expect(await builtinBackend.locations('mobile', { country: 'US', state: 'Texas' })).toEqual({
      countries: [],
      states: [],
      cities: [],
      isps: [],
    });
  });

  it('refuses to report usage rather than answer a zero that would overwrite what the gateway metered', async () => {
    await expect(builtinBackend.usage('sub-1')).rejects.toThrow(/bandwidth_used_bytes/);
  });
});
