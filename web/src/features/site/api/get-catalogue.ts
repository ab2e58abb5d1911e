import { PUBLIC } from '@tollgate/contract/access/roles';
import type { catalogue, catalogueQuote } from '@tollgate/contract/plans/catalogue';
import { call, routeOf } from '#lib/api-client.ts';

/** Schema-free handles (ADR 004: public pages ship without zod); get-catalogue.test.ts pins them. */
export const catalogueRoute = routeOf<typeof catalogue>({
  method: 'GET',
  path: '/api/v1/catalogue/plans',
  roles: PUBLIC,
});
export const catalogueQuoteRoute = routeOf<typeof catalogueQuote>({
  method: 'GET',
  path: '/api/v1/catalogue/plans/{planId}/{value}',
  roles: PUBLIC,
});

export function getCatalogue(signal?: AbortSignal) {
  return call(catalogueRoute, { signal, quiet: true });
}

/** The server's price for an amount and length: the same quote a purchase charges. */
export function getCatalogueQuote(planId: string, value: number, days: number | undefined, signal?: AbortSignal) {
  return call(catalogueQuoteRoute, {
    params: { planId, value },
    query: days === undefined ? {} : { days },
    signal,
    quiet: true,
  });
}
