ALTER TABLE "admin_notifications" RENAME TO "notifications";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "admin_notifications_pkey" TO "notifications_pkey";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "admin_notifications_recipient_id_accounts_id_fk" TO "notifications_recipient_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "admin_notifications_ticket_id_tickets_id_fk";--> statement-breakpoint
ALTER INDEX "admin_notifications_recipient_idx" RENAME TO "notifications_recipient_idx";--> statement-breakpoint
ALTER INDEX "admin_notifications_unread_idx" RENAME TO "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "ticket_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
UPDATE "notifications" AS n SET "link" = CASE WHEN a."role" = 'Support' THEN '/support/tickets/' ELSE '/admin/tickets/' END || n."ticket_id" FROM "accounts" AS a WHERE a."id" = n."recipient_id";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "link" SET NOT NULL;
