ALTER TABLE "subscriptions" ADD COLUMN "proxy_username" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "proxy_password" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "whitelist_limit" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_proxy_username_key" ON "subscriptions" USING btree ("proxy_username");