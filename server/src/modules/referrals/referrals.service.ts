import { specReferralRates } from '@tollgate/contract/admin/account-page';
import { randomUUID } from 'node:crypto';
import {
  NO_REFERRAL_REWARDS,
  REFERRAL_CODE_PATTERN,
  REFERRAL_LIST_LIMIT,
  REFERRAL_QUERY_PARAM,
  REFERRAL_SERIES_MONTHS,
  type ReferralRefusal,
} from '@tollgate/contract/growth/referrals';
import { toDollars } from '@tollgate/contract/http/money';
import QRCode from 'qrcode';
import { ledger } from '#platform/billing/ledger.ts';
import { readRewardSettings } from '#platform/billing/reward-settings.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { referralsRepository as repo } from './referrals.repository';
import { iso, monthsBack, ratesOf, rewardOf, statsOf } from './referral-view';

/** A sign-up from an address the referrer used this recently counts as the referrer's own (ADR 032). */
export const SELF_REFERRAL_WINDOW_DAYS = 30;

/** `Jane.Doe+promo@GoogleMail.com` and `janedoe@gmail.com` are one mailbox. */
export function mailboxOf(email: string): string {
  const [rawLocal = '', rawDomain = ''] = email.trim().toLowerCase().split('@');
  let local = rawLocal.split('+')[0] ?? '';
  let domain = rawDomain;
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

export interface ReferralsDeps {
  db: Db;
  publicUrl: string;
}

export function createReferralsService({ db, publicUrl }: ReferralsDeps) {
  const linkOf = (code: string) => `${publicUrl}/register?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(code)}`;

  async function referrer(accountId: string) {
    const row = await repo.account(db, accountId);
    if (!row) throw notFound('No such account');
    return row;
  }

  async function stats(accountId: string, holdDays: number) {
    return statsOf(await repo.stats(db, accountId, holdDays));
  }

  return {
    async rates(accountId: string) {
      const [row, settings] = await Promise.all([referrer(accountId), readRewardSettings(db)]);
      return { rates: ratesOf(row), ...specReferralRates(ratesOf(row)), holdDays: settings.holdDays };
    },

    /**
     * The customer's /referral page: link, QR, rates, totals, a year by month, the latest rewards and
     * the latest refused sign-ups (why and when only).
     */
    async programme(accountId: string) {
      const row = await referrer(accountId);
      const { holdDays } = await readRewardSettings(db);
      const link = linkOf(row.referral_code);
      const { since, keys } = monthsBack(new Date(), REFERRAL_SERIES_MONTHS);
      const [totals, months, rewards, refusals, qrCode] = await Promise.all([
        stats(accountId, holdDays),
        repo.series(db, accountId, since),
        repo.rewards(db, accountId, REFERRAL_LIST_LIMIT),
        repo.refusals(db, accountId, REFERRAL_LIST_LIMIT),
        QRCode.toDataURL(link, { margin: 1, width: 240 }),
      ]);
      const byMonth = new Map(months.map((m) => [m.month, m]));
      return {
        code: row.referral_code,
        link,
        qrCode,
        rates: ratesOf(row),
        ...specReferralRates(ratesOf(row)),
        holdDays,
        stats: totals,
        series: keys.map((month) => ({
          month,
          signUps: byMonth.get(month)?.sign_ups ?? 0,
          earned: toDollars(Number(byMonth.get(month)?.earned ?? 0)),
        })),
        rewards: rewards.map((r) => rewardOf(r, holdDays, { mask: true })),
        refusals: refusals.map((r) => ({ reason: r.refused, at: iso(r.created_at) })),
      };
    },

    /**
     * Moves every claimable reward to the balance once. The referrer's account row is locked first,
     * so parallel claims (and refunds taking a reward back) take turns: the second finds nothing.
     */
    async claim(accountId: string) {
      const { holdDays } = await readRewardSettings(db);
      return db.transaction(async (tx) => {
        const balance = await repo.lockAccount(tx, accountId);
        if (balance === null) throw notFound('No such account');
        const claimId = randomUUID();
        const claim = await repo.claim(tx, accountId, claimId, holdDays);
        if (!claim) throw badRequest(NO_REFERRAL_REWARDS);
        const after =
          claim.creditedCents > 0
            ? await ledger.credit(tx, {
                accountId,
                amountCents: claim.creditedCents,
                kind: 'referral_reward',
                reference: claimId,
                reason: 'Referral rewards claimed',
              })
            : balance;
        return {
          claimed: toDollars(claim.claimedCents),
          setOff: toDollars(claim.setOffCents),
          credited: toDollars(claim.creditedCents),
          balance: toDollars(after),
        };
      });
    },

    /** Staff: `POST /admin/getrefferalinfo/{userId}`. */
    async info(userId: string) {
      const row = await referrer(userId);
      const { holdDays } = await readRewardSettings(db);
      const [referredBy, totals, referrals, rewards, claims] = await Promise.all([
        repo.referredBy(db, userId),
        stats(userId, holdDays),
        repo.referredAccounts(db, userId, REFERRAL_LIST_LIMIT),
        repo.rewards(db, userId, REFERRAL_LIST_LIMIT),
        repo.claims(db, userId, REFERRAL_LIST_LIMIT),
      ]);
      return {
        code: row.referral_code,
        link: linkOf(row.referral_code),
        rates: ratesOf(row),
        ...specReferralRates(ratesOf(row)),
        holdDays,
        referredBy,
        stats: totals,
        referrals: referrals.map((r) => ({
          id: r.id,
          username: r.username,
          email: r.email,
          signedUpAt: iso(r.created_at),
          refused: r.refused,
          paidInvoices: r.paid_invoices,
          paid: toDollars(Number(r.spent_cents)),
          earned: toDollars(Number(r.earned)),
        })),
        rewards: rewards.map((r) => rewardOf(r, holdDays, { mask: false })),
        claims: claims.map((c) => ({
          id: c.id,
          claimed: toDollars(Number(c.claimed_cents)),
          setOff: toDollars(Number(c.set_off_cents)),
          credited: toDollars(Number(c.credited_cents)),
          createdAt: iso(c.created_at),
        })),
      };
    },

    /**
     * Records who brought a new account. A code that names nobody is ignored; one that looks like
     * the referrer themselves (same mailbox, a browser the referrer signs in on, or an address the
     * referrer used lately) is recorded as
     * refused and earns nothing (ADR 032).
     */
    async attribute(input: {
      accountId: string;
      email: string;
      code: string | null | undefined;
      ip: string | null;
      /** Accounts the signing-up browser has signed in to: the referrer's among them is the same device. */
      deviceAccounts?: string[];
    }) {
      const code = input.code?.trim().toLowerCase();
      if (!code || !REFERRAL_CODE_PATTERN.test(code)) return;
      const owner = await repo.byCode(db, code);
      if (!owner || owner.id === input.accountId) return;
      let refused: ReferralRefusal | null = null;
      if (mailboxOf(owner.email) === mailboxOf(input.email)) refused = 'same_mailbox';
      else if (input.deviceAccounts?.includes(owner.id)) refused = 'same_device';
      else if (input.ip && (await repo.usedAddress(db, owner.id, input.ip, SELF_REFERRAL_WINDOW_DAYS)))
        refused = 'same_ip';
      await repo.insertReferral(db, { referredId: input.accountId, referrerId: owner.id, refused });
    },

    /**
     * A refunded or charged-back invoice takes its referral reward back, inside the refund's
     * transaction. Unclaimed: it simply stops counting. Claimed: what the referrer's balance covers
     * is debited through the ledger and the rest is recorded as shortfall, set off against later
     * claims; the balance never goes below zero.
     */
    async reverseForInvoice(tx: DbOrTx, invoiceId: string, reason: string) {
      const seen = await repo.rewardForInvoice(tx, invoiceId, { lock: false });
      if (!seen || seen.reversed_at) return null;
      // The referrer's row first, as a claim takes it, so the two never wait on each other in a circle.
      const balance = (await repo.lockAccount(tx, seen.referrer_id)) ?? 0;
      const reward = await repo.rewardForInvoice(tx, invoiceId, { lock: true });
      if (!reward || reward.reversed_at) return null;
      let recovered = 0;
      if (reward.claim_id) {
        recovered = Math.min(reward.amountCents, balance);
        if (recovered > 0)
          await ledger.debit(tx, {
            accountId: reward.referrer_id,
            amountCents: recovered,
            kind: 'referral_reversal',
            reference: reward.id,
            reason,
          });
      }
      const shortfall = reward.claim_id ? reward.amountCents - recovered : 0;
      await repo.markReversed(tx, reward.id, { reason, recoveredCents: recovered, shortfallCents: shortfall });
      return { rewardId: reward.id, recoveredCents: recovered, shortfallCents: shortfall };
    },

    /**
     * A won dispute gives the sale back (ADR 039), and with it the reward it had taken: written again
     * as an unclaimed reward. Nothing is credited here; the next claim pays it, less what the
     * reversal left owed.
     */
    async restoreForInvoice(tx: DbOrTx, invoiceId: string, _reason: string) {
      return repo.restore(tx, invoiceId);
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
