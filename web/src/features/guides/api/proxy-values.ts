import { CUSTOMERS } from '@tollgate/contract/access/roles';
import type { generator } from '@tollgate/contract/proxies/proxies';
import type { dashboard } from '@tollgate/contract/subscriptions/subscriptions';
import { call, routeOf } from '#lib/api-client.ts';
import { storage } from '#lib/storage.ts';

/** Schema-free routes (ADR 004) so the guides stay light; the same calls the dashboard and generator make. */
const dashboardRoute = routeOf<typeof dashboard>({
  method: 'GET',
  path: '/api/v1/public/dashboard',
  roles: CUSTOMERS,
  encoded: true,
});
const generatorRoute = routeOf<typeof generator>({
  method: 'GET',
  path: '/api/v1/public/generator/{subscriptionId}',
  roles: CUSTOMERS,
  encoded: true,
});

export interface OwnProxyValues {
  subscriptionId: string;
  planTitle: string;
  host: string;
  httpPort: number;
  socksPort: number;
  username: string;
  password: string;
}

/**
 * The reader's own connection values: the chosen (or first) running plan's host, ports and credentials,
 * read from the generator. null when signed out or without a running plan. Quiet: a guide never
 * signs anyone out or leaves the page because one of these calls failed.
 */
export async function loadOwnProxyValues(
  options: { preferred?: string | null; signal?: AbortSignal } = {},
): Promise<OwnProxyValues | null> {
  const { preferred, signal } = options;
  if (!storage.getToken()) return null;
  const board = await call(dashboardRoute, { signal, quiet: true });
  const running = board.subscriptions.filter((s) => s.status === 'active' && !s.depleted && s.proxyUsername);
  // The plan the reader came from (the generator links with ?plan=), else their first running one.
  const plan = running.find((s) => s.id === preferred) ?? running[0];
  if (!plan) return null;
  const details = await call(generatorRoute, {
    params: { subscriptionId: plan.id },
    query: { count: 1 },
    signal,
    quiet: true,
  });
  return {
    subscriptionId: plan.id,
    planTitle: plan.label ?? plan.planTitle,
    host: details.host,
    httpPort: details.ports.http,
    socksPort: details.ports.socks5,
    username: details.username,
    password: details.password,
  };
}
