import type { CurrentUser } from '@tollgate/contract/auth/session';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { ApiError } from './api-client.ts';
import { isNetworkError } from './form-errors.ts';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  balance: 'Balance',
  stripe: 'Card',
  crypto: 'Crypto',
};

type Flags = Pick<
  CurrentUser,
  'balancePaymentProcessorEnabled' | 'stripePaymentProcessorEnabled' | 'cryptoPaymentProcessorEnabled'
>;

/** The methods this account may pay with, in the order the forms offer them. */
export function enabledPaymentMethods(user: Flags): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  if (user.balancePaymentProcessorEnabled) methods.push('balance');
  if (user.stripePaymentProcessorEnabled) methods.push('stripe');
  if (user.cryptoPaymentProcessorEnabled) methods.push('crypto');
  return methods;
}

// Session words mean nothing to a buyer; the api client has already acted on them.
const SESSION_WORDS: readonly string[] = [
  MESSAGES.unauthorized,
  MESSAGES.forbidden,
  MESSAGES.jwtExpired,
  MESSAGES.sessionRevoked,
];

/**
 * Spec §8 for top-up and purchase: a refused request (4xx) is explained in the server's words,
 * the Stripe limit sentence included verbatim; a crash shows `fallback`; a lost connection shows
 * nothing (rule 89: only logged).
 */
export function paymentErrorMessage(error: unknown, fallback: string): string | undefined {
  if (isNetworkError(error)) return undefined;
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return fallback;
  if (error.message === MESSAGES.validation || SESSION_WORDS.includes(error.message)) return fallback;
  return error.message;
}

/** Card and crypto checkouts live on the provider's site (or our sandbox page): a full page load. */
export function redirectUrlOf(result: {
  linkData?: { result: { url: string } } | undefined;
  checkoutUrl?: string | undefined;
  invoiceLink?: string | undefined;
}): string | undefined {
  return result.linkData?.result.url ?? result.checkoutUrl ?? result.invoiceLink;
}

/** Leaving the SPA for a checkout page; an object so tests can watch where it goes. */
export const checkoutPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};
