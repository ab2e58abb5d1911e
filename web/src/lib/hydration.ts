import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React renders on the server (the build's prerender) and while the browser hydrates
 * that HTML; true on every render after. Parts that wait for the API read it so the first browser
 * render matches the prerendered HTML exactly, then load their data.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** A promise React's `use` reads at once (no suspending): `undefined`, meaning "still loading". */
export const NOT_YET: Promise<undefined> = Object.assign(Promise.resolve(undefined), {
  status: 'fulfilled',
  value: undefined,
});
