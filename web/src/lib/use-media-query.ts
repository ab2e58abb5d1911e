import { useSyncExternalStore } from 'react';

/** Tracks a CSS media query; the mobile layout uses `(max-width: 1200px)` (spec §9). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const MOBILE_QUERY = '(max-width: 1200px)';
export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
