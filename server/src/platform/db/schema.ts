import { sql } from 'drizzle-orm';
import { LEDGER_KINDS } from '@tollgate/contract/admin/account-page';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Core tables every module relies on: who is signed in, and the site's settings. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['User', 'Administrator', 'Manager', 'Support'] })
      .notNull()
      .default('User'),
    reseller: boolean('reseller').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Cents of paid purchase and renewal invoices (deposits are not spending), kept exact by the
     * database trigger `invoices_track_spent` (migration 0023) so no code path can forget it.
     */
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
    balancePaymentProcessorEnabled: boolean('balance_payment_processor_enabled').notNull().default(true),
    stripePaymentProcessorEnabled: boolean('stripe_payment_processor_enabled').notNull().default(true),
    cryptoPaymentProcessorEnabled: boolean('crypto_payment_processor_enabled').notNull().default(true),
    /** Spec §9 stripeLimit: card payments allowed per rolling 24 hours, in cents. */
    stripeLimitCents: bigint('stripe_limit_cents', { mode: 'number' }).notNull().default(100_000),
    avatarUrl: text('avatar_url'),
    /** Product news and offers: off until the customer opts in (ADR 019). */
    emailSubscribed: boolean('email_subscribed').notNull().default(false),
    /** Optional plan reminders (ends soon, GB running low); receipts and security mail always go. */
    emailReminders: boolean('email_reminders').notNull().default(true),
    /** Google account subject once linked; sign-in with Google matches on it, never on email. */
    googleSubject: text('google_subject'),
    discordId: text('discord_id'),
    discordUsername: text('discord_username'),
    /** AES-GCM sealed TOTP secrets (see platform/auth/sealed); pending until confirmed with a code. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** Last accepted TOTP time step: a code is accepted only for a later step, so none is replayed. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * This account's own referral code (`/register?ref=<code>`, ADR 032): 12 random hex characters,
     * given by the database to every account however it was created.
     */
    referralCode: text('referral_code')
      .notNull()
      .default(sql`substr(md5(gen_random_uuid()::text), 1, 12)`),
    referralCodeUsed: text('referral_code_used'),
    /** The partner domain the account signed up through (ADR 036), as registered. */
    partnerCode: text('partner_code'),
    /** When sign-up accepted the Terms and Acceptable Use texts, and their version then (settings `LegalVersion`). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: integer('terms_version'),
    verificationSentAt: timestamp('verification_sent_at', { withTimezone: true }),
    /** A notice staff leave for the customer, shown in their area (spec §3 Account message). */
    staffMessage: text('staff_message'),
    /** Spec §3 referral reward shares per product family, in basis points (1% = 100), default 0. */
    referralResidentialBps: integer('referral_residential_bps').notNull().default(0),
    referralDatacenterBps: integer('referral_datacenter_bps').notNull().default(0),
    referralIspBps: integer('referral_isp_bps').notNull().default(0),
    referralIpv6Bps: integer('referral_ipv6_bps').notNull().default(0),
    referralMobileBps: integer('referral_mobile_bps').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounts_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_google_subject_key').on(t.googleSubject),
    uniqueIndex('accounts_discord_id_key').on(t.discordId),
    uniqueIndex('accounts_referral_code_key').on(t.referralCode),
    // Partner statistics: the accounts each partner domain brought (ADR 036).
    index('accounts_partner_code_idx')
      .on(t.partnerCode, t.spentCents)
      .where(sql`${t.partnerCode} is not null`),
    index('accounts_created_at_idx').on(t.createdAt),
    // Statistics (migration 0029): customer sign-ups by date.
    index('accounts_signups_idx')
      .on(t.createdAt)
      .where(sql`${t.role} = 'User'`),
    // The staff account list at 100,000 accounts (migration 0023): fragment search through trigrams
    // (pg_trgm), and every sort by an index that ends in id, so a page is read in order, not sorted;
    // partial on live accounts so a deep page counts off ids from the index alone.
    index('accounts_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('accounts_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('accounts_created_id_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('accounts_balance_id_idx')
      .on(t.balanceCents, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('accounts_spent_id_idx')
      .on(t.spentCents, t.id)
      .where(sql`${t.deletedAt} is null`),
    check('accounts_balance_non_negative', sql`${t.balanceCents} >= 0`),
    check(
      'accounts_referral_rates',
      sql`${t.referralResidentialBps} between 0 and 10000 and ${t.referralDatacenterBps} between 0 and 10000 and ${t.referralIspBps} between 0 and 10000 and ${t.referralIpv6Bps} between 0 and 10000 and ${t.referralMobileBps} between 0 and 10000`,
    ),
    check('accounts_role_known', sql`${t.role} in ('User', 'Administrator', 'Manager', 'Support')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_account_id_idx').on(t.accountId)],
);

export const SIGN_IN_METHODS = ['password', 'google', 'two_factor'] as const;
export const SIGN_IN_OUTCOMES = [
  'success',
  'wrong_password',
  'blocked',
  'disabled',
  'two_factor_required',
  'two_factor_failed',
] as const;

/**
 * Every sign-in attempt on a known account, successful or not, for the staff account page. Removed
 * with the account's personal data when it is deleted.
 */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    method: text('method', { enum: SIGN_IN_METHODS }).notNull(),
    outcome: text('outcome', { enum: SIGN_IN_OUTCOMES }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_events_account_idx').on(t.accountId, t.createdAt),
    // General site logs (migration 0027): the newest sign-ins site-wide, and the retention purge.
    index('sign_in_events_created_idx').on(t.createdAt, t.id),
  ],
);

export const SECURITY_EVENT_KINDS = [
  'two_factor.enabled',
  'two_factor.disabled',
  'password.reset_requested',
  'password.reset_completed',
  'password.changed',
  'email.changed',
  'api_key.used',
  'api_key.created',
  'api_key.revoked',
  'session.revoked',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/**
 * What happened to an account's ways in besides sign-ins (those stay in sign_in_events, ADR 028):
 * two-factor on or off, password reset and change, address change, reseller API key use, sessions
 * ended. `actor_id` is who did it: the account itself, a staff member, or null (an anonymous
 * request such as a forgot-password form). Kept for the retention setting `LogRetentionDays`, and
 * removed with the account's personal data.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => accounts.id),
    kind: text('kind', { enum: SECURITY_EVENT_KINDS }).notNull(),
    detail: jsonb('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_created_idx').on(t.createdAt, t.id),
    index('security_events_account_idx').on(t.accountId, t.createdAt),
    index('security_events_actor_idx').on(t.actorId, t.createdAt),
    index('security_events_kind_idx').on(t.kind, t.createdAt),
  ],
);

/**
 * Accounts' API keys (ADR 038), for the Customer API today and the reseller API once it moves here:
 * only the SHA-256 of each 256-bit key is kept (found by an indexed lookup, never compared by
 * characters), its first characters (`prefix`) tell keys apart. Revoked keys stay for the log.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read-only', 'read-write'] }).notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** When the security log last noted this key's use: at most once an hour. */
    useLoggedAt: timestamp('use_logged_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_hash_key').on(t.hash),
    index('api_keys_account_idx').on(t.accountId, t.createdAt),
    check('api_keys_scope_known', sql`${t.scope} in ('read-only', 'read-write')`),
  ],
);

/**
 * Failed password sign-ins per account (issue 21): one row per account under attack, counted by
 * one conditional upsert so parallel failures on any instance count exactly; no row = no failures.
 */
/**
 * Sign-in back-off (ADR 047). One row per bucket under attack: `account:<id>` is shared by every
 * device the account has not signed in from, `device:<account id>:<nonce>` is one known device's own,
 * `login:<hash>` a login that names no account (so unknown logins answer as known ones do).
 */
export const signInBackoffs = pgTable(
  'sign_in_backoffs',
  {
    subject: text('subject').primaryKey(),
    /** Null for logins that name no account; a password reset clears every bucket of the account. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** Sign-ins through this bucket are refused until then, even with the right password. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_backoffs_account_idx').on(t.accountId), index('sign_in_backoffs_last_idx').on(t.lastFailedAt)],
);

/** Spec §3 Settings: one row per key; structured values are JSON. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spec §3 Basic profile (billing details), one row per account once saved. */
export const profiles = pgTable('profiles', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull().default(''),
  legalSurname: text('legal_surname').notNull().default(''),
  billingEmail: text('billing_email').notNull().default(''),
  country: text('country').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
  phoneNumber: text('phone_number').notNull().default(''),
  billingAddress: text('billing_address').notNull().default(''),
  city: text('city').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const TOKEN_PURPOSES = [
  'verify_email',
  'reset_password',
  'account_conversion',
  'two_factor_login',
  'profile_edit',
  'discord_state',
] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Mail links and short-lived step tokens: stored hashed, used once, expire soon. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    data: jsonb('data'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_account_idx').on(t.accountId, t.purpose),
  ],
);

export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('backup_codes_account_hash_key').on(t.accountId, t.codeHash)],
);

export { LEDGER_KINDS, type LedgerKind } from '@tollgate/contract/admin/account-page';

/**
 * Append-only record of every balance change (DESIGN §3), written in the same transaction as the
 * balance update; the sum of an account's amounts always equals its balance.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** What caused it: an invoice, payment or subscription id. */
    reference: text('reference'),
    reason: text('reason'),
    actorId: uuid('actor_id').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    // Statistics (migration 0029): refunds by date.
    index('ledger_entries_refund_idx')
      .on(t.createdAt, t.amountCents, t.reference)
      .where(sql`${t.kind} = 'refund'`),
    check('ledger_entries_amount_non_zero', sql`${t.amountCents} <> 0`),
    check('ledger_entries_balance_non_negative', sql`${t.balanceAfterCents} >= 0`),
  ],
);

/** Staff actions on money, plans, accounts and settings: who, what, before and after (DESIGN §5). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => accounts.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    /** The account the change concerns, when there is one (the account itself, the owner of a plan). */
    targetAccountId: uuid('target_account_id').references(() => accounts.id),
    /** Where the staff member's request came from; null for jobs and the CLI (migration 0027). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_created_idx').on(t.createdAt),
    // General site logs: newest first overall and per actor, target account or action (migration 0027).
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_account_idx').on(t.targetAccountId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * A staff change above the limits (settings `StaffLimits`) waiting for a second staff member. It
 * moves from pending to approved or rejected once: the decision is a conditional update, and an
 * approval applies the change in the same transaction (ADR 011).
 */
export const staffChangeRequests = pgTable(
  'staff_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['balance', 'bandwidth', 'days'] }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    subscriptionId: uuid('subscription_id'),
    /** Signed cents for balance, GB for bandwidth, signed days for days. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => accounts.id),
    decidedBy: uuid('decided_by').references(() => accounts.id),
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_change_requests_status_idx').on(t.status, t.createdAt),
    check('staff_change_requests_amount_non_zero', sql`${t.amount} <> 0`),
    check('staff_change_requests_not_self_decided', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);

/**
 * Staff changes made within the role's limits without a second approval, kept so the limits hold as
 * a running total per staff member and account over `StaffLimits.windowHours` (ADR 011, issue 34).
 * Amounts are absolute: cents moved, GB or threads given, days added.
 */
export const staffGrants = pgTable(
  'staff_grants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => accounts.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: ['balance', 'bandwidth', 'days'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_grants_window_idx').on(t.actorId, t.accountId, t.kind, t.createdAt),
    check('staff_grants_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const NOTICE_KINDS = [
  'receipt',
  'proxy_password',
  'expiry_reminder',
  'low_bandwidth',
  'staff_plan_change',
  'staff_balance_change',
  'usage_alert',
  'auto_topup_failed',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * Mail owed to a customer for something that happened (a payment, a renewal, a staff change),
 * written in the same statement or transaction as the event itself, so a committed event always has
 * its notice and a rolled-back one never does. `event_key` names the event: a repeated webhook or a
 * raced job writes the same key and adds nothing. A job delivers unsent rows (ADR 019).
 */
export const notices = pgTable(
  'notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    eventKey: text('event_key').notNull(),
    /** What the mail is about: an invoice or a subscription id. */
    subjectId: uuid('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the row until then; after that another may take it again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Sent, or passed over (`skipped` says why: opted out, account deleted). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    skipped: text('skipped'),
  },
  (t) => [
    uniqueIndex('notices_event_key').on(t.eventKey),
    index('notices_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * The bell's entries (spec §3 Admin notification, issue 32): one row per recipient, so each reads
 * their own. `link` is the in-app path the entry opens. `ticket_id` says which ticket it is about, so
 * opening that ticket reads it; no foreign key, since platform tables know no module's tables and
 * tickets are closed, never removed (migration 0044 renamed admin_notifications).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id'),
    message: text('message').notNull(),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
  ],
);
