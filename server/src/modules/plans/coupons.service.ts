import {
  COUPON_LIMIT_REACHED,
  COUPON_WRONG_PLAN,
  type Coupon,
  type CouponInput,
} from '@tollgate/contract/plans/coupons';
import type { PlanType } from '@tollgate/contract/plans/plans';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { AppError, notFound } from '#platform/http/errors.ts';
import { couponsRepository, type CouponValues } from './coupons.repository';
import type { CouponRow } from './coupons.schema';
import { preparedWrite, valuesFor } from '#platform/db/write-together.ts';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '#platform/db/errors.ts';

export const COUPON_INVALID = 'This coupon code is not valid';
export const COUPON_EXPIRED = 'This coupon has expired';
export const COUPON_USED_UP = 'This coupon has been used up';
export const COUPON_WRONG_PROCESSOR = 'This coupon cannot be used with this payment method';

export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    usages: row.usagesLeft,
    timesUsed: row.timesUsed,
    discount: row.discountBasisPoints / 100,
    paymentProcessor: row.paymentProcessor,
    product: row.product,
    couponType: row.couponType,
    userId: row.userId,
    validityPeriod: row.validUntil?.toISOString() ?? null,
    isPromotion: row.isPromotion,
    perCustomerLimit: row.perCustomerLimit,
    createdAt: row.createdAt.toISOString(),
  };
}

const toValues = (input: CouponInput): CouponValues => ({
  code: input.code,
  usagesLeft: input.usages,
  discountBasisPoints: Math.round(input.discount * 100),
  paymentProcessor: input.paymentProcessor,
  product: input.product,
  couponType: input.couponType,
  userId: input.userId,
  validUntil: input.validityPeriod ? new Date(input.validityPeriod) : null,
  isPromotion: input.isPromotion,
  perCustomerLimit: input.perCustomerLimit,
});

/** Unique-code and unknown-account violations become answers the form can show. */
async function saving<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === PG_UNIQUE_VIOLATION) throw new AppError(400, 'A coupon with this code already exists');
    if (code === PG_FOREIGN_KEY_VIOLATION) throw new AppError(400, 'The account for this personal code does not exist');
    throw error;
  }
}

/**
 * Whether a code may be used for this purchase, and the discount to price with. Taking the use
 * is a separate write (`useStep`, or `redeem` in a transaction) that re-checks what is left.
 */
async function check(
  db: DbOrTx,
  input: { code: string; accountId: string; planType: PlanType; processor: 'balance' | 'stripe' | 'crypto' },
) {
  const coupon = await couponsRepository.findByCode(db, input.code);
  if (!coupon || (coupon.couponType === 'personal_code' && coupon.userId !== input.accountId))
    throw new AppError(400, COUPON_INVALID);
  if (coupon.validUntil && coupon.validUntil.getTime() <= Date.now()) throw new AppError(400, COUPON_EXPIRED);
  if (coupon.product !== 'all' && coupon.product !== input.planType) throw new AppError(400, COUPON_WRONG_PLAN);
  if (coupon.paymentProcessor !== 'all' && coupon.paymentProcessor !== input.processor)
    throw new AppError(400, COUPON_WRONG_PROCESSOR);
  if (coupon.usagesLeft <= 0) throw new AppError(400, COUPON_USED_UP);
  // Priced as the order will be: the order's own write re-checks this under its CHECK constraint.
  if (
    coupon.perCustomerLimit !== null &&
    (await couponsRepository.usesBy(db, coupon.id, input.accountId)) >= coupon.perCustomerLimit
  )
    throw new AppError(400, COUPON_LIMIT_REACHED);
  return { couponId: coupon.id, code: coupon.code, discountPercent: coupon.discountBasisPoints / 100 };
}

/** One use as steps of an order's single statement, bound by `useValues`: refused (and the order with it) when none is left for the coupon or for this account. */
const useSteps = (db: DbOrTx) =>
  couponsRepository.useSteps(db, {
    usedUp: () => new AppError(400, COUPON_USED_UP),
    limitReached: () => new AppError(400, COUPON_LIMIT_REACHED),
  });
const useValues = (couponId: string, accountId: string) => valuesFor('coupon_use', { id: couponId, accountId });
const takeOneUse = preparedWrite('coupon_use', (db) => ({ steps: useSteps(db) }));

export function createCouponsService({ db }: { db: Db }) {
  return {
    async list(query: {
      page: number;
      size: number;
      search?: string | undefined;
      couponType?: Coupon['couponType'] | undefined;
    }) {
      const { rows, total } = await couponsRepository.page(db, query);
      return { items: rows.map(toCoupon), total, page: query.page, size: query.size };
    },

    async get(id: string) {
      const row = await couponsRepository.find(db, id);
      if (!row) throw notFound('No such coupon');
      return toCoupon(row);
    },

    create: (actorId: string, input: CouponInput) =>
      saving(() =>
        db.transaction(async (tx) => {
          const row = await couponsRepository.insert(tx, toValues(input));
          await audit(tx, {
            actorId,
            action: 'coupon.create',
            targetType: 'coupon',
            targetId: row.id,
            after: toCoupon(row),
          });
          return toCoupon(row);
        }),
      ),

    update: (actorId: string, id: string, input: CouponInput) =>
      saving(() =>
        db.transaction(async (tx) => {
          const before = await couponsRepository.find(tx, id);
          if (!before) throw notFound('No such coupon');
          const after = (await couponsRepository.update(tx, id, toValues(input)))!;
          await audit(tx, {
            actorId,
            action: 'coupon.update',
            targetType: 'coupon',
            targetId: id,
            before: toCoupon(before),
            after: toCoupon(after),
          });
          return toCoupon(after);
        }),
      ),

    async remove(actorId: string, id: string) {
      await db.transaction(async (tx) => {
        const removed = await couponsRepository.remove(tx, id);
        if (!removed) throw notFound('No such coupon');
        await audit(tx, {
          actorId,
          action: 'coupon.delete',
          targetType: 'coupon',
          targetId: id,
          before: toCoupon(removed),
        });
      });
      return null;
    },

    async usableBy(accountId: string) {
      const rows = await couponsRepository.usableBy(db, accountId);
      // Customers see what a coupon does, not who else it belongs to or how often it was used.
      return { coupons: rows.map(toCoupon).map(({ userId: _userId, timesUsed: _timesUsed, ...coupon }) => coupon) };
    },

    /** Checks a code and takes one use inside the caller's transaction, so a failed renewal gives it back. */
    async redeem(
      tx: DbOrTx,
      input: { code: string; accountId: string; planType: PlanType; processor: 'balance' | 'stripe' | 'crypto' },
    ) {
      const coupon = await check(tx, input);
      await takeOneUse(tx, useValues(coupon.couponId, input.accountId));
      return coupon;
    },

    check,
    useSteps,
    useValues,

    /** A card or crypto checkout that failed or expired gives its use back, in the settling transaction. */
    giveBack: (tx: DbOrTx, couponId: string, accountId: string) =>
      couponsRepository.giveBackOneUse(tx, couponId, accountId),
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
