import { sql } from 'drizzle-orm';
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
import { accounts } from '#platform/db/schema.ts';
import { plans } from '../plans/plans.schema';

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Spec §3 Subscription: what a customer bought. A card or crypto purchase waits in `pending` until
 * its payment settles; plan fields are copied so later plan edits never change what was sold.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    planTitle: text('plan_title').notNull(),
    /** The customer's name for the plan (contract PLAN_LABEL_MAX); null = none. */
    label: text('label'),
    planType: text('plan_type', { enum: ['residential', 'mobile', 'isp', 'datacenter', 'ipv6'] }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    country: text('country').notNull(),
    bandwidthGb: integer('bandwidth_gb').notNull().default(0),
    threads: integer('threads').notNull().default(0),
    days: integer('days').notNull(),
    bandwidthUsedBytes: bigint('bandwidth_used_bytes', { mode: 'number' }).notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    autoRenew: boolean('auto_renew').notNull().default(false),
    renewValue: integer('renew_value'),
    /** Proxy credentials for the gateway; staff regenerate the password with resigen. */
    proxyUsername: text('proxy_username'),
    proxyPassword: text('proxy_password'),
    /** Whitelisted IPs allowed; null = the default. */
    whitelistLimit: integer('whitelist_limit'),
    /** Whitelisted IPs held; taken and given back with conditional updates against the limit. */
    whitelistCount: integer('whitelist_count').notNull().default(0),
    /** Spec §3 Proxy config: default geography and per-type settings used when a username names none. */
    geoRegion: text('geo_region'),
    city: text('city'),
    isp: text('isp'),
    residentialSettings: jsonb('residential_settings').$type<Record<string, unknown>>().notNull().default({}),
    mobileSettings: jsonb('mobile_settings').$type<Record<string, unknown>>().notNull().default({}),
    ipv6Settings: jsonb('ipv6_settings').$type<Record<string, unknown>>().notNull().default({}),
    /** The plan's id at an upstream provider when its plan is delivered through one. */
    upstreamRef: text('upstream_ref'),
    /** The GB the upstream plan has been given so far; a renewal's GB are sent until it matches. */
    upstreamBandwidthGb: integer('upstream_bandwidth_gb'),
    /** The total being sent to the provider right now, kept so a retry sends the very same change. */
    upstreamBandwidthTargetGb: integer('upstream_bandwidth_target_gb'),
    /** The days the upstream plan has been given so far; a renewal's days are sent until it matches. */
    upstreamDays: integer('upstream_days'),
    /** The total days being sent to the provider right now, as for bandwidth. */
    upstreamDaysTarget: integer('upstream_days_target'),
    /** Where the provider serves a resold plan's proxies: its host, HTTP port and SOCKS5 port. */
    upstreamHost: text('upstream_host'),
    upstreamHttpPort: integer('upstream_http_port'),
    upstreamSocksPort: integer('upstream_socks_port'),
    /** Set by the depletion job once the bandwidth is used up; delivery stops for it. */
    depletedAt: timestamp('depleted_at', { withTimezone: true }),
    /** The end date the expiry reminder was sent for, so each period gets one. */
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    /** The end date an automatic renewal failed for, so a failure is mailed and retried no more. */
    renewFailedFor: timestamp('renew_failed_for', { withTimezone: true }),
    /** Removed from the customer's dashboard (spec DELETE /public/residential/{id}); invoices keep it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_account_idx').on(t.accountId, t.createdAt),
    index('subscriptions_expiry_idx').on(t.status, t.expiresAt),
    // The staff list's "has a plan running now" (EXISTS per account) reads only active rows.
    index('subscriptions_running_idx')
      .on(t.accountId, t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    // Statistics (migration 0031, in place of 0029's terms index): plan starts and ends in time order
    // with their type, for the running-plan events, each read from the index alone.
    index('subscriptions_starts_idx')
      .on(t.startsAt, t.planType)
      .where(sql`${t.status} in ('active', 'expired') and ${t.startsAt} is not null`),
    index('subscriptions_ends_idx')
      .on(t.expiresAt, t.planType)
      .where(sql`${t.status} in ('active', 'expired') and ${t.startsAt} is not null`),
    // Churn (ADR 039): the terms running at an instant, found through the range they cover, not by
    // grouping every term of the window per account. An end before the start is an empty range.
    index('subscriptions_terms_range_idx')
      .using(
        'gist',
        sql`tstzrange(${t.startsAt}, case when ${t.expiresAt} is null then null else greatest(${t.startsAt}, ${t.expiresAt}) end)`,
      )
      .where(sql`${t.status} in ('active', 'expired') and ${t.startsAt} is not null`),
    check('subscriptions_days_positive', sql`${t.days} > 0`),
    check('subscriptions_used_non_negative', sql`${t.bandwidthUsedBytes} >= 0`),
    check('subscriptions_whitelist_count_non_negative', sql`${t.whitelistCount} >= 0`),
    check('subscriptions_label_length', sql`char_length(${t.label}) <= 40`),
    uniqueIndex('subscriptions_proxy_username_key').on(t.proxyUsername),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;
