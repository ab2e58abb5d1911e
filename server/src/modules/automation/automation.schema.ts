import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from '#platform/db/schema.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';

export const ALERT_KINDS = ['bandwidth_percent', 'expiry_days', 'balance_below'] as const;

/**
 * A customer's alert (ADR 034): a threshold on a plan's GB used, days left, or the balance, sent by
 * mail and/or webhook once per crossing. `armed` is only used by balance rules: a dip fires and
 * disarms, the balance climbing back to the threshold re-arms.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    /** Percent (bandwidth), days (expiry) or cents (balance). */
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    /** One plan, or null for every plan of the account (plan rules only). */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    email: boolean('email').notNull().default(true),
    webhook: boolean('webhook').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    armed: boolean('armed').notNull().default(true),
    /** Dips fired so far (balance rules): each dip's event key carries its number. */
    dips: integer('dips').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_rules_account_idx').on(t.accountId, t.createdAt),
    index('alert_rules_kind_idx')
      .on(t.kind, t.accountId)
      .where(sql`${t.enabled}`),
    check('alert_rules_threshold_positive', sql`${t.threshold} > 0`),
  ],
);

/** One crossing of one rule: the unique key makes it fire once however many evaluators race. */
export const alertFirings = pgTable(
  'alert_firings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    subscriptionId: uuid('subscription_id'),
    eventKey: text('event_key').notNull(),
    eventType: text('event_type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_firings_event_key').on(t.eventKey), index('alert_firings_account_idx').on(t.accountId)],
);

/** Where a customer's events are posted; the signing secret is sealed (it must be read to sign). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    url: text('url').notNull(),
    description: text('description'),
    secretSealed: text('secret_sealed').notNull(),
    /** The secret's last four characters, so the customer can tell which one is in use. */
    secretHint: text('secret_hint').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_account_idx')
      .on(t.accountId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * One event owed to one endpoint. UNIQUE (endpoint, event) makes the enqueue exactly-once; a claim
 * (token + lease) lets one worker on one instance make each attempt; delivered rows are never
 * claimed again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The event as sent: the same bytes on every attempt (only the signature's timestamp moves). */
    body: text('body').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimToken: uuid('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastResponse: text('last_response'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * Auto top-up (ADR 034): the settings, the saved card, and the counters its caps are enforced on.
 * A charge is claimed by one conditional update of this row (threshold, caps, nothing in flight,
 * not paused), so racing balance drops can start at most what the caps allow.
 */
export const autoTopups = pgTable(
  'auto_topups',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id),
    enabled: boolean('enabled').notNull().default(false),
    thresholdCents: bigint('threshold_cents', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    dailyCountCap: integer('daily_count_cap').notNull(),
    monthlyCapCents: bigint('monthly_cap_cents', { mode: 'number' }).notNull(),
    /** The provider holding the saved card ('stripe' or 'sandbox'); null = no card. */
    cardProvider: text('card_provider', { enum: ['stripe', 'sandbox'] }),
    cardCustomer: text('card_customer'),
    cardPaymentMethod: text('card_payment_method'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The card-saving checkout under way; its completion is accepted only for this reference. */
    setupRef: text('setup_ref'),
    setupProvider: text('setup_provider', { enum: ['stripe', 'sandbox'] }),
    /** UTC day and month the counters belong to; a new day or month starts them at zero. */
    countDay: date('count_day', { mode: 'string' }),
    dayCount: integer('day_count').notNull().default(0),
    countMonth: date('count_month', { mode: 'string' }),
    monthCents: bigint('month_cents', { mode: 'number' }).notNull().default(0),
    inFlightPaymentId: uuid('in_flight_payment_id'),
    inFlightSince: timestamp('in_flight_since', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auto_topups_enabled_idx')
      .on(t.accountId)
      .where(sql`${t.enabled} and ${t.pausedAt} is null`),
    check(
      'auto_topups_amounts',
      sql`${t.thresholdCents} >= 0 and ${t.amountCents} > 0 and ${t.dailyCountCap} > 0 and ${t.monthlyCapCents} >= ${t.amountCents}`,
    ),
  ],
);

/** Each automatic charge tried: shown to the customer as "last attempts". */
export const autoTopupAttempts = pgTable(
  'auto_topup_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    paymentId: uuid('payment_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Why the charge failed (the payment row holds its status). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('auto_topup_attempts_payment_key').on(t.paymentId),
    index('auto_topup_attempts_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** The secret of a plan's rotation link (ADR 034): anyone holding it may rotate that plan's sticky sessions. */
export const rotationLinks = pgTable(
  'rotation_links',
  {
    subscriptionId: uuid('subscription_id')
      .primaryKey()
      .references(() => subscriptions.id),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rotation_links_token_key').on(t.token)],
);

/**
 * Sticky sessions asked to change exit. Gateway nodes read the recent rows every couple of seconds
 * and drop the exit they hold for that session; `generation` grows with each rotation of a session.
 */
export const sessionRotations = pgTable(
  'session_rotations',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    session: text('session').notNull(),
    generation: integer('generation').notNull().default(1),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('session_rotations_key').on(t.subscriptionId, t.session),
    index('session_rotations_recent_idx').on(t.rotatedAt),
  ],
);
