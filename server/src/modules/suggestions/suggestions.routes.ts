import {
  adminSuggestions,
  deleteSuggestion,
  sendSuggestion,
  suggestionsAllowed,
} from '@tollgate/contract/suggestions/suggestions';
import type { Db } from '#platform/db/client.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { createSuggestionsService } from './suggestions.service';

/** The suggestion box (spec §7): customers' calls and the staff list (Administrator, Manager, Support). */
export function suggestionsRoutes({ db }: { db: Db }): RouteDefinition[] {
  const service = createSuggestionsService({ db });
  return [
    route(sendSuggestion, ({ auth, body }) => service.send(auth.accountId, body.suggestion)),
    route(suggestionsAllowed, ({ auth }) => service.allowed(auth.accountId)),
    route(adminSuggestions, ({ query }) => service.list(query)),
    route(deleteSuggestion, ({ params }) => service.remove(params.suggestionId)),
  ];
}
