/**
 * The Customer API's documentation pages, one per call: their own route module renders them, /api-docs
 * links them without loading it.
 */
export const CUSTOMER_API_PAGES = [
  {
    route: '/customer-proxy-list',
    api: '/api/v1/customer/proxy-list',
    title: 'Proxy list',
    intro: 'Generate a proxy list for one of your plans, with the options of the dashboard generator.',
  },
  {
    route: '/customer-proxy-info',
    api: '/api/v1/customer/proxy-info',
    title: 'Proxy info',
    intro: 'Your plans: what is left of them, when they end, their credentials, host and ports.',
  },
  {
    route: '/customer-proxy-whitelist',
    api: '/api/v1/customer/proxy-whitelist',
    title: 'Proxy whitelist',
    intro:
      'Read a plan’s whitelist, or add and remove addresses with a read-write key. Without ip, the address calling is used, so a router or a server with a dynamic IP can whitelist itself with one URL.',
  },
  {
    route: '/customer-proxy-location',
    api: '/api/v1/customer/proxy-location',
    title: 'Proxy locations',
    intro: 'Where a plan can exit: countries, then the states, cities, ISPs and carriers within one.',
  },
  {
    route: '/publicapi-usage-logs',
    api: '/api/v1/customer/usage-logs',
    title: 'Usage logs',
    intro: 'Metered traffic of a plan by hour or day over a date range, as JSON or CSV.',
  },
] as const;
