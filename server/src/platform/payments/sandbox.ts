import { createHmac, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import type { CallbackStatus, CheckoutRequest, PaymentProvider, SavedCard } from './provider';
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
  /** The signed callback of the card-saving page (ADR 034): a setup completed with a test card. */
  signedSetupEvent(setupId: string, accountId: string, last4: SandboxCard): { body: string; signature: string };
}

/**
 * Test cards the sandbox saves: 4242 is always charged, 0002 is always declined (Stripe's own test
 * numbers), so a developer can watch a failed automatic charge pause auto top-up.
 */
export const SANDBOX_CARDS = ['4242', '0002'] as const;
export type SandboxCard = (typeof SANDBOX_CARDS)[number];
export const SANDBOX_DECLINED = 'Your card was declined. (sandbox test card 0002)';

/** How long a checkout URL lets its payer pay: after that they open a new checkout. */
export const SANDBOX_TICKET_TTL_MS = 60 * 60_000;

export function createSandboxProvider({ secret }: { secret: string }): SandboxProvider {
  // Only the webhook helpers are used: no key ever leaves the process.
  const stripe = new Stripe('sk_test_sandbox');
  const webhookSecret = `whsec_${createHmac('sha256', secret).update('payments-sandbox').digest('hex')}`;
  const ticketKey = createHmac('sha256', secret).update('payments-sandbox-ticket').digest();
  const mac = (paymentId: string, accountId: string, expires: number) =>
    createHmac('sha256', ticketKey).update(`${paymentId}|${accountId}|${expires}`).digest('base64url');
  const sign = (body: string) => stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
  const ticketFor = (id: string, accountId: string) => {
    const expires = Date.now() + SANDBOX_TICKET_TTL_MS;
    return `${expires}.${mac(id, accountId, expires)}`;
  };
  return {
    name: 'sandbox',
    offSession: {
      async createCardSetup(request) {
        const origin = new URL(request.callbackUrl).origin;
        const query = new URLSearchParams({
          account: request.accountId,
          ticket: ticketFor(request.setupId, request.accountId),
        });
        return {
          externalId: request.setupId,
          url: `${origin}/api/v1/payments/sandbox/card/${request.setupId}?${query}`,
          customerId: null,
        };
      },
      async chargeSaved(request) {
        if (request.card.paymentMethodId === 'pm_sandbox_0002')
          return { externalId: request.paymentId, status: 'failed', error: SANDBOX_DECLINED };
        const body = JSON.stringify({
          id: `evt_sandbox_${request.paymentId}_charge`,
          object: 'event',
          type: 'payment_intent.succeeded',
          data: { object: { id: request.paymentId, object: 'payment_intent', status: 'succeeded' } },
        });
        // Settled by the signed callback, as a real charge's webhook would settle it.
        return {
          externalId: request.paymentId,
          status: 'pending',
          callback: { body, headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) } },
        };
      },
    },
    async createCheckout(request: CheckoutRequest) {
      const origin = new URL(request.callbackUrl).origin;
      const ticket = ticketFor(request.paymentId, request.accountId);
      return {
        externalId: request.paymentId,
        url: `${origin}/api/v1/payments/sandbox/${request.paymentId}?ticket=${ticket}`,
      };
    },
    async readCallback(rawBody, headers) {
      const event = verifyStripeSigned(stripe, rawBody, headers['stripe-signature'], webhookSecret);
      if (event?.setup) {
        const object = (JSON.parse(rawBody.toString('utf8')) as { data?: { object?: { sandbox_card?: unknown } } }).data
          ?.object;
        const last4 = SANDBOX_CARDS.find((c) => c === object?.sandbox_card);
        const card: SavedCard | null = last4
          ? { customerId: null, paymentMethodId: `pm_sandbox_${last4}`, brand: 'visa', last4 }
          : null;
        return { ...event, setup: { card } };
      }
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
    signedSetupEvent(setupId, accountId, last4) {
      const body = JSON.stringify({
        id: `evt_sandbox_${setupId}_setup`,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: setupId,
            object: 'checkout.session',
            mode: 'setup',
            payment_status: 'no_payment_required',
            client_reference_id: accountId,
            sandbox_card: last4,
          },
        },
      });
      return { body, signature: sign(body) };
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
      return { body, signature: sign(body) };
    },
  };
}
