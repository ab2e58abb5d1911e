import { describe, expect, it } from 'vitest';
import { builtinBackend } from '#platform/proxy-backends/builtin.ts';
import type { ProxyBackend } from '#platform/proxy-backends/backend.ts';
import { createProviderLists } from './provider-places';

/** A provider whose location lists count the calls and can fail the next one. */
function provider() {
  let calls = 0;
  let failNext = false;
  const backend: ProxyBackend = {
    ...builtinBackend,
    async locations(_type, query) {
      calls += 1;
      if (failNext) {
        failNext = false;
        throw new Error('provider down');
      }
      return { countries: ['US'], states: query.country ? ['Texas'] : [], cities: [], isps: [] };
    },
  };
  return { backend, calls: () => calls, failNext: () => (failNext = true) };
}

describe("a resold plan's location lists", () => {
  it('ask the provider once per minute and list, whoever asks, and forget failures', async () => {
    let now = 0;
    const lists = createProviderLists(60_000, () => now);
    const { backend, calls, failNext } = provider();
    const ask = lists(backend, 'residential');

    await Promise.all([ask({}), ask({}), ask({ country: 'US' })]);
    expect(calls()).toBe(2);
    now = 59_999;
    expect(await ask({ country: 'US' })).toMatchObject({ states: ['Texas'] });
    expect(calls()).toBe(2);

    now = 60_000;
    failNext();
    await expect(ask({})).rejects.toThrow('provider down');
    expect(await ask({})).toMatchObject({ countries: ['US'] });
    expect(calls()).toBe(4);
    // Another plan type is another list.
    await lists(backend, 'mobile')({});
    expect(calls()).toBe(5);
  });
});
