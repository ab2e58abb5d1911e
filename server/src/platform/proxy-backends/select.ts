import type { Config } from '../config/env';
import { ProxyBackendError, type ProxyBackend } from './backend';
import { builtinBackend } from './builtin';
import { createUpstreamBackend, type UpstreamOptions } from './upstream';

/** The plans.provider value that sends delivery through the reseller API. */
export const UPSTREAM_PROVIDER = 'upstream';

export type BackendDeps = Pick<Config, 'UPSTREAM_PROXY_API_URL' | 'UPSTREAM_PROXY_API_KEY'> &
  Pick<UpstreamOptions, 'fetch' | 'timeoutMs'>;

/**
 * Which backend delivers a plan, from its `provider` column. Only 'upstream' leaves the building; every
 * other value ('', 'own', anything else) is served by the built-in gateway. `deps` is the connection in
 * use: the one saved on /admin/productapi, else the environment's (ADR 031, `backendDepsOf`).
 */
export function backendFor(provider: string, deps: BackendDeps): ProxyBackend {
  if (provider.trim().toLowerCase() !== UPSTREAM_PROVIDER) return builtinBackend;
  const { UPSTREAM_PROXY_API_URL: baseUrl, UPSTREAM_PROXY_API_KEY: apiKey } = deps;
  if (!baseUrl || !apiKey) {
    throw new ProxyBackendError(
      'This plan cannot be delivered right now, please contact support',
      null,
      `Plans with provider "${UPSTREAM_PROVIDER}" need an upstream connection: save one on /admin/productapi or set UPSTREAM_PROXY_API_URL and UPSTREAM_PROXY_API_KEY`,
    );
  }
  return createUpstreamBackend({ baseUrl, apiKey, fetch: deps.fetch, timeoutMs: deps.timeoutMs });
}
