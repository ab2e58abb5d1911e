import { z } from 'zod';
import { ADMINS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema } from '../http/envelope';

/**
 * General site logs (spec §2 /admin/general-logs, §6: Administrator only; ADR 028): the audit log of
 * every staff change and the security events of every account (sign-ins, two-factor, passwords,
 * API key use, sessions), one list, newest first, filtered in SQL.
 */
export const LOG_KINDS = ['all', 'audit', 'security'] as const;
export type LogKind = (typeof LOG_KINDS)[number];
export const LOG_KIND_LABELS: Record<LogKind, string> = {
  all: 'Everything',
  audit: 'Staff changes',
  security: 'Security events',
};

/**
 * What each action is called on screen. Audit actions are written by the modules (`plan.update`),
 * security events by the sign-in flows (`two_factor.enabled`); sign-ins read `sign_in.<outcome>`.
 * An action missing here (a module added one) shows under its own name.
 */
export const LOG_ACTION_LABELS: Record<string, string> = {
  'account.create': 'Account created',
  'account.update': 'Account edited',
  'account.balance.adjust': 'Balance adjusted',
  'account.disable': 'Account disabled',
  'account.enable': 'Account enabled',
  'account.verify': 'Email marked verified',
  'account.reverify': 'Verification mail re-sent',
  'account.google.unlink': 'Google sign-in removed',
  'account.two-factor.disable': 'Two-factor turned off by staff',
  'account.password-link': 'Password link sent by staff',
  'account.session.revoke': 'Session ended by staff',
  'account.session.revoke-all': 'All sessions ended by staff',
  'account.avatar.update': 'Avatar replaced',
  'account.avatar.delete': 'Avatar removed',
  'account.delete': 'Account deleted by staff',
  'account.delete.self': 'Account deleted by its owner',
  'reseller.create': 'Reseller created',
  'reseller.update': 'Reseller edited',
  'reseller.apikey.rotate': 'Reseller API key rotated',
  'reseller.apikey.create': 'Reseller API key made by its owner',
  'reseller.apikey.revoke': 'Reseller API key revoked by its owner',
  'plan.create': 'Plan created',
  'plan.update': 'Plan edited',
  'plan.delete': 'Plan deleted',
  'plan.show': 'Plan shown',
  'plan.hide': 'Plan hidden',
  'coupon.create': 'Coupon created',
  'coupon.update': 'Coupon edited',
  'coupon.delete': 'Coupon deleted',
  'subscription.add': 'Subscription given',
  'subscription.add-bandwidth': 'Bandwidth added',
  'subscription.time-add': 'Days added',
  'subscription.time-subtract': 'Days removed',
  'change-request.create': 'Approval requested',
  'change-request.approve': 'Change approved',
  'change-request.reject': 'Change rejected',
  'subscription.update': 'Subscription edited',
  'subscription.delete': 'Subscription deleted',
  'subscription.delete-renewal': 'Auto-renewal removed',
  'subscription.regenerate-credentials': 'Proxy credentials regenerated',
  'subscription.resolve': 'Subscription resolved',
  'subscription.whitelist-limit': 'Whitelist limit changed',
  'subscription.whitelist-reset': 'Whitelist cleared',
  'blog.create': 'Blog post created',
  'blog.update': 'Blog post edited',
  'blog.delete': 'Blog post deleted',
  'blog.category.create': 'Blog category created',
  'blog.category.update': 'Blog category edited',
  'blog.category.delete': 'Blog category deleted',
  'gift.create': 'Gift code created',
  'gift.disable': 'Gift code disabled',
  'invoice.refund': 'Invoice refunded',
  'mail_campaign.create': 'Mail campaign created',
  'mail_campaign.update': 'Mail campaign edited',
  'mail_campaign.delete': 'Mail campaign deleted',
  'mail_campaign.send': 'Mail campaign sent',
  'mail_campaign.cancel': 'Mail campaign cancelled',
  'mail_campaign.test': 'Test mail sent',
  'partner.create': 'Partner link created',
  'partner.remove': 'Partner link removed',
  'product-api.update': 'Product API connection changed',
  'product-api.clear': 'Product API connection cleared',
  'types-config.update': 'Product types changed',
  'reseller.application.create': 'Reseller application sent',
  'reseller.application.approve': 'Reseller application approved',
  'reseller.application.reject': 'Reseller application rejected',
  'reseller.programme.end': 'Reseller programme ended',
  'reseller.subuser.create': 'Reseller sub-user created',
  'reseller.subuser.plan.delete': 'Reseller sub-user plan deleted',
  'legal.update': 'Legal text edited',
  'settings.update': 'Settings changed',
  'logs.retention.update': 'Log retention changed',
  'sign_in.success': 'Signed in',
  'sign_in.wrong_password': 'Failed sign-in: wrong password',
  'sign_in.blocked': 'Failed sign-in: too many attempts',
  'sign_in.disabled': 'Failed sign-in: account disabled',
  'sign_in.two_factor_required': 'Password accepted, code requested',
  'sign_in.two_factor_failed': 'Failed sign-in: wrong code',
  'two_factor.enabled': 'Two-factor turned on',
  'two_factor.disabled': 'Two-factor turned off',
  'password.reset_requested': 'Password reset requested',
  'password.reset_completed': 'Password reset completed',
  'password.changed': 'Password changed',
  'email.changed': 'Email address changed',
  'api_key.used': 'API key used',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'session.revoked': 'Session ended',
};

/**
 * The action filter's choices: whole families (a prefix matches every action below it) and single
 * actions. The server accepts any action name; these are what the screen offers.
 */
export const LOG_ACTION_FILTERS: Record<string, string> = {
  account: 'Any account change',
  'account.balance.adjust': 'Balance adjusted',
  plan: 'Any plan change',
  coupon: 'Any coupon change',
  subscription: 'Any subscription change',
  reseller: 'Any reseller change',
  'change-request': 'Approvals',
  settings: 'Settings',
  legal: 'Legal texts',
  logs: 'Log retention',
  sign_in: 'Any sign-in',
  'sign_in.success': 'Successful sign-ins',
  'sign_in.wrong_password': 'Wrong passwords',
  two_factor: 'Two-factor changes',
  password: 'Password resets and changes',
  'email.changed': 'Email changes',
  api_key: 'Any API key event',
  'api_key.used': 'API key use',
  'session.revoked': 'Sessions ended',
};

/** The past tense of the verbs action names end in, for actions the table above does not name yet. */
const ACTION_VERBS: Record<string, string> = {
  create: 'created',
  update: 'edited',
  delete: 'deleted',
  remove: 'removed',
  add: 'added',
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
  send: 'sent',
  enable: 'enabled',
  disable: 'disabled',
  clear: 'cleared',
  reset: 'reset',
  rotate: 'rotated',
  revoke: 'revoked',
};

/**
 * What an action is called on screen: its label, or for an action nobody named yet its own name in
 * words (`coupon_group.bulk-create` -> "Coupon group bulk created"), never the raw key.
 */
export function logActionLabel(action: string): string {
  const known = LOG_ACTION_LABELS[action];
  if (known) return known;
  const parts = action
    .split('.')
    .flatMap((part) => part.split(/[-_\s]+/))
    .filter(Boolean);
  const last = parts.at(-1);
  if (last && parts.length > 1 && ACTION_VERBS[last]) parts[parts.length - 1] = ACTION_VERBS[last];
  const words = parts.join(' ').toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

/** A day (`2026-05-01`, the whole UTC day) or an exact moment with its offset. */
const dayOrMoment = (field: 'from' | 'to') =>
  z
    .string()
    .trim()
    .max(40)
    .refine(
      (v) => v === '' || z.iso.date().safeParse(v).success || z.iso.datetime({ offset: true }).safeParse(v).success,
      `${field}: use a date such as 2026-05-01 or a time such as 2026-05-01T10:00:00Z`,
    )
    .transform((v) => v || undefined)
    .optional();

/** An account by username, email or id; '' means any. */
const accountFilter = (field: 'actor' | 'target') =>
  z
    .string()
    .trim()
    .max(254, `${field}: at most 254 characters`)
    .transform((v) => v || undefined)
    .optional();

/** The latest moment a `to` filter covers: a bare day includes all of it. */
export const endOfFilter = (to: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000 - 1) : new Date(to);

export const GENERAL_LOGS_PAGE_SIZE = 25;
/** Deep pages cost as much as every row before them: past this, narrow the filters instead. */
export const GENERAL_LOGS_MAX_PAGE = 400;

export const generalLogsQuerySchema = z
  .object({
    kind: z.enum(LOG_KINDS, { error: `kind is one of ${LOG_KINDS.join(', ')}` }).default('all'),
    actor: accountFilter('actor'),
    target: accountFilter('target'),
    action: z
      .string()
      .trim()
      .max(100, 'action: at most 100 characters')
      .regex(/^[a-z0-9._-]*$/i, 'action: letters, digits, dots, dashes and underscores only')
      .transform((v) => v || undefined)
      .optional(),
    from: dayOrMoment('from'),
    to: dayOrMoment('to'),
    page: z.coerce
      .number({ error: 'page is a number' })
      .int('page is a whole number')
      .min(1, 'page starts at 1')
      .max(GENERAL_LOGS_MAX_PAGE, `page: at most ${GENERAL_LOGS_MAX_PAGE}; narrow the filters instead`)
      .default(1),
    size: z.coerce
      .number({ error: 'size is a number' })
      .int('size is a whole number')
      .min(1, 'size is at least 1')
      .max(100, 'size is at most 100')
      .default(GENERAL_LOGS_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from).getTime() <= endOfFilter(q.to).getTime(), {
    path: ['to'],
    message: 'to: the end is before the start',
  });
export type GeneralLogsQuery = z.input<typeof generalLogsQuerySchema>;

const accountRef = z.object({ id: z.string(), username: z.string() });

export const logEntrySchema = z.object({
  /** `audit:12`, `security:7`, `sign_in:40`: unique across the three sources. */
  id: z.string(),
  kind: z.enum(['audit', 'security']),
  action: z.string(),
  actionLabel: z.string(),
  /** One sentence a person reads: who did what to whom. */
  summary: z.string(),
  /** Who did it: the staff member, the account itself, or null (anonymous, a job). */
  actor: accountRef.nullable(),
  /** The account it concerns, when there is one. */
  targetAccount: accountRef.nullable(),
  /** What it changed (audit rows): `plan` + its id, `account` + its id. */
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  /** Facts of a security event (method of a sign-in, sessions ended, key prefix). */
  detail: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const adminGeneralLogs = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/general-logs',
  roles: ADMINS,
  tag: 'Admin: general logs',
  summary:
    'Staff changes and security events, newest first: kind (all, audit, security), actor and target account (username, email or id), action (exact, or a family such as `account`), from and to (a day or a moment), page (at most 400) and size; the total stops at 400 pages',
  message: 'General logs',
  // The total counts no further than the last reachable page (GENERAL_LOGS_MAX_PAGE x size).
  query: generalLogsQuerySchema,
  payload: listPayloadSchema(logEntrySchema),
});

export const LOG_RETENTION_KEY = 'LogRetentionDays';
export const LOG_RETENTION_DEFAULT_DAYS = 365;
export const LOG_RETENTION_MIN_DAYS = 30;
export const LOG_RETENTION_MAX_DAYS = 3650;

export const logRetentionDaysSchema = z
  .number({ error: 'days: enter a whole number of days' })
  .int('days: enter a whole number of days')
  .min(LOG_RETENTION_MIN_DAYS, `days: at least ${LOG_RETENTION_MIN_DAYS}`)
  .max(LOG_RETENTION_MAX_DAYS, `days: at most ${LOG_RETENTION_MAX_DAYS} (ten years)`);

export const logRetentionSchema = z.object({
  /** Security events and sign-ins older than this are deleted by the daily purge; staff changes are kept. */
  days: z.number().int(),
  defaultDays: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type LogRetention = z.infer<typeof logRetentionSchema>;

export const adminLogRetention = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/general-logs/retention',
  roles: ADMINS,
  tag: 'Admin: general logs',
  summary: 'How many days security events and sign-ins are kept (staff changes are kept for good)',
  message: 'Log retention',
  payload: logRetentionSchema,
});

export const updateLogRetentionBodySchema = z.object({
  days: logRetentionDaysSchema,
  reason: z
    .string()
    .trim()
    .max(500, 'reason: at most 500 characters')
    .transform((v) => v || null)
    .nullable()
    .optional(),
});

export const updateLogRetention = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/general-logs/retention',
  roles: ADMINS,
  tag: 'Admin: general logs',
  summary: `Keep security events for ${LOG_RETENTION_MIN_DAYS} to ${LOG_RETENTION_MAX_DAYS} days; audited`,
  message: 'Log retention saved',
  body: updateLogRetentionBodySchema,
  payload: logRetentionSchema,
});
