import { staffPaths } from '#lib/staff-paths.ts';
import type { PlanType } from '@tollgate/contract/plans/plans';
import type { TypeBackend } from '@tollgate/contract/plans/product-types';
import type { LIST_FORMATS } from '@tollgate/contract/proxies/proxies';

export const TYPE_NAMES: Record<PlanType, string> = {
  residential: 'Residential',
  mobile: 'Mobile',
  isp: 'ISP',
  datacenter: 'Datacenter',
  ipv6: 'IPv6',
};

export const BACKEND_LABELS: Record<TypeBackend, string> = {
  plan: "Each plan's provider",
  builtin: 'Built-in gateway',
  upstream: 'Upstream provider',
};

export const BACKEND_HINTS: Record<TypeBackend, string> = {
  plan: 'Plans with provider “upstream” are resold, the rest go through the gateway.',
  builtin: 'Every plan of this type goes through the gateway and its exits.',
  upstream: 'Every plan of this type is created at the provider of the Product API page.',
};

export const FORMAT_LABELS: Record<(typeof LIST_FORMATS)[number], string> = {
  'host:port:user:pass': 'host:port:user:pass',
  'user:pass@host:port': 'user:pass@host:port',
  url: 'URL (http:// or socks5://)',
};

/** Website management's Own servers section, where exits are edited. */
export const OWN_SERVERS_PATH = `${staffPaths.admin.websiteManagement}?section=own-servers`;
