import type { MultipartFile } from '@fastify/multipart';
import type { Invoice } from '@tollgate/contract/checkout/invoices';
import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountRow } from '#platform/accounts/accounts.repository.ts';
import type { Db } from '#platform/db/client.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { MailTemplates } from '#platform/mail/templates.ts';
import type { Uploads } from '#platform/storage/uploads.ts';
import type { InvoiceRow } from '#modules/checkout/checkout.schema.ts';
import type { SubscriptionRow } from '#modules/subscriptions/subscriptions.schema.ts';

/**
 * How the checkout and subscriptions modules show their rows, handed in by app.ts (modules do not
 * import each other), so the account page lists invoices and plans exactly as those screens do.
 */
export interface AccountPageViews {
  invoice(row: InvoiceRow): Invoice;
  staffSubscription(
    row: SubscriptionRow,
    plan: { minRenewDays: number; maxRenewDays: number; durationDays: number },
    owner: { id: string; username: string; email: string },
    now: Date,
  ): StaffSubscription;
}

/** A customer's avatar, kept by the profile module and handed in by app.ts for the staff page. */
export interface AvatarEditor {
  upload(account: AccountRow, file: MultipartFile | undefined): Promise<{ avatarUrl: string }>;
}

/** What the staff account screens need from the platform, built once in app.ts. */
export interface StaffAccountsDeps {
  db: Db;
  mailer: Mailer;
  mail: MailTemplates;
  uploads: Uploads;
  log: FastifyBaseLogger;
  views: AccountPageViews;
  publicUrl: string;
  avatar: AvatarEditor;
}
