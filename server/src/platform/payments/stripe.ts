import Stripe from 'stripe';
import { InvalidCallbackError, type CallbackEvent, type CheckoutRequest, type PaymentProvider } from './provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a local server in tests. */
  apiUrl: string;
}

function clientFor(secretKey: string, apiUrl: string) {
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 15_000,
  });
}

/** Checkout Session events that decide a payment; everything else is acknowledged and ignored. */
export function readCheckoutEvent(event: Stripe.Event): CallbackEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
      // Delayed methods complete unpaid and settle later through async_payment_* events.
      return {
        externalId: event.data.object.id,
        status: event.data.object.payment_status === 'unpaid' ? 'pending' : 'paid',
      };
    case 'checkout.session.async_payment_succeeded':
      return { externalId: event.data.object.id, status: 'paid' };
    case 'checkout.session.async_payment_failed':
      return { externalId: event.data.object.id, status: 'failed' };
    case 'checkout.session.expired':
      return { externalId: event.data.object.id, status: 'expired' };
    default:
      return null;
  }
}

/** Verifies a Stripe-signed body (raw bytes, `stripe-signature`, 5-minute tolerance) and reads it. */
export function verifyStripeSigned(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secret: string,
): CallbackEvent | null {
  if (typeof signature !== 'string') throw new InvalidCallbackError('Missing signature');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new InvalidCallbackError('Invalid signature');
  }
  return readCheckoutEvent(event);
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = clientFor(options.secretKey, options.apiUrl);
  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          customer_email: request.customerEmail,
          client_reference_id: request.paymentId,
          metadata: { paymentId: request.paymentId },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retried create for the same payment answers the same session.
        { idempotencyKey: `checkout-${request.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { externalId: session.id, url: session.url };
    },
    async readCallback(rawBody, headers) {
      return verifyStripeSigned(stripe, rawBody, headers['stripe-signature'], options.webhookSecret);
    },
    async fetchStatus(externalId) {
      const session = await stripe.checkout.sessions.retrieve(externalId);
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
      return session.status === 'expired' ? 'expired' : 'pending';
    },
  };
}
