import { z } from 'zod';
import { PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/** The one-click unsubscribe link of optional mail: works without signing in, by a signed token. */
export const cancelEmailSubscription = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/email-subscription/cancel',
  roles: PUBLIC,
  tag: 'Profile',
  summary: 'Unsubscribe from news and offers, or from plan reminders, with the token from the mail link',
  message: 'You have been unsubscribed',
  query: z.object({
    token: z.string({ error: 'This unsubscribe link is invalid' }).min(10, 'This unsubscribe link is invalid').max(512),
  }),
  /** `topic` says what stopped: `news` (news and offers) or `reminders` (plan reminders). */
  payload: z.object({ email: z.string(), topic: z.enum(['news', 'reminders']) }),
});

/**
 * RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the address in
 * the `List-Unsubscribe` header, without a session or a confirmation page. The token is the one of
 * the visible link; the body is accepted as the RFC sends it (form-encoded) and otherwise ignored.
 */
export const oneClickUnsubscribe = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/email-subscription/one-click',
  roles: PUBLIC,
  tag: 'Profile',
  summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post) with the token of the mail’s link',
  message: 'You have been unsubscribed',
  query: z.object({
    token: z.string({ error: 'This unsubscribe link is invalid' }).min(10, 'This unsubscribe link is invalid').max(512),
  }),
  payload: z.object({ topic: z.enum(['news', 'reminders']) }),
  rateLimit: { perMinute: 60 },
});
