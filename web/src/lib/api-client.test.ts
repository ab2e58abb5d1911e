import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBlog } from '@tollgate/contract/content/blog';
import { landing } from '@tollgate/contract/general/landing';
import { login, me } from '@tollgate/contract/auth/session';
import { adminAccounts } from '@tollgate/contract/admin/accounts';
import { updateAvatar } from '@tollgate/contract/profile/profile';
import { defineEndpoint } from '@tollgate/contract/endpoint';
import { encodePayload } from '@tollgate/contract/http/encoding';
import { CUSTOMERS } from '@tollgate/contract/access/roles';
import { z } from 'zod';
import { ApiError, call, callForMessage, configureApiClient, NetworkError } from './api-client.ts';
import { storage } from './storage.ts';
import { testUser } from '../test/render.tsx';

function respond(status: number, body: unknown) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

const user = testUser({ id: 'u1' });

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let onSessionEnd: ReturnType<typeof vi.fn<() => void>>;

function signIn() {
  storage.setToken('token-1');
  storage.setUser(user);
  storage.setTheme('dark');
  storage.showAdmin.set(true);
  storage.showSupport.set(true);
  storage.setSelectedMenu('dashboard');
  storage.faqVisited.set(true);
}

beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  onSessionEnd = vi.fn<() => void>();
  configureApiClient({ navigate, onSessionEnd });
  signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function expectSignedOut() {
  expect(storage.getToken()).toBeNull();
  expect(storage.getUser()).toBeNull();
  expect(storage.showAdmin.get()).toBe(false);
  expect(storage.showSupport.get()).toBe(false);
  expect(storage.getSelectedMenu()).toBeNull();
  expect(localStorage.getItem('theme')).toBe('light');
  expect(document.documentElement.classList.contains('dark')).toBe(false);
}

describe('call: session rules', () => {
  it('clears storage and goes home on 401 jwt expired', async () => {
    vi.stubGlobal('fetch', respond(401, { status: 401, message: 'jwt expired', payload: { error: 'jwt expired' } }));
    await expect(call(me)).rejects.toMatchObject({ status: 401, message: 'jwt expired' });
    expectSignedOut();
    expect(navigate).toHaveBeenCalledWith('/');
    // Unrelated preferences survive a sign-out.
    expect(storage.faqVisited.get()).toBe(true);
  });

  it('clears storage and goes to /login on any other 401 (revoked session)', async () => {
    vi.stubGlobal(
      'fetch',
      respond(401, { status: 401, message: 'session revoked', payload: { error: 'session revoked' } }),
    );
    await expect(call(me)).rejects.toBeInstanceOf(ApiError);
    expectSignedOut();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('clears storage and goes to /login on 403 unauthorized', async () => {
    vi.stubGlobal('fetch', respond(403, { status: 403, message: 'unauthorized', payload: { error: 'unauthorized' } }));
    await expect(call(me)).rejects.toMatchObject({ status: 403, message: 'unauthorized' });
    expectSignedOut();
    expect(navigate).toHaveBeenCalledWith('/login');
    await vi.waitFor(() => expect(onSessionEnd).toHaveBeenCalled());
  });

  it('keeps the session and stays on the page on 403 forbidden', async () => {
    vi.stubGlobal('fetch', respond(403, { status: 403, message: 'forbidden', payload: { error: 'forbidden' } }));
    await expect(call(adminAccounts)).rejects.toMatchObject({ status: 403, message: 'forbidden' });
    expect(storage.getToken()).toBe('token-1');
    expect(storage.getTheme()).toBe('dark');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to /500 on a 500 and keeps the session', async () => {
    vi.stubGlobal(
      'fetch',
      respond(500, { status: 500, message: 'Internal Server Error', payload: { error: 'x', requestId: 'r1' } }),
    );
    await expect(call(me)).rejects.toMatchObject({ status: 500, payload: { requestId: 'r1' } });
    expect(navigate).toHaveBeenCalledWith('/500');
    expect(storage.getToken()).toBe('token-1');
  });

  it('logs a network error and rethrows it as a NetworkError, acting on nothing', async () => {
    const failure = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(failure));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const thrown = await call(me).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(NetworkError);
    expect((thrown as NetworkError).cause).toBe(failure);
    expect(log).toHaveBeenCalledWith('Network Error', failure);
    expect(navigate).not.toHaveBeenCalled();
    expect(storage.getToken()).toBe('token-1');
  });

  it('does not treat a public call answering 401 as a session end (wrong password)', async () => {
    vi.stubGlobal('fetch', respond(401, { status: 401, message: 'Invalid credentials', payload: { error: 'x' } }));
    await expect(call(login, { body: { login: 'a', password: 'b' } })).rejects.toMatchObject({
      message: 'Invalid credentials',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(storage.getToken()).toBe('token-1');
  });

  it('acts on nothing for quiet calls, even a 500 (landing is log-only)', async () => {
    vi.stubGlobal('fetch', respond(500, { status: 500, message: 'Internal Server Error', payload: { error: 'x' } }));
    await expect(call(landing, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('call: requests and payloads', () => {
  it('sends the bearer token from storage and returns the payload', async () => {
    const fetch = respond(200, { status: 200, message: 'User details', payload: user });
    vi.stubGlobal('fetch', fetch);
    await expect(call(me)).resolves.toEqual(user);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/me');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
  });

  it('sends no token on public calls such as the landing call', async () => {
    const fetch = respond(200, { status: 200, message: 'Landing data', payload: {} });
    vi.stubGlobal('fetch', fetch);
    await call(landing);
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).has('authorization')).toBe(false);
  });

  it('fills path parameters and serialises the query, skipping empty values', async () => {
    const endpoint = defineEndpoint({
      method: 'GET',
      path: '/api/v1/admin/accounts/{userId}',
      roles: CUSTOMERS,
      tag: 't',
      summary: 's',
      message: 'm',
      params: z.object({ userId: z.string() }),
      query: z.object({ page: z.number(), search: z.string().optional() }),
      payload: z.null(),
    });
    const fetch = respond(200, { status: 200, message: 'm', payload: null });
    vi.stubGlobal('fetch', fetch);
    await call(endpoint, { params: { userId: 'a b' }, query: { page: 2, search: '' } });
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/admin/accounts/a%20b?page=2');
  });

  it('decodes encoded payloads (base64 of URL-encoded JSON)', async () => {
    const endpoint = defineEndpoint({
      method: 'GET',
      path: '/api/v1/public/dashboard',
      roles: CUSTOMERS,
      tag: 't',
      summary: 's',
      message: 'Dashboard',
      encoded: true,
      payload: z.object({ plans: z.array(z.object({ name: z.string() })) }),
    });
    const decoded = { plans: [{ name: 'Résidentiel 10 GB · 日本' }] };
    vi.stubGlobal('fetch', respond(200, { status: 200, message: 'Dashboard', payload: encodePayload(decoded) }));
    await expect(call(endpoint)).resolves.toEqual(decoded);
  });

  it('throws ApiError with the server message and field details on 400', async () => {
    const fields = [{ path: 'login', message: 'Too long' }];
    vi.stubGlobal(
      'fetch',
      respond(400, { status: 400, message: 'Validation Error', payload: { error: 'bad', fields } }),
    );
    const error = await call(login, { body: { login: 'x', password: 'y' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields).toEqual(fields);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends multipart endpoints as FormData with the file in the contract field, no JSON content-type', async () => {
    const fetch = respond(200, { status: 200, message: 'Avatar updated', payload: { avatarUrl: '/a.png' } });
    vi.stubGlobal('fetch', fetch);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await expect(call(updateAvatar, { file })).resolves.toEqual({ avatarUrl: '/a.png' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/public/updatemyavatar');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    const sent = (init?.body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('me.png');
    const headers = new Headers(init?.headers);
    expect(headers.has('content-type')).toBe(false);
    expect(headers.get('authorization')).toBe('Bearer token-1');
  });

  it('refuses a multipart call without a file before touching the network', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(call(updateAvatar)).rejects.toThrow('file is required');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a multipart form write as its JSON in "data" plus only the images it was given', async () => {
    const fetch = respond(200, { status: 200, message: 'Blog created', payload: { id: 'p1' } });
    vi.stubGlobal('fetch', fetch);
    const banner = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'banner.jpg', { type: 'image/jpeg' });
    const body = { title: 'T', author: 'A', description: 'D' };
    await call(createBlog, { body, files: { banner, authorPic: undefined } });
    const form = fetch.mock.calls[0]![1]?.body as FormData;
    expect(JSON.parse(form.get('data') as string)).toEqual(body);
    expect((form.get('banner') as File).name).toBe('banner.jpg');
    expect(form.has('authorPic')).toBe(false);
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).has('content-type')).toBe(false);
  });
});

describe('call: extra headers', () => {
  const sell = defineEndpoint({
    method: 'POST',
    path: '/api/v1/reseller/things',
    roles: CUSTOMERS,
    tag: 'Test',
    summary: 'A call that charges',
    message: 'Done',
    idempotent: 'required',
    body: z.object({ n: z.number() }),
    payload: z.null(),
  });

  it('sends the idempotency key beside the session token alone, never an API key', async () => {
    const fetch = respond(200, { status: 200, message: 'Done', payload: null });
    vi.stubGlobal('fetch', fetch);
    await call(sell, { body: { n: 1 }, headers: { 'idempotency-key': 'action-0001' } });
    const headers = fetch.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['idempotency-key']).toBe('action-0001');
    expect(headers.authorization).toBe('Bearer token-1');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-api-key']).toBeUndefined();
  });
});

describe('callForMessage', () => {
  it('answers the server’s message beside the payload, so a success with another meaning can be told apart', async () => {
    const awaiting = 'Change awaits approval by an Administrator or a second staff member';
    vi.stubGlobal('fetch', respond(200, { status: 200, message: awaiting, payload: { items: [], total: 0 } }));
    await expect(callForMessage(adminAccounts, { query: { page: 1 } })).resolves.toEqual({
      message: awaiting,
      payload: { items: [], total: 0 },
    });
  });

  it('applies the same session rules as call', async () => {
    vi.stubGlobal('fetch', respond(403, { status: 403, message: 'unauthorized', payload: { error: 'unauthorized' } }));
    await expect(callForMessage(adminAccounts, { query: { page: 1 } })).rejects.toBeInstanceOf(ApiError);
    expect(storage.getToken()).toBeNull();
  });
});
