import { MESSAGES } from '@tollgate/contract/http/messages';
import { ApiError } from '#lib/api-client.ts';
import { fieldErrorsOf, type FieldErrors } from '#lib/form-errors.ts';
import { paymentErrorMessage } from '#lib/payments.ts';
import { RENEW_FIELDS, type RenewField } from './renew-request.ts';

/** Spec §8 for renewals: the fallback is 'Something goes wrong' (not '... went wrong'). */
export const RENEW_FALLBACK = 'Something goes wrong';

/**
 * A refused renewal: 'Validation Error' becomes field messages, any other 4xx is shown in the
 * server's words (day bounds, low balance, coupon and Stripe-limit sentences verbatim, 'Plan
 * expired'), a crash or a lost connection reads 'Something goes wrong'.
 */
export function renewFailure(error: unknown): { form?: string; fields: FieldErrors<RenewField> } {
  if (error instanceof ApiError && error.message === MESSAGES.validation) {
    const { fields, rest } = fieldErrorsOf(error.fields, RENEW_FIELDS);
    const form = rest.length > 0 ? rest.join(' ') : Object.keys(fields).length ? undefined : RENEW_FALLBACK;
    return { fields, form };
  }
  return { form: paymentErrorMessage(error, RENEW_FALLBACK), fields: {} };
}
