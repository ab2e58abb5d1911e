import type { Db, DbOrTx } from '#platform/db/client.ts';
import type { Sealer } from '#platform/auth/sealed.ts';
import type { ChangeFeed } from '#platform/cache/change-feed.ts';
import type { ChargeResult, OffSessionPayments, SavedCard } from '#platform/payments/provider.ts';
import type { TargetPolicy } from './webhook-target';

/** The card provider in use (checkout module, wired in app.ts): Stripe with keys, else the sandbox. */
export interface CardProvider {
  name: 'stripe' | 'sandbox';
  offSession: OffSessionPayments;
}

/**
 * Card deposits made without the customer (checkout module, wired in app.ts, ADR 006): the invoice
 * and payment, then the provider's answer settled as every deposit is settled.
 */
export interface SavedCardDeposits {
  provider(): CardProvider | null;
  open(
    tx: DbOrTx,
    input: { paymentId: string; accountId: string; amountCents: number; provider: CardProvider },
  ): Promise<void>;
  charged(card: CardProvider, paymentId: string, result: ChargeResult): Promise<void>;
  abandoned(paymentId: string): Promise<void>;
}

export interface AutomationDeps {
  db: Db;
  /** Seals webhook signing secrets (they must be read back to sign). */
  sealer: Sealer;
  policy: TargetPolicy;
  deposits: SavedCardDeposits;
  /** PUBLIC_URL: where rotation links and card pages send people. */
  publicUrl: string;
  log: { error(obj: unknown, msg?: string): void };
  /** Where `m:` arrives; without it, whether an account uses automation is read on every change. */
  changes?: Pick<ChangeFeed, 'live' | 'subscribe'>;
}
export type { SavedCard };
