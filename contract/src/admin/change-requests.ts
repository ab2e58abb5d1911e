import { z } from 'zod';
import { ADMINS_AND_MANAGERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/**
 * How far staff may go (settings key `StaffLimits`, JSON). Amounts above the `max*` bounds are
 * refused for everyone in one call; the `*WithoutApproval` bounds are running totals per staff member
 * and account over `windowHours`: once a Manager's balance changes or Support's GB or days for one
 * account pass them, the rest waits for a second staff member to approve it (ADR 011, ADR 048).
 */
export const STAFF_LIMITS_KEY = 'StaffLimits';
export const staffLimitsSchema = z.object({
  /** Dollars a Manager may move on one account within the window without a second approval; Administrators have no such bound. */
  balanceWithoutApproval: z.number().min(0).max(1_000_000),
  /** Dollars anyone may move in one call. */
  maxBalanceChange: z.number().min(0.01).max(1_000_000),
  /** GB or threads Support may give one account (added or with a trial plan) within the window without approval. */
  supportGbWithoutApproval: z.number().int().min(0).max(1_000_000),
  /** Days Support may add to one account's plans within the window without approval. */
  supportDaysWithoutApproval: z.number().int().min(0).max(3650),
  /** GB anyone may add (or give with a plan) in one call. */
  maxGbPerChange: z.number().int().min(1).max(1_000_000),
  /** Days anyone may add or subtract in one call. */
  maxDaysPerChange: z.number().int().min(1).max(3650),
  /** Hours over which the `*WithoutApproval` totals add up (a day unless the shop says otherwise). */
  windowHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 90),
});
export type StaffLimits = z.infer<typeof staffLimitsSchema>;

export const DEFAULT_STAFF_LIMITS: StaffLimits = {
  balanceWithoutApproval: 500,
  maxBalanceChange: 50_000,
  supportGbWithoutApproval: 50,
  supportDaysWithoutApproval: 31,
  maxGbPerChange: 10_000,
  maxDaysPerChange: 366,
  windowHours: 24,
};

export const CHANGE_REQUEST_KINDS = ['balance', 'bandwidth', 'days'] as const;
export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const AWAITS_APPROVAL = 'Change awaits approval by an Administrator or a second staff member';

export const changeRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(CHANGE_REQUEST_KINDS),
  /** The account whose balance or plan changes. */
  accountId: z.string(),
  subscriptionId: z.string().nullable(),
  /** Dollars for balance (signed), GB for bandwidth, days for days (negative subtracts). */
  amount: z.number(),
  reason: z.string().nullable(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

/**
 * One side of a change as a screen shows it: dollars for balance, GB for bandwidth, the plan's end
 * (ISO date-time, null = none) for days.
 */
const changeSideSchema = z.union([z.number(), z.string(), z.null()]);

/**
 * A request as the approvals list shows it: the stored request plus names and its effect. `before`
 * is the current balance, GB or end date, read when the list is read (not when the request was
 * filed), and `after` is that plus the amount; for a decided request both are null, since the state
 * it acted on is gone (the audit trail keeps it).
 */
export const changeRequestItemSchema = changeRequestSchema.extend({
  requesterUsername: z.string(),
  accountUsername: z.string(),
  deciderUsername: z.string().nullable(),
  /** The subscription's label or plan title, for GB and days; null for balance. */
  subscriptionLabel: z.string().nullable(),
  before: changeSideSchema,
  after: changeSideSchema,
});
export type ChangeRequestItem = z.infer<typeof changeRequestItemSchema>;

export const CHANGE_REQUEST_FILTERS = [...CHANGE_REQUEST_STATUSES, 'all'] as const;

const id = z.object({ id: z.uuid('Unknown change request') });
/** The note an approver writes: required to reject, optional to approve; kept in the audit trail and shown to the requester. */
export const decisionNoteSchema = z
  .string()
  .trim()
  .min(3, 'Say why (at least 3 characters)')
  .max(500, 'At most 500 characters');
const decisionReason = decisionNoteSchema;

export const adminChangeRequests = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/change-requests',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: change requests',
  summary:
    'Staff changes above the limits that wait for a second approval: pending ones first (oldest first), then decided ones newest first; at most 500',
  message: 'Change requests',
  query: z.object({
    status: z.enum(CHANGE_REQUEST_FILTERS).default('pending'),
    /** One account's requests (the account page); an unknown account has none. */
    accountId: z.uuid('Unknown account').optional(),
  }),
  payload: z.array(changeRequestItemSchema),
});

export const approveChangeRequest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/change-requests/{id}/approve',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: change requests',
  summary: 'Apply a pending change, once; never by its requester or the account it benefits; audited',
  message: 'Change approved',
  params: id,
  body: z.object({ reason: decisionReason.optional() }),
  payload: changeRequestSchema,
});

export const rejectChangeRequest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/change-requests/{id}/reject',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: change requests',
  summary: 'Refuse a pending change with a reason; nothing moves; audited',
  message: 'Change rejected',
  params: id,
  body: z.object({ reason: decisionReason }),
  payload: changeRequestSchema,
});
