import type { PlanType } from '@tollgate/contract/plans/plans';
import type { ProxyExit } from '@tollgate/contract/proxies/own-servers';
import { startGateway, type Gateway } from '@tollgate/gateway/gateway';
import {
  allowingOrigin,
  connectTunnel,
  eventually,
  getViaConnect,
  getViaSocks,
  startOrigin,
} from '@tollgate/gateway/testing/loopback';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { settings } from '#platform/db/schema.ts';
import { createGatewayStore } from '#modules/proxies/gateway-store.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { buildPlan, fund } from './commerce';
import { createStaffedServer, type TestAccount, type TestServer } from './harness';

/** What a file that sends real traffic through the gateway shares across its cases. */
export interface ProxyShop {
  server: TestServer;
  admin: TestAccount;
  /** The Administrator's token. */
  staff: string;
  /** The loopback origin the gateways may reach (ADR 010). */
  origin: Awaited<ReturnType<typeof startOrigin>>;
  /** Gateways a case starts, closed after each case. */
  gateways: Gateway[];
  /** Gateway nodes on the shop's database (startGatewayNodes), closed after the case. */
  startNodes(count?: number, options?: { authTtlMs?: number }): Promise<Gateway[]>;
}

/**
 * Registers the file's hooks: one shop with an Administrator and one origin allowed in OwnServers
 * before the cases, both closed after them, and the case's gateways closed after each case.
 */
export function useProxyShop(
  options: { env?: Record<string, string>; ownServers?: Parameters<typeof allowingOrigin>[0] } = {},
): ProxyShop {
  const shop = {
    gateways: [] as Gateway[],
    async startNodes(count = 2, nodeOptions = {}) {
      const nodes = await startGatewayNodes(shop.server, count, nodeOptions);
      shop.gateways.push(...nodes);
      return nodes;
    },
  } as ProxyShop;
  beforeAll(async () => {
    Object.assign(shop, await createStaffedServer({ env: options.env }));
    shop.origin = await startOrigin();
    await setOwnServers(shop.server, allowingOrigin(options.ownServers));
  });
  afterAll(async () => {
    await shop.origin.close();
    await shop.server.close();
  });
  afterEach(async () => void (await Promise.all(shop.gateways.splice(0).map((g) => g.close()))));
  return shop;
}

/** A customer funded with `dollars` who bought `gb` of a plan of this type with their balance, as the web does. */
export async function customerWithPlan(
  server: TestServer,
  staffToken: string,
  {
    type = 'residential',
    gb = 5,
    dollars = 100,
    pricePerGb = 1,
  }: { type?: PlanType; gb?: number; dollars?: number; pricePerGb?: number } = {},
) {
  const account = await server.buildAccount();
  const token = await server.tokenFor(account);
  await fund(server, staffToken, account.id, dollars);
  const plan = await buildPlan(server, { type, bandwidthPrices: JSON.stringify([{ value: 1, price: pricePerGb }]) });
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

/** Gateway nodes on the shop's database, each with its own cache at the production lifetime unless a test says. */
export function startGatewayNodes(
  server: TestServer,
  count = 2,
  { authTtlMs }: { authTtlMs?: number } = {},
): Promise<Gateway[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      startGateway({
        store: createGatewayStore(server.database.db),
        host: '127.0.0.1',
        httpPort: 0,
        socksPort: 0,
        flushIntervalMs: 60_000,
        ...(authTtlMs ? { authTtlMs } : {}),
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

/** Waits until every node answers a CONNECT with these credentials with this status and reason, each within 5 s. */
export function tunnelAnsweredOnEveryNode(
  nodes: Pick<Gateway, 'httpPort'>[],
  originPort: number,
  creds: { user: string; pass: string },
  answer: { status: number; reason: string },
) {
  return Promise.all(
    nodes.map((node) =>
      eventually(async () => {
        const tunnel = await connectTunnel(node.httpPort, `127.0.0.1:${originPort}`, creds);
        tunnel.socket.destroy();
        return tunnel.status === answer.status && tunnel.reason === answer.reason;
      }, 5_000),
    ),
  );
}
