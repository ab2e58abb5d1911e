import type { RouteObject } from 'react-router';
import type { EarlyHandle } from './early-reads.ts';
import { EARLY_READS } from './early-reads.ts';
import { lazyRoute } from './lazy.ts';
import { RouteError } from './route-error.tsx';

export interface RouteHandle extends EarlyHandle {
  /** Breadcrumb title in the top bar. */
  title: string;
  section?: string;
}

export const page = (path: string, load: Parameters<typeof lazyRoute>[0], handle?: RouteHandle): RouteObject => ({
  path,
  lazy: lazyRoute(load),
  handle,
});

/** Every signed-in area starts by loading the account (guards.ts). */
export const signedIn: EarlyHandle = { early: [EARLY_READS.me] };

/** A pathless wrapper so a failing page renders its error inside the layout, not instead of it. */
export const guarded = (children: RouteObject[]): RouteObject => ({ errorElement: <RouteError />, children });
