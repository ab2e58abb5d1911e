import { describe, expect, it } from 'vitest';
import type { Endpoint } from '@tollgate/contract/endpoint';
import { endpoints } from '@tollgate/contract/endpoints';
import { buildOpenApi } from '@tollgate/contract/openapi';
import * as resellerApi from '@tollgate/contract/reseller/reseller-api';
import * as resellerProxies from '@tollgate/contract/reseller/reseller-proxies';
import * as subUsers from '@tollgate/contract/reseller/sub-users';
import { RESELLER_PAGES } from './reseller-pages.ts';

/** Spec §2's reseller documentation routes with their badges' methods. */
const SPEC_ROUTES: Record<string, string> = {
  '/reseller/purchase': 'post',
  ...Object.fromEntries(
    ['residential', 'ipv6', 'datacenter', 'mobile', 'isp', 'residential-mass'].map((p) => [
      `/reseller/proxy-list/${p}`,
      'get',
    ]),
  ),
  '/reseller/whitelist/ipv6': 'post',
  '/reseller/whitelist/datacenter': 'post',
  '/reseller/generalinfo': 'get',
  '/reseller/gigabyte/ipv6': 'post',
  '/reseller/gigabyte/residential': 'post',
  '/reseller/gigabyte/mobile': 'post',
  '/reseller/residential/country': 'post',
  '/reseller/residential/state': 'post',
  '/reseller/residential/city': 'post',
  '/reseller/residential/isp': 'post',
  '/reseller/mobile/country_isp': 'post',
  '/reseller/extend/extend-calculate': 'post',
  '/reseller/extend/plan-extend': 'patch',
  '/reseller/change/changeuserpass': 'post',
};

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'roles' in value;
// The table's endpoints plus every reseller endpoint its modules declare, so a call written into the
// contract before its handler lands in the table is documented too (the sub-user plan deletion).
const declared = [resellerApi, resellerProxies, subUsers].flatMap((module) => Object.values(module).filter(isEndpoint));
const contract = [...new Set([...endpoints, ...declared])];
const openApi = buildOpenApi(contract, { version: 'test' });
const resellerOperations = Object.entries(openApi.paths)
  .filter(([path]) => path.startsWith('/api/v1/reseller/'))
  .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));

describe('the reseller API documentation', () => {
  it('has every spec §2 route, documenting /api/v1 + the same path with the method of its badge', () => {
    for (const [route, method] of Object.entries(SPEC_ROUTES)) {
      const page = RESELLER_PAGES.find((p) => p.route === route);
      expect(page, route).toBeDefined();
      expect(page!.calls, route).toEqual([expect.objectContaining({ method, api: `/api/v1${route}` })]);
    }
  });

  it('documents only calls the OpenAPI has, each under the method its card shows', () => {
    for (const page of RESELLER_PAGES) {
      expect(page.route.startsWith('/reseller/'), page.route).toBe(true);
      expect(page.calls.length, page.route).toBeGreaterThan(0);
      for (const call of page.calls) {
        expect(openApi.paths[call.api]?.[call.method], `${page.route}: ${call.method} ${call.api}`).toBeDefined();
      }
    }
  });

  it('has a page for every endpoint under /api/v1/reseller/, once', () => {
    const documented = RESELLER_PAGES.flatMap((page) => page.calls.map((call) => `${call.method} ${call.api}`));
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...resellerOperations].sort());
    expect(resellerOperations).toContain('delete /api/v1/reseller/sub-users/{id}/plans/{planId}');
  });

  it('gives each page a unique route', () => {
    expect(new Set(RESELLER_PAGES.map((p) => p.route)).size).toBe(RESELLER_PAGES.length);
  });
});
