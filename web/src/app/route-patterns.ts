import type { RouteObject } from 'react-router';

/** Marks a catch-all that shows the not-found page: the server answers the paths it catches with 404. */
export const NOT_FOUND_HANDLE = { notFound: true } as const;

const isNotFound = (route: RouteObject) => (route.handle as { notFound?: boolean } | undefined)?.notFound === true;
const join = (base: string, path: string) => (path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`);

/**
 * Every path pattern the router shows a page for (React Router syntax: `:param`, `:param?`, `*`),
 * read from the route tree itself, with `patches` (routes patched in under a route id on first use,
 * as the staff screens are). The build writes them beside the app so the server can answer an
 * unknown path with 404 and the same HTML (server/src/platform/http/spa.ts).
 */
export function routePatterns(
  routes: RouteObject[],
  patches: Partial<Record<string, RouteObject[]>> = {},
  base = '',
): string[] {
  const out: string[] = [];
  for (const route of routes) {
    if (isNotFound(route)) continue;
    const path = route.path === undefined ? base : join(base, route.path);
    const children = [...(route.children ?? []), ...((route.id && patches[route.id]) || [])];
    if (route.index) out.push(path || '/');
    else if (route.path !== undefined && children.length === 0) out.push(path);
    out.push(...routePatterns(children, patches, path));
  }
  return [...new Set(out)];
}
