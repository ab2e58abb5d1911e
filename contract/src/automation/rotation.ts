import { z } from 'zod';
import { CUSTOMERS, PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/**
 * Sticky-session rotation link (issue 18, ADR 034): a secret address per plan that, called with a
 * session id, makes every gateway node drop the exit that session holds, so its next connection
 * leaves through a new one. A GET so that scripts can call it with curl.
 */
export const ROTATION_SESSION = /^[A-Za-z0-9_.]{1,64}$/;
export const UNKNOWN_ROTATION_LINK = 'Unknown rotation link';
/** Gateway nodes pick rotations up within this. */
export const ROTATION_APPLIES_WITHIN_S = 5;

export const rotationLinkSchema = z.object({
  /** The address without the session: add `?session=<id>`. */
  url: z.string(),
  token: z.string(),
});

const subscriptionParams = z.object({ id: z.uuid('Unknown plan') });

export const myRotationLink = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/subscriptions/{id}/rotation-link',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: "One of my plans' sticky-session rotation link",
  message: 'Rotation link',
  params: subscriptionParams,
  payload: rotationLinkSchema,
});

export const resetRotationLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/subscriptions/{id}/rotation-link',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'A new rotation link for one of my plans; the old one stops working',
  message: 'Rotation link reset',
  params: subscriptionParams,
  payload: rotationLinkSchema,
  rateLimit: { perMinute: 10 },
});

export const rotateSession = defineEndpoint({
  method: 'GET',
  path: '/api/v1/rotate/{token}',
  roles: PUBLIC,
  tag: 'Automation',
  summary: `Give one sticky session of the link's plan a new exit on every gateway node (within ${ROTATION_APPLIES_WITHIN_S} s)`,
  message: 'Session rotated',
  params: z.object({ token: z.string().min(20, UNKNOWN_ROTATION_LINK).max(100, UNKNOWN_ROTATION_LINK) }),
  query: z.object({
    session: z
      .string({ error: 'Name the session: ?session=<id> as in the proxy username' })
      .regex(ROTATION_SESSION, 'A session id is 1-64 letters, digits, _ or .'),
  }),
  payload: z.object({ session: z.string(), generation: z.number().int(), appliesWithinSeconds: z.number().int() }),
  rateLimit: { perMinute: 120 },
});
