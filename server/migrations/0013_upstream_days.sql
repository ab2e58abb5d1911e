ALTER TABLE "subscriptions" ADD COLUMN "upstream_days" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "upstream_days_target" integer;--> statement-breakpoint
-- Plans created upstream before this column existed were created with their days at that time.
UPDATE "subscriptions" SET "upstream_days" = "days" WHERE "upstream_ref" IS NOT NULL;
