import { Suspense, use, type ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { LandingPayload } from '@tollgate/contract/general/landing';
import { NOT_YET, useHydrated } from '#lib/hydration.ts';

/** The public layout's route id; its loader starts the landing fetch every public page shares. */
const PUBLIC_LAYOUT = 'public';
const NONE = Promise.resolve(null);

type Links = LandingPayload['Links'];

function Read({ children }: { children: (links: Links | null) => ReactNode }) {
  const data = useRouteLoaderData(PUBLIC_LAYOUT) as { landing?: Promise<LandingPayload | null> } | undefined;
  // The prerendered HTML and its hydration show the fallback links; the seller's follow at once.
  const hydrated = useHydrated();
  return <>{children(use(hydrated ? (data?.landing ?? NONE) : NOT_YET)?.Links ?? null)}</>;
}

/**
 * The seller's external links (extension store, walkthrough video) from the landing data; until it
 * arrives (and in the prerendered page) `children(null)` renders.
 */
export function LandingLinks({ children }: { children: (links: Links | null) => ReactNode }) {
  return (
    <Suspense fallback={children(null)}>
      <Read>{children}</Read>
    </Suspense>
  );
}
