import Stripe from 'stripe';
import {
  InvalidCallbackError,
  type CallbackEvent,
  type MoneyBack,
  type CheckoutRequest,
  type OffSessionPayments,
  type PaymentProvider,
} from './provider';

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

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));
const refsOf = (...refs: Array<string | { id: string } | null | undefined>) =>
  refs.map(idOf).filter((r): r is string => r !== null);

/**
 * A dispute's money (ADR 039): withdrawn while open (any `needs_response`/`under_review` state),
 * back with us when won or when an inquiry closes without a charge-back (`warning_closed`).
 */
function disputeState(status: Stripe.Dispute.Status): MoneyBack['state'] {
  if (status === 'won' || status === 'warning_closed') return 'won';
  return status === 'lost' ? 'lost' : 'open';
}

const refundBack = (refund: Stripe.Refund, charge?: Stripe.Charge): MoneyBack => ({
  cause: 'refund',
  id: refund.id,
  paymentRefs: refsOf(refund.payment_intent ?? charge?.payment_intent, refund.charge ?? charge?.id),
  amountCents: refund.amount,
  state: 'succeeded',
  reason: refund.reason ?? null,
});

/**
 * Refunds and disputes (ADR 039): a refund counts once it succeeded (`refund.*` and `charge.refunded`
 * report the same refund; its id keeps it single), a dispute from the moment its funds are withdrawn.
 */
export function readMoneyBackEvent(event: Stripe.Event): MoneyBack[] | null {
  switch (event.type) {
    case 'charge.dispute.created':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_reinstated': {
      const dispute = event.data.object;
      const state = event.type === 'charge.dispute.funds_reinstated' ? 'won' : disputeState(dispute.status);
      // An inquiry (`warning_*`) withdraws nothing until it becomes a charge-back.
      if (state === 'open' && dispute.status.startsWith('warning_')) return [];
      return [
        {
          cause: 'dispute',
          id: dispute.id,
          paymentRefs: refsOf(dispute.payment_intent, dispute.charge),
          amountCents: dispute.amount,
          state,
          reason: dispute.reason ?? null,
        },
      ];
    }
    case 'refund.created':
    case 'refund.updated':
    case 'charge.refund.updated':
      return event.data.object.status === 'succeeded' ? [refundBack(event.data.object)] : [];
    case 'charge.refunded': {
      const charge = event.data.object;
      return (charge.refunds?.data ?? []).filter((r) => r.status === 'succeeded').map((r) => refundBack(r, charge));
    }
    default:
      return null;
  }
}

/**
 * Checkout Session events that decide a payment, and PaymentIntent events that decide an off-session
 * charge (auto top-up); everything else is acknowledged and ignored. A completed setup-mode session
 * is a saved card: the caller reads the card (`setup.card` null here).
 */
export function readCheckoutEvent(event: Stripe.Event): CallbackEvent | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { externalId: event.data.object.id, status: 'paid' };
    case 'payment_intent.payment_failed':
      return { externalId: event.data.object.id, status: 'failed' };
    case 'checkout.session.completed':
      if (event.data.object.mode === 'setup')
        return { externalId: event.data.object.id, status: 'paid', setup: { card: null } };
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
  const moneyBack = readMoneyBackEvent(event);
  if (moneyBack) return moneyBack.length > 0 ? { externalId: event.id, status: 'pending', moneyBack } : null;
  return readCheckoutEvent(event);
}

/** Off-session charges (ADR 034): a card saved through Checkout in setup mode, charged later by PaymentIntent. */
function stripeOffSession(stripe: Stripe): OffSessionPayments {
  return {
    async createCardSetup(request) {
      const customerId =
        request.customerId ??
        (
          await stripe.customers.create(
            { email: request.customerEmail, metadata: { accountId: request.accountId } },
            { idempotencyKey: `customer-${request.setupId}` },
          )
        ).id;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          currency: 'usd',
          customer: customerId,
          client_reference_id: request.setupId,
          metadata: { setupId: request.setupId, accountId: request.accountId },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `setup-${request.setupId}` },
      );
      if (!session.url) throw new Error('Stripe answered a setup session without a URL');
      return { externalId: session.id, url: session.url, customerId };
    },
    async chargeSaved(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.card.customerId ?? undefined,
            payment_method: request.card.paymentMethodId,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { paymentId: request.paymentId },
          },
          // A retried charge for the same payment is the same charge.
          { idempotencyKey: `topup-${request.paymentId}` },
        );
        if (intent.status === 'succeeded') return { externalId: intent.id, status: 'paid' };
        if (intent.status === 'processing') return { externalId: intent.id, status: 'pending' };
        return { externalId: intent.id, status: 'failed', error: `The card needs the cardholder (${intent.status})` };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        const intent = (error.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent;
        return { externalId: intent?.id ?? `failed-${request.paymentId}`, status: 'failed', error: error.message };
      }
    },
  };
}

/**
 * Checkout payments are stored under their session's id, and a refund or dispute names the payment
 * intent: the session that made the intent is asked for once per event (an unknown intent adds none).
 */
async function withSessions(stripe: Stripe, items: MoneyBack[]): Promise<MoneyBack[]> {
  return Promise.all(
    items.map(async (item) => {
      const intent = item.paymentRefs.find((r) => r.startsWith('pi_'));
      if (!intent) return item;
      const sessions = await stripe.checkout.sessions.list({ payment_intent: intent, limit: 1 });
      return { ...item, paymentRefs: [...item.paymentRefs, ...sessions.data.map((s) => s.id)] };
    }),
  );
}

/** The card a completed setup session saved, from its SetupIntent's payment method. */
async function savedCardOf(stripe: Stripe, sessionId: string) {
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent.payment_method'] });
  const intent = session.setup_intent as Stripe.SetupIntent | null;
  const method = intent?.payment_method as Stripe.PaymentMethod | null | undefined;
  if (!method || typeof method !== 'object') return null;
  return {
    customerId: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
    paymentMethodId: method.id,
    brand: method.card?.brand ?? 'card',
    last4: method.card?.last4 ?? '????',
  };
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
      const event = verifyStripeSigned(stripe, rawBody, headers['stripe-signature'], options.webhookSecret);
      if (event?.moneyBack) return { ...event, moneyBack: await withSessions(stripe, event.moneyBack) };
      if (!event?.setup) return event;
      return { ...event, setup: { card: await savedCardOf(stripe, event.externalId) } };
    },
    offSession: stripeOffSession(stripe),
    async fetchStatus(externalId) {
      const session = await stripe.checkout.sessions.retrieve(externalId);
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
      return session.status === 'expired' ? 'expired' : 'pending';
    },
  };
}
