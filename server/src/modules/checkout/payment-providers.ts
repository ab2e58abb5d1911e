import type { Config } from '#platform/config/env.ts';
import { createCryptomusProvider } from '#platform/payments/cryptomus.ts';
import { createSandboxProvider } from '#platform/payments/sandbox.ts';
import { createStripeProvider } from '#platform/payments/stripe.ts';
import type { PaymentProviders } from './checkout.deps';

/** Real providers where keys are set; the sandbox for the rest, and never in production (ADR 006). */
export function paymentProvidersFrom(config: Config): PaymentProviders {
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiUrl: config.STRIPE_API_URL,
        })
      : null;
  const cryptomus =
    config.CRYPTOMUS_MERCHANT_ID && config.CRYPTOMUS_API_KEY
      ? createCryptomusProvider({
          merchantId: config.CRYPTOMUS_MERCHANT_ID,
          apiKey: config.CRYPTOMUS_API_KEY,
          apiUrl: config.CRYPTOMUS_API_URL,
        })
      : null;
  const sandbox = config.isProduction ? null : createSandboxProvider({ secret: config.JWT_SECRET });
  const all = [stripe, cryptomus, sandbox];
  return {
    stripe: stripe ?? sandbox,
    crypto: cryptomus ?? sandbox,
    sandbox,
    byName: (name) => all.find((p) => p?.name === name) ?? null,
  };
}
