import { locationCode } from '@tollgate/contract/proxies/own-servers';
import { City, Country, State } from 'country-state-city';
import mccMncList from 'mcc-mnc-list';

export interface Named {
  code: string;
  name: string;
}

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);

/** Unique by code, first name wins, sorted by name: the libraries list some places twice. */
function distinct(items: Iterable<Named>): Named[] {
  const seen = new Map<string, Named>();
  for (const item of items) if (!seen.has(item.code)) seen.set(item.code, item);
  return [...seen.values()].sort(byName);
}

// Static data: each part is read from the libraries on first use and kept for the process.
let countries: Named[] | null = null;
let countryNames: Map<string, string> | null = null;
const states = new Map<string, { list: Named[]; byCode: Map<string, Named>; byNameCode: Map<string, Named> }>();
const cities = new Map<string, Named[]>();
const cityStates = new Map<string, Map<string, Named & { states: Set<string> }>>();
const carriers = new Map<string, string[]>();

function statesOf(country: string) {
  let entry = states.get(country);
  if (!entry) {
    const list = distinct(
      State.getStatesOfCountry(country.toUpperCase()).map((s) => ({ code: s.isoCode.toLowerCase(), name: s.name })),
    );
    entry = {
      list,
      byCode: new Map(list.map((s) => [s.code, s])),
      byNameCode: new Map(list.map((s) => [locationCode(s.name), s])),
    };
    states.set(country, entry);
  }
  return entry;
}

/** Every city of a country by code, with the states it lies in (a name can recur across states). */
function citiesOfCountry(country: string) {
  let index = cityStates.get(country);
  if (!index) {
    index = new Map();
    for (const c of City.getCitiesOfCountry(country.toUpperCase()) ?? []) {
      const code = locationCode(c.name);
      const entry = index.get(code) ?? { code, name: c.name, states: new Set<string>() };
      entry.states.add(c.stateCode.toLowerCase());
      index.set(code, entry);
    }
    cityStates.set(country, index);
  }
  return index;
}

/**
 * The world as the country-state-city and mcc-mnc-list packages describe it, in our codes: ISO
 * countries and states lower-cased, cities as `locationCode(name)`.
 */
export const locationCatalogue = {
  countries(): Named[] {
    countries ??= distinct(Country.getAllCountries().map((c) => ({ code: c.isoCode.toLowerCase(), name: c.name })));
    return countries;
  },

  countryName(code: string): string | undefined {
    countryNames ??= new Map(this.countries().map((c) => [c.code, c.name]));
    return countryNames.get(code);
  },

  states(country: string): Named[] {
    return statesOf(country).list;
  },

  /** A state by its ISO code or by its name as a location code (`new_york`). */
  state(country: string, code: string): Named | undefined {
    const entry = statesOf(country);
    return entry.byCode.get(code) ?? entry.byNameCode.get(code);
  },

  cities(country: string, state: string): Named[] {
    const key = `${country}/${state}`;
    let list = cities.get(key);
    if (!list) {
      list = distinct(
        City.getCitiesOfState(country.toUpperCase(), state.toUpperCase()).map((c) => ({
          code: locationCode(c.name),
          name: c.name,
        })),
      );
      cities.set(key, list);
    }
    return list;
  },

  /** A city of the country by code, with the codes of the states it lies in. */
  city(country: string, code: string): (Named & { states: ReadonlySet<string> }) | undefined {
    return citiesOfCountry(country).get(code);
  },

  /** Operational mobile network brands of a country. */
  carriers(country: string): string[] {
    let list = carriers.get(country);
    if (!list) {
      const upper = country.toUpperCase();
      const names = new Set<string>();
      for (const op of mccMncList.all()) {
        if (op.countryCode === upper && op.status === 'Operational' && op.brand?.trim()) names.add(op.brand.trim());
      }
      list = [...names].sort((a, b) => a.localeCompare(b));
      carriers.set(country, list);
    }
    return list;
  },
};
