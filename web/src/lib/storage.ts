import type { CurrentUser } from '@tollgate/contract/auth/session';

/**
 * The only module that touches localStorage. The spec fixes the key list (spec §3), so nothing
 * else may ever be written; every read and write goes through the typed helpers below.
 */
export const STORAGE_KEYS = [
  'accessToken',
  'user',
  'theme',
  'showAdmin',
  'showSupport',
  'selectedMenu',
  'faqVisited',
  'hideDepletedPlans',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];
/** `system` follows the device's light/dark setting; the spec's default stays light. */
export type Theme = 'light' | 'dark' | 'system';

function read(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be blocked (privacy modes); the app then behaves as signed out and light.
    return null;
  }
}

function write(key: StorageKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Same as above: a blocked storage must not break rendering.
  }
}

const flag = (key: StorageKey) => ({
  get: () => read(key) === 'true',
  set: (on: boolean) => write(key, on ? 'true' : null),
});

export const storage = {
  getToken: () => read('accessToken'),
  setToken: (token: string) => write('accessToken', token),

  getUser(): CurrentUser | null {
    const raw = read('user');
    if (!raw) return null;
    try {
      return JSON.parse(raw) as CurrentUser;
    } catch {
      return null;
    }
  },
  setUser: (user: CurrentUser) => write('user', JSON.stringify(user)),

  getTheme(): Theme {
    const value = read('theme');
    return value === 'dark' || value === 'system' ? value : 'light';
  },
  setTheme: (theme: Theme) => write('theme', theme),

  showAdmin: flag('showAdmin'),
  showSupport: flag('showSupport'),
  faqVisited: flag('faqVisited'),
  hideDepletedPlans: flag('hideDepletedPlans'),

  getSelectedMenu: () => read('selectedMenu'),
  setSelectedMenu: (key: string) => write('selectedMenu', key),

  /** Ends the local session: token, user and panel state go, the theme returns to light. */
  clearSession(): void {
    for (const key of ['accessToken', 'user', 'showAdmin', 'showSupport', 'selectedMenu'] as const) write(key, null);
    write('theme', 'light');
  },
};
