import type { Endpoint } from '@tollgate/contract/endpoint';
import {
  RESELLER_PRODUCT_TYPES,
  resellerChangeUserPass,
  resellerMobileCountryIsp,
  resellerProxyListDatacenter,
  resellerProxyListIpv6,
  resellerProxyListIsp,
  resellerProxyListMobile,
  resellerProxyListResidential,
  resellerProxyListResidentialMass,
  resellerResidentialCity,
  resellerResidentialCountry,
  resellerResidentialIsp,
  resellerResidentialState,
  resellerWhitelistDatacenter,
  resellerWhitelistIpv6,
  wrongProduct,
  type ResellerProduct,
} from '@tollgate/contract/reseller/reseller-proxies';
import type { PlanType } from '@tollgate/contract/plans/plans';
import { notFound } from '#platform/http/errors.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { canonicalIp } from './ip-address';
import type { createProxiesService } from './proxies.service';

type Proxies = ReturnType<typeof createProxiesService>;
/**
 * Who owns a plan the reseller may act on: the reseller or one of its sub-users (ADR 041); null for
 * anyone else's. The resellers module answers it (wired in app.ts).
 */
export type ResellerPlanOwner = (resellerId: string, plan: string) => Promise<string | null>;
const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * The reseller API's calls on the reseller's plans and its sub-users' (issue 17, ADR 041): the
 * customer area's own services, as the Customer API uses them (ADR 038), acting for the plan's
 * owner, so ownership, bounds and the gateway's pick-up of changes are the same. Key and bearer
 * token are checked by registerRoutes.
 */
export function resellerProxyRoutes(service: Proxies, planOwner: ResellerPlanOwner): RouteDefinition[] {
  /** The plan's owner, if the plan is the reseller's or its sub-user's; anyone else's is not found. */
  async function ownerOf(plan: string, resellerId: string) {
    const owner = await planOwner(resellerId, plan);
    if (!owner) throw notFound('No such subscription');
    return owner;
  }

  /** ... and of the product the path names; another product is not found either. */
  async function mine(plan: string, resellerId: string, product: ResellerProduct | PlanType) {
    const owner = await ownerOf(plan, resellerId);
    const { view } = await service.connection(plan, owner);
    const type = product in RESELLER_PRODUCT_TYPES ? RESELLER_PRODUCT_TYPES[product as ResellerProduct] : product;
    if (view.type !== type) throw notFound(wrongProduct(product));
    return owner;
  }

  const list = (endpoint: typeof resellerProxyListResidential, product: ResellerProduct) =>
    route(endpoint as Endpoint as typeof resellerProxyListResidential, async ({ auth, query, reply }) => {
      const { plan, output, ...options } = query;
      const owner = await mine(plan, auth.accountId, product);
      const generated = await service.generator(plan, owner, options);
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
    });

  const whitelist = (endpoint: typeof resellerWhitelistIpv6, product: 'ipv6' | 'datacenter') =>
    route(endpoint as Endpoint as typeof resellerWhitelistIpv6, async ({ auth, body, request, useMessage }) => {
      const owner = await mine(body.plan, auth.accountId, product);
      if (body.action === 'list') {
        const { whitelist: ips, whitelistLimit } = await service.connection(body.plan, owner);
        return { plan: body.plan, whitelist: ips, whitelistLimit };
      }
      auth.requireWrite();
      const ip = body.ip ?? canonicalIp(request.ip) ?? request.ip;
      const changed =
        body.action === 'add'
          ? await service.addWhitelistIp(body.plan, owner, ip)
          : await service.removeWhitelistIp(body.plan, owner, ip);
      useMessage(body.action === 'add' ? 'added' : 'removed');
      return { plan: body.plan, ip: canonicalIp(ip) ?? ip, ...changed };
    });

  return [
    list(resellerProxyListResidential, 'residential'),
    list(resellerProxyListResidentialMass, 'residential-mass'),
    list(resellerProxyListIpv6, 'ipv6'),
    list(resellerProxyListDatacenter, 'datacenter'),
    list(resellerProxyListMobile, 'mobile'),
    list(resellerProxyListIsp, 'isp'),
    whitelist(resellerWhitelistIpv6, 'ipv6'),
    whitelist(resellerWhitelistDatacenter, 'datacenter'),

    route(resellerResidentialCountry, async ({ auth, body }) => {
      const owner = await mine(body.plan, auth.accountId, 'residential');
      const { countries } = await service.locations(body.plan, owner, {});
      return { plan: body.plan, countries };
    }),
    route(resellerResidentialState, async ({ auth, body }) => {
      const owner = await mine(body.plan, auth.accountId, 'residential');
      const { states } = await service.locations(body.plan, owner, { country: body.country });
      return { plan: body.plan, country: body.country, states };
    }),
    route(resellerResidentialCity, async ({ auth, body }) => {
      const owner = await mine(body.plan, auth.accountId, 'residential');
      const { cities } = await service.locations(body.plan, owner, {
        country: body.country,
        state: body.state,
      });
      return { plan: body.plan, country: body.country, state: body.state, cities };
    }),
    route(resellerResidentialIsp, async ({ auth, body }) => {
      const owner = await mine(body.plan, auth.accountId, 'residential');
      const { isps } = await service.locations(body.plan, owner, { country: body.country });
      return { plan: body.plan, country: body.country, isps };
    }),
    route(resellerMobileCountryIsp, async ({ auth, body }) => {
      const owner = await mine(body.plan, auth.accountId, 'mobile');
      const { countries, carriers, isps } = await service.locations(body.plan, owner, {
        country: body.country,
      });
      return { plan: body.plan, countries, carriers, isps };
    }),

    route(resellerChangeUserPass, async ({ auth, body }) => {
      auth.requireWrite();
      const owner = await ownerOf(body.plan, auth.accountId);
      await service.connection(body.plan, owner);
      return { plan: body.plan, ...(await service.changeKey(body.plan, owner)) };
    }),
  ];
}
