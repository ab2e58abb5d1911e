import { z } from 'zod';
import { ADMINS_AND_MANAGERS, CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema, listQuerySchema } from '../http/envelope';
import { hasAtMostTwoDecimals } from '../http/money';
import { PLAN_TYPES } from './plans';

export const COUPON_TYPES = ['general', 'personal_code'] as const;
export const COUPON_PRODUCTS = ['all', ...PLAN_TYPES] as const;
export const COUPON_PROCESSORS = ['all', 'balance', 'stripe', 'crypto'] as const;

export const COUPON_LIMIT_REACHED = 'You have already used this coupon as often as it allows';

/** Spec §8, byte for byte. */
export const COUPON_WRONG_PLAN =
  'The coupon you entered is only valid for certain plans. Please check the eligible plans or use a different coupon.';

export const couponInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(3, 'Codes have at least 3 characters')
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, dash and underscore'),
    /** Redemptions left. */
    usages: z.number().int('Usages must be a whole number').min(0, 'Usages cannot be negative').max(1_000_000),
    /** Percent off, up to two decimals. */
    discount: z
      .number({ error: 'Discount is a percentage' })
      .gt(0, 'Discount must be more than 0%')
      .refine((v) => Math.round(v * 100) > 0, 'Discount must be more than 0%')
      .max(100, 'Discount cannot exceed 100%')
      .refine(hasAtMostTwoDecimals, 'Use at most two decimals'),
    paymentProcessor: z.enum(COUPON_PROCESSORS).default('all'),
    product: z.enum(COUPON_PRODUCTS).default('all'),
    couponType: z.enum(COUPON_TYPES).default('general'),
    /** Only for personal_code: the one account that may use it. */
    userId: z.uuid('Choose the account for this personal code').nullable().default(null),
    /** Last moment the coupon works; null for no end. */
    validityPeriod: z.iso
      .datetime({ offset: true, message: 'Give the end as a date and time' })
      .nullable()
      .default(null),
    isPromotion: z.boolean().default(false),
    /** Uses one account may take; null for no per-account limit. Omitted: 1 (ADR 012). */
    perCustomerLimit: z
      .number({ error: 'Uses per customer is a whole number' })
      .int('Uses per customer is a whole number')
      .min(1, 'Allow each customer at least one use')
      .max(1_000_000)
      .nullable()
      .default(1),
  })
  .refine((c) => (c.couponType === 'personal_code') === (c.userId !== null), {
    path: ['userId'],
    message: 'A personal code names exactly one account; other coupons name none',
  });
export type CouponInput = z.infer<typeof couponInputSchema>;

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  usages: z.number().int(),
  timesUsed: z.number().int(),
  discount: z.number(),
  paymentProcessor: z.enum(COUPON_PROCESSORS),
  product: z.enum(COUPON_PRODUCTS),
  couponType: z.enum(COUPON_TYPES),
  userId: z.string().nullable(),
  validityPeriod: z.string().nullable(),
  isPromotion: z.boolean(),
  perCustomerLimit: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Coupon = z.infer<typeof couponSchema>;

const couponId = z.object({ couponId: z.uuid('Unknown coupon') });

export const adminCoupons = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/coupons',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: coupons',
  summary: 'Coupons, newest first; search by code; filter by couponType',
  message: 'Coupons list',
  query: listQuerySchema.extend({ couponType: z.enum(COUPON_TYPES).optional() }),
  payload: listPayloadSchema(couponSchema),
});

export const createCoupon = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/coupons',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: coupons',
  summary: 'Create a coupon; codes are unique whatever their case',
  message: 'Coupon created',
  body: couponInputSchema,
  payload: couponSchema,
});

export const adminCoupon = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/coupons/{couponId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: coupons',
  summary: 'One coupon',
  message: 'Coupon details',
  params: couponId,
  payload: couponSchema,
});

export const updateCoupon = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/coupons/{couponId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: coupons',
  summary: 'Edit a coupon (the spec edits with POST); audited',
  message: 'Updated Successfully',
  params: couponId,
  body: couponInputSchema,
  payload: couponSchema,
});

export const deleteCoupon = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/coupons/{couponId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: coupons',
  summary: 'Delete a coupon; it stops working at once',
  message: 'Coupon deleted',
  params: couponId,
  payload: z.null(),
});

export const myCoupons = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/coupons',
  roles: CUSTOMERS,
  tag: 'Coupons',
  summary: 'Coupons this account can use now: promotions on offer and its personal codes',
  message: 'Coupons list',
  payload: z.object({ coupons: z.array(couponSchema.omit({ userId: true, timesUsed: true })) }),
});
