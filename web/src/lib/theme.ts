import { useSyncExternalStore } from 'react';
import { storage, type Theme } from './storage.ts';

const listeners = new Set<() => void>();

/** Puts the stored theme on <html>; main.tsx runs this before React renders anything. */
export function applyTheme(theme: Theme = storage.getTheme()): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
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

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, storage.getTheme, () => 'light' as const);
  return [theme, setTheme];
}
