import { COUNTRY_NOT_SELECTED, PLEASE_SELECT_COUNTRY } from '@tollgate/contract/checkout/payments';
import { COUPON_WRONG_PLAN } from '@tollgate/contract/plans/coupons';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { ApiError } from '#lib/api-client.ts';
import { fieldErrorsOf, type FieldErrors } from '#lib/form-errors.ts';
import { paymentErrorMessage } from '#lib/payments.ts';

export const PURCHASE_FIELDS = ['value', 'days', 'country', 'coupon', 'paymentMethod'] as const;
export type PurchaseField = (typeof PURCHASE_FIELDS)[number];

/**
 * Spec §5 and §8 for a refused purchase: a missing country reads 'Please select a country.', the
 * coupon and Stripe-limit sentences are shown as sent, 'Validation Error' becomes field messages,
 * other 4xx their message, anything else 'Something went wrong'.
 */
export function purchaseFailure(error: unknown): { form?: string; fields: FieldErrors<PurchaseField> } {
  if (error instanceof ApiError) {
    if (error.message.includes(COUNTRY_NOT_SELECTED)) return { fields: { country: PLEASE_SELECT_COUNTRY } };
    if (error.message === COUPON_WRONG_PLAN) return { fields: { coupon: COUPON_WRONG_PLAN } };
    if (error.message === MESSAGES.validation) {
      const { fields, rest } = fieldErrorsOf(error.fields, PURCHASE_FIELDS);
      const form = rest.length > 0 ? rest.join(' ') : Object.keys(fields).length ? undefined : 'Something went wrong';
      return { fields, form };
    }
  }
  return { form: paymentErrorMessage(error, 'Something went wrong'), fields: {} };
}
