import { createHash, timingSafeEqual } from 'node:crypto';
import { toDollars } from '@tollgate/contract/http/money';
import { InvalidCallbackError, type CallbackStatus, type CheckoutRequest, type PaymentProvider } from './provider';

export interface CryptomusOptions {
  merchantId: string;
  apiKey: string;
  /** https://api.cryptomus.com, or a local server in tests. */
  apiUrl: string;
}

/**
 * Cryptomus signs the JSON as PHP's json_encode writes it: slashes and non-ASCII escaped. We sign and
 * check the same way: md5(base64(json) + apiKey).
 */
export function cryptomusJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
export function cryptomusSign(json: string, apiKey: string): string {
  return createHash('md5')
    .update(Buffer.from(json).toString('base64') + apiKey)
    .digest('hex');
}

/** Only final paid states credit; anything not yet final stays pending. */
function statusOf(paymentStatus: unknown): CallbackStatus {
  switch (paymentStatus) {
    case 'paid':
    case 'paid_over':
      return 'paid';
    case 'fail':
    case 'system_fail':
    case 'wrong_amount':
      return 'failed';
    case 'cancel':
      return 'cancelled';
    default:
      return 'pending';
  }
}

export function createCryptomusProvider(options: CryptomusOptions): PaymentProvider {
  async function post(path: string, body: Record<string, unknown>) {
    const json = cryptomusJson(body);
    const response = await fetch(new URL(path, options.apiUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        merchant: options.merchantId,
        sign: cryptomusSign(json, options.apiKey),
      },
      body: json,
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await response.json().catch(() => null)) as {
      state?: number;
      result?: Record<string, unknown>;
    } | null;
    if (!response.ok || answer?.state !== 0 || !answer.result) {
      throw new Error(`Cryptomus ${path} answered ${response.status}`);
    }
    return answer.result;
  }

  return {
    name: 'cryptomus',
    async createCheckout(request: CheckoutRequest) {
      const result = await post('/v1/payment', {
        amount: toDollars(request.amountCents).toFixed(2),
        currency: 'USD',
        order_id: request.paymentId,
        url_callback: request.callbackUrl,
        url_return: request.cancelUrl,
        url_success: request.successUrl,
        is_payment_multiple: false,
      });
      if (typeof result.uuid !== 'string' || typeof result.url !== 'string') {
        throw new Error('Cryptomus answered an invoice without uuid or url');
      }
      return { externalId: result.uuid, url: result.url };
    },

    async fetchStatus(uuid) {
      const invoice = await post('/v1/payment/info', { uuid });
      return statusOf(invoice.payment_status ?? invoice.status);
    },

    async readCallback(rawBody) {
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      } catch {
        throw new InvalidCallbackError('Malformed callback');
      }
      const { sign, ...unsigned } = data;
      if (typeof sign !== 'string' || typeof unsigned.uuid !== 'string')
        throw new InvalidCallbackError('Missing signature');
      const expected = Buffer.from(cryptomusSign(cryptomusJson(unsigned), options.apiKey));
      const given = Buffer.from(sign);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new InvalidCallbackError('Invalid signature');
      }
      // A replayed old callback cannot move anything: the invoice's state is read back from Cryptomus.
      const invoice = await post('/v1/payment/info', { uuid: unsigned.uuid });
      const state = invoice.payment_status ?? invoice.status;
      // A refund made in the Cryptomus dashboard returns the whole invoice, once (ADR 039).
      if (state === 'refund_paid')
        return {
          externalId: unsigned.uuid,
          status: 'pending',
          moneyBack: [
            {
              cause: 'refund',
              id: `refund-${unsigned.uuid}`,
              paymentRefs: [unsigned.uuid],
              amountCents: null,
              state: 'succeeded',
              reason: null,
            },
          ],
        };
      return { externalId: unsigned.uuid, status: statusOf(state) };
    },
  };
}
