import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { applyTheme, setTheme, useTheme } from './theme.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

describe('theme', () => {
  it('defaults to light when nothing is stored', () => {
    applyTheme();
    expect(storage.getTheme()).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('persists the choice in localStorage `theme` and restores it on the next load', () => {
    setTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    // A reload starts from a bare <html>; main.tsx applies the stored theme before rendering.
    document.documentElement.className = '';
    applyTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('ignores unknown stored values', () => {
    localStorage.setItem('theme', 'purple');
    expect(storage.getTheme()).toBe('light');
  });

  it('offers system: follows prefers-color-scheme, live, and keeps `system` in localStorage `theme`', () => {
    let dark = true;
    const listeners: Array<() => void> = [];
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === '(prefers-color-scheme: dark)' && dark;
      },
      addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    }));
    try {
      setTheme('system');
      expect(localStorage.getItem('theme')).toBe('system');
      expect(storage.getTheme()).toBe('system');
      expect(document.documentElement.classList.contains('dark')).toBe(true);
      expect(document.documentElement.style.colorScheme).toBe('dark');
      dark = false;
      for (const listener of listeners) listener();
      expect(document.documentElement.classList.contains('dark')).toBe(false);
      // Light stays the default for a visitor who chose nothing, whatever the device says.
      dark = true;
      localStorage.removeItem('theme');
      applyTheme();
      expect(document.documentElement.classList.contains('dark')).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('re-renders subscribers when the theme changes', () => {
    const { result } = renderHook(() => useTheme());
    expect(result.current[0]).toBe('light');
    act(() => result.current[1]('dark'));
    expect(result.current[0]).toBe('dark');
  });
});

describe('storage', () => {
  it('writes only the keys the spec allows', () => {
    storage.setToken('t');
    storage.setTheme('dark');
    storage.showAdmin.set(true);
    storage.showSupport.set(true);
    storage.setSelectedMenu('faq');
    storage.faqVisited.set(true);
    storage.hideDepletedPlans.set(true);
    for (let i = 0; i < localStorage.length; i++) {
      expect(STORAGE_KEYS).toContain(localStorage.key(i));
    }
    expect(STORAGE_KEYS).toEqual([
      'accessToken',
      'user',
      'theme',
      'showAdmin',
      'showSupport',
      'selectedMenu',
      'faqVisited',
      'hideDepletedPlans',
    ]);
  });

  it('removes flags instead of storing false', () => {
    storage.showAdmin.set(true);
    storage.showAdmin.set(false);
    expect(localStorage.getItem('showAdmin')).toBeNull();
  });
});
