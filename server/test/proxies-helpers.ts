import type { PlanType } from '@tollgate/contract/plans/plans';
import type { ProxyExit } from '@tollgate/contract/proxies/own-servers';
import { startGateway, type Gateway } from '@tollgate/gateway/gateway';
import { eventually, getViaConnect, getViaSocks } from '@tollgate/gateway/testing/loopback';
import { eq, sql } from 'drizzle-orm';
import { settings } from '#platform/db/schema.ts';
import { createGatewayStore } from '#modules/proxies/gateway-store.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
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

/** The proxy username and password a plan's customer connects with. */
export async function proxyCredentials(server: TestServer, subscriptionId: string) {
  const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return { user: row!.proxyUsername!, pass: row!.proxyPassword! };
}

/**
 * Waits until every node refuses these credentials over HTTP (407) and SOCKS5 (the handshake
 * fails), each within 5 s; answers how long that took.
 */
export async function refusedOnEveryNode(
  nodes: Pick<Gateway, 'httpPort' | 'socksPort'>[],
  originPort: number,
  creds: { user: string; pass: string },
) {
  const started = Date.now();
  await Promise.all(
    nodes.map(async (node) => {
      await eventually(async () => (await getViaConnect(node.httpPort, originPort, '/', creds)).status === 407, 5_000);
      await eventually(
        () =>
          getViaSocks(node.socksPort, originPort, '/', creds).then(
            () => false,
            () => true,
          ),
        5_000,
      );
    }),
  );
  return Date.now() - started;
}
