import { proxyExitSchema, type ProxyExit } from '@tollgate/contract/proxies/own-servers';
import { describe, expect, it } from 'vitest';
import { exitsFor, LocationError, locationOffer as offer } from './location-offer';

const exits = (...list: Partial<ProxyExit>[]) => list.map((e) => proxyExitSchema.parse(e));
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof LocationError) return error.message;
    throw error;
  }
  return null;
};

describe('what exits offer', () => {
  it('keeps the exits of the plan type and those for any type', () => {
    const all = exits({ type: 'mobile', country: 'fr' }, { type: '*', country: 'de' }, { type: 'isp', country: 'us' });
    expect(exitsFor({ exits: all }, 'mobile').map((e) => e.country)).toEqual(['fr', 'de']);
  });

  it('accepts any ISO country through a * exit, and nothing else', () => {
    const any = exits({});
    expect(offer.check(any, { country: 'JP' })).toEqual({ country: 'jp' });
    expect(refusal(() => offer.check(any, { country: 'zz' }))).toBe('No exit in ZZ');
    expect(refusal(() => offer.check(exits({ country: 'de' }), { country: 'at' }))).toBe('No exit in Austria');
  });

  it('matches states by ISO code or name and cities inside the states an exit covers', () => {
    const list = exits({ country: 'us', state: 'new_york' }, { country: 'us', state: 'tx', city: 'Austin' });
    expect(offer.check(list, { country: 'us', state: 'NY', city: 'Buffalo' })).toEqual({
      country: 'us',
      state: 'ny',
      city: 'buffalo',
    });
    // Without a state, a city is served when some covered state has it.
    expect(offer.check(list, { country: 'us', city: 'new_york_city' })).toMatchObject({ city: 'new_york_city' });
    expect(offer.check(list, { country: 'us', city: 'austin' })).toMatchObject({ city: 'austin' });
    expect(refusal(() => offer.check(list, { country: 'us', state: 'tx', city: 'dallas' }))).toBe(
      'No exit in Dallas, United States',
    );
    expect(refusal(() => offer.check(list, { country: 'us', city: 'Los Angeles' }))).toBe(
      'No exit in Los Angeles, United States',
    );
    expect(offer.states(list, 'us').map((s) => s.code)).toEqual(['ny', 'tx']);
  });

  it('names ISPs as the exits spell them and matches them whatever the spelling', () => {
    const list = exits({ country: 'de', isp: 'Deutsche Telekom' }, { country: 'at', isp: 'A1' });
    expect(offer.check(list, { country: 'de', isp: 'deutsche_telekom' })).toEqual({
      country: 'de',
      isp: 'Deutsche Telekom',
    });
    expect(refusal(() => offer.check(list, { country: 'de', isp: 'A1' }))).toBe('No exit with ISP A1 in Germany');
    expect(offer.isps(list, {})).toEqual(['A1', 'Deutsche Telekom']);
  });
});
