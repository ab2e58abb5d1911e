import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { ADMINS_AND_MANAGERS } from '@tollgate/contract/access/roles';
import { ApiError } from '#lib/api-client.ts';
import { queryClient } from '#lib/query-client.ts';
import { storage } from '#lib/storage.ts';
import { fakeApi } from '../test/fake-api.ts';
import { testUser } from '../test/render.tsx';
import { requireUser } from './guards.ts';

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
});
