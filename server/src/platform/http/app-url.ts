import type { Config } from '../config/env';

/**
 * Where links in mail and payment redirects point: configuration only, never the request's Host or
 * forwarding headers, which anyone can forge to aim a reset link at their own site. Production
 * requires PUBLIC_URL; in development it is this machine at the configured port.
 */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/$/, '') : `http://localhost:${config.PORT}`;
}
