import { API_KEYS_MAX, createApiKey, myApiKeys, revokeApiKey } from '@tollgate/contract/profile/api-keys';
import { apiKeyStore } from '#platform/auth/api-keys.ts';
import type { Db } from '#platform/db/client.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';

/** A customer's own API keys in /my-profile (ADR 038); the keys themselves live in the platform. */
export function apiKeysRoutes({ db }: { db: Db }): RouteDefinition[] {
  return [
    route(myApiKeys, async ({ auth }) => ({ items: await apiKeyStore.list(db, auth.accountId), max: API_KEYS_MAX })),
    route(createApiKey, ({ auth, body }) => apiKeyStore.create(db, { accountId: auth.accountId, ...body })),
    route(revokeApiKey, async ({ auth, params }) => {
      await apiKeyStore.revoke(db, auth.accountId, params.id);
      return null;
    }),
  ];
}
