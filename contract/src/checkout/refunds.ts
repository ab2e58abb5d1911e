import { z } from 'zod';
import { ADMINS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { hasControlCharacter } from '../http/text';
import { adminInvoiceSchema } from './invoices';

/**
 * Refunding a paid purchase or renewal (ADR 032). `balance` gives the money back to the customer's
 * balance through the ledger; `external` records a refund made at the payment provider or a
 * charge-back, and moves no balance. Either way the invoice stays paid with the refund recorded
 * beside it (a sale stays a sale; statistics subtract refunds on their own), the customer's
 * spending drops by it, and a referral reward it earned is taken back. The plan is left as it is: staff end or shorten it with the subscription
 * tools, as a provider's refund leaves a subscription to its own decision.
 */
export const REFUND_MODES = ['balance', 'external'] as const;
export type RefundMode = (typeof REFUND_MODES)[number];
export const REFUND_MODE_LABELS: Record<RefundMode, string> = {
  balance: 'Refund to balance',
  external: 'Refunded at the provider or charged back',
};
export const ONLY_PAID_REFUNDS = 'Only a paid purchase or renewal can be refunded';
export const ALREADY_REFUNDED = 'This invoice has already been refunded';

export const refundReasonSchema = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(500, 'Keep the reason under 500 characters')
  .refine((s) => !hasControlCharacter(s), 'The reason contains a control character');

export const refundInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/invoices/{invoiceId}/refund',
  roles: ADMINS,
  tag: 'Admin: invoices',
  summary:
    'Refund a paid purchase or renewal once: to the balance through the ledger, or recorded as refunded at the provider or charged back; takes back its referral reward; audited',
  message: 'Invoice refunded',
  params: z.object({ invoiceId: z.uuid('Unknown invoice') }),
  body: z.object({
    mode: z.enum(REFUND_MODES, { error: 'Choose how the money went back' }),
    reason: refundReasonSchema,
  }),
  payload: adminInvoiceSchema,
});
