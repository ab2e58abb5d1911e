import { useSyncExternalStore } from 'react';
import { storage, type Theme } from './storage.ts';

export type ResolvedTheme = 'light' | 'dark';

const listeners = new Set<() => void>();
const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** What the page shows for a choice: `system` asks the device. */
export function resolveTheme(theme: Theme = storage.getTheme()): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return theme;
}

let watching = false;
/** A device switching light/dark while the page is open re-applies the `system` choice. */
function watchSystemTheme() {
  if (watching || typeof window.matchMedia !== 'function') return;
  watching = true;
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (storage.getTheme() === 'system') applyTheme('system');
  });
}

/** Puts the stored theme on <html>; main.tsx runs this before React renders anything. */
export function applyTheme(theme: Theme = storage.getTheme()): void {
  const root = document.documentElement;
  const resolved = resolveTheme(theme);
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  if (theme === 'system') watchSystemTheme();
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme): void {
  storage.setTheme(theme);
  applyTheme(theme);
}

export function resetTheme(): void {
  setTheme('light');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice (light, dark or system) and its setter. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, storage.getTheme, () => 'light' as const);
  return [theme, setTheme];
}

/** Light or dark as shown now, for widgets that need one of the two (charts, Google's button). */
export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(
    subscribe,
    () => resolveTheme(),
    () => 'light' as const,
  );
}
