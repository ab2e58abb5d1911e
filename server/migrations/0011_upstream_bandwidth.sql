ALTER TABLE "subscriptions" ADD COLUMN "upstream_bandwidth_gb" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "upstream_bandwidth_target_gb" integer;--> statement-breakpoint
-- Plans created upstream before this column existed were created with their GB at that time.
UPDATE "subscriptions" SET "upstream_bandwidth_gb" = "bandwidth_gb" WHERE "upstream_ref" IS NOT NULL;
