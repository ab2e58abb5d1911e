import { z } from 'zod';
import { CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { subscriptionSchema } from './subscriptions';

const id = z.object({ id: z.uuid('Unknown subscription') });

export const PLAN_LABEL_MAX = 40;
/** Line breaks, tabs and bidi overrides would make one plan look like another in a list. */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** A plan's name as the customer types it; empty clears it. */
export const planLabelSchema = z
  .string()
  .trim()
  .max(PLAN_LABEL_MAX, `Use at most ${PLAN_LABEL_MAX} characters`)
  .refine((v) => !UNPRINTABLE.test(v), 'Use letters, digits, spaces and punctuation only')
  .nullable()
  .transform((v) => (v ? v : null));

export const renameSubscription = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/public/subscriptions/{id}/label',
  roles: CUSTOMERS,
  tag: 'Subscriptions',
  summary: `Name one of my plans (at most ${PLAN_LABEL_MAX} characters; empty or null removes the name)`,
  message: 'Plan name saved',
  params: id,
  body: z.object({ label: planLabelSchema }),
  payload: subscriptionSchema,
});

/** Automatic renewals charge within the last day of a period (the renewal job and this payload agree). */
export const AUTO_RENEW_WINDOW_MS = 86_400_000;

export const nextRenewalSchema = z.object({
  subscriptionId: z.string(),
  autoRenew: z.boolean(),
  /** Days each automatic renewal adds. */
  days: z.number().int(),
  /** What the next automatic renewal will take from the balance; null when none is due (off, ended) or it cannot be priced. */
  amount: z.number().nullable(),
  /** When it will be charged: the start of the plan's last day. */
  chargeAt: z.iso.datetime({ offset: true }).nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  balance: z.number(),
  /** The balance covers the amount today. */
  covered: z.boolean(),
  /** Why the renewal would be refused (e.g. the balance payment method is off), as the renewal would say. */
  problem: z.string().nullable(),
});
export type NextRenewal = z.infer<typeof nextRenewalSchema>;

export const nextRenewal = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/subscriptions/{id}/next-renewal',
  roles: CUSTOMERS,
  tag: 'Auto-renew',
  summary:
    'What the next automatic renewal will charge and when, priced as the auto-renewer prices it, and whether the balance covers it',
  message: 'Next renewal',
  params: id,
  payload: nextRenewalSchema,
});
