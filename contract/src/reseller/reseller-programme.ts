import { z } from 'zod';
import { ADMINS, CUSTOMERS } from '../access/roles';
import { staffReasonSchema } from '../admin/accounts';
import { resellerTermsSchema } from '../admin/resellers';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema, pagedQuery } from '../http/envelope';
import { hasControlCharacter } from '../http/text';
import { PLAN_TYPES } from '../plans/plans';

/**
 * The reseller programme for web customers (issue 17, spec §2 /dashboard/reseller-dashboard, §7
 * `POST /public/reseller`, `GET /public/reseller-dashboard`; ADR 042). A customer applies, staff
 * approve with reseller terms, and the customer's own account becomes a programme member: it keeps
 * signing in to the web app (reseller=0), pays from its one balance, and reaches the reseller API
 * with an API key plus its bearer token, or from the web app with its session alone.
 */

export const RESELLER_APPLICATION_SENT = 'Reseller application sent';
export const APPLICATION_PENDING = 'Your application is already being reviewed';
export const ALREADY_A_RESELLER = 'You are already in the reseller programme';
export const NOT_A_PROGRAMME_MEMBER = 'Join the reseller programme first';

export const MONTHLY_VOLUMES = ['under-100', '100-1000', '1000-10000', 'over-10000'] as const;
export const SALES_CHANNELS = ['website', 'panel', 'bot', 'agency', 'other'] as const;
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

const line = (field: string, max: number) =>
  z
    .string({ error: `${field}: text` })
    .trim()
    .max(max, `${field}: at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v), `${field}: contains a control character`);

/** What the application form asks (spec §7 "resellerRequestFormResponses"). */
export const resellerRequestFormSchema = z.object({
  company: line('company', 120).pipe(z.string().min(2, 'company: at least 2 characters')),
  website: line('website', 300)
    .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'website: a http(s) address' })]))
    .optional(),
  products: z
    .array(z.enum(PLAN_TYPES, { error: 'products: choose from the products on sale' }), {
      error: 'products: choose at least one product',
    })
    .min(1, 'products: choose at least one product')
    .max(PLAN_TYPES.length, 'products: each product once'),
  monthlyVolume: z.enum(MONTHLY_VOLUMES, { error: 'monthlyVolume: choose a monthly volume' }),
  channel: z.enum(SALES_CHANNELS, { error: 'channel: choose how you sell' }),
  message: line('message', 2000).pipe(
    z.string().min(20, 'message: tell us about your customers (20 characters or more)'),
  ),
});
export type ResellerRequestForm = z.infer<typeof resellerRequestFormSchema>;

export const resellerApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  answers: resellerRequestFormSchema,
  createdAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why staff said no, shown to the applicant; null otherwise. */
  reason: z.string().nullable(),
});
export type ResellerApplication = z.infer<typeof resellerApplicationSchema>;

export const applyForReseller = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/reseller',
  roles: CUSTOMERS,
  tag: 'Reseller programme',
  summary:
    'Apply to the reseller programme; staff review it in the accounts screens. One open application at a time; after a refusal you may apply again',
  message: RESELLER_APPLICATION_SENT,
  body: z.object({ resellerRequestFormResponses: resellerRequestFormSchema }),
  payload: resellerApplicationSchema,
  rateLimit: { perMinute: 10 },
});

export const apiKeyStatusSchema = z.object({
  prefix: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});

export const resellerDashboardSchema = z.object({
  /** Dollars: the account's one balance, which reseller orders are paid from. */
  balance: z.number(),
  prices: resellerTermsSchema.omit({ gbvalue: true, ipv6white: true, datawhite: true }),
  gbvalue: z.number().int(),
  /** Dollars paid for reseller orders (own and sub-users' plans) in the last 30 days and in all. */
  spend30d: z.number(),
  spendTotal: z.number(),
  subUsers: z.number().int(),
  /** Running plans held by the account's sub-users. */
  activePlans: z.number().int(),
  /** GB delivered on sub-users' plans, one row per day for the last 30 days (oldest first, zeros kept). */
  gbPerDay: z.array(z.object({ day: z.iso.date(), gb: z.number() })),
  /** The live reseller API key, or null before one is created. */
  apiKey: apiKeyStatusSchema.nullable(),
});
export type ResellerDashboard = z.infer<typeof resellerDashboardSchema>;

export const resellerDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/reseller-dashboard',
  roles: CUSTOMERS,
  tag: 'Reseller programme',
  summary:
    'The reseller programme as the signed-in customer stands in it: not applied, the open or refused application, or (a member) spend, sub-users, active plans, GB delivered per day and the API key status',
  message: 'Reseller dashboard',
  payload: z.object({
    status: z.enum(['none', ...APPLICATION_STATUSES]),
    /** The newest application, if any. */
    application: resellerApplicationSchema.nullable(),
    /** Present for members only. */
    dashboard: resellerDashboardSchema.nullable(),
  }),
});

export const createResellerKey = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/reseller-dashboard/apikey',
  roles: CUSTOMERS,
  tag: 'Reseller programme',
  summary:
    'Create the reseller API key, or replace it (the old one stops at once). The key is in this answer only; members only; audited',
  message: 'API key created',
  payload: z.object({ apiKey: z.string(), status: apiKeyStatusSchema }),
  rateLimit: { perMinute: 10 },
});

/* Staff: applications reach the accounts screens (Administrator, as the reseller screens). */

export const staffResellerApplicationSchema = resellerApplicationSchema.extend({
  accountId: z.string(),
  username: z.string(),
  email: z.string(),
  /** Dollars the applicant has paid in all: a hint of their volume. */
  spent: z.number(),
  decidedBy: z.string().nullable(),
});
export type StaffResellerApplication = z.infer<typeof staffResellerApplicationSchema>;

const applicationParams = z.object({ id: z.uuid('id: an application id') });

export const adminResellerApplications = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/reseller-applications',
  roles: ADMINS,
  tag: 'Admin: resellers',
  summary: 'Reseller programme applications, open ones first, then newest; filter by status, search username or email',
  message: 'Reseller applications',
  query: pagedQuery({ max: 100, default: 20 }).extend({
    status: z.enum(APPLICATION_STATUSES, { error: 'status: pending, approved or rejected' }).optional(),
  }),
  payload: listPayloadSchema(staffResellerApplicationSchema),
});

export const adminApproveResellerApplication = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/reseller-applications/{id}/approve',
  roles: ADMINS,
  tag: 'Admin: resellers',
  summary:
    'Approve an open application with the reseller’s prices: the applicant’s account joins the programme and may create its API key; they are emailed; audited',
  message: 'Application approved',
  params: applicationParams,
  body: resellerTermsSchema,
  payload: staffResellerApplicationSchema,
});

export const adminRejectResellerApplication = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/reseller-applications/{id}/reject',
  roles: ADMINS,
  tag: 'Admin: resellers',
  summary: 'Refuse an open application, saying why (the applicant sees it and may apply again); emailed; audited',
  message: 'Application refused',
  params: applicationParams,
  body: z.object({ reason: staffReasonSchema }),
  payload: staffResellerApplicationSchema,
});
