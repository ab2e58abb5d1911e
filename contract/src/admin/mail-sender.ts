import { z } from 'zod';
import { ADMINS_AND_MANAGERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema } from '../http/envelope';
import { PLAN_TYPES } from '../plans/plans';

/**
 * Spec §2 /admin/mail-sender, issue 14 item 6: news campaigns to customers. Only customers (role
 * User, not API resellers, verified, not disabled or deleted) who opted in to news receive them;
 * staff and reseller API accounts never do (ADR 027).
 */
export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_BODY_MAX = 20_000;
export const EXPIRING_DAYS_MAX = 365;

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const RECIPIENT_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const AUDIENCE_KINDS = ['all', 'plan-type', 'expiring', 'account'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];
export const AUDIENCE_KIND_LABELS: Record<AudienceKind, string> = {
  all: 'All customers',
  'plan-type': 'Customers with an active plan of a type',
  expiring: 'Customers whose plan expires soon',
  account: 'One account',
};

export const audienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('plan-type'), type: z.enum(PLAN_TYPES, { error: 'Choose a proxy type' }) }),
    z.object({
      kind: z.literal('expiring'),
      days: z.coerce
        .number({ error: 'Enter a number of days' })
        .int('Enter whole days')
        .min(1, 'At least 1 day')
        .max(EXPIRING_DAYS_MAX, `At most ${EXPIRING_DAYS_MAX} days`),
    }),
    z.object({
      kind: z.literal('account'),
      /** A username or an email address, as staff type it. */
      account: z
        .string({ error: 'Enter a username or email' })
        .trim()
        .min(1, 'Enter a username or email')
        .max(254, 'At most 254 characters'),
    }),
  ],
  { error: 'Choose who receives it: all, plan-type, expiring or account' },
);
export type Audience = z.infer<typeof audienceSchema>;

export const campaignSubjectSchema = z
  .string({ error: 'Write a subject' })
  .trim()
  .min(3, 'Write a subject of at least 3 characters')
  .max(CAMPAIGN_SUBJECT_MAX, `Keep the subject under ${CAMPAIGN_SUBJECT_MAX} characters`)
  .refine((s) => !/[\r\n]/.test(s), 'The subject is one line');

export const campaignBodySchema = z
  .string({ error: 'Write the message' })
  .trim()
  .min(1, 'Write the message')
  .max(CAMPAIGN_BODY_MAX, `Keep the message under ${CAMPAIGN_BODY_MAX.toLocaleString('en-US')} characters`);

export const campaignDraftSchema = z.object({
  subject: campaignSubjectSchema,
  /** Markdown, the blog's subset (`content/markdown.ts`): headings, lists, quotes, **bold**, *italic*, `code`, [links](https://…). No HTML. */
  body: campaignBodySchema,
  audience: audienceSchema,
});
export type CampaignDraft = z.infer<typeof campaignDraftSchema>;

const datetime = z.iso.datetime({ offset: true });

export const campaignProgressSchema = z.object({
  /** Recipients snapshotted at send time. */
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Opted out, disabled or deleted after the snapshot, or left when the campaign was cancelled. */
  skipped: z.number().int(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

/** Who an audience reaches right now: those who will get it, and those it misses because they opted out. */
export const audienceReachSchema = z.object({
  recipients: z.number().int(),
  optedOut: z.number().int(),
});
export type AudienceReach = z.infer<typeof audienceReachSchema>;

export const campaignSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  audience: audienceSchema,
  progress: campaignProgressSchema,
  createdBy: z.object({ id: z.string(), username: z.string() }).nullable(),
  createdAt: datetime,
  updatedAt: datetime,
  startedAt: datetime.nullable(),
  finishedAt: datetime.nullable(),
  cancelledAt: datetime.nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignSchema = campaignSummarySchema.extend({
  body: z.string(),
  /** Drafts only: who the audience reaches if it were sent now; null once sent. */
  reach: audienceReachSchema.nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

const campaignIdParams = z.object({ id: z.uuid('Unknown campaign') });

export const campaignListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  /** A fragment of the subject. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
});

export const adminCampaigns = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/mail-sender',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary: 'News campaigns, newest first, with status and progress (queued, sent, failed, skipped)',
  message: 'Campaigns list',
  query: campaignListQuerySchema,
  payload: listPayloadSchema(campaignSummarySchema),
});

export const adminCampaign = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/mail-sender/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary: 'One campaign with its Markdown body, progress, and (drafts) how many it reaches now',
  message: 'Campaign',
  params: campaignIdParams,
  payload: campaignSchema,
});

export const createCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/mail-sender',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary: 'Save a new campaign draft (subject, Markdown body, audience); audited',
  message: 'Draft saved',
  body: campaignDraftSchema,
  payload: campaignSchema,
});

export const updateCampaign = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/mail-sender/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary: 'Change a draft; a campaign already sent or being sent cannot change; audited',
  message: 'Draft saved',
  params: campaignIdParams,
  body: campaignDraftSchema.partial().refine((b) => Object.keys(b).length > 0, 'Send at least one field to change'),
  payload: campaignSchema,
});

export const deleteCampaign = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/mail-sender/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary: 'Delete a draft; campaigns that went out stay as a record; audited',
  message: 'Draft deleted',
  params: campaignIdParams,
  payload: z.null(),
});

export const campaignAudience = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/mail-sender/audience',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary: 'How many customers an audience reaches now, and how many it misses because they opted out',
  message: 'Audience',
  body: z.object({ audience: audienceSchema }),
  payload: audienceReachSchema,
  rateLimit: { perMinute: 120 },
});

export const campaignPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const campaignPreview = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/mail-sender/preview',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary: 'The mail exactly as a customer receives it (HTML and text), greeting the caller',
  message: 'Preview',
  body: z.object({
    subject: z
      .string()
      .max(CAMPAIGN_SUBJECT_MAX * 2)
      .default(''),
    body: campaignBodySchema,
  }),
  payload: campaignPreviewSchema,
  rateLimit: { perMinute: 240 },
});

export const testCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/mail-sender/{id}/test',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary: 'Send the campaign now to the caller’s own address, its subject marked [TEST]',
  message: 'Test mail sent',
  params: campaignIdParams,
  payload: z.object({ to: z.string() }),
  rateLimit: { perMinute: 10 },
});

export const sendCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/mail-sender/{id}/send',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary:
    'Queue a draft: its recipients are fixed now (opted-in customers of the audience) and mailed at the configured rate. Sending again changes nothing; audited',
  message: 'Campaign queued',
  params: campaignIdParams,
  payload: campaignSchema,
});

export const cancelCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/mail-sender/{id}/cancel',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary: 'Stop a campaign being sent: nobody not yet mailed receives it; audited',
  message: 'Campaign cancelled',
  params: campaignIdParams,
  payload: campaignSchema,
});

export const campaignRecipientSchema = z.object({
  accountId: z.string(),
  username: z.string(),
  email: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  sentAt: datetime.nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const campaignRecipients = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/mail-sender/{id}/recipients',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: mail sender',
  summary: 'A campaign’s recipients with their delivery status and last error; filter by status',
  message: 'Recipients',
  params: campaignIdParams,
  query: z.object({
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
    status: z.enum(RECIPIENT_STATUSES).optional(),
    search: z.string().trim().max(200).optional(),
  }),
  payload: listPayloadSchema(campaignRecipientSchema),
});
