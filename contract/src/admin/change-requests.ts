import { z } from 'zod';
import { ADMINS_AND_MANAGERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/**
 * How far staff may go in one call (settings key `StaffLimits`, JSON). Amounts above the `max*`
 * bounds are refused for everyone; a Manager's balance change or Support's GB or days above the
 * `*WithoutApproval` bounds wait for a second staff member to approve them (ADR 011).
 */
export const STAFF_LIMITS_KEY = 'StaffLimits';
export const staffLimitsSchema = z.object({
  /** Dollars a Manager may add or subtract without a second approval; Administrators have no such bound. */
  balanceWithoutApproval: z.number().min(0).max(1_000_000),
  /** Dollars anyone may move in one call. */
  maxBalanceChange: z.number().min(0.01).max(1_000_000),
  /** GB Support may add to a plan in one call without approval. */
  supportGbWithoutApproval: z.number().int().min(0).max(1_000_000),
  /** Days Support may add to a plan in one call without approval. */
  supportDaysWithoutApproval: z.number().int().min(0).max(3650),
  /** GB anyone may add (or give with a plan) in one call. */
  maxGbPerChange: z.number().int().min(1).max(1_000_000),
  /** Days anyone may add or subtract in one call. */
  maxDaysPerChange: z.number().int().min(1).max(3650),
});
export type StaffLimits = z.infer<typeof staffLimitsSchema>;

export const DEFAULT_STAFF_LIMITS: StaffLimits = {
  balanceWithoutApproval: 500,
  maxBalanceChange: 50_000,
  supportGbWithoutApproval: 50,
  supportDaysWithoutApproval: 31,
  maxGbPerChange: 10_000,
  maxDaysPerChange: 366,
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

const id = z.object({ id: z.uuid('Unknown change request') });
const decisionReason = z.string().trim().min(3, 'Say why').max(500);

export const adminChangeRequests = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/change-requests',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: change requests',
  summary: 'Staff changes above the limits that wait for a second approval, oldest first',
  message: 'Change requests',
  query: z.object({ status: z.enum(CHANGE_REQUEST_STATUSES).default('pending') }),
  payload: z.array(changeRequestSchema),
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
