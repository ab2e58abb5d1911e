import { createHash } from 'node:crypto';
import type { PlanType } from '@tollgate/contract/plans/plans';
import type { TypesConfig } from '@tollgate/contract/plans/product-types';
import { IDEMPOTENCY_REUSED } from '@tollgate/contract/reseller/reseller-api';
import { wrongProduct } from '@tollgate/contract/reseller/reseller-proxies';
import type { OrderSteps } from '#platform/billing/order-steps.ts';
import type { PriceLineCents } from '#platform/billing/price-lines.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { toDollars } from '@tollgate/contract/http/money';
import { AppError, notFound } from '#platform/http/errors.ts';
import { extensionPrice, resalePrice } from './reseller-pricing';
import { DEFAULT_TERMS } from './default-terms';
import { termsOf, toResellerPlan } from './reseller-view';
import { resellerApiRepository as apiRepo } from './reseller-api.repository';
import { placeResale, type PurchaseAnswer } from './resale-order';
import { resellersRepository as repo } from './resellers.repository';
import { subUserPlansRepository as plansRepo } from './sub-user-plans.repository';

type ChangePrice = (change: {
  planType: PlanType;
  units: number;
  days: number;
  threads: number;
  catalogueCents: number;
}) => Promise<{ totalCents: number; lines: PriceLineCents[] }>;
type ChangeRequest = {
  accountId: string;
  subscriptionId: string;
  /** The plan's owner: the reseller or one of its sub-users (ADR 041). */
  ownerId: string;
  body: { updatingType: 'bandwidth' | 'extend'; bandwidth?: number; days?: number };
};

/** The checkout module's renewal at a reseller's price (wired in app.ts). */
export interface ResellChanges {
  resellChange(
    resale: { db: DbOrTx; types: TypesConfig; price: ChangePrice },
    request: ChangeRequest,
  ): Promise<{ invoiceId: string; total: number; balance: number }>;
  resellQuote(
    resale: { types: TypesConfig; price: ChangePrice },
    request: ChangeRequest,
  ): Promise<{ totalCents: number }>;
}

export interface ResellerApiDeps {
  db: Db;
  typesConfig: () => Promise<TypesConfig>;
  /** The checkout's order steps (wired in app.ts), which a resale composes with its own (ADR 057). */
  orderSteps: OrderSteps;
  changes: ResellChanges;
}
export interface OrderInput {
  planId: string;
  quantity: number;
  days?: number | undefined;
  country: string;
  /** The sub-user the plan is for, checked in the order's transaction; the reseller itself without it. */
  owner?: (tx: DbOrTx) => Promise<string>;
}

const POOL_ATTEMPTS = 5;
const POOL_BUSY = 'Prepaid GB are being used by another order; try again';

const hashOf = (call: string, body: unknown) =>
  createHash('sha256')
    .update(`${call}\n${JSON.stringify(body)}`)
    .digest('hex');

/**
 * The reseller API's rules (issue 17). Every call that charges runs in one transaction with its
 * idempotency record (ADR 041): the charge and the stored answer commit together or not at all.
 */
export function createResellerApiService(deps: ResellerApiDeps) {
  const { db } = deps;

  /** The caller's terms (the key guard already let only a reseller through); the defaults without a row. */
  async function termsFor(dbx: DbOrTx, accountId: string) {
    return (await apiRepo.terms(dbx, accountId)) ?? { ...DEFAULT_TERMS };
  }

  /** The plan's owner if the reseller may act on it (its own or its sub-user's); not found otherwise. */
  async function ownerOf(dbx: DbOrTx, accountId: string, plan: string) {
    const owner = await plansRepo.ownerFor(dbx, accountId, plan);
    if (!owner) throw notFound('No such subscription');
    return owner;
  }

  /** Runs `charge` once per idempotency key; a retry with the same body gets the first answer. */
  async function once<T>(
    accountId: string,
    key: string,
    call: string,
    body: unknown,
    charge: (tx: DbOrTx) => Promise<T>,
  ) {
    const requestHash = hashOf(call, body);
    return db.transaction(async (tx) => {
      const prior = await apiRepo.claim(tx, accountId, key, requestHash);
      if (prior) return repeated<T>(prior, requestHash);
      const answer = await charge(tx);
      await apiRepo.answer(tx, accountId, key, answer);
      return answer;
    });
  }

  /** The first answer to a key, if this retry asks the same; 422 if it asks something else. */
  function repeated<T>(prior: { requestHash: string; response: unknown }, requestHash: string) {
    if (prior.requestHash !== requestHash) throw new AppError(422, IDEMPOTENCY_REUSED, { error: IDEMPOTENCY_REUSED });
    return prior.response as T;
  }

  return {
    /**
     * One order at the reseller's price, once per idempotency key: the plan goes to `ownerId` (the
     * reseller or one of its sub-users, checked by `owner` inside the transaction).
     */
    async order(
      accountId: string,
      idempotencyKey: string,
      call: string,
      body: unknown,
      input: OrderInput,
    ): Promise<PurchaseAnswer> {
      const types = await deps.typesConfig();
      const requestHash = hashOf(call, body);
      const ownerId = input.owner ? await input.owner(db) : accountId;
      const { planId, quantity, days, country } = input;
      const resale = { accountId, ownerId, key: idempotencyKey, requestHash, types, planId, quantity, days, country };
      // An order is two round trips and no transaction (ADR 041, resale-order.ts). A parallel order
      // that took the same prepaid GB first makes it start over; it cannot take them twice.
      for (let attempt = 1; ; attempt++) {
        const outcome = await placeResale(deps.orderSteps, db, resale);
        switch (outcome.kind) {
          case 'sold':
            return outcome.answer;
          case 'key used':
            return repeated<PurchaseAnswer>(outcome.prior, requestHash);
          case 'pool moved':
            if (attempt < POOL_ATTEMPTS) continue;
            throw new AppError(409, POOL_BUSY, { error: POOL_BUSY });
          case 'key taken': {
            // The same key in a parallel call: its order landed first, so this one wrote nothing.
            const prior = await apiRepo.prior(db, accountId, idempotencyKey);
            if (!prior) throw outcome.error;
            return repeated<PurchaseAnswer>(prior, requestHash);
          }
        }
      }
    },

    /** More GB on one of the reseller's own plans of `product` (residential from the pool first). */
    async addGigabytes(
      accountId: string,
      idempotencyKey: string,
      product: PlanType,
      body: { plan: string; gb: number },
    ) {
      const types = await deps.typesConfig();
      return once(accountId, idempotencyKey, `gigabyte:${product}`, body, async (tx) => {
        const terms = await termsFor(tx, accountId);
        let pool = { taken: 0, left: terms.gbValue };
        const done = await deps.changes.resellChange(
          {
            db: tx,
            types,
            async price(c) {
              if (c.planType !== product) throw notFound(wrongProduct(product));
              const priced = () => resalePrice(terms, { ...c, units: body.gb, poolGb: pool.taken });
              priced();
              if (c.planType === 'residential' && terms.gbValue > 0)
                pool = await apiRepo.takePool(tx, accountId, body.gb);
              return priced();
            },
          },
          {
            accountId,
            subscriptionId: body.plan,
            ownerId: await ownerOf(tx, accountId, body.plan),
            body: { updatingType: 'bandwidth', bandwidth: body.gb },
          },
        );
        return { plan: body.plan, ...done, poolGbUsed: pool.taken, poolGbLeft: pool.left };
      });
    },

    /** What extending one of the reseller's plans costs at its price; nothing is charged. */
    async extensionQuote(accountId: string, body: { plan: string; days: number }) {
      const types = await deps.typesConfig();
      const terms = await termsFor(db, accountId);
      const q = await deps.changes.resellQuote(
        { types, price: async (c) => extensionPrice(terms, c) },
        {
          accountId,
          subscriptionId: body.plan,
          ownerId: await ownerOf(db, accountId, body.plan),
          body: { updatingType: 'extend', days: body.days },
        },
      );
      return { plan: body.plan, days: body.days, total: toDollars(q.totalCents) };
    },

    async extend(accountId: string, idempotencyKey: string, body: { plan: string; days: number }) {
      const types = await deps.typesConfig();
      return once(accountId, idempotencyKey, 'plan-extend', body, async (tx) => {
        const terms = await termsFor(tx, accountId);
        const done = await deps.changes.resellChange(
          { db: tx, types, price: async (c) => extensionPrice(terms, c) },
          {
            accountId,
            subscriptionId: body.plan,
            ownerId: await ownerOf(tx, accountId, body.plan),
            body: { updatingType: 'extend', days: body.days },
          },
        );
        return { plan: body.plan, ...done, poolGbUsed: 0, poolGbLeft: terms.gbValue };
      });
    },

    async generalInfo(accountId: string) {
      const row = await repo.find(db, accountId);
      if (!row) throw notFound('No such reseller account');
      const terms = termsOf(row.terms);
      const plans = await apiRepo.plans(db, accountId);
      return {
        username: row.account.username,
        balance: toDollars(row.account.balanceCents),
        prices: {
          resiprice: terms.resiprice,
          mobileprice: terms.mobileprice,
          dataprice1: terms.dataprice1,
          dataprice7: terms.dataprice7,
          dataprice30: terms.dataprice30,
          ispprice: terms.ispprice,
          value: terms.value,
        },
        gbvalue: terms.gbvalue,
        ipv6white: terms.ipv6white,
        datawhite: terms.datawhite,
        plans: plans.map(toResellerPlan),
      };
    },
  };
}
