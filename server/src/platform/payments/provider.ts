/** One card or crypto provider (ADR 006): opens a checkout and reads its callbacks. */
export interface CheckoutRequest {
  /** Our payments.id; providers echo it back (metadata, order_id). */
  paymentId: string;
  /** The paying account: the sandbox's page lets only it pay or cancel. */
  accountId: string;
  amountCents: number;
  description: string;
  customerEmail: string;
  /** Where the customer's browser goes after paying or giving up. */
  successUrl: string;
  cancelUrl: string;
  /** Where the provider posts its callbacks (crypto). */
  callbackUrl: string;
}

export interface CheckoutSession {
  externalId: string;
  url: string;
}

export type CallbackStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';

export interface CallbackEvent {
  externalId: string;
  status: CallbackStatus;
  /**
   * A completed card-saving checkout (auto top-up, ADR 034) rather than a payment: `externalId` is
   * the setup's id and `card` what was saved.
   */
  setup?: { card: SavedCard | null };
  /** Money that went back after the payment (ADR 039): refunds and card disputes it reports. */
  moneyBack?: MoneyBack[];
}

/**
 * A refund or card dispute the provider reports about a paid payment. `id` is the provider's own id
 * for it (a refund or dispute), so however often it is delivered it is recorded once.
 */
export interface MoneyBack {
  cause: 'refund' | 'dispute';
  id: string;
  /** The provider ids our payment may be stored under (a checkout session, a payment intent). */
  paymentRefs: string[];
  /** Null: the whole payment (a provider that refunds only in full and names no amount we trust). */
  amountCents: number | null;
  /** A refund that went through; a dispute open (funds withdrawn), lost, or won (funds reinstated). */
  state: 'succeeded' | 'open' | 'lost' | 'won';
  reason: string | null;
}

/** A card kept at the provider for charges made without the customer present. */
export interface SavedCard {
  customerId: string | null;
  paymentMethodId: string;
  brand: string;
  last4: string;
}

export interface CardSetupRequest {
  /** Our reference for the setup; the sandbox uses it as the setup's id. */
  setupId: string;
  accountId: string;
  customerEmail: string;
  /** The provider's customer saved before, reused so every card stays with one customer. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  callbackUrl: string;
}

export interface SavedCardCharge {
  /** Our payments.id (idempotency key and metadata). */
  paymentId: string;
  amountCents: number;
  description: string;
  card: SavedCard;
}

/**
 * What a charge without the customer answered. `paid` and `failed` are final; `pending` settles
 * later through the provider's callback. The sandbox hands over the signed callback it would post.
 */
export interface ChargeResult {
  externalId: string;
  status: 'paid' | 'pending' | 'failed';
  error?: string;
  callback?: { body: string; headers: Record<string, string> };
}

/** Saving a card once (Checkout in setup mode) and charging it later off-session. */
export interface OffSessionPayments {
  createCardSetup(request: CardSetupRequest): Promise<{ externalId: string; url: string; customerId: string | null }>;
  chargeSaved(request: SavedCardCharge): Promise<ChargeResult>;
}

/** A callback whose signature or shape does not check out: answered 400, nothing written. */
export class InvalidCallbackError extends Error {}

export interface PaymentProvider {
  readonly name: 'stripe' | 'cryptomus' | 'sandbox';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies and reads a callback; null for events that say nothing about a payment's outcome. */
  readCallback(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<CallbackEvent | null>;
  /** Asks the provider where a checkout stands (staff re-verification); null when it cannot say. */
  fetchStatus(externalId: string): Promise<CallbackStatus | null>;
  /** Card and sandbox providers can save a card and charge it later; crypto cannot. */
  offSession?: OffSessionPayments;
}
