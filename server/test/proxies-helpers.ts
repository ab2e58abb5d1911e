import type { PlanType } from '@tollgate/contract/plans/plans';
import type { ProxyExit } from '@tollgate/contract/proxies/own-servers';
import { startGateway, type Gateway } from '@tollgate/gateway/gateway';
import { sql } from 'drizzle-orm';
import { settings } from '#platform/db/schema.ts';
import { createGatewayStore } from '#modules/proxies/gateway-store.ts';
import { buildPlan, fund } from './commerce';
import type { TestServer } from './harness';

/** A customer who bought a plan of this type with their balance, as the web does. */
export async function customerWithPlan(
  server: TestServer,
  staffToken: string,
  { type = 'residential', gb = 5 }: { type?: PlanType; gb?: number } = {},
) {
  const account = await server.buildAccount();
  const token = await server.tokenFor(account);
  await fund(server, staffToken, account.id, 100);
  const plan = await buildPlan(server, { type, bandwidthPrices: JSON.stringify([{ value: 1, price: 1 }]) });
  const res = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
    token,
    body: { value: gb, country: 'US', paymentMethod: 'balance' },
  });
  if (res.status !== 200) throw new Error(`purchase failed: ${res.text}`);
  return { account, token, subscriptionId: res.body.payload.subscriptionId as string };
}

/** Staff's OwnServers setting (spec Settings), written as the settings screen stores it. */
export async function setExits(server: TestServer, exits: Partial<ProxyExit>[]) {
  await setOwnServers(server, { exits });
}

/** The whole OwnServers setting: exits and the gateway's egress rules. */
export async function setOwnServers(
  server: TestServer,
  value: { exits: Partial<ProxyExit>[] } & Record<string, unknown>,
) {
  await server.database.db
    .insert(settings)
    .values({ key: 'OwnServers', value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`clock_timestamp()` } });
}

/** Gateway nodes on the shop's database, each with its own cache at the production lifetime. */
export function startGatewayNodes(server: TestServer, count = 2): Promise<Gateway[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      startGateway({
        store: createGatewayStore(server.database.db),
        host: '127.0.0.1',
        httpPort: 0,
        socksPort: 0,
        flushIntervalMs: 60_000,
      }),
    ),
  );
}
