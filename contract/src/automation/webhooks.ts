import { z } from 'zod';
import { CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema } from '../http/envelope';

/**
 * Customer webhooks (issue 18, ADR 034). Each event is POSTed as JSON and signed Stripe-style:
 * `Tollgate-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`.
 * Failed attempts (anything but 2xx, or no answer in 10 s) are retried with growing pauses;
 * a 2xx ends the delivery for good.
 */
export const SIGNATURE_HEADER = 'Tollgate-Signature';
export const EVENT_HEADER = 'Tollgate-Event';
export const DELIVERY_HEADER = 'Tollgate-Delivery';
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOK_ENDPOINTS_MAX = 5;
export const WEBHOOK_ENDPOINTS_FULL = `You can keep at most ${WEBHOOK_ENDPOINTS_MAX} webhooks`;
export const UNKNOWN_WEBHOOK = 'Unknown webhook';
/** Attempts in all, and the pause before each retry (the last is the longest wait). */
export const WEBHOOK_RETRY_DELAYS_S = [30, 120, 600, 1_800, 3_600, 10_800, 21_600] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_S.length + 1;
export const WEBHOOK_TIMEOUT_MS = 10_000;

const webhookIdParams = z.object({ id: z.uuid(UNKNOWN_WEBHOOK) });

/** An absolute http(s) address without credentials; the server adds the production rules. */
export const webhookUrlSchema = z
  .string({ error: 'Enter the address to call' })
  .trim()
  .min(1, 'Enter the address to call')
  .max(500, 'Keep the address under 500 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Enter a full https:// address (no user name or password in it)');

const descriptionSchema = z.string().trim().max(100, 'Keep the note under 100 characters').nullable().optional();

export const webhookBodySchema = z.object({ url: webhookUrlSchema, description: descriptionSchema });
export type WebhookBody = z.input<typeof webhookBodySchema>;
export const webhookPatchSchema = z
  .object({ url: webhookUrlSchema.optional(), description: descriptionSchema, enabled: z.boolean().optional() })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** The secret's last four characters. */
  secretHint: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
/** The signing secret travels once: on creation and on rotation. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  url: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last answer's HTTP status; null before the first attempt or when none came. */
  lastStatus: z.number().int().nullable(),
  /** The start of the last answer (or why there was none), at most 500 characters. */
  lastResponse: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const myWebhooks = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/webhooks',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'My webhook endpoints (secrets are never shown again)',
  message: 'Webhooks',
  payload: z.object({ items: z.array(webhookEndpointSchema) }),
});

export const createWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/webhooks',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: `Add a webhook endpoint (at most ${WEBHOOK_ENDPOINTS_MAX}); answers its signing secret, once`,
  message: 'Webhook created',
  body: webhookBodySchema,
  payload: webhookWithSecretSchema,
  rateLimit: { perMinute: 20 },
});

export const updateWebhook = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/public/webhooks/{id}',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'Change the address or note of one of my webhooks, or pause it',
  message: 'Webhook updated',
  params: webhookIdParams,
  body: webhookPatchSchema,
  payload: webhookEndpointSchema,
});

export const deleteWebhook = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/public/webhooks/{id}',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'Remove one of my webhooks; deliveries still owed to it are dropped',
  message: 'Webhook deleted',
  params: webhookIdParams,
  payload: z.null(),
});

export const rotateWebhookSecret = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/webhooks/{id}/secret',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'A new signing secret for one of my webhooks, shown once; the old one stops at once',
  message: 'Webhook secret rotated',
  params: webhookIdParams,
  payload: webhookWithSecretSchema,
  rateLimit: { perMinute: 10 },
});

export const testWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/webhooks/{id}/test',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: `Send a signed ${WEBHOOK_TEST_EVENT} event to one of my webhooks now; it appears in the delivery log`,
  message: 'Test event sent',
  params: webhookIdParams,
  payload: webhookDeliverySchema,
  rateLimit: { perMinute: 10 },
});

export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  endpointId: z.uuid(UNKNOWN_WEBHOOK).optional(),
});

export const myWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/webhook-deliveries',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'The delivery log of my webhooks, newest first: event, attempts, last status and answer',
  message: 'Webhook deliveries',
  query: webhookDeliveriesQuerySchema,
  payload: listPayloadSchema(webhookDeliverySchema),
});
