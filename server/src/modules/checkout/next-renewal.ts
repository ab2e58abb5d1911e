import { AUTO_RENEW_WINDOW_MS, type NextRenewal } from '@tollgate/contract/subscriptions/plan-details';
import { toDollars } from '@tollgate/contract/http/money';
import { AppError, notFound } from '#platform/http/errors.ts';
import type { CheckoutDeps } from './checkout.deps';
import { assertMayPay } from './checkout-errors';
import { checkoutRepository as repo } from './checkout.repository';
import type { createRenewService } from './renew.service';

type Quote = ReturnType<typeof createRenewService>['quote'];

/**
 * What the next automatic renewal will take, for the auto-renew control. It is priced by the very
 * call the auto-renewer makes (an extension by the chosen days, from balance), so the amount shown
 * is the amount charged unless staff change prices before then.
 */
export function createNextRenewal(deps: CheckoutDeps, quote: Quote) {
  return async (accountId: string, subscriptionId: string): Promise<NextRenewal> => {
    const subscription = await deps.subscriptions.forRenewal(deps.db, subscriptionId, accountId, { lock: false });
    if (!subscription) throw notFound('No such subscription');
    const [plan, payer] = await Promise.all([
      repo.planById(deps.db, subscription.planId),
      repo.payer(deps.db, accountId, { lock: false }),
    ]);
    if (!plan) throw notFound('No such plan');
    const days = subscription.renewValue ?? plan.durationDays;
    const balanceCents = payer?.balanceCents ?? 0;
    const { expiresAt } = subscription;
    const base = {
      subscriptionId,
      autoRenew: subscription.autoRenew,
      days,
      expiresAt: expiresAt?.toISOString() ?? null,
      balance: toDollars(balanceCents),
    };
    if (!subscription.autoRenew || subscription.status !== 'active' || !expiresAt) {
      return { ...base, amount: null, chargeAt: null, covered: false, problem: null };
    }
    const chargeAt = new Date(Math.max(Date.now(), expiresAt.getTime() - AUTO_RENEW_WINDOW_MS)).toISOString();
    try {
      assertMayPay(payer, 'balance');
      const priced = await quote({ accountId, subscriptionId, body: { updatingType: 'extend', days } }, 'balance');
      const amountCents = Math.round(priced.total * 100);
      return { ...base, amount: priced.total, chargeAt, covered: balanceCents >= amountCents, problem: null };
    } catch (error) {
      // What the renewal itself would refuse with (method off, days out of range) is shown, not thrown.
      if (error instanceof AppError && error.status < 500) {
        return { ...base, amount: null, chargeAt, covered: false, problem: error.message };
      }
      throw error;
    }
  };
}
