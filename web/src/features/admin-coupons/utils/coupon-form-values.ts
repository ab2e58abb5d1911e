import type { Coupon, CouponInput } from '@tollgate/contract/plans/coupons';
import { toLocalInput } from '#lib/local-datetime.ts';

export type CouponFormValues = Record<keyof CouponInput, string>;

export const EMPTY_COUPON: CouponFormValues = {
  code: '',
  usages: '100',
  discount: '10',
  paymentProcessor: 'all',
  product: 'all',
  couponType: 'general',
  userId: '',
  validityPeriod: '',
  isPromotion: 'false',
  perCustomerLimit: '1',
};

/** A `datetime-local` value (browser time zone) as an ISO instant; blank means no end. */
export function fromLocalInput(value: string): string | null | undefined {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function formValuesOf(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    usages: String(coupon.usages),
    discount: String(coupon.discount),
    paymentProcessor: coupon.paymentProcessor,
    product: coupon.product,
    couponType: coupon.couponType,
    userId: coupon.userId ?? '',
    validityPeriod: toLocalInput(coupon.validityPeriod),
    isPromotion: String(coupon.isPromotion),
    perCustomerLimit: coupon.perCustomerLimit === null ? '' : String(coupon.perCustomerLimit),
  };
}

const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Text back to what couponInputSchema parses; only a personal code carries an account. */
export function toCouponInput(values: CouponFormValues): Record<string, unknown> {
  return {
    ...values,
    usages: numberOf(values.usages),
    discount: numberOf(values.discount),
    userId: values.couponType === 'personal_code' ? values.userId || null : null,
    validityPeriod: fromLocalInput(values.validityPeriod),
    isPromotion: values.isPromotion === 'true',
    // Blank means no per-customer limit.
    perCustomerLimit: values.perCustomerLimit.trim() === '' ? null : Number(values.perCustomerLimit),
  };
}
