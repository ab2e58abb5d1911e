import type { PlanType } from '@tollgate/contract/plans/plans';
import { locationCode, type OwnServers, type ProxyExit } from '@tollgate/contract/proxies/own-servers';
import { locationCatalogue as catalogue, type Named } from './location-catalogue';

/** A place a customer asks to exit in; codes as usernames carry them. */
export interface Place {
  country?: string | undefined;
  state?: string | undefined;
  city?: string | undefined;
  isp?: string | undefined;
}

/** The same place, checked against the exits: codes normalised, ISP as the exit names it. */
export interface CheckedPlace {
  country?: string;
  state?: string;
  city?: string;
  isp?: string;
}

export class LocationError extends Error {}

const countryLabel = (code: string) => catalogue.countryName(code) ?? code.toUpperCase();
const prettify = (code: string) => code.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** The exits a plan of this type may leave through. */
export const exitsFor = (servers: Pick<OwnServers, 'exits'>, type: PlanType): ProxyExit[] =>
  servers.exits.filter((e) => e.type === '*' || e.type === type);

const inCountry = (exit: ProxyExit, country: string) => exit.country === '*' || exit.country === country;

/** An exit's state in catalogue codes: staff may write the ISO code or the name (`ny`, `new_york`). */
const stateOf = (exit: ProxyExit, country: string) =>
  exit.state === undefined ? undefined : (catalogue.state(country, exit.state)?.code ?? exit.state);

const inState = (exit: ProxyExit, country: string, state: string) =>
  inCountry(exit, country) && (exit.state === undefined || stateOf(exit, country) === state);

type KnownCity = ReturnType<typeof catalogue.city>;

/** An exit serves a city when it names it, or names no city and covers a state the city lies in. */
function inCity(exit: ProxyExit, country: string, state: string | undefined, city: string, known: KnownCity) {
  if (state !== undefined ? !inState(exit, country, state) : !inCountry(exit, country)) return false;
  if (exit.city !== undefined) return exit.city === city;
  if (!known) return false;
  if (state !== undefined) return known.states.has(state);
  const exitState = stateOf(exit, country);
  return exitState === undefined || known.states.has(exitState);
}

function covering(exits: ProxyExit[], place: Place): ProxyExit[] {
  const { country, state, city } = place;
  if (country === undefined) return exits;
  if (city !== undefined) {
    const known = catalogue.city(country, city);
    return exits.filter((e) => inCity(e, country, state, city, known));
  }
  if (state !== undefined) return exits.filter((e) => inState(e, country, state));
  return exits.filter((e) => inCountry(e, country));
}

const ispNames = (exits: ProxyExit[]) =>
  [...new Set(exits.flatMap((e) => (e.isp ? [e.isp] : [])))].sort((a, b) => a.localeCompare(b));

/** What the exits offer, in catalogue terms (spec: locations of one plan). */
export const locationOffer = {
  countries(exits: ProxyExit[]): Named[] {
    if (exits.some((e) => e.country === '*')) return catalogue.countries();
    const codes = new Set(exits.map((e) => e.country));
    return [...codes].map((code) => ({ code, name: countryLabel(code) })).sort((a, b) => a.name.localeCompare(b.name));
  },

  states(exits: ProxyExit[], country: string): Named[] {
    const here = exits.filter((e) => inCountry(e, country));
    if (here.some((e) => e.state === undefined)) return catalogue.states(country);
    const named = new Map<string, Named>();
    for (const e of here) {
      const code = stateOf(e, country)!;
      named.set(code, catalogue.state(country, code) ?? { code, name: prettify(code) });
    }
    return [...named.values()].sort((a, b) => a.name.localeCompare(b.name));
  },

  cities(exits: ProxyExit[], country: string, state: string): Named[] {
    const here = exits.filter((e) => inState(e, country, state));
    const all = catalogue.cities(country, state);
    if (here.some((e) => e.city === undefined)) return all;
    const named = new Map<string, Named>();
    for (const e of here)
      named.set(e.city!, all.find((c) => c.code === e.city) ?? { code: e.city!, name: prettify(e.city!) });
    return [...named.values()].sort((a, b) => a.name.localeCompare(b.name));
  },

  isps(exits: ProxyExit[], place: Place): string[] {
    return ispNames(covering(exits, place));
  },

  /** Mobile plans: the exits' carriers where staff named them, else the country's networks. */
  carriers(exits: ProxyExit[], country: string): string[] {
    const named = ispNames(covering(exits, { country }));
    return named.length ? named : catalogue.carriers(country);
  },

  /**
   * Checks that some exit serves the place (a `*` country exit serves every ISO country) and
   * answers it normalised; a LocationError says what is missing.
   */
  check(exits: ProxyExit[], place: Place): CheckedPlace {
    const checked: CheckedPlace = {};
    const country = place.country ? place.country.toLowerCase() : undefined;
    if (country !== undefined) {
      const known = catalogue.countryName(country) !== undefined;
      const offered = exits.some((e) => e.country === country || (e.country === '*' && known));
      if (!offered) throw new LocationError(`No exit in ${countryLabel(country)}`);
      checked.country = country;
    }
    if (place.state !== undefined) {
      if (country === undefined) throw new LocationError('Choose a country before a state');
      const code = locationCode(place.state);
      const state = catalogue.state(country, code)?.code ?? code;
      const offered = exits.some(
        (e) => inState(e, country, state) && (e.state !== undefined || catalogue.state(country, state) !== undefined),
      );
      const name = catalogue.state(country, state)?.name ?? prettify(state);
      if (!offered) throw new LocationError(`No exit in ${name}, ${countryLabel(country)}`);
      checked.state = state;
    }
    if (place.city !== undefined) {
      if (country === undefined) throw new LocationError('Choose a country before a city');
      const city = locationCode(place.city);
      const known = catalogue.city(country, city);
      if (!exits.some((e) => inCity(e, country, checked.state, city, known))) {
        const name = known?.name ?? prettify(city);
        throw new LocationError(`No exit in ${name}, ${countryLabel(country)}`);
      }
      checked.city = city;
    }
    if (place.isp !== undefined) {
      const wanted = locationCode(place.isp);
      const isp = ispNames(covering(exits, checked)).find((name) => locationCode(name) === wanted);
      if (isp === undefined)
        throw new LocationError(`No exit with ISP ${place.isp}${country ? ` in ${countryLabel(country)}` : ''}`);
      checked.isp = isp;
    }
    return checked;
  },
};
