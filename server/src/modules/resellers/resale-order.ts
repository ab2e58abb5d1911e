import type { TypesConfig } from '@tollgate/contract/plans/product-types';
import type { resellerPurchase } from '@tollgate/contract/reseller/reseller-api';
import type { PayloadOf } from '@tollgate/contract/endpoint';
import { toDollars } from '@tollgate/contract/http/money';
import type { OrderSteps } from '#platform/billing/order-steps.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorField } from '#platform/db/errors.ts';
import { IDEMPOTENCY_PRIMARY_KEY, PoolMoved, resellerApiRepository as apiRepo } from './reseller-api.repository';
import { resalePrice } from './reseller-pricing';

export type PurchaseAnswer = PayloadOf<typeof resellerPurchase>;

/** One attempt at a reseller's order: who pays, who gets the plan, and what was asked. */
export interface Resale {
  accountId: string;
  ownerId: string;
  key: string;
  requestHash: string;
  types: TypesConfig;
  planId: string;
  quantity: number;
  days?: number | undefined;
  country: string;
}

/** How an attempt ended: sold, answered by the key's record, or beaten by a parallel order. */
export type ResaleOutcome =
  | { kind: 'sold'; answer: PurchaseAnswer }
  | { kind: 'key used'; prior: { requestHash: string; response: unknown } }
  | { kind: 'pool moved' }
  | { kind: 'key taken'; error: unknown };

/**
 * A reseller's order (ADR 021, 041, 057): the checkout's order steps with the reseller's own
 * between them. The read carries its terms and its key's record (a key already used ends the order
 * there); the price is the reseller's, prepaid GB first; the statement also takes those GB and
 * writes the idempotency record, whose stored answer is the one sent. Two round trips, no
 * transaction. A parallel order that took the same GB or the same key first makes this statement
 * fail whole; that is an outcome here, for the caller to try again or answer from the record.
 */
export async function placeResale(steps: OrderSteps, db: DbOrTx, resale: Resale): Promise<ResaleOutcome> {
  const country = steps.country(resale.country);
  const read = await steps.readWith(
    db,
    { payerId: resale.accountId, planId: resale.planId },
    apiRepo.orderRead(resale.accountId, resale.key),
  );
  const { terms, prior } = apiRepo.orderFacts(read.facts);
  if (prior) return { kind: 'key used', prior };

  const catalogue = steps.quote(read, {
    types: resale.types,
    method: 'balance',
    units: resale.quantity,
    days: resale.days,
  });
  const { plan, quote } = catalogue;
  // Prepaid GB pay for residential GB first (ADR 021); the statement takes them.
  const poolTaken = plan.type === 'residential' ? Math.min(terms.gbValue, quote.units) : 0;
  const price = resalePrice(terms, {
    planType: plan.type,
    units: quote.units,
    days: quote.days,
    catalogueCents: quote.subtotalCents,
    poolGb: poolTaken,
  });
  // The whitelist a reseller hands out with IPv6 and datacenter plans is its terms' (ADR 021).
  const whitelistLimit = plan.type === 'ipv6' ? terms.ipv6White : plan.type === 'datacenter' ? terms.dataWhite : null;
  const draft = steps.draft(catalogue, {
    ownerId: resale.ownerId,
    country,
    method: 'balance',
    resalePrice: { ...price, whitelistLimit },
  });

  const record = apiRepo.orderRecord({ pooled: poolTaken > 0, balanceLeft: draft.balanceLeft });
  const values = apiRepo.orderRecordValues({
    accountId: resale.accountId,
    key: resale.key,
    requestHash: resale.requestHash,
    poolTaken,
    response: {
      subscriptionId: draft.subscriptionId,
      invoiceId: draft.invoice.id,
      total: toDollars(draft.invoice.totalCents),
      poolGbUsed: poolTaken,
      poolGbLeft: terms.gbValue - poolTaken,
    },
  });
  try {
    const written = await steps.write(db, draft, { ...record, values });
    // The answer is the record as stored, so a retry with the key gets the very same one.
    return { kind: 'sold', answer: written.more.recorded as PurchaseAnswer };
  } catch (error) {
    if (error instanceof PoolMoved) return { kind: 'pool moved' };
    if (isKeyTaken(error)) return { kind: 'key taken', error };
    throw error;
  }
}

/** The violation a second order with a key already used raises (the record's primary key). */
const isKeyTaken = (error: unknown) =>
  pgErrorField(error, 'code') === PG_UNIQUE_VIOLATION && pgErrorField(error, 'constraint') === IDEMPOTENCY_PRIMARY_KEY;
