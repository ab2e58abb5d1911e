import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { useStillHere } from './use-still-here';

/** Each filter's allowed values; anything else in the URL (a stale or hand-typed link) means "all". */
export type FilterOptions = Record<string, readonly string[]>;

export interface ListParams<F extends FilterOptions, S extends string> {
  page: number;
  search: string;
  filters: { [K in keyof F]: F[K][number] | '' };
  sort: S;
  setPage: (page: number) => void;
  setSearch: (search: string) => void;
  setFilter: (key: keyof F & string, value: string) => void;
  setSort: (sort: S) => void;
}

/**
 * A list's page, search, filters and sort kept in the URL query, so a link or Back restores the list.
 * Defaults stay out of the URL; any change but the page goes back to page 1. Typing a search
 * replaces the history entry; a page, filter or sort is a step Back can undo.
 */
export function useListParams<F extends FilterOptions = Record<never, never>, S extends string = never>(config: {
  filters?: F;
  sorts?: readonly S[];
  defaultSort?: S;
}): ListParams<F, S> {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const stillHere = useStillHere();
  // A change made while this list's own URL is still loading (a filter picked, then the search
  // settles) builds on the pending query, so neither change undoes the other.
  const pendingHere = navigation.state !== 'idle' && navigation.location.pathname === location.pathname;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('search') ?? '';
  const filters = Object.fromEntries(
    Object.entries(config.filters ?? {}).map(([key, allowed]) => {
      const value = params.get(key);
      return [key, value !== null && allowed.includes(value) ? value : ''];
    }),
  ) as ListParams<F, S>['filters'];
  const requestedSort = params.get('sort') as S | null;
  const sort = (requestedSort && config.sorts?.includes(requestedSort) ? requestedSort : config.defaultSort) as S;

  const update = (key: string, value: string, options: { keepPage?: boolean; replace?: boolean } = {}) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(pendingHere ? navigation.location.search : previous);
        if (value === '') next.delete(key);
        else next.set(key, value);
        if (!options.keepPage) next.delete('page');
        return next;
      },
      { replace: options.replace ?? false },
    );

  return {
    page,
    search,
    filters,
    sort,
    setPage: (next) => update('page', next <= 1 ? '' : String(next), { keepPage: true }),
    setSearch: (next) => {
      // The search settles 300 ms after typing stops, when the person may have clicked a row.
      if (!stillHere()) return;
      if (next !== search) update('search', next, { replace: true });
    },
    setFilter: (key, value) => update(key, value),
    setSort: (next) => update('sort', next === config.defaultSort ? '' : next),
  };
}
