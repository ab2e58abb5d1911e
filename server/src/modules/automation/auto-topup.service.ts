import { randomUUID } from 'node:crypto';
import { NO_SAVED_CARD, type AutoTopup } from '@tollgate/contract/automation/auto-topup';
import type { saveAutoTopup } from '@tollgate/contract/automation/auto-topup';
import type { ParsedBodyOf } from '@tollgate/contract/endpoint';
import { toCents, toDollars } from '@tollgate/contract/http/money';
import { AppError, badRequest } from '#platform/http/errors.ts';
import { noticeOutbox } from '#platform/notices/notice-outbox.ts';
import type { SavedCard } from '#platform/payments/provider.ts';
import type { AutomationDeps, CardProvider } from './automation.deps';
import {
  AUTO_TOPUP_DEFAULTS,
  autoTopupRepository as repo,
  IN_FLIGHT_MINUTES,
  type AutoTopupRow,
  type CardProviderName,
  type Claimed,
} from './auto-topup.repository';

export const CARDS_UNAVAILABLE = 'Saving a card is not available right now';

/**
 * Auto top-up (ADR 034). `check` runs after anything that may lower a balance (a purchase, a
 * renewal, staff) and from the minute's sweep: the charge is claimed by one conditional update (caps
 * included), its invoice and payment commit with the claim, then the saved card is charged and the
 * answer settled through the ordinary deposit settlement. A failure pauses auto top-up and leaves
 * one mail; the customer lifts the pause by saving the settings or a card.
 */
export function createAutoTopupService(deps: Pick<AutomationDeps, 'db' | 'deposits' | 'publicUrl' | 'log'>) {
  const { db, deposits } = deps;

  async function view(accountId: string): Promise<AutoTopup> {
    const [row, attempts, periods] = await Promise.all([
      repo.get(db, accountId),
      repo.attempts(db, accountId),
      repo.periods(db),
    ]);
    const s: Pick<AutoTopupRow, keyof typeof AUTO_TOPUP_DEFAULTS> = row ?? AUTO_TOPUP_DEFAULTS;
    const usedToday = row && row.countDay === periods.today ? row.dayCount : 0;
    const monthCents = row && row.countMonth === periods.month ? row.monthCents : 0;
    const provider = deposits.provider();
    const hasCard = Boolean(row?.cardPaymentMethod && row.cardProvider === provider?.name);
    const charging =
      row?.inFlightPaymentId &&
      row.inFlightSince &&
      Date.now() - row.inFlightSince.getTime() < IN_FLIGHT_MINUTES * 60_000;
    const state: AutoTopup['state'] = !row?.enabled
      ? 'off'
      : !hasCard
        ? 'needs_card'
        : row.pausedAt
          ? 'paused'
          : charging
            ? 'charging'
            : usedToday >= s.dailyCountCap || monthCents + s.amountCents > s.monthlyCapCents
              ? 'capped'
              : 'ready';
    return {
      enabled: row?.enabled ?? false,
      threshold: toDollars(s.thresholdCents),
      amount: toDollars(s.amountCents),
      dailyCount: s.dailyCountCap,
      monthlyCap: toDollars(s.monthlyCapCents),
      state,
      pauseReason: row?.pausedAt ? row.pauseReason : null,
      card:
        row?.cardPaymentMethod && row.cardProvider
          ? { brand: row.cardBrand ?? 'card', last4: row.cardLast4 ?? '', provider: row.cardProvider }
          : null,
      usedToday,
      usedThisMonth: toDollars(monthCents),
      attempts: attempts.map((a) => ({
        id: a.id,
        amount: toDollars(a.amountCents),
        status: a.paymentStatus === 'paid' ? 'paid' : a.paymentStatus === 'pending' ? 'pending' : 'failed',
        error: a.error,
        createdAt: a.createdAt.toISOString(),
      })),
    };
  }

  /**
   * The charge failed: paused, the attempt says why, the caps get back what it did not take, and
   * one mail (keyed by the payment) goes out.
   */
  async function failed(accountId: string, claimed: Claimed, reason: string) {
    await db.transaction(async (tx) => {
      await repo.pause(tx, accountId, reason);
      await repo.giveBack(tx, accountId, claimed.amountCents);
      await repo.finishAttempt(tx, claimed.paymentId, reason);
      await noticeOutbox.add(tx, {
        accountId,
        kind: 'auto_topup_failed',
        eventKey: `auto-topup-failed:${claimed.paymentId}`,
        data: { amountCents: claimed.amountCents, reason },
      });
    });
  }

  async function charge(accountId: string, card: CardProvider, claimed: Claimed) {
    let result;
    try {
      result = await card.offSession.chargeSaved({
        paymentId: claimed.paymentId,
        amountCents: claimed.amountCents,
        description: `Automatic top-up of $${(claimed.amountCents / 100).toFixed(2)}`,
        card: claimed.card,
      });
    } catch (error) {
      deps.log.error({ err: error }, 'auto top-up: the card provider did not answer');
      await deposits.abandoned(claimed.paymentId);
      return failed(accountId, claimed, 'The card provider did not answer; nothing was charged');
    }
    await deposits.charged(card, claimed.paymentId, result);
    if (result.status === 'failed') return failed(accountId, claimed, result.error ?? 'The card was declined');
    await repo.finishAttempt(db, claimed.paymentId, null);
    // A charge still pending holds the next one back until it settles or IN_FLIGHT_MINUTES pass.
    if (result.status === 'paid' || result.callback) await repo.release(db, accountId, claimed.paymentId);
  }

  return {
    view,

    async save(accountId: string, body: ParsedBodyOf<typeof saveAutoTopup>) {
      await repo.save(db, accountId, {
        enabled: body.enabled,
        thresholdCents: toCents(body.threshold),
        amountCents: toCents(body.amount),
        dailyCountCap: body.dailyCount,
        monthlyCapCents: toCents(body.monthlyCap),
      });
      return view(accountId);
    },

    async startCardSetup(accountId: string, email: string) {
      const card = deposits.provider();
      if (!card) throw badRequest(CARDS_UNAVAILABLE);
      const row = await repo.get(db, accountId);
      const setupId = randomUUID();
      const back = `${deps.publicUrl}/my-profile`;
      const setup = await card.offSession.createCardSetup({
        setupId,
        accountId,
        customerEmail: email,
        customerId: row?.cardProvider === card.name ? row.cardCustomer : null,
        successUrl: `${back}?card=saved#auto-topup`,
        cancelUrl: `${back}#auto-topup`,
        callbackUrl: `${deps.publicUrl}/api/v1/payments/${card.name}/webhook`,
      });
      await repo.startSetup(db, accountId, { provider: card.name, ref: setup.externalId, customer: setup.customerId });
      return { checkoutUrl: setup.url };
    },

    /** A provider reported a completed card setup (through its signed callback). */
    async cardSaved(provider: string, setupRef: string, card: SavedCard | null) {
      if (!card || (provider !== 'stripe' && provider !== 'sandbox')) return;
      await repo.cardSaved(db, provider as CardProviderName, setupRef, card);
    },

    async removeCard(accountId: string) {
      await repo.removeCard(db, accountId);
      return view(accountId);
    },

    /** Charges the saved card if this account is below its threshold and within its caps. */
    async check(accountId: string) {
      const card = deposits.provider();
      if (!card) return;
      let claimed: Claimed | null;
      try {
        claimed = await db.transaction(async (tx) => {
          const taken = await repo.claim(tx, accountId, card.name);
          if (!taken) return null;
          await deposits.open(tx, {
            paymentId: taken.paymentId,
            accountId,
            amountCents: taken.amountCents,
            provider: card,
          });
          await repo.insertAttempt(tx, { accountId, paymentId: taken.paymentId, amountCents: taken.amountCents });
          return taken;
        });
      } catch (error) {
        // Refused before any charge (card payments off for the account, the daily card limit): paused, nothing mailed.
        if (error instanceof AppError) return repo.pause(db, accountId, error.message);
        throw error;
      }
      if (claimed) await charge(accountId, card, claimed);
    },

    /** Every account below its threshold, one at a time (the minute's job). */
    async sweep() {
      for (const accountId of await repo.due(db)) await this.check(accountId);
    },
  };
}
export type AutoTopupService = ReturnType<typeof createAutoTopupService>;
export { NO_SAVED_CARD };
