import { useSyncExternalStore } from 'react';
import { storage } from './storage.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};

/**
 * Whether a sign-in token is stored. False while a prerendered page hydrates (the HTML was made for
 * a visitor), then the real answer: no hydration mismatch for a signed-in reader.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => storage.getToken() !== null,
    () => false,
  );
}
