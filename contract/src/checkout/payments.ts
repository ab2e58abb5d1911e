import { z } from 'zod';

/** How a customer pays; the same names as a coupon's paymentProcessor. */
export const PAYMENT_METHODS = ['balance', 'stripe', 'crypto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec §5/§8: the server says this, the purchase form shows 'Please select a country.'. */
export const COUNTRY_NOT_SELECTED = 'Country not selected';
export const PLEASE_SELECT_COUNTRY = 'Please select a country.';
export const PAYMENT_METHOD_DISABLED = 'This payment method is not enabled for your account';
export const EMAIL_NOT_VERIFIED = 'Verify your email address before paying';

/** Spec §8, byte for byte; X and Y are dollar amounts. */
export const stripeLimitMessage = (totalDollars: string, remainingDollars: string) =>
  `Your Stripe total limit is ${totalDollars}$. Your remaining limit is ${remainingDollars}$. Please contact us to increase your daily spending limit.`;
export const STRIPE_LIMIT_MARKER = 'Your Stripe total limit';

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Choose balance, card or crypto' });

/** Card answers `linkData.result.url` (purchase) or `checkoutUrl` (top-up); crypto answers `invoiceLink`. */
export const redirectSchema = z.object({
  linkData: z.object({ result: z.object({ url: z.string() }) }).optional(),
  checkoutUrl: z.string().optional(),
  invoiceLink: z.string().optional(),
});
