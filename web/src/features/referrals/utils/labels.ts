import type { ReferralRewardStatus } from '@tollgate/contract/growth/referrals';
import type { BadgeTone } from '#components/ui/badge.tsx';

export const FAMILY_LABELS = {
  residential: 'Residential',
  datacenter: 'Datacenter',
  isp: 'Static ISP',
  ipv6: 'IPv6',
  mobile: 'Mobile',
} as const;

export const REWARD_STATUS: Record<ReferralRewardStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  claimable: { label: 'Claimable', tone: 'success' },
  claimed: { label: 'Claimed', tone: 'brand' },
  reversed: { label: 'Refunded', tone: 'neutral' },
};

/** `12.5%`, `0%`. */
export const percent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(2).replace(/0$/, '')}%`;

/** `2026-11` -> `Nov`, with the year where the chart crosses one. */
const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
export function formatMonth(month: string, withYear = false): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  const text = monthLabel.format(date);
  return withYear ? `${text} ${month.slice(0, 4)}` : text;
}
