import { storage } from './storage.ts';

/**
 * Cold start (DESIGN §9, ADR 020): the signed-in reads a screen needs are sent while the entry is
 * still starting, before the router has downloaded the route chunks whose code would send them.
 * `call` adopts such a response instead of fetching again, so every answer still goes through its
 * envelope and session rules; one nobody adopts is dropped.
 */
const MAX_AGE_MS = 10_000;

interface EarlyResponse {
  /** The token it was sent with; null for a public read, which carries none. */
  token: string | null;
  sentAt: number;
  response: Promise<Response>;
}

const early = new Map<string, EarlyResponse>();

/**
 * Sends each GET as `call` would: with the stored token (nothing when signed out), or with no token
 * at all for `anonymous` reads, which `call` sends without one too.
 */
export function sendEarly(urls: readonly string[], options: { anonymous?: boolean } = {}): void {
  const token = options.anonymous ? null : storage.getToken();
  if (!token && !options.anonymous) return;
  for (const url of urls) {
    if (early.has(url)) continue;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = fetch(url, { headers });
    // A network error surfaces where `call` adopts the response; unadopted, it is nobody's error.
    response.catch(() => {});
    early.set(url, { token, sentAt: Date.now(), response });
  }
}

/** The early response to this GET, once, when it was sent with the same token and is still fresh. */
export function adoptEarly(url: string, token: string | null): Promise<Response> | undefined {
  const entry = early.get(url);
  if (!entry) return undefined;
  early.delete(url);
  return entry.token === token && Date.now() - entry.sentAt < MAX_AGE_MS ? entry.response : undefined;
}
