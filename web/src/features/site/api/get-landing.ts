import { use } from 'react';
import { useRouteLoaderData } from 'react-router';
import { PUBLIC } from '@tollgate/contract/access/roles';
import type { LandingPayload, landing } from '@tollgate/contract/general/landing';
import { call, routeOf } from '#lib/api-client.ts';
import { NOT_YET, useHydrated } from '#lib/hydration.ts';

/** Schema-free so the public pages ship without zod; get-landing.test.ts pins it to the contract. */
export const landingRoute = routeOf<typeof landing>({ method: 'GET', path: '/api/v1/landing', roles: PUBLIC });

export function getLanding(signal?: AbortSignal) {
  // quiet: a failing landing call is logged only, never redirects or toasts (spec §7).
  return call(landingRoute, { signal, quiet: true });
}

const FRESH_MS = 5 * 60_000;
let cached: { at: number; promise: Promise<LandingPayload | null> } | null = null;

/**
 * The one landing fetch, shared by every page for five minutes; a failure is logged, resolves to
 * null and is retried on the next call. Public pages use this directly (no query cache in the
 * public bundle, DESIGN §9); signed-in areas wrap it in a query (use-landing.ts).
 */
export function loadLanding(): Promise<LandingPayload | null> {
  if (!cached || Date.now() - cached.at > FRESH_MS) {
    const promise = getLanding().catch((error: unknown) => {
      console.error('Landing data unavailable', error);
      cached = null;
      return null;
    });
    cached = { at: Date.now(), promise };
  }
  return cached.promise;
}

/** Route id of the public layout, whose loader starts the landing fetch. */
export const PUBLIC_LAYOUT_ID = 'public';

const NO_LANDING = Promise.resolve(null);

/**
 * Landing data under the public layout; suspends until it arrives, null when it failed, undefined
 * in the prerendered HTML and while it hydrates (render the loading state then).
 */
export function usePublicLanding(): LandingPayload | null | undefined {
  const data = useRouteLoaderData(PUBLIC_LAYOUT_ID) as { landing?: Promise<LandingPayload | null> } | undefined;
  const hydrated = useHydrated();
  return use(hydrated ? (data?.landing ?? NO_LANDING) : NOT_YET);
}
