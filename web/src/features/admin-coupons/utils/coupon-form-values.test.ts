import { describe, expect, it } from 'vitest';
import { couponInputSchema } from '@tollgate/contract/plans/coupons';
import { toLocalInput } from '#lib/local-datetime.ts';
import { EMPTY_COUPON, fromLocalInput, toCouponInput } from './coupon-form-values.ts';

describe('coupon form values', () => {
  it('turns a datetime-local value into an ISO instant and back', () => {
    const iso = fromLocalInput('2026-12-31T23:59');
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    expect(toLocalInput(iso!)).toBe('2026-12-31T23:59');
    expect(fromLocalInput('')).toBeNull();
  });

  it('makes a valid general coupon and drops the account of a non-personal code', () => {
    const input = toCouponInput({ ...EMPTY_COUPON, code: 'SPRING10', userId: 'left-over' });
    expect(couponInputSchema.parse(input)).toMatchObject({ code: 'SPRING10', discount: 10, userId: null });
  });

  it('requires an account for a personal code', () => {
    const result = couponInputSchema.safeParse(
      toCouponInput({ ...EMPTY_COUPON, code: 'ME10', couponType: 'personal_code' }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['userId']);
  });
});
