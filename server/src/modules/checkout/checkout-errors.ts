import {
  COUNTRY_NOT_SELECTED,
  EMAIL_NOT_VERIFIED,
  PAYMENT_METHOD_DISABLED,
  stripeLimitMessage,
  type PaymentMethod,
} from '@tollgate/contract/checkout/payments';
import { PricingError } from '#platform/billing/pricing.ts';
import { AppError, badRequest } from '#platform/http/errors.ts';

export const PROVIDER_UNAVAILABLE = 'This payment method is not available right now';
export const PROVIDER_FAILED = 'The payment provider did not answer; nothing was charged. Please try again';

export const countryNotSelected = () => badRequest(COUNTRY_NOT_SELECTED);
export const emailNotVerified = () => badRequest(EMAIL_NOT_VERIFIED);
export const methodDisabled = () => badRequest(PAYMENT_METHOD_DISABLED);

const dollars = (cents: number) => (cents / 100).toFixed(2);
export const overStripeLimit = (limitCents: number, usedCents: number) =>
  badRequest(stripeLimitMessage(dollars(limitCents), dollars(Math.max(0, limitCents - usedCents))));

/** Pricing rules speak as 400s in their own words. */
export function priced<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof PricingError) throw badRequest(error.message);
    throw error;
  }
}

export interface Payer {
  emailVerifiedAt: Date | null;
  balanceEnabled: boolean;
  stripeEnabled: boolean;
  cryptoEnabled: boolean;
}

/** Spec §3 per-account processor flags, and a verified email before any money moves. */
export function assertMayPay(payer: Payer | null, method: PaymentMethod): asserts payer is Payer {
  if (!payer) throw new AppError(404, 'Not Found', { error: 'No such account' });
  if (!payer.emailVerifiedAt) throw emailNotVerified();
  const enabled = { balance: payer.balanceEnabled, stripe: payer.stripeEnabled, crypto: payer.cryptoEnabled }[method];
  if (!enabled) throw methodDisabled();
}
