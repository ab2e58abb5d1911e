import { selfEscaping } from '#platform/http/encoded-envelope.ts';
import {
  addWhitelistIp,
  changeProxyKey,
  generator,
  locations,
  myIp,
  proxyUsage,
  removeWhitelistIp,
  updateProxyConfig,
} from '@tollgate/contract/proxies/proxies';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { resellerProxyRoutes, type ResellerPlanOwner } from './reseller-api.routes';
import { customerApiRoutes } from './customer-api.routes';
import { canonicalIp } from './ip-address';
import { createProxyUsageService, usageAnswerKey, usageTurnsAt } from './proxy-usage.service';
import { createProxiesService, type ProxiesDeps } from './proxies.service';

export function proxiesRoutes(deps: ProxiesDeps & { resellerPlanOwner: ResellerPlanOwner }): RouteDefinition[] {
  const service = createProxiesService(deps);
  const usage = createProxyUsageService(deps);
  return [
    route(generator, async ({ auth, params, query }) => {
      const list = await service.generator(params.subscriptionId, auth.accountId, query);
      // The encoded answer writes the list from its template (ADR 055), without a string per line.
      return { ...list, lines: selfEscaping<string[]>(list.lines) };
    }),
    route(updateProxyConfig, ({ auth, params, body }) =>
      service.updateConfig(params.subscriptionId, auth.accountId, body),
    ),
    route(addWhitelistIp, ({ auth, params, body }) =>
      service.addWhitelistIp(params.subscriptionId, auth.accountId, body.ip),
    ),
    route(removeWhitelistIp, ({ auth, params, body }) =>
      service.removeWhitelistIp(params.subscriptionId, auth.accountId, body.ip),
    ),
    route(changeProxyKey, ({ auth, params }) => service.changeKey(params.sub, auth.accountId)),
    route(locations, ({ auth, params, query }) => service.locations(params.subscriptionId, auth.accountId, query)),
    // Fastify's request.ip honours TRUST_PROXY: the forwarded client behind a trusted proxy, else the socket.
    route(myIp, async ({ request }) => ({ ip: canonicalIp(request.ip) ?? request.ip })),
    // Kept per account and exact query until its plan or usage changes (ADR 024).
    route(proxyUsage, ({ auth, query }) => usage(auth.accountId, query), {
      answerCache: { key: ({ query }) => usageAnswerKey(query), until: (_answer, { query }) => usageTurnsAt(query) },
    }),
    ...customerApiRoutes(service, usage),
    ...resellerProxyRoutes(service, deps.resellerPlanOwner),
  ];
}
