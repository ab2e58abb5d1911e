import { describe, expect, it } from 'vitest';
import { adminGeneralLogs, adminLogRetention, endOfFilter, LOG_RETENTION_KEY, updateLogRetention } from './logs';
import { SETTINGS_KEYS, updateSettingsBodySchema } from './settings';

describe('general logs contract', () => {
  it('keeps the retention out of PUT /admin/settings, which Managers may call', () => {
    expect(SETTINGS_KEYS).not.toContain(LOG_RETENTION_KEY);
    expect(updateSettingsBodySchema.safeParse({ [LOG_RETENTION_KEY]: '30' }).success).toBe(false);
  });

  it('lets only Administrators read the logs and read or change the retention (spec §6)', () => {
    for (const endpoint of [adminGeneralLogs, adminLogRetention, updateLogRetention])
      expect(endpoint.roles).toEqual(['Administrator']);
  });

  it('reads a bare `to` day as the whole day', () => {
    expect(endOfFilter('2026-05-01').toISOString()).toBe('2026-05-01T23:59:59.999Z');
    expect(endOfFilter('2026-05-01T10:00:00Z').toISOString()).toBe('2026-05-01T10:00:00.000Z');
  });
});
