/**
 * Dashboard, generator and plans payloads travel as base64 of URL-encoded JSON (spec §7).
 * Both sides use these two functions and nothing else. They run in Node and in browsers.
 */
export function encodePayload(value: unknown): string {
  const urlEncoded = encodeURIComponent(JSON.stringify(value));
  // encodeURIComponent output is pure ASCII, so btoa is safe here.
  return btoa(urlEncoded);
}

export function decodePayload<T = unknown>(encoded: string): T {
  return JSON.parse(decodeURIComponent(atob(encoded))) as T;
}
