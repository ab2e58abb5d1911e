import { startGateway } from '@tollgate/gateway/gateway';
import type { Config } from '#platform/config/env.ts';
import type { Db } from '#platform/db/client.ts';
import { createGatewayStore } from './gateway-store';

/** The built-in gateway on the shop's database, on the configured ports. */
export function startShopGateway(
  config: Pick<Config, 'GATEWAY_HOST' | 'GATEWAY_HTTP_PORT' | 'GATEWAY_SOCKS_PORT' | 'GATEWAY_ALLOWED_TARGETS'>,
  db: Db,
  log?: { warn(obj: unknown, msg?: string): void },
) {
  return startGateway({
    store: createGatewayStore(db),
    host: config.GATEWAY_HOST,
    httpPort: config.GATEWAY_HTTP_PORT,
    socksPort: config.GATEWAY_SOCKS_PORT,
    allowedTargets: config.GATEWAY_ALLOWED_TARGETS,
    ...(log ? { log } : {}),
  });
}
