import { z } from 'zod';
import { ADMINS, CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema } from '../http/envelope';
import { hasAtMostTwoDecimals } from '../http/money';
import { hasControlCharacter } from '../http/text';

/**
 * Gift codes (spec §2 /admin/giftmanage, §6 Administrator only; ADR 037): a code worth a balance
 * amount or a plan, usable `quantity` times in all and `perAccountLimit` times by one account,
 * until it expires or is disabled. Customers redeem on /topup; every use is a row staff can see.
 */
export const GIFT_KINDS = ['balance', 'plan'] as const;
export type GiftKind = (typeof GIFT_KINDS)[number];
export const GIFT_STATUSES = ['active', 'used_up', 'expired', 'disabled'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];
export const GIFT_STATUS_LABELS: Record<GiftStatus, string> = {
  active: 'Active',
  used_up: 'Used up',
  expired: 'Expired',
  disabled: 'Disabled',
};
export const GIFT_PAGE_SIZE = 20;
export const GIFT_QUANTITY_MAX = 100_000;
export const GIFT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{3,39}$/;

export const GIFT_UNKNOWN = 'This gift code does not exist';
export const GIFT_EXPIRED = 'This gift code has expired';
export const GIFT_DISABLED = 'This gift code is no longer valid';
export const GIFT_USED_UP = 'This gift code has already been redeemed';
export const GIFT_ACCOUNT_LIMIT = 'You have already redeemed this gift code';
export const GIFT_CODE_TAKEN = 'A gift code with this code already exists';

/** Codes are kept upper case; customers may type them any way, with spaces around. */
export const giftCodeInputSchema = z
  .string({ error: 'Enter a gift code' })
  .trim()
  .min(1, 'Enter a gift code')
  .max(40, 'A gift code is at most 40 characters')
  .transform((s) => s.toUpperCase())
  .refine((s) => GIFT_CODE_PATTERN.test(s), 'A gift code is 4 to 40 letters, digits and dashes');

const at = z.iso.datetime({ offset: true });

export const createGiftBodySchema = z
  .object({
    /** Left empty, the server makes one up (`GIFT-XXXX-XXXX`). */
    code: z.union([z.literal(''), giftCodeInputSchema]).optional(),
    kind: z.enum(GIFT_KINDS, { error: 'Choose a balance amount or a plan' }),
    /** Balance gifts: dollars credited. */
    amount: z
      .number({ error: 'Enter an amount in dollars' })
      .finite()
      .gt(0, 'The amount is more than $0')
      .max(10_000, 'A gift is at most $10,000')
      .refine(hasAtMostTwoDecimals, 'Use at most two decimals')
      .optional(),
    /** Plan gifts: the plan given, as staff give one; `units` GB or threads (the plan's own when left out). */
    planId: z.uuid('Choose a plan').optional(),
    units: z.number().int('Enter a whole number').min(1, 'At least 1').max(10_000, 'At most 10,000').optional(),
    region: z.string().trim().min(1).max(60).optional(),
    quantity: z
      .number({ error: 'Enter how many times the code may be used' })
      .int('Enter a whole number')
      .min(1, 'At least 1')
      .max(GIFT_QUANTITY_MAX, `At most ${GIFT_QUANTITY_MAX.toLocaleString('en-US')}`),
    perAccountLimit: z.number().int('Enter a whole number').min(1, 'At least 1').max(1_000, 'At most 1,000').default(1),
    expiresAt: at.nullable().default(null),
    /** For staff only: why the code exists (a campaign, an apology). */
    note: z
      .string()
      .trim()
      .max(200, 'A note is at most 200 characters')
      .refine((s) => !hasControlCharacter(s), 'The note contains a control character')
      .default(''),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'balance' && body.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount in dollars' });
    if (body.kind === 'plan' && body.planId === undefined)
      ctx.addIssue({ code: 'custom', path: ['planId'], message: 'Choose a plan' });
    if (body.perAccountLimit > body.quantity)
      ctx.addIssue({
        code: 'custom',
        path: ['perAccountLimit'],
        message: 'The per-account limit cannot exceed the quantity',
      });
    if (body.expiresAt && Date.parse(body.expiresAt) <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'The expiry is in the past' });
  });
export type CreateGiftBody = z.input<typeof createGiftBodySchema>;

export const giftSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(GIFT_KINDS),
  amount: z.number().nullable(),
  plan: z.object({ id: z.string(), title: z.string(), type: z.string() }).nullable(),
  units: z.number().int().nullable(),
  region: z.string().nullable(),
  quantity: z.number().int(),
  redeemed: z.number().int(),
  perAccountLimit: z.number().int(),
  expiresAt: at.nullable(),
  disabledAt: at.nullable(),
  status: z.enum(GIFT_STATUSES),
  note: z.string(),
  createdBy: z.object({ id: z.string(), username: z.string() }).nullable(),
  createdAt: at,
});
export type Gift = z.infer<typeof giftSchema>;

const giftIdParams = z.object({ id: z.uuid('Unknown gift code') });
const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(GIFT_PAGE_SIZE),
};

export const adminGifts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/gifts',
  roles: ADMINS,
  tag: 'Admin: gifts',
  summary: 'Gift codes, newest first (page, size 20), searched by code or note, filtered by status',
  message: 'Gift codes',
  query: z.object({
    ...pageQuery,
    search: z.string().trim().max(200).optional(),
    status: z.enum(GIFT_STATUSES).optional(),
  }),
  payload: listPayloadSchema(giftSchema),
});

export const createGift = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/gifts',
  roles: ADMINS,
  tag: 'Admin: gifts',
  summary: 'Create a gift code worth a balance amount or a plan, with quantity, per-account limit and expiry; audited',
  message: 'Gift code created',
  body: createGiftBodySchema,
  payload: giftSchema,
});

export const disableGift = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/gifts/{id}/disable',
  roles: ADMINS,
  tag: 'Admin: gifts',
  summary: 'Stop a gift code at once; what was redeemed stays; audited',
  message: 'Gift code disabled',
  params: giftIdParams,
  payload: giftSchema,
});

export const giftRedemptionSchema = z.object({
  id: z.string(),
  account: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  kind: z.enum(GIFT_KINDS),
  /** Dollars credited (balance gifts). */
  amount: z.number().nullable(),
  /** The plan given (plan gifts). */
  subscriptionId: z.string().nullable(),
  createdAt: at,
});
export type GiftRedemption = z.infer<typeof giftRedemptionSchema>;

export const giftRedemptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/gifts/{id}/redemptions',
  roles: ADMINS,
  tag: 'Admin: gifts',
  summary: 'Who redeemed a gift code and what each got, newest first (page, size 20)',
  message: 'Gift redemptions',
  params: giftIdParams,
  query: z.object(pageQuery),
  payload: listPayloadSchema(giftRedemptionSchema),
});

export const redeemGift = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/gifts/redeem',
  roles: CUSTOMERS,
  tag: 'Gifts',
  summary: 'Redeem a gift code: a balance gift is credited through the ledger, a plan gift starts the plan',
  message: 'Gift code redeemed',
  body: z.object({ code: giftCodeInputSchema }),
  payload: z.object({
    kind: z.enum(GIFT_KINDS),
    amount: z.number().nullable(),
    subscriptionId: z.string().nullable(),
    planTitle: z.string().nullable(),
    balance: z.number(),
  }),
  rateLimit: { perMinute: 60 },
});
