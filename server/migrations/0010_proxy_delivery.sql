CREATE TABLE "proxy_usage_hourly" (
	"subscription_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"bytes_in" bigint DEFAULT 0 NOT NULL,
	"bytes_out" bigint DEFAULT 0 NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"failures" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "proxy_usage_hourly_subscription_id_hour_country_pk" PRIMARY KEY("subscription_id","hour","country"),
	CONSTRAINT "proxy_usage_hour_aligned" CHECK ("proxy_usage_hourly"."hour" = date_trunc('hour', "proxy_usage_hourly"."hour"))
);
--> statement-breakpoint
CREATE TABLE "subscription_whitelist" (
	"subscription_id" uuid NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_whitelist_subscription_id_ip_pk" PRIMARY KEY("subscription_id","ip")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "whitelist_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "geo_region" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "isp" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "residential_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "mobile_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ipv6_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "upstream_ref" text;--> statement-breakpoint
ALTER TABLE "proxy_usage_hourly" ADD CONSTRAINT "proxy_usage_hourly_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_whitelist" ADD CONSTRAINT "subscription_whitelist_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_whitelist_ip_idx" ON "subscription_whitelist" USING btree ("ip");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_whitelist_count_non_negative" CHECK ("subscriptions"."whitelist_count" >= 0);