import { SETTINGS_KEYS, type SettingsKey, type SettingsPayload } from '@tollgate/contract/admin/settings';
import { fakeApi, type FakeRequest, type Reply } from '../../test/fake-api.ts';
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

export const GET = 'GET /api/v1/admin/settings';
export const PUT = 'PUT /api/v1/admin/settings';
export const TEST = 'POST /api/v1/admin/settings/own-servers/test';

/** A settings API that keeps what is PUT, as the server does, stamping who changed it. */
export function settingsApi(
  initial: Partial<Record<SettingsKey, string>> = {},
  {
    role = 'Administrator' as 'Administrator' | 'Manager',
    put,
  }: { role?: 'Administrator' | 'Manager'; put?: Reply } = {},
  extra: Record<string, Reply | ((request: FakeRequest) => Reply)> = {},
) {
  const state = { ...initial };
  const changes: NonNullable<Parameters<typeof settingsPayload>[1]> = {};
  return fakeApi({
    'GET /api/v1/auth/me': staff(role),
    [GET]: () => ({ message: 'Settings', payload: settingsPayload(state, changes) }),
    [PUT]: (request) => {
      if (put) return put;
      for (const [key, value] of Object.entries(request.body as Record<SettingsKey, string>)) {
        state[key as SettingsKey] = value;
        changes[key as SettingsKey] = { updatedAt: '2026-11-25T06:00:00.000Z', updatedBy: 'admin' };
      }
      return { message: 'Settings updated', payload: settingsPayload(state, changes) };
    },
    ...extra,
  });
}
