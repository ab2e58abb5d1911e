import { vi } from 'vitest';
import { encodePayload } from '@tollgate/contract/http/encoding';
import { jsonResponse } from './render.tsx';

export interface FakeRequest {
  url: URL;
  method: string;
  body: unknown;
  /** The request's headers as the client set them (lower-case names). */
  headers: Record<string, string>;
}
export interface Reply {
  status?: number;
  message?: string;
  payload?: unknown;
  /** Send the payload encoded, as /public/plans and friends do. */
  encoded?: boolean;
}
type Route = Reply | Error | ((request: FakeRequest) => Reply | Error | Promise<Reply | Error>);

/**
 * A fake of the API behind `fetch`, keyed by `METHOD /api/v1/path` (no query). Unknown calls answer
 * 404; an Error makes fetch reject like a dropped connection. Returns the fetch mock to inspect calls.
 */
export function fakeApi(routes: Record<string, Route>) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return jsonResponse(404, { status: 404, message: 'Not Found', payload: { error: 'Not Found' } });
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const reply = typeof route === 'function' ? await route({ url, method, body, headers }) : route;
    if (reply instanceof Error) throw reply;
    const status = reply.status ?? 200;
    const payload = reply.encoded ? encodePayload(reply.payload) : (reply.payload ?? null);
    return jsonResponse(status, { status, message: reply.message ?? 'OK', payload });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls made to one `METHOD /path`, with their parsed URL and JSON body. */
export function callsTo(fetch: ReturnType<typeof fakeApi>, key: string): FakeRequest[] {
  return fetch.mock.calls
    .map(([input, init]) => ({
      url: new URL(input, 'http://localhost'),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    }))
    .filter((call) => `${call.method} ${call.url.pathname}` === key);
}

/**
 * `fetch` answering every call with one envelope, as the server writes it; for a test of one call.
 * Returns the fetch mock to inspect the call.
 */
export function answerEveryCall(status: number, message: string, payload: unknown = null) {
  const fetch = vi.fn().mockImplementation(() => Promise.resolve(jsonResponse(status, { status, message, payload })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
