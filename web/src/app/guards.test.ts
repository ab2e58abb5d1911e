import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { ADMINS_AND_MANAGERS } from '@tollgate/contract/access/roles';
import { ApiError } from '#lib/api-client.ts';
import { queryClient } from '#lib/query-client.ts';
import { storage } from '#lib/storage.ts';
import { fakeApi } from '../test/fake-api.ts';
import { testUser } from '../test/render.tsx';
import { requireReseller, requireUser } from './guards.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const args = (path: string) => ({ request: new Request(`http://localhost${path}`) }) as LoaderFunctionArgs;

describe('requireUser', () => {
  it('shows staff of another panel the forbidden screen (Support on an admin money page)', async () => {
    storage.setToken('token');
    fakeApi({ 'GET /api/v1/auth/me': { payload: testUser({ role: 'Support' }) } });
    const refused = await requireUser(args('/admin/accounts/x/balance'), ADMINS_AND_MANAGERS).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
  });

  it('sends a customer to the dashboard', async () => {
    storage.setToken('token');
    fakeApi({ 'GET /api/v1/auth/me': { payload: testUser({ role: 'User' }) } });
    const refused = await requireUser(args('/admin/accounts'), ADMINS_AND_MANAGERS).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get('Location')).toBe('/dashboard');
  });

  it('sends a reseller API account to its panel instead of signing it out (ADR 044)', async () => {
    storage.setToken('token');
    fakeApi({ 'GET /api/v1/auth/me': { payload: testUser({ reseller: 1 }) } });
    const sent = await requireUser(args('/dashboard')).catch((e: unknown) => e);
    expect((sent as Response).headers.get('Location')).toBe('/reseller/panel');
    expect(storage.getToken()).toBe('token');
    // The staff areas too.
    const staff = await requireUser(args('/admin/accounts'), ADMINS_AND_MANAGERS).catch((e: unknown) => e);
    expect((staff as Response).headers.get('Location')).toBe('/reseller/panel');
  });
});

describe('requireReseller', () => {
  it('lets a reseller API account into its panel', async () => {
    storage.setToken('token');
    fakeApi({ 'GET /api/v1/auth/me': { payload: testUser({ reseller: 1 }) } });
    await expect(requireReseller(args('/reseller/panel'))).resolves.toMatchObject({ reseller: 1 });
  });

  it.each([
    ['User', '/dashboard/reseller-dashboard'],
    ['Support', '/support/trialpage'],
    ['Administrator', '/admin/dashboard'],
  ] as const)('sends a %s elsewhere: %s', async (role, to) => {
    storage.setToken('token');
    fakeApi({ 'GET /api/v1/auth/me': { payload: testUser({ role }) } });
    const sent = await requireReseller(args('/reseller/panel/orders')).catch((e: unknown) => e);
    expect((sent as Response).headers.get('Location')).toBe(to);
  });

  it('asks a visitor to sign in first, coming back to the panel page', async () => {
    storage.clearSession();
    const sent = await requireReseller(args('/reseller/panel/orders')).catch((e: unknown) => e);
    expect((sent as Response).headers.get('Location')).toBe('/login?next=%2Freseller%2Fpanel%2Forders');
  });
});
