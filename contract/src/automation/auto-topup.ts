import { z } from 'zod';
import { CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { dollarsSchema } from '../http/money';

/**
 * Auto top-up (issue 18, ADR 034): when the balance falls below the threshold, the saved card is
 * charged the amount, at most `dailyCount` times a UTC day and `monthlyCap` dollars a UTC month.
 * A failed charge is mailed once and pauses auto top-up until the customer saves the settings or a
 * card again.
 */
export const AUTO_TOPUP_MIN = 5;
export const AUTO_TOPUP_MAX = 10_000;
export const AUTO_TOPUP_DAILY_MAX = 10;
export const NO_SAVED_CARD = 'Save a card first';

const amount = (label: string, min: number) =>
  dollarsSchema
    .refine((v) => v >= min, `${label} is at least $${min}`)
    .refine((v) => v <= AUTO_TOPUP_MAX, `${label} is at most $${AUTO_TOPUP_MAX.toLocaleString('en-US')}`);

export const autoTopupBodySchema = z
  .object({
    enabled: z.boolean({ error: 'Say whether auto top-up is on' }),
    /** Charge when the balance falls below this. */
    threshold: amount('The threshold', 0),
    /** Each charge. */
    amount: amount('The amount', AUTO_TOPUP_MIN),
    dailyCount: z
      .number({ error: 'Enter how many charges a day' })
      .int('Enter a whole number')
      .min(1, 'At least one charge a day')
      .max(AUTO_TOPUP_DAILY_MAX, `At most ${AUTO_TOPUP_DAILY_MAX} charges a day`),
    monthlyCap: amount('The monthly cap', AUTO_TOPUP_MIN),
  })
  .refine((v) => v.monthlyCap >= v.amount, { path: ['monthlyCap'], message: 'The monthly cap is at least one charge' });
export type AutoTopupBody = z.input<typeof autoTopupBodySchema>;

export const AUTO_TOPUP_STATES = ['off', 'ready', 'needs_card', 'charging', 'paused', 'capped'] as const;
export const autoTopupAttemptSchema = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'paid', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export const autoTopupSchema = z.object({
  enabled: z.boolean(),
  threshold: z.number(),
  amount: z.number(),
  dailyCount: z.number().int(),
  monthlyCap: z.number(),
  /** What happens next: off, ready, needs a card, a charge under way, paused after a failure, or a cap reached. */
  state: z.enum(AUTO_TOPUP_STATES),
  pauseReason: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string(), provider: z.enum(['stripe', 'sandbox']) }).nullable(),
  /** Charges today and dollars this month, against the caps. */
  usedToday: z.number().int(),
  usedThisMonth: z.number(),
  attempts: z.array(autoTopupAttemptSchema),
});
export type AutoTopup = z.infer<typeof autoTopupSchema>;

export const myAutoTopup = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/auto-topup',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'My auto top-up: settings, saved card, state, use of the caps and the last attempts',
  message: 'Auto top-up',
  payload: autoTopupSchema,
});

export const saveAutoTopup = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/public/auto-topup',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'Save my auto top-up settings; saving resumes one paused after a failure',
  message: 'Auto top-up saved',
  body: autoTopupBodySchema,
  payload: autoTopupSchema,
});

export const saveCardCheckout = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/auto-topup/card',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'Open a card provider page that saves a card for automatic charges (charges nothing now)',
  message: 'Card checkout created',
  payload: z.object({ checkoutUrl: z.string() }),
  rateLimit: { perMinute: 10 },
});

export const removeSavedCard = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/public/auto-topup/card',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'Forget my saved card; auto top-up stops until another is saved',
  message: 'Card removed',
  payload: autoTopupSchema,
});
