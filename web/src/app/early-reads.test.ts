import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { me } from '@tollgate/contract/auth/session';
import { publicBlog } from '@tollgate/contract/content/blog';
import { dashboard } from '@tollgate/contract/subscriptions/subscriptions';
import { ApiError, call, configureApiClient } from '#lib/api-client.ts';
import { storage } from '#lib/storage.ts';
import { testUser } from '../test/render.tsx';
import { EARLY_READS, earlyReadsFor, publicEarlyReadsFor, sendEarlyReads } from './early-reads.ts';
import { routes } from './router.tsx';

const user = testUser({ id: 'u1' });

function answer(status: number, payload: unknown) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ status, message: status === 200 ? 'User details' : 'jwt expired', payload }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

beforeEach(() => {
  configureApiClient({ navigate: vi.fn(), onSessionEnd: vi.fn() });
  storage.setToken('token-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('early reads', () => {
  it('names the contract paths of the reads they stand for', () => {
    expect(EARLY_READS.me).toBe(me.path);
    expect(EARLY_READS.dashboard).toBe(dashboard.path);
    expect(EARLY_READS.blogPost).toBe(publicBlog.path);
  });

  it('sends the account and the dashboard for /dashboard, the account for staff pages, nothing for public pages', () => {
    expect(earlyReadsFor(routes, '/dashboard')).toEqual([me.path, dashboard.path]);
    expect(earlyReadsFor(routes, '/admin/accounts')).toEqual([me.path]);
    expect(earlyReadsFor(routes, '/support/trialpage')).toEqual([me.path]);
    expect(earlyReadsFor(routes, '/')).toEqual([]);
    expect(earlyReadsFor(routes, '/login')).toEqual([]);
  });

  it('lets the first call of a read adopt the response sent before the router started', async () => {
    const fetch = answer(200, user);
    vi.stubGlobal('fetch', fetch);
    sendEarlyReads(routes, '/admin/accounts');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![1]!.headers).toMatchObject({ authorization: 'Bearer token-1' });

    await expect(call(me)).resolves.toEqual(user);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Adopted once: the next read of the same path goes to the server again.
    await call(me);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('sends nothing when signed out', () => {
    storage.clearSession();
    const fetch = answer(200, user);
    vi.stubGlobal('fetch', fetch);
    sendEarlyReads(routes, '/dashboard');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a reseller API account only its own account on /dashboard: it goes on to its panel (ADR 044)', async () => {
    storage.setUser({ ...user, reseller: 1 });
    const fetch = answer(200, user);
    vi.stubGlobal('fetch', fetch);
    sendEarlyReads(routes, '/dashboard');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([me.path]);
    // The guard adopts it.
    await call(me);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never hands a response sent with another token to a later session', async () => {
    const fetch = answer(200, user);
    vi.stubGlobal('fetch', fetch);
    sendEarlyReads(routes, '/support/trialpage');
    storage.setToken('token-2');
    await call(me);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1]!.headers).toMatchObject({ authorization: 'Bearer token-2' });
  });

  it('applies the session rules to an adopted answer', async () => {
    vi.stubGlobal('fetch', answer(401, { error: 'jwt expired' }));
    sendEarlyReads(routes, '/admin/accounts');
    await expect(call(me)).rejects.toBeInstanceOf(ApiError);
    expect(storage.getToken()).toBeNull();
  });

  it('sends the public read of a blog post with the entry, for visitors too, and the post page adopts it', async () => {
    expect(publicEarlyReadsFor(routes, '/blog/how%20to')).toEqual(['/api/v1/public/blogs/how%20to']);
    expect(publicEarlyReadsFor(routes, '/blog')).toEqual([]);
    expect(publicEarlyReadsFor(routes, '/dashboard')).toEqual([]);

    storage.clearSession();
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ status: 200, message: 'Blog', payload: { id: 'p1' } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    sendEarlyReads(routes, '/blog/rotating-proxies');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/public/blogs/rotating-proxies');
    expect(fetch.mock.calls[0]![1]!.headers).not.toHaveProperty('authorization');

    await expect(call(publicBlog, { params: { id: 'rotating-proxies' } })).resolves.toEqual({ id: 'p1' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
