import {
  customerProxyInfo,
  customerProxyList,
  customerProxyLocation,
  customerProxyWhitelist,
  customerUsageLogs,
} from '@tollgate/contract/customer-api/customer-api';
import type { PayloadOf } from '@tollgate/contract/endpoint';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { canonicalIp } from './ip-address';
import type { createProxiesService } from './proxies.service';
import type { createProxyUsageService } from './proxy-usage.service';

type Proxies = ReturnType<typeof createProxiesService>;
type Usage = ReturnType<typeof createProxyUsageService>;
type Plan = PayloadOf<typeof customerProxyInfo>['plans'][number];

const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Cells are ISO times and numbers only, so nothing needs quoting. */
const csvRow = (cells: (string | number)[]) => cells.join(',');

/**
 * The Customer API (issue 18, ADR 038): the customer area's own services, called with an API key.
 * Ownership is checked by the same services (someone else's plan is a 404); writes need a
 * read-write key, checked before anything changes.
 */
export function customerApiRoutes(service: Proxies, usage: Usage): RouteDefinition[] {
  async function info(accountId: string, id: string): Promise<Plan> {
    const c = await service.connection(id, accountId);
    return {
      id: c.view.id,
      title: c.view.planTitle,
      label: c.view.label,
      type: c.view.type,
      status: c.view.status,
      depleted: c.view.depleted,
      bandwidth: c.view.bandwidth,
      bandwidthUsed: c.view.bandwidthUsed,
      bandwidthUsedBytes: c.view.bandwidthUsedBytes,
      bandwidthLeft: c.view.bandwidthLeft,
      threads: c.view.threads,
      expiresAt: c.view.expiresAt,
      host: c.endpoint?.host ?? null,
      ports: c.endpoint ? { http: c.endpoint.httpPort, socks5: c.endpoint.socksPort } : null,
      username: c.username,
      password: c.password,
      whitelist: c.whitelist,
      whitelistLimit: c.whitelistLimit,
    };
  }

  return [
    route(customerProxyList, async ({ auth, query, reply }) => {
      const { plan, output, ...options } = query;
      const generated = await service.generator(plan, auth.accountId, options);
      if (output === 'text') {
        await reply.type(TEXT_TYPE).send(`${generated.lines.toArray().join('\n')}\n`);
        return undefined as never;
      }
      return {
        plan,
        host: generated.host,
        port: generated.port,
        format: generated.format,
        lines: generated.lines.toArray(),
      };
    }),

    route(customerProxyInfo, async ({ auth, query }) => {
      const ids = query.plan ? [query.plan] : await service.ownedIds(auth.accountId);
      const plans: Plan[] = [];
      for (const id of ids) plans.push(await info(auth.accountId, id));
      return { plans };
    }),

    route(customerProxyWhitelist, async ({ auth, query, request, useMessage }) => {
      if (query.action === 'list') {
        const { whitelist, whitelistLimit } = await service.connection(query.plan, auth.accountId);
        return { plan: query.plan, whitelist, whitelistLimit };
      }
      auth.requireWrite();
      // Without `ip`, the address calling: a router or a server with a dynamic IP whitelists itself.
      const ip = query.ip ?? canonicalIp(request.ip) ?? request.ip;
      const changed =
        query.action === 'add'
          ? await service.addWhitelistIp(query.plan, auth.accountId, ip)
          : await service.removeWhitelistIp(query.plan, auth.accountId, ip);
      useMessage(query.action === 'add' ? 'added' : 'removed');
      return { plan: query.plan, ip: canonicalIp(ip) ?? ip, ...changed };
    }),

    route(customerProxyLocation, async ({ auth, query }) => {
      const { plan, ...place } = query;
      return { plan, ...(await service.locations(plan, auth.accountId, place)) };
    }),

    route(customerUsageLogs, async ({ auth, query, reply }) => {
      const { plan, output, ...range } = query;
      const report = await usage(auth.accountId, { subscriptionId: plan, ...range });
      const answer = {
        plan,
        from: report.from,
        to: report.to,
        granularity: report.granularity,
        series: report.series,
        totals: report.totals,
      };
      if (output === 'csv') {
        const lines = [
          csvRow(['at', 'bytes_in', 'bytes_out', 'requests', 'failures']),
          ...answer.series.map((p) => csvRow([p.at, p.bytesIn, p.bytesOut, p.requests, p.failures])),
        ];
        await reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="usage-${plan}.csv"`)
          .send(`${lines.join('\n')}\n`);
        return undefined as never;
      }
      return answer;
    }),
  ];
}
