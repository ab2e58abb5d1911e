import { z } from 'zod';
import { CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { paymentMethodSchema, redirectSchema } from './payments';

/** A debit the balance cannot cover (the balance CHECK refused it); nothing is charged. */
export const INSUFFICIENT_BALANCE = 'Your balance is too low for this payment';

export const purchaseBodySchema = z.object({
  /** GB for bandwidth plans, threads for thread plans, 1 for fixed packages. */
  value: z.number({ error: 'Choose an amount' }).int('Choose a whole number').min(1, 'Choose at least 1'),
  /** Length in days; the plan's own duration when left out. */
  days: z.number().int('Choose whole days').min(1).max(3650).optional(),
  /** Checked by the service so a blank one answers the spec's 'Country not selected'. */
  country: z.string().trim().max(60).optional(),
  coupon: z.string().trim().max(40).optional(),
  paymentMethod: paymentMethodSchema,
});
export type PurchaseBody = z.input<typeof purchaseBodySchema>;

export const purchasePayloadSchema = redirectSchema.extend({
  subscriptionId: z.string(),
  invoiceId: z.string(),
  /** 'paid' when balance paid it; 'pending' while a card or crypto checkout is open. */
  status: z.enum(['paid', 'pending']),
  total: z.number(),
  balance: z.number(),
});
export type PurchaseResult = z.infer<typeof purchasePayloadSchema>;

export const purchasePlan = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/plans/{planId}/purchase',
  roles: CUSTOMERS,
  tag: 'Checkout',
  summary:
    'Buy a plan: balance pays at once; card answers linkData.result.url, crypto answers invoiceLink. Creates the subscription and its invoice',
  message: 'Plan purchased',
  messages: { redirect: 'Payment created' },
  params: z.object({ planId: z.uuid('Unknown plan') }),
  body: purchaseBodySchema,
  payload: purchasePayloadSchema,
});
