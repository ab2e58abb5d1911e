import type { Tx } from '#platform/db/client.ts';
import { ledger } from '#platform/billing/ledger.ts';
import { settings } from '#platform/db/schema.ts';
import { coupons } from '#modules/plans/coupons.schema.ts';
import { plans } from '#modules/plans/plans.schema.ts';

const table = (...pairs: [from: number, dollars: number][]) => pairs.map(([value, price]) => ({ value, price }));
/** Plans keep their tiers as text (spec §3 Plan); settings keep the parsed list (settings/setting-text.ts). */
const tiers = (...pairs: [from: number, dollars: number][]) => JSON.stringify(table(...pairs));

/** A catalogue a seller can sell from on day one, and edit or hide from the admin panel. */
export const DEMO_PLANS: (typeof plans.$inferInsert)[] = [
  {
    title: 'Residential Rotating',
    description:
      'Ethically sourced residential IPs in 190+ countries, rotating per request or sticky up to 30 minutes.',
    type: 'residential',
    provider: 'Tollgate Residential',
    bandwidthPrices: tiers([1, 4.5], [10, 3.9], [50, 3.4], [100, 2.9]),
    durationDays: 30,
    minRenewDays: 1,
    maxRenewDays: 90,
    serverGeoOptions: 'US,GB,DE,FR,CA,NL,BR,IN,JP,AU',
    customPlan: true,
    residentialType: 'rotating',
    sortOrder: 1,
  },
  {
    title: 'Mobile 4G/5G',
    description: 'Real carrier IPs from mobile networks, ideal for social and app automation.',
    type: 'mobile',
    provider: 'Tollgate Mobile',
    bandwidthPrices: tiers([1, 7], [10, 6], [50, 5.2]),
    durationDays: 30,
    minRenewDays: 1,
    maxRenewDays: 60,
    serverGeoOptions: 'US,GB,DE,FR,PL',
    customPlan: true,
    sortOrder: 2,
  },
  {
    title: 'Static ISP',
    description: 'Dedicated ISP-assigned IPs that stay yours for the whole period. Unlimited bandwidth.',
    type: 'isp',
    provider: 'Tollgate ISP',
    threadPrices: tiers([5, 2.4], [25, 2.1], [100, 1.8]),
    durationDays: 30,
    minRenewDays: 7,
    maxRenewDays: 90,
    threads: 5,
    serverGeoOptions: 'US,GB,DE',
    sortOrder: 3,
  },
  {
    title: 'Datacenter Shared',
    description: 'Fast datacenter IPs for high-volume scraping at the lowest price per request.',
    type: 'datacenter',
    provider: 'Tollgate DC',
    threadPrices: tiers([10, 0.9], [50, 0.75], [200, 0.6]),
    durationDays: 30,
    minRenewDays: 1,
    maxRenewDays: 365,
    threads: 10,
    serverGeoOptions: 'US,DE,NL',
    sortOrder: 4,
  },
  {
    title: 'IPv6 Rotating',
    description: 'Huge IPv6 pools for targets that accept IPv6, billed per GB.',
    type: 'ipv6',
    provider: 'Tollgate IPv6',
    bandwidthPrices: tiers([10, 0.8], [100, 0.6]),
    durationDays: 30,
    minRenewDays: 1,
    maxRenewDays: 90,
    serverGeoOptions: 'US,DE',
    sortOrder: 5,
  },
  {
    title: 'Residential Trial',
    description: 'One gigabyte of residential traffic for one day to try the network.',
    type: 'residential',
    provider: 'Tollgate Residential',
    priceCents: 99,
    durationDays: 1,
    minRenewDays: 1,
    maxRenewDays: 1,
    bandwidthGb: 1,
    trial: true,
    serverGeoOptions: 'US,GB,DE',
    sortOrder: 10,
  },
];

/** Spec §3 renewal price tables, stored as the settings screen saves them. */
export const DEMO_RENEW_SETTINGS: Record<string, unknown> = {
  RenewResiBandwidthPrices: table([1, 4.2], [10, 3.7], [50, 3.2]),
  RenewMobileBandwidthPrices: table([1, 6.5], [10, 5.8]),
  RenewIPv6BandwidthPrices: table([10, 0.75], [100, 0.55]),
  RenewISPPrices: table([5, 2.3], [25, 2], [100, 1.7]),
  RenewNEWIPv6Prices: table([10, 0.5], [100, 0.4]),
  ResidentialExtendBySingleDayPrice: 0.5,
  ResidentialExtendByOneWeekPrice: 2.5,
  ResidentialExtendByMonthPrice: 8,
  ResidentialExtendByTwoMonthPrice: 14,
};

export async function seedDemoCatalogue(tx: Tx, customerId: string) {
  await tx.insert(plans).values(DEMO_PLANS);
  await tx.insert(settings).values(Object.entries(DEMO_RENEW_SETTINGS).map(([key, value]) => ({ key, value })));
  await tx.insert(coupons).values({
    code: 'WELCOME10',
    usagesLeft: 1000,
    discountBasisPoints: 1000,
    isPromotion: true,
  });
  // Enough for the demo customer to buy something straight away.
  await ledger.credit(tx, {
    accountId: customerId,
    amountCents: 2500,
    kind: 'staff_adjustment',
    reason: 'Demo credit',
  });
}
