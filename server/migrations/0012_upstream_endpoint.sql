ALTER TABLE "subscriptions" ADD COLUMN "upstream_host" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "upstream_http_port" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "upstream_socks_port" integer;