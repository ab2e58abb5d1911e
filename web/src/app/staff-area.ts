import type { PatchRoutesOnNavigationFunction } from 'react-router';
import { lazyRoute, withChunkTimeout } from './lazy.ts';
import { guarded } from './route-helpers.tsx';
import { NOT_FOUND_HANDLE } from './route-patterns.ts';

/** The staff layouts' route ids; their screens are patched in under them on first use. */
export const STAFF_AREAS = {
  admin: 'staff-admin',
  adminDocuments: 'staff-admin-documents',
  support: 'staff-support',
} as const;

/**
 * Until the staff screens are patched in, a staff layout holds only this catch-all: the path still
 * matches the layout (so its early reads and guard run), and React Router asks patchStaffRoutes for
 * the real screens, which outrank it. A staff path that names no screen keeps showing "not found".
 */
export const staffPlaceholder = (...paths: string[]) =>
  guarded(
    paths.map((path) => ({
      path,
      lazy: lazyRoute(() => import('#features/site/pages/not-found-page.tsx')),
      handle: NOT_FOUND_HANDLE,
    })),
  );

const STAFF_PATH = /^\/(admin|support|adminbill|admininvoice)(\/|$)/;

/** The staff route table (~40 screens and growing) is a chunk of its own, fetched once per router. */
export function staffRoutePatcher(): PatchRoutesOnNavigationFunction {
  let patched: Promise<void> | undefined;
  return async ({ path, patch }) => {
    if (!STAFF_PATH.test(path)) return;
    patched ??= withChunkTimeout(() => import('./staff-routes.tsx')).then(
      ({ staffRoutes }) => {
        for (const [id, children] of Object.entries(staffRoutes)) patch(id, children);
      },
      (error: unknown) => {
        // A failed chunk is tried again on the next navigation; this one shows the chunk error.
        patched = undefined;
        throw error;
      },
    );
    await patched;
  };
}
