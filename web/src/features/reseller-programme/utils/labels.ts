import type { PlanType } from '@tollgate/contract/plans/plans';
import type { MONTHLY_VOLUMES, SALES_CHANNELS } from '@tollgate/contract/reseller/reseller-programme';

export const PRODUCT_LABELS: Record<PlanType, string> = {
  residential: 'Residential',
  mobile: 'Mobile',
  isp: 'Static ISP',
  datacenter: 'Datacenter',
  ipv6: 'IPv6',
};

export const VOLUME_LABELS: Record<(typeof MONTHLY_VOLUMES)[number], string> = {
  'under-100': 'Under $100 a month',
  '100-1000': '$100 – $1,000 a month',
  '1000-10000': '$1,000 – $10,000 a month',
  'over-10000': 'Over $10,000 a month',
};

export const CHANNEL_LABELS: Record<(typeof SALES_CHANNELS)[number], string> = {
  website: 'My own website or shop',
  panel: 'A proxy panel or SaaS',
  bot: 'A Telegram or Discord bot',
  agency: 'Agency or client work',
  other: 'Something else',
};

/** The first page of the reseller API documentation (spec §2). */
export const RESELLER_DOCS = '/reseller/purchase';
