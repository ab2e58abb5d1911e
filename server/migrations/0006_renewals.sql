ALTER TABLE "invoices" ADD COLUMN "updating_type" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "deleted_at" timestamp with time zone;