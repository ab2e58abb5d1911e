import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import {
  renewBodySchema,
  type RenewBody,
  type Subscription,
  type UPDATING_TYPES,
} from '@tollgate/contract/subscriptions/subscriptions';
import type { FieldErrors } from '#lib/form-errors.ts';
import { unitOf } from './plan-state.ts';

export type UpdatingType = (typeof UPDATING_TYPES)[number];
export const RENEW_FIELDS = ['updatingType', 'bandwidth', 'threads', 'days', 'coupon', 'paymentMethod'] as const;
export type RenewField = (typeof RENEW_FIELDS)[number];
export type RenewValues = Record<RenewField, string>;

export interface RenewOption {
  value: UpdatingType;
  label: string;
  hint: string;
}

type Plan = Pick<Subscription, 'bandwidth' | 'threads' | 'type' | 'status' | 'minRenewDays' | 'maxRenewDays'>;

/**
 * What the server accepts for the plan: GB plans buy GB and days apart or together (an expired one
 * cannot take GB alone), thread plans a new period with a thread count or more days of the same.
 */
export function renewOptionsOf(plan: Plan): RenewOption[] {
  if (unitOf(plan) === 'threads')
    return [
      { value: 'extend', label: 'Extend', hint: 'More days, same threads' },
      { value: 'renew', label: 'Renew', hint: 'More days and a new thread count' },
    ];
  const options: RenewOption[] = [
    { value: 'bandwidth', label: 'Add bandwidth', hint: 'More GB, same end date' },
    { value: 'extend', label: 'Extend', hint: 'More days, same GB' },
    { value: 'renew', label: 'Renew', hint: 'More GB and more days' },
  ];
  return plan.status === 'expired' ? options.filter((option) => option.value !== 'bandwidth') : options;
}

/** Which amounts an updating type asks for. */
export function inputsOf(plan: Plan, updatingType: UpdatingType) {
  const threadsPlan = unitOf(plan) === 'threads';
  return {
    bandwidth: !threadsPlan && updatingType !== 'extend',
    threads: threadsPlan && updatingType === 'renew',
    days: threadsPlan || updatingType !== 'bandwidth',
  };
}

export const dayBoundsOf = (plan: Pick<Subscription, 'minRenewDays' | 'maxRenewDays'>) => ({
  min: plan.minRenewDays,
  max: Math.max(plan.minRenewDays, plan.maxRenewDays),
});

export function initialRenewValues(plan: Plan, methods: PaymentMethod[]): RenewValues {
  const { min, max } = dayBoundsOf(plan);
  return {
    updatingType: renewOptionsOf(plan)[0]!.value,
    bandwidth: '1',
    threads: String(Math.max(plan.threads, 1)),
    days: String(Math.min(max, Math.max(min, 30))),
    coupon: '',
    paymentMethod: methods[0] ?? '',
  };
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

type Issue = { path: readonly PropertyKey[]; message: string };
export type RenewCheck = { ok: true; body: RenewBody } | { ok: false; issues: Issue[]; extra: FieldErrors<RenewField> };

/** The request body for the chosen update, checked with the contract's schema and the plan's day bounds. */
export function renewBodyOf(plan: Plan, values: RenewValues): RenewCheck {
  const updatingType = values.updatingType as UpdatingType;
  const wanted = inputsOf(plan, updatingType);
  const extra: FieldErrors<RenewField> = {};
  const amount = (key: 'bandwidth' | 'threads' | 'days', message: string) => {
    if (!wanted[key]) return undefined;
    const value = wholeNumber(values[key]);
    if (value === undefined) extra[key] = message;
    return value;
  };
  const bandwidth = amount('bandwidth', 'Enter whole GB to add');
  const threads = amount('threads', 'Enter a whole number of threads');
  const days = amount('days', 'Enter a whole number of days');
  const { min, max } = dayBoundsOf(plan);
  if (days !== undefined && (days < min || days > max)) extra.days = `Choose between ${min} and ${max} days`;

  const parsed = renewBodySchema.safeParse({
    updatingType,
    ...(bandwidth === undefined ? {} : { bandwidth }),
    ...(threads === undefined ? {} : { threads }),
    ...(days === undefined ? {} : { days }),
    ...(values.coupon.trim() ? { coupon: values.coupon.trim() } : {}),
    paymentMethod: values.paymentMethod || undefined,
  });
  if (!parsed.success || Object.keys(extra).length > 0)
    return { ok: false, issues: parsed.success ? [] : parsed.error.issues, extra };
  return { ok: true, body: parsed.data };
}
