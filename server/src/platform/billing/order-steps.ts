import type { SQL } from 'drizzle-orm';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import type { PlanType } from '@tollgate/contract/plans/plans';
import type { TypesConfig } from '@tollgate/contract/plans/product-types';
import type { DbOrTx } from '../db/client';
import type { WriteStep } from '../db/write-together';
import type { PriceLineCents } from './price-lines';
import type { PlanPriceFields } from './pricing';
import type { PricingUnit, Quote } from './quote';

/**
 * Placing an order as steps with typed results (ADR 057). The checkout owns the steps
 * (`createOrderSteps`); each kind of order is its own composition of them (the purchase in the
 * checkout, the resale in the resellers module, which gets them where the app is put together).
 * Nothing calls back into its caller, and nothing ends an order by throwing but a refusal.
 */
export interface OrderSteps {
  /** Where the plan's proxies are: refused when none was chosen. */
  country(country: string | undefined): string;
  /** The payer and the plan on sale, in one prepared round trip; locked when a card limit will be checked. */
  read(db: DbOrTx, order: { payerId: string; planId: string; lock: boolean }): Promise<OrderRead<null>>;
  /** The same read with what the caller reads of its own (`facts`) in the same round trip, unlocked. */
  readWith<Facts>(
    db: DbOrTx,
    order: { payerId: string; planId: string },
    facts: FactsRead<Facts>,
  ): Promise<OrderRead<Facts>>;
  /** Who may pay how, whether the plan is on sale and what amounts and days it takes, at the catalogue price. */
  quote(
    read: OrderRead<unknown>,
    order: { types: TypesConfig; method: PaymentMethod; units: number; days?: number | undefined },
  ): CatalogueOrder;
  /** The order's rows at the price it is sold for: ids, invoice, what its statement writes and binds. */
  draft(order: CatalogueOrder, sale: OrderSale): OrderDraft;
  /** The order in one statement: subscription, invoice, coupon use, debit and ledger row, receipt, and `more`. */
  write<Extra extends Record<string, unknown> = Record<never, never>>(
    db: DbOrTx,
    draft: OrderDraft,
    more?: MoreWrites<Extra>,
  ): Promise<WrittenOrder<Extra>>;
}

export interface OrderPayer {
  id: string;
  email: string;
  emailVerifiedAt: Date | null;
  balanceCents: number;
  balanceEnabled: boolean;
  stripeEnabled: boolean;
  cryptoEnabled: boolean;
  stripeLimitCents: number;
}

export type OrderPlan = PlanPriceFields & {
  id: string;
  title: string;
  type: PlanType;
  bandwidthGb: number;
  threads: number;
};

/** One SQL value read with the payer and the plan, bound by `values`; one prepared query per `name`. */
export interface FactsRead<Facts> {
  name: string;
  select: SQL<Facts>;
  values: Record<string, unknown>;
}

export interface OrderRead<Facts> {
  payer: OrderPayer | null;
  plan: OrderPlan | null;
  /** Null when there is no such payer (the read found no row). */
  facts: Facts | null;
}

/** A payer who may pay this way, for a plan on sale, in amounts and days it takes. */
export interface CatalogueOrder {
  payer: OrderPayer;
  plan: OrderPlan;
  unit: PricingUnit;
  quote: Quote & { lines: PriceLineCents[] };
}

export interface OrderSale {
  /** Who gets the plan: the payer, or (a resale) the reseller's sub-user. */
  ownerId: string;
  country: string;
  method: PaymentMethod;
  /** A coupon that applies (checked, not yet used): its percent comes off the subtotal. */
  coupon?: { couponId: string; code: string; discountPercent: number } | null;
  /** A reseller's own price, replacing the catalogue's (ADR 021); its plans' whitelist limit with it. */
  resalePrice?: { totalCents: number; lines: PriceLineCents[]; whitelistLimit: number | null };
}

/** What an order's statement writes (the checkout's steps), named. */
export interface OrderWrites {
  coupon: boolean;
  debit: boolean;
  receipt: boolean;
}

export interface OrderDraft {
  payer: OrderPayer;
  subscriptionId: string;
  invoice: { id: string; totalCents: number; description: string };
  /** Paid by the statement itself: from the balance, or nothing to pay. */
  paidNow: boolean;
  /** The balance the order leaves, as SQL that steps of the same statement may use. */
  balanceLeft: SQL;
  writes: OrderWrites;
  values: Record<string, unknown>;
}

/**
 * Another module's writes in the order's statement, so they land with it or not at all. `name`
 * tells its statements apart (one prepared statement per name and draft's writes); `result` reads
 * from its steps, each column answered under its key.
 */
export interface MoreWrites<Extra extends Record<string, unknown>> {
  name: string;
  steps: WriteStep[];
  values: Record<string, unknown>;
  result: { [Key in keyof Extra]: SQL<Extra[Key]> };
}

export interface WrittenOrder<Extra> {
  balanceCents: number;
  more: Extra;
}
