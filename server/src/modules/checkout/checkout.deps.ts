import type { PlanType } from '@tollgate/contract/plans/plans';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import type { PaymentProvider } from '#platform/payments/provider.ts';
import type { SandboxProvider } from '#platform/payments/sandbox.ts';

/** Takes one coupon use inside the purchase transaction (plans module, wired in app.ts). */
export interface CouponRedeemer {
  redeem(
    tx: DbOrTx,
    input: { code: string; accountId: string; planType: PlanType; processor: PaymentMethod },
  ): Promise<{ couponId: string; code: string; discountPercent: number }>;
  giveBack(tx: DbOrTx, couponId: string): Promise<void>;
}

/** Creates and starts subscriptions (subscriptions module, wired in app.ts). */
export interface SubscriptionProvisioner {
  create(
    tx: DbOrTx,
    input: {
      accountId: string;
      planId: string;
      planTitle: string;
      planType: PlanType;
      country: string;
      bandwidthGb: number;
      threads: number;
      days: number;
    },
    options: { active: boolean },
  ): Promise<string>;
  activate(tx: DbOrTx, id: string): Promise<void>;
  cancelPending(tx: DbOrTx, id: string): Promise<void>;
  forRenewal(
    tx: DbOrTx,
    id: string,
    accountId: string,
  ): Promise<{
    id: string;
    planId: string;
    planType: PlanType;
    status: 'pending' | 'active' | 'expired' | 'cancelled';
    country: string;
    threads: number;
    bandwidthGb: number;
    expiresAt: Date | null;
  } | null>;
  applyRenewal(
    tx: DbOrTx,
    id: string,
    change: { days: number; addBandwidthGb: number; threads: number | null },
  ): Promise<void>;
}

/** Who takes card and crypto money here: the real providers when configured, else the sandbox. */
export interface PaymentProviders {
  stripe: PaymentProvider | null;
  crypto: PaymentProvider | null;
  /** Present outside production only. */
  sandbox: SandboxProvider | null;
  byName(name: string): PaymentProvider | null;
}

export interface CheckoutDeps {
  db: Db;
  providers: PaymentProviders;
  coupons: CouponRedeemer;
  subscriptions: SubscriptionProvisioner;
  issuer: { name: string; details: string };
  /** PUBLIC_URL; links fall back to the address a request used. */
  publicUrl: string | undefined;
}
