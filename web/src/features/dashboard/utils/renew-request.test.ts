import { describe, expect, it } from 'vitest';
import { initialRenewValues, inputsOf, renewBodyOf, renewOptionsOf } from './renew-request.ts';

const gbPlan = {
  type: 'residential' as const,
  status: 'active' as const,
  bandwidth: 10,
  threads: 0,
  minRenewDays: 1,
  maxRenewDays: 90,
};
const threadPlan = { ...gbPlan, type: 'isp' as const, bandwidth: 0, threads: 5, minRenewDays: 7 };

describe('renewal choices', () => {
  it('offers GB, days or both for GB plans, and never GB alone once expired', () => {
    expect(renewOptionsOf(gbPlan).map((o) => o.value)).toEqual(['bandwidth', 'extend', 'renew']);
    expect(renewOptionsOf({ ...gbPlan, status: 'expired' }).map((o) => o.value)).toEqual(['extend', 'renew']);
  });

  it('offers days with the same or a new thread count for thread plans', () => {
    expect(renewOptionsOf(threadPlan).map((o) => o.value)).toEqual(['extend', 'renew']);
    expect(inputsOf(threadPlan, 'renew')).toEqual({ bandwidth: false, threads: true, days: true });
    expect(inputsOf(threadPlan, 'extend')).toEqual({ bandwidth: false, threads: false, days: true });
  });

  it('starts within the plan day bounds and with the current thread count', () => {
    expect(initialRenewValues({ ...threadPlan, maxRenewDays: 14 }, ['crypto'])).toMatchObject({
      updatingType: 'extend',
      threads: '5',
      days: '14',
      paymentMethod: 'crypto',
    });
  });
});

describe('renewBodyOf', () => {
  const values = {
    updatingType: 'bandwidth',
    bandwidth: '3',
    threads: '',
    days: '30',
    coupon: ' ',
    paymentMethod: 'balance',
  };

  it('sends only what the updating type needs', () => {
    expect(renewBodyOf(gbPlan, values)).toEqual({
      ok: true,
      body: { updatingType: 'bandwidth', bandwidth: 3, paymentMethod: 'balance' },
    });
    expect(renewBodyOf(gbPlan, { ...values, updatingType: 'renew', coupon: 'WELCOME10' })).toEqual({
      ok: true,
      body: { updatingType: 'renew', bandwidth: 3, days: 30, coupon: 'WELCOME10', paymentMethod: 'balance' },
    });
    expect(renewBodyOf(threadPlan, { ...values, updatingType: 'renew', threads: '8', days: '7' })).toEqual({
      ok: true,
      body: { updatingType: 'renew', threads: 8, days: 7, paymentMethod: 'balance' },
    });
  });

  it('keeps days within the plan bounds, in the server words', () => {
    const result = renewBodyOf(gbPlan, { ...values, updatingType: 'extend', days: '91' });
    expect(result).toMatchObject({ ok: false, extra: { days: 'Choose between 1 and 90 days' } });
  });

  it('asks for whole numbers', () => {
    const result = renewBodyOf(gbPlan, { ...values, bandwidth: '1.5' });
    expect(result).toMatchObject({ ok: false, extra: { bandwidth: 'Enter whole GB to add' } });
  });
});
