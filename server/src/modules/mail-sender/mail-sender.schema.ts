import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Audience } from '@tollgate/contract/admin/mail-sender';
import { accounts } from '#platform/db/schema.ts';

/** A news campaign (issue 14 item 6): a draft until sent, then its recipients are fixed (ADR 027). */
export const mailCampaigns = pgTable(
  'mail_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    /** Markdown as staff wrote it; rendered for each mail by platform/mail/markdown. */
    body: text('body').notNull(),
    audience: jsonb('audience').$type<Audience>().notNull(),
    status: text('status', { enum: ['draft', 'sending', 'sent', 'cancelled'] })
      .notNull()
      .default('draft'),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    sentBy: uuid('sent_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_campaigns_created_idx').on(t.createdAt, t.id),
    index('mail_campaigns_sending_idx')
      .on(t.startedAt)
      .where(sql`${t.status} = 'sending'`),
    check('mail_campaigns_status_known', sql`${t.status} in ('draft', 'sending', 'sent', 'cancelled')`),
  ],
);

/**
 * One row per person a campaign goes to, written in one INSERT … SELECT when it is sent. A worker
 * leases rows (`claimed_by`, `claimed_until`), stamps `sending_since` right before handing a mail
 * to the mailer and marks it sent right after, so a restart resumes without mailing anyone twice.
 */
export const mailCampaignRecipients = pgTable(
  'mail_campaign_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => mailCampaigns.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    claimedBy: uuid('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.accountId], name: 'mail_campaign_recipients_pkey' }),
    index('mail_campaign_recipients_status_idx').on(t.campaignId, t.status),
    index('mail_campaign_recipients_queued_idx')
      .on(t.claimedUntil)
      .where(sql`${t.status} = 'queued'`),
    index('mail_campaign_recipients_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
    check('mail_campaign_recipients_status_known', sql`${t.status} in ('queued', 'sent', 'failed', 'skipped')`),
  ],
);
