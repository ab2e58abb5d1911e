import { z } from 'zod';
import { CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { dollarsSchema } from '../http/money';
import { PAYMENT_METHODS, redirectSchema } from './payments';

export const TOPUP_MIN = 1;
export const TOPUP_MAX = 10_000;

export const topupBodySchema = z.object({
  balance: dollarsSchema
    .refine((v) => v >= TOPUP_MIN, `The smallest deposit is $${TOPUP_MIN}`)
    .refine((v) => v <= TOPUP_MAX, `The largest deposit is $${TOPUP_MAX.toLocaleString('en-US')}`),
  /** Deposits come from outside: card or crypto. */
  paymentMethod: z.enum(PAYMENT_METHODS.filter((m) => m !== 'balance') as ['stripe', 'crypto'], {
    error: 'Choose card or crypto',
  }),
});
export type TopupBody = z.input<typeof topupBodySchema>;

export const topup = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/topup',
  roles: CUSTOMERS,
  tag: 'Checkout',
  summary: 'Deposit balance: card answers checkoutUrl, crypto answers invoiceLink; credited when the provider confirms',
  message: 'Payment created',
  body: topupBodySchema,
  payload: redirectSchema.extend({ paymentId: z.string() }),
  rateLimit: { perMinute: 30 },
});

export const paymentStatusSchema = z.enum(['pending', 'paid', 'failed', 'cancelled', 'expired']);

export const paymentStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/payments/{paymentId}',
  roles: CUSTOMERS,
  tag: 'Checkout',
  summary: 'Where one of my payments stands, for the page the provider sends the customer back to',
  message: 'Payment status',
  params: z.object({ paymentId: z.uuid('Unknown payment') }),
  payload: z.object({
    id: z.string(),
    purpose: z.enum(['deposit', 'purchase']),
    method: z.enum(['stripe', 'crypto']),
    amount: z.number(),
    status: paymentStatusSchema,
    subscriptionId: z.string().nullable(),
  }),
});
