import { createHmac, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import type { CallbackStatus, CheckoutRequest, PaymentProvider } from './provider';
import { verifyStripeSigned } from './stripe';

/**
 * Our own hosted checkout for machines without provider keys (never in production). Its page posts
 * Stripe-shaped, Stripe-signed events to /api/v1/payments/sandbox/webhook, so the callback path,
 * signature check and settlement are the ones real payments use.
 */
export interface SandboxProvider extends PaymentProvider {
  /** A signed callback body and signature header for a checkout outcome. */
  signedEvent(
    externalId: string,
    outcome: Extract<CallbackStatus, 'paid' | 'cancelled'>,
  ): {
    body: string;
    signature: string;
  };
  /**
   * Whether a ticket from the checkout URL was minted for this payment and its paying account and is
   * still fresh. Only the payer's own signed-in call receives the URL, so the ticket stands in for
   * the payer's session on a page the SPA opens by full navigation (its token lives in localStorage).
   */
  ticketAllows(ticket: unknown, payment: { id: string; accountId: string }, now?: number): boolean;
}

/** How long a checkout URL lets its payer pay: after that they open a new checkout. */
export const SANDBOX_TICKET_TTL_MS = 60 * 60_000;

export function createSandboxProvider({ secret }: { secret: string }): SandboxProvider {
  // Only the webhook helpers are used: no key ever leaves the process.
  const stripe = new Stripe('sk_test_sandbox');
  const webhookSecret = `whsec_${createHmac('sha256', secret).update('payments-sandbox').digest('hex')}`;
  const ticketKey = createHmac('sha256', secret).update('payments-sandbox-ticket').digest();
  const mac = (paymentId: string, accountId: string, expires: number) =>
    createHmac('sha256', ticketKey).update(`${paymentId}|${accountId}|${expires}`).digest('base64url');
  return {
    name: 'sandbox',
    async createCheckout(request: CheckoutRequest) {
      const origin = new URL(request.callbackUrl).origin;
      const expires = Date.now() + SANDBOX_TICKET_TTL_MS;
      const ticket = `${expires}.${mac(request.paymentId, request.accountId, expires)}`;
      return {
        externalId: request.paymentId,
        url: `${origin}/api/v1/payments/sandbox/${request.paymentId}?ticket=${ticket}`,
      };
    },
    async readCallback(rawBody, headers) {
      const event = verifyStripeSigned(stripe, rawBody, headers['stripe-signature'], webhookSecret);
      // Stripe has no "cancelled" event; the sandbox page knows the customer pressed Cancel.
      const cancelled =
        event?.status === 'expired' &&
        (JSON.parse(rawBody.toString('utf8')) as { data?: { object?: { cancelled_by_customer?: boolean } } }).data
          ?.object?.cancelled_by_customer === true;
      return cancelled ? { ...event, status: 'cancelled' } : event;
    },
    // The sandbox keeps no state of its own: only its page's callbacks settle a payment.
    async fetchStatus() {
      return null;
    },
    ticketAllows(ticket, payment, now = Date.now()) {
      if (typeof ticket !== 'string') return false;
      const [expiresText, given] = ticket.split('.');
      const expires = Number(expiresText);
      if (!given || !Number.isSafeInteger(expires) || expires <= now) return false;
      const expected = Buffer.from(mac(payment.id, payment.accountId, expires));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    signedEvent(externalId, outcome) {
      const body = JSON.stringify({
        id: `evt_sandbox_${externalId}_${outcome}`,
        object: 'event',
        type: outcome === 'paid' ? 'checkout.session.completed' : 'checkout.session.expired',
        data: {
          object: {
            id: externalId,
            object: 'checkout.session',
            payment_status: outcome === 'paid' ? 'paid' : 'unpaid',
            ...(outcome === 'cancelled' ? { cancelled_by_customer: true } : {}),
          },
        },
      });
      return { body, signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) };
    },
  };
}
