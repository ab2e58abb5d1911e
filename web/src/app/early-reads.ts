import { matchRoutes, type RouteObject } from 'react-router';
import { fillPath } from '@tollgate/contract/endpoint';
import { sendEarly } from '#lib/early-requests.ts';
import { storage } from '#lib/storage.ts';

/** Paths of the signed-in reads sent before the route chunks load; early-reads.test pins them to the contract. */
export const EARLY_READS = {
  me: '/api/v1/auth/me',
  dashboard: '/api/v1/public/dashboard',
  /** Public: a blog post by id or slug, filled in from the route's `:id`. */
  blogPost: '/api/v1/public/blogs/{id}',
} as const;

/** A route's `handle` may name the reads its screen starts with. */
export interface EarlyHandle {
  early?: readonly string[];
  /** Reads anyone may make, sent signed in or not; `{param}` is taken from the route's params. */
  earlyPublic?: readonly string[];
}

/** The reads every route matching `pathname` names, in route order, without repeats. */
export function earlyReadsFor(routes: RouteObject[], pathname: string): string[] {
  const urls = (matchRoutes(routes, pathname) ?? []).flatMap(
    (match) => (match.route.handle as EarlyHandle | undefined)?.early ?? [],
  );
  return [...new Set(urls)];
}

/** The public reads of the routes matching `pathname`, their path parameters filled in. */
export function publicEarlyReadsFor(routes: RouteObject[], pathname: string): string[] {
  const urls = (matchRoutes(routes, pathname) ?? []).flatMap((match) =>
    ((match.route.handle as EarlyHandle | undefined)?.earlyPublic ?? []).flatMap((path) => {
      try {
        return [fillPath(path, match.params)];
      } catch {
        return []; // An optional parameter left out: that screen reads something else.
      }
    }),
  );
  return [...new Set(urls)];
}

/** Cold start: the first screen's reads go out now, in parallel with its chunks (ADR 020). */
export function sendEarlyReads(routes: RouteObject[], pathname: string): void {
  const reads = earlyReadsFor(routes, pathname);
  // A reseller API account never stays in the customer area (ADR 044): only its account is read, not
  // the customer screen's reads that nobody would adopt (and a browser would keep waiting on).
  sendEarly(storage.getUser()?.reseller === 1 ? reads.filter((url) => url === EARLY_READS.me) : reads);
  sendEarly(publicEarlyReadsFor(routes, pathname), { anonymous: true });
}
