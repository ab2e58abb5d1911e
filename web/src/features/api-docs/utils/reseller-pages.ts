import { paths } from '#lib/paths.ts';

/**
 * The reseller API's documentation pages (spec §2 "Reseller API documentation", issue 17): the
 * spec's routes, each documenting `/api/v1` + its own path with the method of its badge, plus the
 * sub-user pages (every reseller endpoint has a page). reseller-docs.test.ts holds this list and the
 * contract to each other in both directions.
 */
export const RESELLER_DOCS_ROOT = paths.resellerDocs;

export interface ResellerCall {
  /** Lower-case, as OpenAPI writes it. */
  method: 'get' | 'post' | 'patch' | 'delete';
  api: `/api/v1/reseller/${string}`;
  /** Values over the schema's example body where a schema cannot guess a useful one. */
  bodyExample?: Record<string, unknown>;
}

export interface ResellerPage {
  route: string;
  group: ResellerGroup;
  title: string;
  /** The spec's badge, where it names one. */
  badge?: string;
  intro: string;
  calls: ResellerCall[];
}

export const RESELLER_GROUPS = ['Orders', 'Proxies', 'Locations', 'Plan changes', 'Sub-users', 'Account'] as const;
export type ResellerGroup = (typeof RESELLER_GROUPS)[number];

const PRODUCT_NAMES: Record<string, string> = {
  residential: 'Residential',
  'residential-mass': 'Residential (mass)',
  ipv6: 'IPv6',
  datacenter: 'Datacenter',
  mobile: 'Mobile',
  isp: 'ISP',
};

/** A page for one call whose API path is `/api/v1` + the page's route (the spec's own pages). */
const spec = (
  route: `/reseller/${string}`,
  method: ResellerCall['method'],
  page: Omit<ResellerPage, 'route' | 'calls'>,
  bodyExample?: Record<string, unknown>,
): ResellerPage => ({
  route,
  ...page,
  calls: [{ method, api: `/api/v1${route}`, ...(bodyExample ? { bodyExample } : {}) }],
});

export const RESELLER_PAGES: readonly ResellerPage[] = [
  spec(
    '/reseller/purchase',
    'post',
    {
      group: 'Orders',
      title: 'Purchase',
      badge: 'Purchase',
      intro:
        'Buy a plan at your reseller price, paid from your balance. Residential GB come from your prepaid pool first. Send an Idempotency-Key: a retried purchase is never charged twice.',
    },
    { country: 'US' },
  ),
  ...(['residential', 'ipv6', 'datacenter', 'mobile', 'isp', 'residential-mass'] as const).map((product) =>
    spec(`/reseller/proxy-list/${product}`, 'get', {
      group: 'Proxies',
      title: `Proxy list · ${PRODUCT_NAMES[product]}`,
      badge: 'Proxy lists',
      intro:
        product === 'residential-mass'
          ? 'A large rotating residential list of one of your residential plans, as JSON or plain text.'
          : `A proxy list of one of your ${PRODUCT_NAMES[product]} plans with the options of the dashboard generator, as JSON or plain text.`,
    }),
  ),
  ...(['ipv6', 'datacenter'] as const).map((product) =>
    spec(
      `/reseller/whitelist/${product}`,
      'post',
      {
        group: 'Proxies',
        title: `Whitelist · ${PRODUCT_NAMES[product]}`,
        badge: 'Whitelist',
        intro: `List the whitelisted IPs of one of your ${PRODUCT_NAMES[product]} plans, or add and remove one, up to the plan's whitelist limit.`,
      },
      { action: 'list', ip: '203.0.113.7' },
    ),
  ),
  spec('/reseller/change/changeuserpass', 'post', {
    group: 'Proxies',
    title: 'Change credentials',
    badge: 'Change credentials',
    intro: 'A new proxy password for one of your plans. The old one stops working within seconds.',
  }),
  ...(['country', 'state', 'city', 'isp'] as const).map((level) =>
    spec(
      `/reseller/residential/${level}`,
      'post',
      {
        group: 'Locations',
        title: `Residential · ${level === 'isp' ? 'ISP' : level[0]!.toUpperCase() + level.slice(1)}`,
        badge: 'Location targeting',
        intro: {
          country: 'The countries one of your residential plans can exit in.',
          state: 'The states of a country one of your residential plans can exit in.',
          city: 'The cities of a state one of your residential plans can exit in.',
          isp: 'The ISPs of a country one of your residential plans can exit through.',
        }[level],
      },
      level === 'country' ? undefined : level === 'city' ? { country: 'US', state: 'CA' } : { country: 'US' },
    ),
  ),
  spec(
    '/reseller/mobile/country_isp',
    'post',
    {
      group: 'Locations',
      title: 'Mobile · Country and ISP',
      badge: 'Location targeting',
      intro: 'The countries one of your mobile plans can exit in; with a country, its carriers and ISPs.',
    },
    { country: 'US' },
  ),
  ...(['residential', 'mobile', 'ipv6'] as const).map((product) =>
    spec(`/reseller/gigabyte/${product}`, 'post', {
      group: 'Plan changes',
      title: `Add GB · ${PRODUCT_NAMES[product]}`,
      badge: 'Gigabyte',
      intro: `Add bandwidth to one of your ${PRODUCT_NAMES[product]} plans at your reseller price, paid from your balance${product === 'residential' ? ' (your prepaid pool first)' : ''}.`,
    }),
  ),
  spec('/reseller/extend/extend-calculate', 'post', {
    group: 'Plan changes',
    title: 'Calculate price',
    badge: 'Calculate price',
    intro: 'What extending one of your plans by some days would cost at your reseller price. Charges nothing.',
  }),
  spec('/reseller/extend/plan-extend', 'patch', {
    group: 'Plan changes',
    title: 'Extend plan',
    badge: 'Extend plan',
    intro: 'Extend one of your plans by some days at your reseller price, paid from your balance.',
  }),
  {
    route: '/reseller/sub-users',
    group: 'Sub-users',
    title: 'Sub-users',
    intro:
      'Your own customers: create them (they choose a password from the email they get and sign in to the customer area for their plans), list and search them 30 a page, and open one with its plans and daily usage.',
    calls: [
      { method: 'get', api: '/api/v1/reseller/sub-users' },
      {
        method: 'post',
        api: '/api/v1/reseller/sub-users',
        bodyExample: { username: 'client42', email: 'client42@example.com' },
      },
      { method: 'get', api: '/api/v1/reseller/sub-users/{id}' },
    ],
  },
  {
    route: '/reseller/sub-users/plans',
    group: 'Sub-users',
    title: 'Sub-user plans',
    intro:
      'Sell a plan to one of your sub-users at your reseller price, paid from your balance, or end one at once. Ending a plan returns unused residential GB to your prepaid pool and unused mobile GB to your balance; IP plans return nothing.',
    calls: [
      {
        method: 'post',
        api: '/api/v1/reseller/sub-users/{id}/plans',
        bodyExample: { region: 'US', bandwidth: 5, threads: undefined, days: 30 },
      },
      { method: 'delete', api: '/api/v1/reseller/sub-users/{id}/plans/{planId}' },
    ],
  },
  spec('/reseller/generalinfo', 'get', {
    group: 'Account',
    title: 'Proxies info',
    badge: 'Proxies info',
    intro:
      'Your username, balance, reseller prices, prepaid residential GB and whitelist limits, and the plans you bought.',
  }),
];

export function resellerPageAt(pathname: string): ResellerPage | undefined {
  const path = pathname.replace(/\/+$/, '');
  return RESELLER_PAGES.find((page) => page.route === path);
}
