import { z } from 'zod';
import { ADMINS_AND_MANAGERS, CUSTOMERS } from '../access/roles';
import { referralRatesSchema, REFERRAL_FAMILIES, specReferralRatesShape, userIdParams } from '../admin/account-page';
import { defineEndpoint } from '../endpoint';

/**
 * The referral programme (spec §1, §7; ADR 032). Every account has a code; a customer who signs up
 * through `/register?ref=<code>` is its referral, and each paid purchase or renewal of theirs earns
 * the referrer that product family's rate. A reward is pending for the holding period (settings
 * `ReferralHoldDays`), then claimable, then claimed into the balance; a refund takes it back.
 */
export const REFERRAL_QUERY_PARAM = 'ref';
export const REFERRAL_CODE_PATTERN = /^[a-z0-9]{6,32}$/;
export const REFERRAL_HOLD_DAYS_DEFAULT = 14;
export const REFERRAL_HOLD_DAYS_MAX = 365;
/** How many recent rewards, referrals and claims a page lists; the totals count all of them. */
export const REFERRAL_LIST_LIMIT = 100;
/** Months in the chart, the current one included. */
export const REFERRAL_SERIES_MONTHS = 12;

export const NO_REFERRAL_REWARDS = 'You have no referral rewards to claim yet';
export const REFERRAL_REWARDS_CLAIMED = 'Referral rewards claimed';

/** Where a pending reward stands; `reversed` was taken back by a refund or charge-back. */
export const REFERRAL_REWARD_STATUSES = ['pending', 'claimable', 'claimed', 'reversed'] as const;
export type ReferralRewardStatus = (typeof REFERRAL_REWARD_STATUSES)[number];

/** Why a sign-up through a link earns nothing (ADR 032); null when it counts. */
export const REFERRAL_REFUSALS = ['same_ip', 'same_mailbox', 'same_device'] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];
export const REFERRAL_REFUSAL_LABELS: Record<ReferralRefusal, string> = {
  same_ip: 'Signed up from an address the referrer used',
  same_mailbox: 'Same mailbox as the referrer',
  same_device: 'Signed up in a browser the referrer signs in with',
};

/** The same reasons as the referrer reads them on /referral: nothing about the person who signed up. */
export const REFERRAL_REFUSAL_REFERRER_LABELS: Record<ReferralRefusal, string> = {
  same_ip: 'Same network as you',
  same_mailbox: 'Same email address as you',
  same_device: 'Same device as you',
};

export const referralHoldDaysSchema = z
  .number({ error: 'Enter a whole number of days' })
  .int('Enter a whole number of days')
  .min(0, 'At least 0 days')
  .max(REFERRAL_HOLD_DAYS_MAX, `At most ${REFERRAL_HOLD_DAYS_MAX} days`);

const at = z.iso.datetime({ offset: true });

export const referralStatsSchema = z.object({
  /** Accounts that signed up with the code and count (refused ones are left out). */
  signUps: z.number().int(),
  /** Sign-ups with the code that were refused as the referrer's own (ADR 032) and earn nothing. */
  refused: z.number().int(),
  /** Of those, how many have paid at least once. */
  payingReferrals: z.number().int(),
  /** Dollars earned and not taken back, whatever their state. */
  earned: z.number(),
  /** Still in the holding period. */
  pending: z.number(),
  /** Past it, waiting to be claimed. */
  claimable: z.number(),
  /** Moved to the balance (before any debt was set off). */
  claimed: z.number(),
  /** Taken back by refunds. */
  reversed: z.number(),
  /** Reversals the balance could not cover; set off against the next claims. */
  owed: z.number(),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

export const referralRewardSchema = z.object({
  id: z.string(),
  /** The referred customer: masked for the referrer (`ja***`), in full for staff. */
  customer: z.string(),
  productType: z.enum(REFERRAL_FAMILIES),
  /** What the referred customer paid, in dollars. */
  paid: z.number(),
  /** Percent applied. */
  rate: z.number(),
  amount: z.number(),
  status: z.enum(REFERRAL_REWARD_STATUSES),
  earnedAt: at,
  /** When the holding period ends. */
  availableAt: at,
  claimedAt: at.nullable(),
  reversedAt: at.nullable(),
  /** Of a reversed reward: taken back from the balance, and what the balance could not cover. */
  recovered: z.number(),
  shortfall: z.number(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;

export const referralSeriesPointSchema = z.object({
  /** `YYYY-MM`, UTC. */
  month: z.string(),
  signUps: z.number().int(),
  earned: z.number(),
});

export const referralProgrammeSchema = z.object({
  code: z.string(),
  /** The full sign-up address to share. */
  link: z.string(),
  /** The link as a QR code (PNG data URL). */
  qrCode: z.string(),
  rates: referralRatesSchema,
  ...specReferralRatesShape,
  holdDays: z.number().int(),
  stats: referralStatsSchema,
  series: z.array(referralSeriesPointSchema),
  rewards: z.array(referralRewardSchema),
  /**
   * The latest refused sign-ups, newest first: why and when, never who (the referrer does not get
   * the refused person's username, email or address).
   */
  refusals: z.array(z.object({ reason: z.enum(REFERRAL_REFUSALS), at })),
});
export type ReferralProgramme = z.infer<typeof referralProgrammeSchema>;

export const rewardRates = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/reward-rates',
  roles: CUSTOMERS,
  tag: 'Referrals',
  summary: 'My referral reward rates per product family (percent; 0 until staff set them) and the holding period',
  message: 'Reward rates',
  payload: z.object({ rates: referralRatesSchema, ...specReferralRatesShape, holdDays: z.number().int() }),
});

export const referralRewards = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/referral-rewards',
  roles: CUSTOMERS,
  tag: 'Referrals',
  summary:
    'My referral link and QR code, rates, sign-ups, paying referrals, earned, pending, claimable and claimed, by month, with the latest rewards',
  message: 'Referral rewards',
  payload: referralProgrammeSchema,
});

export const referralClaimSchema = z.object({
  /** Rewards claimed, in dollars. */
  claimed: z.number(),
  /** Of that, what went to cover earlier reversals the balance could not. */
  setOff: z.number(),
  /** What reached the balance. */
  credited: z.number(),
  balance: z.number(),
});

export const claimReferralRewards = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/referral-rewards/claim',
  roles: CUSTOMERS,
  tag: 'Referrals',
  summary: 'Move every claimable referral reward to my balance, once, through the ledger',
  message: REFERRAL_REWARDS_CLAIMED,
  payload: referralClaimSchema,
});

export const referredAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  signedUpAt: at,
  /** Null when it counts; else why it earns nothing. */
  refused: z.enum(REFERRAL_REFUSALS).nullable(),
  paidInvoices: z.number().int(),
  /** Dollars the referral paid, and the rewards it earned (not taken back). */
  paid: z.number(),
  earned: z.number(),
});

export const referralClaimRowSchema = z.object({
  id: z.string(),
  claimed: z.number(),
  setOff: z.number(),
  credited: z.number(),
  createdAt: at,
});

export const referralInfoSchema = z.object({
  code: z.string(),
  link: z.string(),
  rates: referralRatesSchema,
  ...specReferralRatesShape,
  holdDays: z.number().int(),
  /** Who brought this account, if anyone. */
  referredBy: z
    .object({ id: z.string(), username: z.string(), refused: z.enum(REFERRAL_REFUSALS).nullable() })
    .nullable(),
  stats: referralStatsSchema,
  referrals: z.array(referredAccountSchema),
  rewards: z.array(referralRewardSchema),
  claims: z.array(referralClaimRowSchema),
});
export type ReferralInfo = z.infer<typeof referralInfoSchema>;

export const adminReferralInfo = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/getrefferalinfo/{userId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary:
    'Referral info of an account (the spec spells the path so): who referred it, whom it referred, rewards with their states, claims and totals',
  message: 'Referral info',
  params: userIdParams,
  payload: referralInfoSchema,
});
