import { useSyncExternalStore } from 'react';
import type { ToastContent, ToastOptions } from 'react-toastify';

/** Spec §8 toast types. */
export type ToastType = 'info' | 'success' | 'warning' | 'error' | 'default';

let mounted = false;
const listeners = new Set<() => void>();

/**
 * The one way to raise a toast. react-toastify is fetched on first use, so pages that never toast
 * (most public ones) do not pay for it; toasts raised before the container mounts are queued.
 */
export async function notify(type: ToastType, content: ToastContent, options?: ToastOptions): Promise<void> {
  if (!mounted) {
    mounted = true;
    for (const listener of listeners) listener();
  }
  const { toast } = await import('react-toastify');
  if (type === 'default') toast(content, options);
  else toast[type](content, options);
}

/** True once any toast was requested; the app provider then mounts the container. */
export function useToasterMounted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => mounted,
    () => false,
  );
}
