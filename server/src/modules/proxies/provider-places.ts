import type { PlanType } from '@tollgate/contract/plans/plans';
import { locationCode } from '@tollgate/contract/proxies/own-servers';
import type { ProxyBackend } from '#platform/proxy-backends/backend.ts';
import { locationCatalogue as catalogue, type Named } from './location-catalogue';
import { LocationError, type CheckedPlace, type Place } from './location-offer';

type LocationQuery = { country?: string; state?: string };
type ProviderLists = Awaited<ReturnType<ProxyBackend['locations']>>;

/** How long the provider's lists are reused: they change rarely, and its rate limit is ours to spare. */
export const PROVIDER_LISTS_TTL_MS = 60_000;

/**
 * The provider's location lists, each asked once per `ttlMs` however many customers build lists.
 * Concurrent askers share one call; a failed call is not kept.
 */
export function createProviderLists(ttlMs = PROVIDER_LISTS_TTL_MS, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; lists: Promise<ProviderLists> }>();
  return (backend: ProxyBackend, planType: PlanType) =>
    (query: LocationQuery): Promise<ProviderLists> => {
      const key = JSON.stringify([planType, query.country ?? null, query.state ?? null]);
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.lists;
      const lists = backend.locations(planType, query);
      entries.set(key, { at: now(), lists });
      lists.catch(() => entries.delete(key));
      return lists;
    };
}

/**
 * The geography of a resold plan is what its provider sells (ADR 008), asked level by level. It is
 * shown and checked in the codes usernames carry, as for our own exits: countries and states by
 * their catalogue codes where the catalogue knows them, everything else by `locationCode` of the
 * provider's name. The provider is asked in its own spelling, found by code in its lists.
 */
export function providerPlaces(ask: (query: LocationQuery) => Promise<ProviderLists>) {
  const country = (name: string): Named => {
    const code = locationCode(name);
    return { code, name: catalogue.countryName(code) ?? name };
  };
  const state = (countryCode: string, name: string): Named =>
    catalogue.state(countryCode, locationCode(name)) ?? { code: locationCode(name), name };
  const plain = (name: string): Named => ({ code: locationCode(name), name });
  const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);

  /** The provider's own spelling of a place we know by code, or a LocationError naming it. */
  function spelling(names: string[], named: (name: string) => Named, code: string, missing: string) {
    const found = names.find((name) => named(name).code === code);
    if (found === undefined) throw new LocationError(missing);
    return found;
  }

  /**
   * Checks a place against what the provider sells: the place in codes (the ISP as the provider
   * names it), the provider's lists it was checked against, and its spelling of country and state.
   * A city without a state is passed on unchecked: the provider lists cities by state only.
   */
  async function resolve(place: Place) {
    const checked: CheckedPlace = {};
    const { countries } = await ask({});
    if (place.country === undefined) {
      if (place.state !== undefined) throw new LocationError('Choose a country before a state');
      if (place.city !== undefined) throw new LocationError('Choose a country before a city');
      if (place.isp !== undefined) throw new LocationError('Choose a country before an ISP');
      return { checked, countries, here: null, cities: [] };
    }
    const code = place.country.toLowerCase();
    const countryName = catalogue.countryName(code) ?? code.toUpperCase();
    const spelledCountry = spelling(countries, country, code, `No proxies in ${countryName}`);
    checked.country = code;
    const here = await ask({ country: spelledCountry });
    let cities: string[] = [];
    if (place.state !== undefined) {
      const wanted = state(code, place.state);
      const spelledState = spelling(
        here.states,
        (name) => state(code, name),
        wanted.code,
        `No proxies in ${wanted.name}, ${countryName}`,
      );
      checked.state = wanted.code;
      cities = (await ask({ country: spelledCountry, state: spelledState })).cities;
    }
    if (place.city !== undefined) {
      const wanted = locationCode(place.city);
      if (place.state !== undefined) spelling(cities, plain, wanted, `No proxies in ${place.city}, ${countryName}`);
      checked.city = wanted;
    }
    if (place.isp !== undefined) {
      const wanted = locationCode(place.isp);
      const isp = here.isps.find((name) => locationCode(name) === wanted);
      if (isp === undefined) throw new LocationError(`No proxies with ISP ${place.isp} in ${countryName}`);
      checked.isp = isp;
    }
    return { checked, countries, here, cities };
  }

  return {
    /** The same lists as our exits' offer: countries; a country's states and ISPs; a state's cities. */
    async offer(query: { country?: string | undefined; state?: string | undefined }) {
      const { checked, countries, here, cities } = await resolve({ country: query.country, state: query.state });
      return {
        countries: countries.map(country).sort(byName),
        states: here ? here.states.map((name) => state(checked.country!, name)).sort(byName) : [],
        cities: cities.map(plain).sort(byName),
        isps: here ? [...here.isps].sort((a, b) => a.localeCompare(b)) : [],
      };
    },

    check: async (place: Place): Promise<CheckedPlace> => (await resolve(place)).checked,
  };
}
