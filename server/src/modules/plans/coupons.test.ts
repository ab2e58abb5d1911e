import { COUPON_WRONG_PLAN } from '@tollgate/contract/plans/coupons';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#platform/db/schema.ts';
import { AppError } from '#platform/http/errors.ts';
import { createStaffedServer, type TestAccount, type TestServer } from '#test/harness.ts';
import { coupons } from './coupons.schema';
import { createCouponsService } from './coupons.service';

let server: TestServer;
let staff: string;
let customer: TestAccount;
beforeAll(async () => {
  ({ server, staff } = await createStaffedServer());
  customer = await server.buildAccount();
});
afterAll(() => server.close());

const base = {
  code: 'SPRING10',
  usages: 100,
  discount: 10,
  paymentProcessor: 'all',
  product: 'all',
  couponType: 'general',
  userId: null,
  validityPeriod: null,
  isPromotion: true,
};
const create = (body: unknown) => server.request('POST', '/api/v1/admin/coupons', { token: staff, body });

describe('coupons for staff', () => {
  it('creates, lists with search and type filter, edits with POST and deletes, all audited', async () => {
    const created = await create({ ...base, code: 'Welcome-12', discount: 12.5 });
    expect(created.body).toMatchObject({
      message: 'Coupon created',
      payload: { code: 'Welcome-12', discount: 12.5, usages: 100, timesUsed: 0 },
    });
    const id = created.body.payload.id;
    await create({ ...base, code: 'VIP-ANNA', couponType: 'personal_code', userId: customer.id, isPromotion: false });

    const search = await server.request('GET', '/api/v1/admin/coupons?search=welcome', { token: staff });
    expect(search.body.payload.items.map((c: { code: string }) => c.code)).toEqual(['Welcome-12']);
    const personal = await server.request('GET', '/api/v1/admin/coupons?couponType=personal_code', { token: staff });
    expect(personal.body.payload.items.map((c: { code: string }) => c.code)).toEqual(['VIP-ANNA']);

    const edited = await server.request('POST', `/api/v1/admin/coupons/${id}`, {
      token: staff,
      body: { ...base, code: 'Welcome-12', usages: 5, discount: 15 },
    });
    expect(edited.body).toMatchObject({ message: 'Updated Successfully', payload: { usages: 5, discount: 15 } });
    expect((await server.request('DELETE', `/api/v1/admin/coupons/${id}`, { token: staff })).body.message).toBe(
      'Coupon deleted',
    );
    expect((await server.request('GET', `/api/v1/admin/coupons/${id}`, { token: staff })).status).toBe(404);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => a.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.delete']);
  });

  it('refuses duplicate codes whatever their case, bad discounts and personal codes without an account', async () => {
    await create({ ...base, code: 'ONLYONCE' });
    expect((await create({ ...base, code: 'onlyonce' })).body.message).toBe('A coupon with this code already exists');
    const discount = await create({ ...base, code: 'TOO-MUCH', discount: 150 });
    expect(discount.body.payload.fields).toEqual([{ path: 'body.discount', message: 'Discount cannot exceed 100%' }]);
    const personal = await create({ ...base, code: 'NOBODY', couponType: 'personal_code' });
    expect(personal.body.payload.fields[0]).toEqual({
      path: 'body.userId',
      message: 'A personal code names exactly one account; other coupons name none',
    });
    const ghost = await create({
      ...base,
      code: 'GHOST',
      couponType: 'personal_code',
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghost.body.message).toBe('The account for this personal code does not exist');
  });
});

describe('coupons for customers', () => {
  it('lists promotions on offer and only their own personal codes', async () => {
    const other = await server.buildAccount();
    await create({ ...base, code: 'MINE-ONLY', couponType: 'personal_code', userId: customer.id, isPromotion: false });
    await create({ ...base, code: 'NOT-MINE', couponType: 'personal_code', userId: other.id, isPromotion: false });
    await create({ ...base, code: 'EXPIRED', validityPeriod: '2020-01-01T00:00:00Z' });
    await create({ ...base, code: 'EMPTY', usages: 0 });
    const res = await server.request('GET', '/api/v1/public/coupons', { token: await server.tokenFor(customer) });
    const codes = res.body.payload.coupons.map((c: { code: string }) => c.code);
    expect(codes).toContain('MINE-ONLY');
    expect(codes).not.toContain('NOT-MINE');
    expect(codes).not.toContain('EXPIRED');
    expect(codes).not.toContain('EMPTY');
    expect(res.body.payload.coupons[0]).not.toHaveProperty('userId');
  });
});

describe('redeeming a coupon at checkout', () => {
  const service = () => createCouponsService({ db: server.database.db });
  const redeem = (
    code: string,
    overrides: Partial<{ accountId: string; planType: 'residential' | 'isp'; processor: 'balance' | 'stripe' }> = {},
  ) =>
    server.database.db.transaction((tx) =>
      service().redeem(tx, {
        code,
        accountId: customer.id,
        planType: 'residential',
        processor: 'balance',
        ...overrides,
      }),
    );
  const messageOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (e: AppError) => e.message,
    );

  it('applies only to its plans, its payment method, its owner and its dates, with the spec message', async () => {
    await create({ ...base, code: 'ISP-ONLY', product: 'isp' });
    await create({ ...base, code: 'CARD-ONLY', paymentProcessor: 'stripe' });
    await create({ ...base, code: 'OLD', validityPeriod: '2021-06-01T00:00:00Z' });
    await create({ ...base, code: 'ANNA-ONLY', couponType: 'personal_code', userId: customer.id, isPromotion: false });
    const stranger = await server.buildAccount();
    expect(await messageOf(redeem('ISP-ONLY'))).toBe(COUPON_WRONG_PLAN);
    expect(COUPON_WRONG_PLAN).toBe(
      'The coupon you entered is only valid for certain plans. Please check the eligible plans or use a different coupon.',
    );
    expect(await messageOf(redeem('ISP-ONLY', { planType: 'isp' }))).toBe('ok');
    expect(await messageOf(redeem('CARD-ONLY'))).toBe('This coupon cannot be used with this payment method');
    expect(await messageOf(redeem('OLD'))).toBe('This coupon has expired');
    expect(await messageOf(redeem('ANNA-ONLY', { accountId: stranger.id }))).toBe('This coupon code is not valid');
    expect(await messageOf(redeem('no-such-code'))).toBe('This coupon code is not valid');
    expect(await redeem('anna-only')).toEqual({ couponId: expect.any(String), code: 'ANNA-ONLY', discountPercent: 10 });
  });

  it('gives the use back when the purchase around it fails', async () => {
    const { body } = await create({ ...base, code: 'ROLLBACK', usages: 1 });
    await server.database.db
      .transaction(async (tx) => {
        await service().redeem(tx, {
          code: 'ROLLBACK',
          accountId: customer.id,
          planType: 'residential',
          processor: 'balance',
        });
        throw new Error('payment failed');
      })
      .catch(() => {});
    const [row] = await server.database.db.select().from(coupons).where(eq(coupons.id, body.payload.id));
    expect(row).toMatchObject({ usagesLeft: 1, timesUsed: 0 });
  });

  it('never grants more uses than it has: 50 parallel redemptions of a coupon with 5 usages', async () => {
    const { body } = await create({ ...base, code: 'RUSH5', usages: 5, perCustomerLimit: null });
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => messageOf(redeem('RUSH5'))));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'This coupon has been used up')).toHaveLength(45);
    const [row] = await server.database.db.select().from(coupons).where(eq(coupons.id, body.payload.id));
    expect(row).toMatchObject({ usagesLeft: 0, timesUsed: 5 });
  });
});
