import { MESSAGES } from '@tollgate/contract/http/messages';
import { ApiError } from '#lib/api-client.ts';
import { fieldErrorsOf, type FieldErrors } from '#lib/form-errors.ts';
import { paymentErrorMessage } from '#lib/payments.ts';

export const TOPUP_FIELDS = ['balance', 'paymentMethod'] as const;
export type TopupField = (typeof TOPUP_FIELDS)[number];

/** Spec §8 top-up: the server's 4xx words (Stripe limit verbatim), otherwise 'Something goes wrong'. */
export function topupFailure(error: unknown): { form?: string; fields: FieldErrors<TopupField> } {
  if (error instanceof ApiError && error.message === MESSAGES.validation) {
    const { fields, rest } = fieldErrorsOf(error.fields, TOPUP_FIELDS);
    const form = rest.length > 0 ? rest.join(' ') : Object.keys(fields).length ? undefined : 'Something goes wrong';
    return { fields, form };
  }
  return { form: paymentErrorMessage(error, 'Something goes wrong'), fields: {} };
}
