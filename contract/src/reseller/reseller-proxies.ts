import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { READ_ONLY_KEY } from '../profile/api-keys';
import { customerProxyList } from '../customer-api/customer-api';
import type { PlanType } from '../plans/plans';
import { RESELLER_API_PER_MINUTE, RESELLER_API_TAG, RESELLERS } from './reseller-api';

/**
 * The reseller API's calls on plans it bought (issue 17, spec §2 reseller documentation pages):
 * proxy lists, whitelists, location targeting and new proxy credentials. One endpoint per page;
 * each answers for the reseller's own plans of the product its path names (someone else's: 404).
 */
const keyAuth = { perMinute: RESELLER_API_PER_MINUTE };
const common = { roles: RESELLERS, tag: RESELLER_API_TAG, keyAuth, apiKey: true } as const;
const plan = z.uuid('plan: the id of one of your plans');
const code = (field: string) =>
  z
    .string({ error: `${field}: a code such as US` })
    .trim()
    .min(1, `${field}: a code such as US`)
    .max(64, `${field}: at most 64 characters`);

/** Which plan type each documentation page's product is. */
export const RESELLER_PRODUCT_TYPES = {
  residential: 'residential',
  'residential-mass': 'residential',
  ipv6: 'ipv6',
  datacenter: 'datacenter',
  mobile: 'mobile',
  isp: 'isp',
} as const satisfies Record<string, PlanType>;
export type ResellerProduct = keyof typeof RESELLER_PRODUCT_TYPES;
export const wrongProduct = (product: string) => `plan: not one of your ${product} plans`;

const proxyList = <P extends ResellerProduct>(product: P) =>
  defineEndpoint({
    ...common,
    method: 'GET',
    path: `/api/v1/reseller/proxy-list/${product}`,
    summary:
      product === 'residential-mass'
        ? 'A large rotating residential list of one of your residential plans: JSON or plain text'
        : `A proxy list of one of your ${product} plans, as the customer generator makes it: JSON or plain text`,
    message: 'Proxy list',
    query: customerProxyList.query,
    payload: customerProxyList.payload,
  });
export const resellerProxyListResidential = proxyList('residential');
export const resellerProxyListResidentialMass = proxyList('residential-mass');
export const resellerProxyListIpv6 = proxyList('ipv6');
export const resellerProxyListDatacenter = proxyList('datacenter');
export const resellerProxyListMobile = proxyList('mobile');
export const resellerProxyListIsp = proxyList('isp');

const whitelist = (product: 'ipv6' | 'datacenter') =>
  defineEndpoint({
    ...common,
    method: 'POST',
    path: `/api/v1/reseller/whitelist/${product}`,
    summary: `Add or remove an IP on the whitelist of one of your ${product} plans; list it with action=list`,
    message: 'Whitelist',
    messages: { added: 'IP added to whitelist', removed: 'IP removed from whitelist' },
    refusals: [{ ...READ_ONLY_KEY, when: 'A read-only key asked to add or remove an IP' }],
    body: z.object({
      plan,
      action: z.enum(['list', 'add', 'remove'], { error: 'action: list, add or remove' }),
      ip: z.string().trim().min(1, 'ip: an IPv4 or IPv6 address').max(64, 'ip: an IPv4 or IPv6 address').optional(),
    }),
    payload: z.object({
      plan: z.string(),
      ip: z.string().optional(),
      whitelist: z.array(z.string()),
      whitelistLimit: z.number().int(),
    }),
  });
export const resellerWhitelistIpv6 = whitelist('ipv6');
export const resellerWhitelistDatacenter = whitelist('datacenter');

const namedCode = z.object({ code: z.string(), name: z.string() });
const location = <S extends z.ZodRawShape, O extends z.ZodRawShape>(
  path: string,
  summary: string,
  input: S,
  output: O,
) =>
  defineEndpoint({
    ...common,
    method: 'POST',
    path: `/api/v1/reseller/${path}`,
    summary,
    message: 'Locations',
    body: z.object({ plan, ...input }),
    payload: z.object({ plan: z.string(), ...output }),
  });
export const resellerResidentialCountry = location(
  'residential/country',
  'Countries one of your residential plans can exit in',
  {},
  { countries: z.array(namedCode) },
);
export const resellerResidentialState = location(
  'residential/state',
  'States of a country one of your residential plans can exit in',
  { country: code('country') },
  { country: z.string(), states: z.array(namedCode) },
);
export const resellerResidentialCity = location(
  'residential/city',
  'Cities of a state one of your residential plans can exit in',
  { country: code('country'), state: code('state') },
  { country: z.string(), state: z.string(), cities: z.array(namedCode) },
);
export const resellerResidentialIsp = location(
  'residential/isp',
  'ISPs of a country one of your residential plans can exit through',
  { country: code('country') },
  { country: z.string(), isps: z.array(z.string()) },
);
export const resellerMobileCountryIsp = location(
  'mobile/country_isp',
  'Countries one of your mobile plans can exit in; with country, its carriers and ISPs',
  { country: code('country').optional() },
  { countries: z.array(namedCode), carriers: z.array(z.string()), isps: z.array(z.string()) },
);

export const resellerChangeUserPass = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/v1/reseller/change/changeuserpass',
  summary: 'New proxy password for one of your plans; the old one stops within seconds',
  message: 'Proxy credentials changed',
  refusals: [READ_ONLY_KEY],
  body: z.object({ plan }),
  payload: z.object({ plan: z.string(), username: z.string(), password: z.string() }),
});
