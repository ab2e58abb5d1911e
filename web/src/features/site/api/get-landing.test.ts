import { afterEach, describe, expect, it, vi } from 'vitest';
import { landing } from '@tollgate/contract/general/landing';
import { jsonResponse } from '../../../test/render.tsx';
import { answerEveryCall } from '../../../test/fake-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

// A fresh module per test: loadLanding keeps a module-level cache.
const load = () => import('./get-landing.ts');
const payload = { Copyright: '© Tollgate' };

describe('landingRoute', () => {
  it('matches the contract endpoint it stands in for', async () => {
    const { landingRoute } = await load();
    expect(landingRoute).toEqual({ method: landing.method, path: landing.path, roles: landing.roles });
    expect(landing.encoded).toBeFalsy();
  });
});

describe('loadLanding', () => {
  it('fetches once and shares the result', async () => {
    const fetch = answerEveryCall(200, 'Landing data', payload);
    const { loadLanding } = await load();
    await expect(loadLanding()).resolves.toEqual(payload);
    await expect(loadLanding()).resolves.toEqual(payload);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('logs a failure, resolves to null and tries again next time', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(500, { status: 500, message: 'Internal Server Error', payload: { error: 'x' } }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { status: 200, message: 'Landing data', payload }));
    vi.stubGlobal('fetch', fetch);
    const { loadLanding } = await load();
    await expect(loadLanding()).resolves.toBeNull();
    expect(log).toHaveBeenCalled();
    await expect(loadLanding()).resolves.toEqual(payload);
  });
});
