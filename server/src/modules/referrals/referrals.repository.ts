import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import type { ReferralRefusal } from '@tollgate/contract/growth/referrals';
import { queryRows } from '#platform/db/rows.ts';

/** Postgres sums of bigint come back as text; counts are cast to int in the SQL. */
const cents = (v: string | number | null | undefined) => Number(v ?? 0);

export interface ReferrerRow {
  id: string;
  username: string;
  referral_code: string;
  referral_residential_bps: number;
  referral_datacenter_bps: number;
  referral_isp_bps: number;
  referral_ipv6_bps: number;
  referral_mobile_bps: number;
}

export interface RewardListRow {
  id: string;
  username: string;
  product_type: 'residential' | 'mobile' | 'isp' | 'datacenter' | 'ipv6';
  base_cents: string | number;
  rate_bps: number;
  amount_cents: string | number;
  earned_at: Date | string;
  claim_id: string | null;
  claimed_at: Date | string | null;
  reversed_at: Date | string | null;
  recovered_cents: string | number;
  shortfall_cents: string | number;
}

/** A reward is claimable once `earned_at` is at least the holding period old. */
const ripe = (holdDays: number) => sql`earned_at <= now() - make_interval(days => ${holdDays})`;

/** Referral SQL (ADR 032); every money move is the service's, inside its transaction. */
export const referralsRepository = {
  async account(db: DbOrTx, accountId: string) {
    const [row] = await queryRows<ReferrerRow>(
      db,
      sql`select id, username, referral_code, referral_residential_bps, referral_datacenter_bps, referral_isp_bps,
            referral_ipv6_bps, referral_mobile_bps
          from accounts where id = ${accountId} and deleted_at is null`,
    );
    return row ?? null;
  },

  async byCode(db: DbOrTx, code: string) {
    const [row] = await queryRows<{ id: string; email: string }>(
      db,
      sql`select id, email from accounts where referral_code = ${code} and deleted_at is null`,
    );
    return row ?? null;
  },

  /** Whether the referrer signed in or held a session from this address in the last `days`. */
  async usedAddress(db: DbOrTx, accountId: string, ip: string, days: number) {
    const [row] = await queryRows<{ used: boolean }>(
      db,
      sql`select exists (
            select 1 from sign_in_events where account_id = ${accountId} and ip = ${ip}
              and created_at > now() - make_interval(days => ${days})
          ) or exists (
            select 1 from sessions where account_id = ${accountId} and ip = ${ip}
              and created_at > now() - make_interval(days => ${days})
          ) as used`,
    );
    return row?.used === true;
  },

  async insertReferral(
    db: DbOrTx,
    row: { referredId: string; referrerId: string; refused: ReferralRefusal | null },
  ): Promise<void> {
    await db.execute(sql`insert into referrals (referred_id, referrer_id, refused)
      values (${row.referredId}, ${row.referrerId}, ${row.refused}) on conflict (referred_id) do nothing`);
  },

  async referredBy(db: DbOrTx, accountId: string) {
    const [row] = await queryRows<{ id: string; username: string; refused: ReferralRefusal | null }>(
      db,
      sql`select a.id, a.username, r.refused from referrals r join accounts a on a.id = r.referrer_id
          where r.referred_id = ${accountId}`,
    );
    return row ?? null;
  },

  async stats(db: DbOrTx, referrerId: string, holdDays: number) {
    const [row] = await queryRows<Record<string, string | number | null>>(
      db,
      sql`select
          (select count(*)::int from referrals where referrer_id = ${referrerId} and refused is null) as sign_ups,
          (select count(*)::int from referrals where referrer_id = ${referrerId} and refused is not null) as refused,
          (select count(*)::int from referrals r join accounts a on a.id = r.referred_id
             where r.referrer_id = ${referrerId} and r.refused is null and a.spent_cents > 0) as paying,
          coalesce(sum(amount_cents) filter (where reversed_at is null), 0) as earned,
          coalesce(sum(amount_cents) filter (where reversed_at is null and claim_id is null and not ${ripe(holdDays)}), 0) as pending,
          coalesce(sum(amount_cents) filter (where reversed_at is null and claim_id is null and ${ripe(holdDays)}), 0) as claimable,
          coalesce(sum(amount_cents) filter (where claim_id is not null), 0) as claimed,
          coalesce(sum(amount_cents) filter (where reversed_at is not null), 0) as reversed,
          coalesce(sum(shortfall_cents), 0)
            - (select coalesce(sum(set_off_cents), 0) from referral_claims where account_id = ${referrerId}) as owed
        from referral_rewards where referrer_id = ${referrerId}`,
    );
    return {
      signUps: Number(row?.sign_ups ?? 0),
      refused: Number(row?.refused ?? 0),
      payingReferrals: Number(row?.paying ?? 0),
      earnedCents: cents(row?.earned),
      pendingCents: cents(row?.pending),
      claimableCents: cents(row?.claimable),
      claimedCents: cents(row?.claimed),
      reversedCents: cents(row?.reversed),
      owedCents: Math.max(0, cents(row?.owed)),
    };
  },

  /** Sign-ups and earnings per UTC month since `since` (the first of a month). */
  async series(db: DbOrTx, referrerId: string, since: Date) {
    return queryRows<{ month: string; sign_ups: number; earned: string | number }>(
      db,
      sql`select month, sum(sign_ups)::int as sign_ups, sum(earned) as earned from (
            select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as sign_ups, 0 as earned
              from referrals where referrer_id = ${referrerId} and refused is null and created_at >= ${since}
              group by 1
            union all
            select to_char(earned_at at time zone 'UTC', 'YYYY-MM'), 0, sum(amount_cents)
              from referral_rewards where referrer_id = ${referrerId} and reversed_at is null and earned_at >= ${since}
              group by 1
          ) m group by month order by month`,
    );
  },

  async rewards(db: DbOrTx, referrerId: string, limit: number) {
    return queryRows<RewardListRow>(
      db,
      sql`select rr.id, a.username, rr.product_type, rr.base_cents, rr.rate_bps, rr.amount_cents, rr.earned_at,
            rr.claim_id, rr.claimed_at, rr.reversed_at, rr.recovered_cents, rr.shortfall_cents
          from referral_rewards rr join accounts a on a.id = rr.referred_id
          where rr.referrer_id = ${referrerId} order by rr.earned_at desc, rr.id limit ${limit}`,
    );
  },

  /** The referrer's refused sign-ups, newest first: the reason and when, nothing about who. */
  async refusals(db: DbOrTx, referrerId: string, limit: number) {
    return queryRows<{ refused: ReferralRefusal; created_at: Date | string }>(
      db,
      sql`select refused, created_at from referrals
          where referrer_id = ${referrerId} and refused is not null
          order by created_at desc, referred_id limit ${limit}`,
    );
  },

  async referredAccounts(db: DbOrTx, referrerId: string, limit: number) {
    return queryRows<{
      id: string;
      username: string;
      email: string;
      created_at: Date | string;
      refused: ReferralRefusal | null;
      paid_invoices: number;
      spent_cents: string | number;
      earned: string | number;
    }>(
      db,
      sql`select a.id, a.username, a.email, r.created_at, r.refused, a.spent_cents,
            (select count(*)::int from invoices i where i.account_id = a.id and i.status = 'paid' and i.refunded_at is null
               and i.kind in ('purchase', 'renewal')) as paid_invoices,
            (select coalesce(sum(amount_cents), 0) from referral_rewards rr
               where rr.referred_id = a.id and rr.reversed_at is null) as earned
          from referrals r join accounts a on a.id = r.referred_id
          where r.referrer_id = ${referrerId} order by r.created_at desc limit ${limit}`,
    );
  },

  async claims(db: DbOrTx, accountId: string, limit: number) {
    return queryRows<{
      id: string;
      claimed_cents: string | number;
      set_off_cents: string | number;
      credited_cents: string | number;
      created_at: Date | string;
    }>(
      db,
      sql`select id, claimed_cents, set_off_cents, credited_cents, created_at from referral_claims
          where account_id = ${accountId} order by created_at desc limit ${limit}`,
    );
  },

  /** The account row locked: claims and reversals of one referrer take their turn on it. */
  async lockAccount(tx: DbOrTx, accountId: string) {
    const [row] = await queryRows<{ balance_cents: string | number }>(
      tx,
      sql`select balance_cents from accounts where id = ${accountId} for update`,
    );
    return row ? cents(row.balance_cents) : null;
  },

  /**
   * Takes every claimable reward and writes the claim in one statement; what earlier reversals
   * left unpaid (`owed`) is set off first. Nothing claimable: no row, and nothing changes.
   */
  async claim(tx: DbOrTx, accountId: string, claimId: string, holdDays: number) {
    const [row] = await queryRows<{
      claimed_cents: string | number;
      set_off_cents: string | number;
      credited_cents: string | number;
    }>(
      tx,
      sql`with owed as (
            select greatest(
              coalesce((select sum(shortfall_cents) from referral_rewards where referrer_id = ${accountId}), 0)
              - coalesce((select sum(set_off_cents) from referral_claims where account_id = ${accountId}), 0), 0) as cents
          ), taken as (
            update referral_rewards set claim_id = ${claimId}, claimed_at = now()
            where referrer_id = ${accountId} and claim_id is null and reversed_at is null and ${ripe(holdDays)}
            returning amount_cents
          ), total as (select coalesce(sum(amount_cents), 0) as cents from taken)
          insert into referral_claims (id, account_id, claimed_cents, set_off_cents, credited_cents)
          select ${claimId}, ${accountId}, total.cents, least(owed.cents, total.cents),
                 total.cents - least(owed.cents, total.cents)
          from total, owed where total.cents > 0
          returning claimed_cents, set_off_cents, credited_cents`,
    );
    return row
      ? {
          claimedCents: cents(row.claimed_cents),
          setOffCents: cents(row.set_off_cents),
          creditedCents: cents(row.credited_cents),
        }
      : null;
  },

  async rewardForInvoice(db: DbOrTx, invoiceId: string, options: { lock: boolean }) {
    const [row] = await queryRows<{
      id: string;
      referrer_id: string;
      amount_cents: string | number;
      claim_id: string | null;
      reversed_at: Date | string | null;
    }>(
      db,
      sql`select id, referrer_id, amount_cents, claim_id, reversed_at from referral_rewards
          where invoice_id = ${invoiceId} and reversed_at is null ${options.lock ? sql`for update` : sql``}`,
    );
    return row ? { ...row, amountCents: cents(row.amount_cents) } : null;
  },

  /**
   * The invoice's last reversed reward written again, unclaimed, with its first `earned_at` (a won
   * dispute, ADR 039): what the reversal could not recover stays owed and is set off when it is
   * claimed, so the referrer ends with the reward once. An invoice with a live reward gets none.
   */
  async restore(tx: DbOrTx, invoiceId: string) {
    const [row] = await queryRows<{ id: string; amount_cents: string | number }>(
      tx,
      sql`insert into referral_rewards
            (referrer_id, referred_id, invoice_id, product_type, rate_bps, base_cents, amount_cents, earned_at)
          select referrer_id, referred_id, invoice_id, product_type, rate_bps, base_cents, amount_cents, earned_at
          from referral_rewards where invoice_id = ${invoiceId} and reversed_at is not null
          order by reversed_at desc limit 1
          on conflict (invoice_id) where reversed_at is null do nothing
          returning id, amount_cents`,
    );
    return row ? { id: row.id, amountCents: cents(row.amount_cents) } : null;
  },

  async markReversed(
    tx: DbOrTx,
    id: string,
    change: { reason: string; recoveredCents: number; shortfallCents: number },
  ): Promise<void> {
    await tx.execute(sql`update referral_rewards set reversed_at = now(), reversal_reason = ${change.reason},
      recovered_cents = ${change.recoveredCents}, shortfall_cents = ${change.shortfallCents}
      where id = ${id} and reversed_at is null`);
  },
};
