/**
 * The setup guides under /guide/{slug} (spec §2). Titles and descriptions are shared: the web app
 * lists and titles the guides with them, the server writes them into sitemap.xml.
 */
export const GUIDE_GROUPS = [
  'Browsers & extensions',
  'Antidetect browsers',
  'Mobile',
  'Account how-tos',
  'Developers',
] as const;
export type GuideGroup = (typeof GUIDE_GROUPS)[number];

export interface GuideMeta {
  slug: string;
  title: string;
  /** One sentence for the guide index and the meta description. */
  description: string;
  group: GuideGroup;
}

/** The product's own browser extension; `/guide` lands here. */
export const EXTENSION_GUIDE_SLUG = 'tollgate-extension';

export const GUIDES: readonly GuideMeta[] = [
  {
    slug: EXTENSION_GUIDE_SLUG,
    title: 'Tollgate browser extension',
    description:
      'Install the Tollgate extension for Chrome and switch your browser to any of your proxies in one click.',
    group: 'Browsers & extensions',
  },
  {
    slug: 'switchy-omega-proxy',
    title: 'SwitchyOmega',
    description: 'Create a SwitchyOmega proxy profile with your Tollgate host, port and credentials.',
    group: 'Browsers & extensions',
  },
  {
    slug: 'foxy-proxy',
    title: 'FoxyProxy',
    description: 'Add your Tollgate proxy to FoxyProxy in Firefox or Chrome, with patterns for selected sites.',
    group: 'Browsers & extensions',
  },
  {
    slug: 'bitbrowser',
    title: 'BitBrowser',
    description: 'Give each BitBrowser profile its own Tollgate proxy and country.',
    group: 'Antidetect browsers',
  },
  {
    slug: 'dicloak',
    title: 'DICloak',
    description: 'Attach Tollgate proxies to DICloak profiles, one sticky IP per profile.',
    group: 'Antidetect browsers',
  },
  {
    slug: 'dolphin',
    title: 'Dolphin Anty',
    description: 'Add Tollgate proxies to Dolphin Anty profiles, singly or in bulk.',
    group: 'Antidetect browsers',
  },
  {
    slug: 'adspower',
    title: 'AdsPower',
    description: 'Set a Tollgate proxy on an AdsPower profile and check it before you launch.',
    group: 'Antidetect browsers',
  },
  {
    slug: 'android',
    title: 'Android',
    description: 'Route an Android phone’s Wi-Fi traffic through your Tollgate HTTP proxy.',
    group: 'Mobile',
  },
  {
    slug: 'iphone',
    title: 'iPhone and iPad',
    description: 'Set your Tollgate proxy on an iPhone or iPad Wi-Fi network with authentication.',
    group: 'Mobile',
  },
  {
    slug: 'extend-my-plan',
    title: 'Extend or top up a plan',
    description: 'Add days or gigabytes to a running plan from the dashboard’s Renew dialog.',
    group: 'Account how-tos',
  },
  {
    slug: 'sticky-proxies',
    title: 'Sticky and rotating sessions',
    description: 'Keep the same exit IP for up to 24 hours with a session id in the proxy username.',
    group: 'Account how-tos',
  },
  {
    slug: 'country-settings',
    title: 'Country, state, city and ISP',
    description: 'Choose where your traffic exits: per connection in the username, or as your plan’s default.',
    group: 'Account how-tos',
  },
  {
    slug: 'renew-auto-plan',
    title: 'Automatic renewal',
    description: 'Let a plan renew itself from your balance when it ends, for the number of days you choose.',
    group: 'Account how-tos',
  },
  {
    slug: 'subusers',
    title: 'Sub-users for resellers',
    description: 'How reseller accounts create sub-users and sell them plans through the reseller API.',
    group: 'Account how-tos',
  },
  {
    slug: 'create-api-link',
    title: 'Proxy list API link',
    description: 'Fetch a fresh proxy list from a script with one authenticated API call.',
    group: 'Developers',
  },
  {
    slug: 'integration-codes',
    title: 'Integration code samples',
    description: 'Ready-to-run curl, Python, Node, PHP and Go code that sends requests through your proxy.',
    group: 'Developers',
  },
  {
    slug: 'proxy-checker',
    title: 'Check that your proxy works',
    description: 'Confirm the exit IP, country and session of your proxy, and fix the usual errors.',
    group: 'Developers',
  },
];

export function guideBySlug(slug: string): GuideMeta | undefined {
  return GUIDES.find((guide) => guide.slug === slug);
}

export const guidePath = (slug: string) => `/guide/${slug}`;
