import type { COUPON_PROCESSORS, COUPON_PRODUCTS, COUPON_TYPES } from '@tollgate/contract/plans/coupons';
import { PLAN_TYPE_LABELS } from './price-tiers.ts';

export const COUPON_PRODUCT_LABELS: Record<(typeof COUPON_PRODUCTS)[number], string> = {
  all: 'All plans',
  ...PLAN_TYPE_LABELS,
};

export const COUPON_PROCESSOR_LABELS: Record<(typeof COUPON_PROCESSORS)[number], string> = {
  all: 'Any method',
  balance: 'Balance',
  stripe: 'Card',
  crypto: 'Crypto',
};

export const COUPON_TYPE_LABELS: Record<(typeof COUPON_TYPES)[number], string> = {
  general: 'General',
  personal_code: 'Personal code',
};

/** `10%`, `12.5%`. */
export const formatPercent = (value: number) => `${Number(value.toFixed(2))}%`;
