import { NO_LOYALTY_REWARDS, type LoyaltyProgramme, type LoyaltyTiersSetting } from '@tollgate/contract/growth/loyalty';
import { toCents, toDollars } from '@tollgate/contract/http/money';
import { ledger } from '#platform/billing/ledger.ts';
import { readRewardSettings } from '#platform/billing/reward-settings.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { loyaltyRepository as repo } from './loyalty.repository';
import type { loyaltyClaims } from './loyalty.schema';

type ClaimRow = typeof loyaltyClaims.$inferSelect;

/** Progress in the rule's own unit: dollars spent, or orders. */
const inUnit = (setting: LoyaltyTiersSetting, raw: number) =>
  setting.rule === 'lifetime_spend' ? toDollars(raw) : raw;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The tiers as one account sees them: reached or not, claimed or not, and what is left to go. */
export function programmeOf(setting: LoyaltyTiersSetting, raw: number, allClaims: ClaimRow[]): LoyaltyProgramme {
  const progress = inUnit(setting, raw);
  // A claim a refund took back is no claim: the tier is reached again or not, like any other.
  const claims = allClaims.filter((c) => c.revokedAt === null);
  const claimed = new Map(claims.map((c) => [c.tierId, c]));
  const tiers = [...setting.tiers]
    .sort((a, b) => a.threshold - b.threshold)
    .map((tier) => {
      const claim = claimed.get(tier.id);
      const reached = progress >= tier.threshold;
      return {
        ...tier,
        status: claim ? ('claimed' as const) : reached ? ('claimable' as const) : ('locked' as const),
        remaining: reached ? 0 : round2(tier.threshold - progress),
        claimedAt: claim ? claim.createdAt.toISOString() : null,
        credited: claim ? toDollars(claim.rewardCents - claim.setOffCents) : null,
      };
    });
  const next = tiers.find((t) => t.status === 'locked');
  return {
    rule: setting.rule,
    progress,
    tiers,
    stats: {
      claimable: round2(tiers.filter((t) => t.status === 'claimable').reduce((sum, t) => sum + t.reward, 0)),
      claimed: toDollars(claims.reduce((sum, c) => sum + c.rewardCents - c.setOffCents, 0)),
      claimedCount: claims.length,
      nextTier: next ? { id: next.id, name: next.name, remaining: next.remaining, reward: next.reward } : null,
    },
  };
}

/** Loyalty rewards (spec §1, §4; ADR 032): tiers from the `LoyaltyTiers` setting, each claimed once. */
export function createLoyaltyService({ db }: { db: Db }) {
  async function programme(accountId: string) {
    const { loyalty } = await readRewardSettings(db);
    const raw = await repo.progress(db, accountId, loyalty.rule);
    if (raw === null) throw notFound('No such account');
    return programmeOf(loyalty, raw, await repo.claimsOf(db, accountId));
  }

  return {
    programme,

    /**
     * Claims every reached tier not yet claimed, each credited through the ledger with the claim
     * as its reference. Parallel claims meet at the unique (account, tier) row: one inserts, the
     * others find it there and credit nothing.
     */
    async claim(accountId: string) {
      const { loyalty } = await readRewardSettings(db);
      return db.transaction(async (tx) => {
        // After the account row, so a refund taking tiers back and this claim never interleave.
        if (!(await repo.lockAccount(tx, accountId))) throw notFound('No such account');
        const raw = await repo.progress(tx, accountId, loyalty.rule);
        if (raw === null) throw notFound('No such account');
        const progress = inUnit(loyalty, raw);
        const reached = [...loyalty.tiers]
          .sort((a, b) => a.threshold - b.threshold)
          .filter((t) => progress >= t.threshold);
        const claimed: Array<{ id: string; name: string; reward: number }> = [];
        let balance: number | null = null;
        for (const tier of reached) {
          const row = await repo.insertClaim(tx, {
            accountId,
            tierId: tier.id,
            tierName: tier.name,
            rule: loyalty.rule,
            threshold: tier.threshold,
            rewardCents: toCents(tier.reward),
          });
          if (!row) continue;
          const creditCents = row.rewardCents - row.setOffCents;
          balance =
            creditCents > 0
              ? await ledger.credit(tx, {
                  accountId,
                  amountCents: creditCents,
                  kind: 'loyalty_reward',
                  reference: row.id,
                  reason: `Loyalty reward: ${tier.name}`,
                })
              : ((await repo.lockAccount(tx, accountId))?.balanceCents ?? 0);
          claimed.push({ id: tier.id, name: tier.name, reward: toDollars(creditCents) });
        }
        if (claimed.length === 0 || balance === null) throw badRequest(NO_LOYALTY_REWARDS);
        return {
          claimed,
          credited: round2(claimed.reduce((sum, c) => sum + c.reward, 0)),
          balance: toDollars(balance),
        };
      });
    },

    /**
     * A refund dropped the account below tiers it claimed (ADR 039): each such claim is taken back,
     * inside the refund's transaction. What the balance covers is debited (`loyalty_reversal`), the
     * rest recorded as shortfall on the claim and set off if the tier is reached and claimed again;
     * the balance never goes below zero. Each claim is measured by the rule and threshold it was
     * claimed under. Tiers reached but not claimed need nothing: they are derived from spending.
     */
    async takeBackAfterRefund(tx: DbOrTx, invoiceId: string, reason: string) {
      const accountId = await repo.accountOfInvoice(tx, invoiceId);
      const account = accountId ? await repo.lockAccount(tx, accountId) : null;
      if (!accountId || !account) return [];
      const held = await repo.heldClaims(tx, accountId);
      const orders = held.some((c) => c.rule === 'paid_orders')
        ? ((await repo.progress(tx, accountId, 'paid_orders')) ?? 0)
        : 0;
      let balance = account.balanceCents;
      const taken: Array<{ claimId: string; recoveredCents: number; shortfallCents: number }> = [];
      for (const claim of held.sort((a, b) => b.threshold - a.threshold)) {
        const progress = claim.rule === 'lifetime_spend' ? toDollars(account.spentCents) : orders;
        if (progress >= claim.threshold) continue;
        const recovered = Math.min(balance, claim.rewardCents);
        const shortfall = claim.rewardCents - recovered;
        if (!(await repo.markRevoked(tx, claim.id, { reason, recoveredCents: recovered, shortfallCents: shortfall })))
          continue;
        if (recovered > 0)
          balance = await ledger.debit(tx, {
            accountId,
            amountCents: recovered,
            kind: 'loyalty_reversal',
            reference: claim.id,
            reason: `${reason}: loyalty reward ${claim.tierName} taken back`,
          });
        taken.push({ claimId: claim.id, recoveredCents: recovered, shortfallCents: shortfall });
      }
      return taken;
    },

    /** Staff: an account's claims a page at a time, with where it stands now. */
    async forStaff(userId: string, query: { page: number; size: number }) {
      const now = await programme(userId);
      const { items, total } = await repo.page(db, userId, query.size, (query.page - 1) * query.size);
      return {
        items: items.map((c) => ({
          id: c.id,
          tierId: c.tierId,
          tierName: c.tierName,
          rule: c.rule,
          threshold: c.threshold,
          reward: toDollars(c.rewardCents),
          createdAt: c.createdAt.toISOString(),
          takenBackAt: c.revokedAt ? c.revokedAt.toISOString() : null,
          takenBack: toDollars(c.recoveredCents),
          shortfall: toDollars(c.shortfallCents),
        })),
        total,
        page: query.page,
        size: query.size,
        programme: now,
      };
    },
  };
}
export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
