import { z } from 'zod';
import type { Principal } from '../access/roles';
import { INSUFFICIENT_BALANCE } from '../checkout/purchase';
import { defineEndpoint, type Refusal } from '../endpoint';
import { READ_ONLY_KEY } from '../profile/api-keys';
import { PLAN_TYPES } from '../plans/plans';
import { SUBSCRIPTION_STATUSES } from '../subscriptions/subscriptions';

/**
 * The reseller API (issue 17, spec §2 "Reseller API documentation", §6): called by reseller=1 API
 * accounts with their `x-api-key` plus their bearer token (ADR 038 "Resellers move onto it"),
 * priced by the reseller's extras (ADR 021). Calls that charge take an `Idempotency-Key` header.
 */
export const RESELLER_API_TAG = 'Reseller API';
export const RESELLERS = ['Reseller'] as const satisfies readonly Principal[];
/** Per key: enough for a reseller's shop front, small enough to stop a runaway loop within a minute. */
export const RESELLER_API_PER_MINUTE = 300;
const keyAuth = { perMinute: RESELLER_API_PER_MINUTE };

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
export const IDEMPOTENCY_MISSING = 'Idempotency-Key: header required, 8 to 100 letters, digits, - _ . or :';
export const IDEMPOTENCY_REUSED = 'Idempotency-Key: already used for a different request';
export const BEARER_MISSING = 'Bearer token required with the API key';
export const BEARER_INVALID = 'Invalid or expired bearer token';
export const BEARER_MISMATCH = 'The bearer token and the API key belong to different accounts';
export const PRODUCT_NOT_OFFERED = 'planId: this product is not offered to your reseller account';
/** What every reseller order may be refused for besides its input: a read-only key, the price, the balance. */
export const ORDER_REFUSALS: readonly Refusal[] = [
  READ_ONLY_KEY,
  { status: 400, message: PRODUCT_NOT_OFFERED, when: 'The product has no reseller price for your account' },
  { status: 400, message: INSUFFICIENT_BALANCE, when: 'Your balance does not cover the price; nothing is charged' },
];

export const resellerPurchase = defineEndpoint({
  method: 'POST',
  path: '/api/v1/reseller/purchase',
  roles: RESELLERS,
  tag: RESELLER_API_TAG,
  summary:
    'Buy a plan at your reseller price, paid from your balance (residential GB come from your prepaid pool first). Needs an Idempotency-Key header: the same key with the same body answers the first result again and never charges twice',
  message: 'Plan purchased',
  keyAuth,
  apiKey: true,
  idempotent: 'required',
  refusals: ORDER_REFUSALS,
  body: z.object({
    planId: z.uuid('planId: the id of a plan in the catalogue'),
    /** GB for bandwidth plans, IPs (threads) for IP plans, 1 for a package. */
    quantity: z
      .number({ error: 'quantity: a whole number of GB or IPs' })
      .int('quantity: a whole number of GB or IPs')
      .min(1, 'quantity: at least 1')
      .max(100_000, 'quantity: at most 100000'),
    days: z
      .number({ error: 'days: whole days' })
      .int('days: whole days')
      .min(1, 'days: at least 1')
      .max(3650, 'days: at most 3650')
      .optional(),
    country: z
      .string({ error: 'country: a country code such as US' })
      .trim()
      .min(1, 'country: a country code such as US')
      .max(60, 'country: at most 60 characters'),
  }),
  payload: z.object({
    subscriptionId: z.string(),
    invoiceId: z.string(),
    /** Dollars charged to the balance. */
    total: z.number(),
    /** Dollars left on the balance after this order. */
    balance: z.number(),
    /** Residential GB taken from the prepaid pool by this order, and the pool left. */
    poolGbUsed: z.number().int(),
    poolGbLeft: z.number().int(),
  }),
});

export const resellerPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(PLAN_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  bandwidthGb: z.number().int(),
  threads: z.number().int(),
  /** Bytes the plan has carried so far, as the gateway metered them (bill from these). */
  usedBytes: z.number().int(),
  /** The same as GB with two decimals. */
  usedGb: z.number(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});

export const resellerGeneralInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reseller/generalinfo',
  roles: RESELLERS,
  tag: RESELLER_API_TAG,
  summary: 'Your balance, your prices and prepaid residential GB, and the plans you bought',
  message: 'General info',
  keyAuth,
  apiKey: true,
  payload: z.object({
    username: z.string(),
    balance: z.number(),
    /** Dollars per unit as ADR 021 defines them; null where the product is not offered to you. */
    prices: z.object({
      resiprice: z.number().nullable(),
      mobileprice: z.number().nullable(),
      dataprice1: z.number().nullable(),
      dataprice7: z.number().nullable(),
      dataprice30: z.number().nullable(),
      ispprice: z.number().nullable(),
      /** Percent off the catalogue for products without an own price (IPv6). */
      value: z.number(),
    }),
    gbvalue: z.number().int(),
    ipv6white: z.number().int(),
    datawhite: z.number().int(),
    plans: z.array(resellerPlanSchema),
  }),
});

const planField = z.uuid('plan: the id of one of your plans');
const changeAnswer = z.object({
  plan: z.string(),
  invoiceId: z.string(),
  total: z.number(),
  balance: z.number(),
  poolGbUsed: z.number().int(),
  poolGbLeft: z.number().int(),
});
const gigabyte = (product: 'ipv6' | 'residential' | 'mobile') =>
  defineEndpoint({
    method: 'POST',
    path: `/api/v1/reseller/gigabyte/${product}`,
    roles: RESELLERS,
    tag: RESELLER_API_TAG,
    summary: `Add GB to one of your ${product} plans at your reseller price, paid from your balance${product === 'residential' ? ' (prepaid pool first)' : ''}. Needs an Idempotency-Key header`,
    message: 'Bandwidth added',
    keyAuth,
    apiKey: true,
    idempotent: 'required',
    refusals: ORDER_REFUSALS,
    body: z.object({
      plan: planField,
      gb: z
        .number({ error: 'gb: whole GB' })
        .int('gb: whole GB')
        .min(1, 'gb: at least 1')
        .max(100_000, 'gb: at most 100000'),
    }),
    payload: changeAnswer,
  });
export const resellerGigabyteIpv6 = gigabyte('ipv6');
export const resellerGigabyteResidential = gigabyte('residential');
export const resellerGigabyteMobile = gigabyte('mobile');

const extendBody = z.object({
  plan: planField,
  days: z
    .number({ error: 'days: whole days' })
    .int('days: whole days')
    .min(1, 'days: at least 1')
    .max(3650, 'days: at most 3650'),
});
export const resellerExtendCalculate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/reseller/extend/extend-calculate',
  roles: RESELLERS,
  tag: RESELLER_API_TAG,
  summary: 'What extending one of your plans by some days costs at your reseller price; charges nothing',
  message: 'Extension price',
  keyAuth,
  apiKey: true,
  body: extendBody,
  payload: z.object({ plan: z.string(), days: z.number().int(), total: z.number() }),
});
export const resellerPlanExtend = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/reseller/extend/plan-extend',
  roles: RESELLERS,
  tag: RESELLER_API_TAG,
  summary:
    'Extend one of your plans by some days at your reseller price, paid from your balance. Needs an Idempotency-Key header',
  message: 'Plan extended',
  keyAuth,
  apiKey: true,
  idempotent: 'required',
  refusals: ORDER_REFUSALS,
  body: extendBody,
  payload: changeAnswer,
});
