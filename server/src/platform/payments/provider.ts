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
}
