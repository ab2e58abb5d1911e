import type { PlanType } from '@tollgate/contract/plans/plans';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import type { WriteStep } from '#platform/db/write-together.ts';
import type { TypesConfigReader } from '#platform/products/types-config.ts';
import type { PaymentProvider } from '#platform/payments/provider.ts';
import type { SandboxProvider } from '#platform/payments/sandbox.ts';

type CouponCheck = (
  db: DbOrTx,
  input: { code: string; accountId: string; planType: PlanType; processor: PaymentMethod },
) => Promise<{ couponId: string; code: string; discountPercent: number }>;

/** Checks coupons and takes their uses (plans module, wired in app.ts). */
export interface CouponRedeemer {
  /** Whether the code applies to this purchase; takes nothing. */
  check: CouponCheck;
  /** One use (the coupon's and the account's) as steps of an order's single statement, and the values that bind them. */
  useSteps(db: DbOrTx): WriteStep[];
  useValues(couponId: string, accountId: string): Record<string, unknown>;
  /** Checks and takes one use inside the caller's transaction. */
  redeem: CouponCheck;
  giveBack(tx: DbOrTx, couponId: string, accountId: string): Promise<void>;
}

/** Creates and starts subscriptions (subscriptions module, wired in app.ts). */
export interface SubscriptionProvisioner {
  /** The insert of a bought subscription as a step of its order's single statement. */
  createStep: {
    build(db: DbOrTx): WriteStep;
    values(
      input: {
        id: string;
        accountId: string;
        planId: string;
        planTitle: string;
        planType: PlanType;
        country: string;
        bandwidthGb: number;
        threads: number;
        days: number;
        whitelistLimit?: number | null;
      },
      options: { active: boolean },
    ): Record<string, unknown>;
  };
  activate(tx: DbOrTx, id: string): Promise<void>;
  cancelPending(tx: DbOrTx, id: string): Promise<void>;
  /** Locked unless `lock` is false (a quote, which buys nothing). */
  forRenewal(
    tx: DbOrTx,
    id: string,
    accountId: string,
    options?: { lock: boolean },
  ): Promise<{
    id: string;
    planId: string;
    planType: PlanType;
    status: 'pending' | 'active' | 'expired' | 'cancelled';
    country: string;
    threads: number;
    bandwidthGb: number;
    expiresAt: Date | null;
    autoRenew: boolean;
    /** Days each automatic renewal adds; the plan's duration when null. */
    renewValue: number | null;
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
  /** How each proxy type is sold: a disabled type is neither bought nor renewed (ADR 031). */
  typesConfig: TypesConfigReader;
  issuer: { name: string; details: string };
  /** PUBLIC_URL; links fall back to the address a request used. */
  publicUrl: string;
}
