import type { ReferralRates } from '@tollgate/contract/admin/account-page';
import type { ReferralReward } from '@tollgate/contract/growth/referrals';
import { toDollars } from '@tollgate/contract/http/money';
import type { ReferrerRow, RewardListRow } from './referrals.repository';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

export function ratesOf(row: ReferrerRow): ReferralRates {
  return {
    residential: row.referral_residential_bps / 100,
    datacenter: row.referral_datacenter_bps / 100,
    isp: row.referral_isp_bps / 100,
    ipv6: row.referral_ipv6_bps / 100,
    mobile: row.referral_mobile_bps / 100,
  };
}

/** A referrer sees that someone paid, not who: the first two letters of the username. */
export const maskUsername = (username: string) => `${username.slice(0, 2)}***`;

export function rewardOf(row: RewardListRow, holdDays: number, options: { mask: boolean }): ReferralReward {
  const earned = new Date(row.earned_at);
  const availableAt = new Date(earned.getTime() + holdDays * 86_400_000);
  const status = row.reversed_at
    ? 'reversed'
    : row.claim_id
      ? 'claimed'
      : availableAt.getTime() <= Date.now()
        ? 'claimable'
        : 'pending';
  return {
    id: row.id,
    customer: options.mask ? maskUsername(row.username) : row.username,
    productType: row.product_type,
    paid: toDollars(Number(row.base_cents)),
    rate: row.rate_bps / 100,
    amount: toDollars(Number(row.amount_cents)),
    status,
    earnedAt: earned.toISOString(),
    availableAt: availableAt.toISOString(),
    claimedAt: isoOrNull(row.claimed_at),
    reversedAt: isoOrNull(row.reversed_at),
    recovered: toDollars(Number(row.recovered_cents)),
    shortfall: toDollars(Number(row.shortfall_cents)),
  };
}

export function statsOf(s: {
  signUps: number;
  refused: number;
  payingReferrals: number;
  earnedCents: number;
  pendingCents: number;
  claimableCents: number;
  claimedCents: number;
  reversedCents: number;
  owedCents: number;
}) {
  return {
    signUps: s.signUps,
    refused: s.refused,
    payingReferrals: s.payingReferrals,
    earned: toDollars(s.earnedCents),
    pending: toDollars(s.pendingCents),
    claimable: toDollars(s.claimableCents),
    claimed: toDollars(s.claimedCents),
    reversed: toDollars(s.reversedCents),
    owed: toDollars(s.owedCents),
  };
}

/** The last `months` UTC months, oldest first, with the months that had nothing filled with zeros. */
export function monthsBack(now: Date, months: number): { since: Date; keys: string[] } {
  const keys: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    keys.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return { since: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1)), keys };
}

export { iso };
