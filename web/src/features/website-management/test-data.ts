import { SETTINGS_KEYS, type SettingsKey, type SettingsPayload } from '@tollgate/contract/admin/settings';
import { testUser } from '../../test/render.tsx';

/** A GET /admin/settings payload: every key '' (default) unless given, none ever changed unless given. */
export function settingsPayload(
  settings: Partial<Record<SettingsKey, string>> = {},
  changes: Partial<SettingsPayload['changes']> = {},
): SettingsPayload {
  return {
    settings: Object.fromEntries(SETTINGS_KEYS.map((key) => [key, settings[key] ?? ''])) as SettingsPayload['settings'],
    changes: Object.fromEntries(SETTINGS_KEYS.map((key) => [key, changes[key] ?? null])) as SettingsPayload['changes'],
  };
}

export const staff = (role: 'Administrator' | 'Manager') => ({
  payload: testUser({ username: role === 'Administrator' ? 'admin' : 'manager', role }),
});
